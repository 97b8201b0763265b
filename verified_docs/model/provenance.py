"""Which PyTorch releases, and when, each page's outputs were verified with.

The docs test run writes `.cache/provenance.json` whenever every code block of a page has
passed; the build reads the file its `provenance` option names for the line under each title and
the footer, dated in the page's language. It is never committed: a fresh clone says "not yet
verified".

    {"run": {"torch": ["2.15.0", "2.13.0"], "verified": "2026-11-30"},  # the last docs test run
     "with_code": ["en/index.md", ...],                                # pages that have code
     "pages": {"en/index.md": {"torch": ["2.15.0"], "verified": "2026-11-30"}, ...}}
"""

from __future__ import annotations

import datetime
import fcntl
import json
import os
import pathlib

RECORD = pathlib.Path(".cache") / "provenance.json"


class Unreadable(ValueError):
    pass


def read(path: pathlib.Path) -> dict:
    """The record; {} when there is none yet. Unreadable content raises Unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise Unreadable(f"{os.path.relpath(path)}: unreadable ({exc})") from None
    if not isinstance(data, dict):
        raise Unreadable(f"{os.path.relpath(path)}: not a JSON object")
    return data


def record(site, pages: dict[pathlib.Path, list[set[str] | None]]) -> None:
    """Each page of the default language whose fences all passed (None: one did not), in every
    language, recorded as verified today on the releases its fences ran on."""
    default, today = (site.docs / site.default).resolve(), datetime.date.today().isoformat()
    names: dict[str, list] = {}  # two spellings of one page's path add up
    for path, ran in pages.items():
        names.setdefault(path.resolve().relative_to(default).as_posix(), []).extend(ran)
    verified = {f"{lang}/{page}": list(site.torch.ascending(set().union(*ran)))
                for page, ran in names.items() if None not in ran
                for lang in site.locales if site.counterpart(default / page, lang).exists()}
    if not verified:
        return
    path = site.root / RECORD
    path.parent.mkdir(parents=True, exist_ok=True)
    # Two pytest-xdist workers may record at once: the lock keeps either from dropping the other's.
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            data = read(path)
        except Unreadable:
            data = {}
        data["run"] = {"torch": list(site.torch.ascending()), "verified": today}
        data["with_code"] = sorted(set(data.get("with_code", []))
                                   | {f"{lang}/{page}" for lang in site.locales for page in names})
        for page, releases in verified.items():
            data.setdefault("pages", {})[page] = {"torch": releases, "verified": today}
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                       encoding="utf-8")
        os.replace(tmp, path)


def local_date(iso: str, lang: str) -> str:
    """`2026-12-01` in Babel's long format of `lang` («1 декабря 2026 г.»); not ISO: as it is."""
    from babel.core import UnknownLocaleError
    from babel.dates import format_date

    try:
        return format_date(datetime.date.fromisoformat(iso), format="long", locale=lang)
    except (TypeError, ValueError, UnknownLocaleError):
        return str(iso)


def footer(data: dict | None, page: str, lang: str = "en") -> dict | None:
    """What the footer and the line under the title of `page` (`ru/mask.md`, built in `lang`)
    say: releases, date (ISO, and `date` as the language writes it) and scope."""
    data = data or {}
    entry, scope = data.get("pages", {}).get(page), "page"
    if entry is None and page not in data.get("with_code", []):
        # A page without code has no outputs of its own: it says when the site's code was tested.
        entry, scope = data.get("run"), "site"
    if not isinstance(entry, dict):
        return None
    torch, verified = entry.get("torch"), entry.get("verified")
    return {"torch": ", ".join(torch) if isinstance(torch, list) else str(torch),
            "verified": verified, "date": local_date(verified, lang), "scope": scope}
