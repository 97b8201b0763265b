"""Footer provenance: which PyTorch releases, and when, each page's outputs were verified with.

The docs test run records it (verified_docs.provenance); this hook gives each page a
`provenance` context variable, which overrides/partials/provenance.html renders in the footer.
On a fresh clone (no test run yet) the footer says the outputs are not verified yet.
"""

from __future__ import annotations

import logging

from verified_docs import provenance

log = logging.getLogger("mkdocs.hooks.provenance")

_records: dict = {}


def on_config(config, **kwargs):
    global _records
    try:
        _records = provenance.read()
    except provenance.Unreadable as exc:
        log.warning(f"{exc}; footers will say 'not yet verified'. Delete it and re-run "
                    "`make test` to regenerate it.")
        _records = {}
    return config


def on_page_context(context, *, page, config, nav):
    context["provenance"] = provenance.footer(_records, page.file.src_uri)
    return context
