"""Each translation up to date, outdated or missing: the table `make translations` prints, with
what a translator does about each page and what is left outside the pages (gaps.py)."""

from __future__ import annotations

import dataclasses
import pathlib
import subprocess

from verified_docs.i18n.gaps import interface_gaps
from verified_docs.i18n.stamps import HASH_KEY, source_hash, text_hash
from verified_docs.site import PageError, Site

UP_TO_DATE, OUTDATED, MISSING = "up to date", "outdated", "missing"
UNREADABLE = "unreadable"


@dataclasses.dataclass(frozen=True)
class Status:
    page: str
    state: str     # UP_TO_DATE, OUTDATED, MISSING or UNREADABLE
    detail: str    # what a translator does about it


def page_status(site: Site, lang: str, page: str) -> Status:
    try:
        return read_status(site, lang, page)
    except PageError as exc:  # a page that is not UTF-8: named with its line
        return Status(page, UNREADABLE, str(exc))


def read_status(site: Site, lang: str, page: str) -> Status:
    english, translation = site.docs / site.default / page, site.docs / lang / page
    rel = site.relative
    if not translation.exists():
        return Status(page, MISSING, f"no file {rel(translation)}: readers see the English "
                                     "text under a banner until it exists")
    meta, _ = site.front_matter(translation)
    stamp, now = meta.get(HASH_KEY), source_hash(site, english)
    if stamp is None:
        return Status(page, OUTDATED, f"never stamped; once reviewed: "
                                      f"make translations STAMP={rel(translation)}")
    if str(stamp) != now:
        return Status(page, OUTDATED, f"{rel(english)} changed since it was stamped"
                                      f"{changes_hint(site, english, str(stamp))}")
    return Status(page, UP_TO_DATE, "")


def changes_hint(site: Site, english: pathlib.Path, stamp: str) -> str:
    """`; see: git diff <commit> -- <page>` naming the commit whose English text was stamped."""
    rel = site.relative(english)
    try:
        commits = subprocess.run(["git", "log", "--format=%h", "--", rel], cwd=site.root,
                                 capture_output=True, text=True, check=True).stdout.split()
        for commit in commits:
            old = subprocess.run(["git", "show", f"{commit}:{rel}"], cwd=site.root,
                                 capture_output=True, check=True).stdout
            if text_hash(old.decode("utf-8")) == stamp:
                return f"; see: git diff {commit} -- {rel}"
    except (OSError, subprocess.CalledProcessError, UnicodeDecodeError):
        pass
    return ""


def print_status(site: Site) -> bool:
    """The table of every translation; False if a page could not be read."""
    english = site.pages(site.default)
    print(f"Translations of {site.relative(site.docs / site.default)}/ ({len(english)} pages)")
    readable = True
    for lang in site.locales[1:]:
        rows = [page_status(site, lang, page) for page in english]
        counts = {state: sum(r.state == state for r in rows)
                  for state in (UP_TO_DATE, OUTDATED, MISSING, UNREADABLE)}
        if not counts[UNREADABLE]:
            del counts[UNREADABLE]
        readable &= UNREADABLE not in counts
        print(f"\n{lang}: {len(rows)} pages, " + ", ".join(f"{n} {s}" for s, n in counts.items()))
        width = max(len(r.page) for r in rows)
        print(f"  {'page':<{width}}  {'status':<10}  what to do")
        for r in rows:
            print(f"  {r.page:<{width}}  {r.state:<10}  {r.detail}".rstrip())
        if counts[OUTDATED] or counts[MISSING]:
            print(f"  Once a page is translated or brought in line with English and reviewed: "
                  f"make translations STAMP={site.relative(site.docs / lang)}/<page>.md")
        gaps = interface_gaps(site, lang)
        if gaps:
            print("  Not translated yet outside the pages:")
            for gap in gaps:
                print("    " + gap.replace("\n", "\n    "))
    return readable
