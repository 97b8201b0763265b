"""Footer provenance: which torch version and date each page's outputs were last verified with.

The docs test run (tests/provenance.py) writes `.cache/provenance.json` whenever every code block
of a page has passed. This hook reads that file at build time and gives each page a `provenance`
context variable, which overrides/partials/provenance.html renders in the footer.

The file is generated, never committed: on a fresh clone (no test run yet) the site still builds
and the footer says the outputs are not verified yet.
"""

from __future__ import annotations

import json
import logging
import pathlib

log = logging.getLogger("mkdocs.hooks.provenance")

# Written by tests/provenance.py.
RELATIVE_PATH = pathlib.Path(".cache") / "provenance.json"

_records: dict = {}


def provenance_path(config) -> pathlib.Path:
    return pathlib.Path(config.config_file_path).resolve().parent / RELATIVE_PATH


def load(path: pathlib.Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        log.warning(f"{path}: unreadable ({exc}); footers will say 'not yet verified'. "
                    "Delete it and re-run `make test` to regenerate it.")
        return {}
    return data if isinstance(data, dict) else {}


def on_config(config):
    global _records
    _records = load(provenance_path(config))
    return config


def on_page_context(context, page, config, nav):
    pages = _records.get("pages", {})
    entry, scope = pages.get(page.file.src_uri), "page"
    if entry is None and page.file.src_uri not in _records.get("with_code", []):
        # A page without code blocks has no outputs of its own: it says when the site's code
        # was last tested, if it ever was.
        entry, scope = _records.get("run"), "site"
    context["provenance"] = {**entry, "scope": scope} if isinstance(entry, dict) else None
    return context
