"""Provenance: under every page's title and in its footer, which PyTorch releases and date its
outputs were last verified with, as the record the build is given says (the session's build
reads tests/conftest.py's `provenance_record`), the date written in the page's language, and
"not yet verified" for a page with no record. That the tests write the real record is tested on
a small site (tests/test_plugins.py)."""

import datetime
import re

import pytest
from babel.dates import format_date

from tests.browser.conftest import LANGS
from tests.repo import SITE
from verified_docs import provenance

RECORD = "the build's provenance record"


def local_date(iso: str, lang: str) -> str:
    """The date as a reader of `lang` writes it (Babel's long format: «1 декабря 2026 г.»)."""
    return format_date(datetime.date.fromisoformat(iso), format="long", locale=lang)


def visible_text(lang, want, kind="provenance") -> str:
    """What a reader of `lang` reads in the footer (`provenance_*` texts) or under the title
    (`verified_*`): the language's text, filled in."""
    template = SITE.extra(lang)["strings"][f"{kind}_{want['scope']}"]
    date = local_date(want["verified"], lang)
    return " ".join(template.format(torch=want["torch"], date=date).split())


@pytest.mark.parametrize("lang", LANGS)
def test_footer_shows_recorded_provenance(visits, provenance_record, lang):
    records = provenance_record
    pending = {provenance.footer(records, v.page.source) is None for v in visits.of(lang)}
    assert pending == {True, False}, "the build's record leaves one page with code unverified"
    problems = []
    for v in visits.of(lang):
        shown = v.provenance
        want = provenance.footer(records, v.page.source)
        if shown is None:
            problems.append(f"{v.url}: no provenance line in the footer "
                            "(overrides/partials/copyright.html includes partials/provenance.html)")
        elif want is None:
            if shown.get("provenance") != "pending":
                problems.append(f"{v.url}: footer says {shown['text']!r}, but {RECORD} has no "
                                f"entry for {v.page.source}: it should say 'not yet verified'")
        elif shown["text"] != visible_text(lang, want):
            problems.append(f"{v.url}: the footer reads {shown['text']!r}, but it should read "
                            f"{visible_text(lang, want)!r} (overrides/partials/provenance.html)")
        elif [shown.get(k) for k in ("torch", "verified", "scope")] != \
                [want["torch"], want["verified"], want["scope"]]:
            problems.append(f"{v.url}: footer says {shown.get('text')!r}; {RECORD} says "
                            f"torch {want['torch']} on {want['verified']} (for the {want['scope']})")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_title_is_followed_by_when_outputs_were_verified(visits, provenance_record, lang):
    """Right under each page's <h1>: the footer's record, the date in the page's language."""
    records = provenance_record
    pending = " ".join(SITE.extra(lang)["strings"]["verified_pending"].split())
    problems = []
    for v in visits.of(lang):
        shown, want = v.under_title, provenance.footer(records, v.page.source)
        text = " ".join((shown or {}).get("text", "").split())
        if not shown or shown.get("className") != "page-verified":
            found = shown and (shown.get("className"), shown.get("text", "")[:60])
            problems.append(f"{v.url}: the element under the <h1> is {found!r}, not the "
                            "verified line (overrides/partials/verified.html, included by "
                            "overrides/partials/content.html)")
        elif want is None:
            if text != pending:
                problems.append(f"{v.url}: under the title {text!r}; with no record in "
                                f"{RECORD} it should read {pending!r}")
        elif text != visible_text(lang, want, "verified"):
            problems.append(f"{v.url}: under the title {text!r}, but it should read "
                            f"{visible_text(lang, want, 'verified')!r} "
                            "(overrides/partials/verified.html)")
        elif re.search(r"\d{4}-\d\d-\d\d", text) or want["verified"] not in shown.get(
                "verified", ""):
            problems.append(f"{v.url}: under the title {text!r} (data-verified "
                            f"{shown.get('verified')!r}): the date should be written in words "
                            f"in {lang!r}, and the ISO date kept for data-verified")
    assert not problems, "\n".join(problems)
