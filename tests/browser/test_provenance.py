"""Provenance under every title and in every footer: the releases and date (in the page's
language) the build's record gives (tests/conftest.py's `provenance_record`), "not yet verified"
without one. That the tests write the real record: tests/machinery/test_plugins.py."""

import datetime

import pytest
from babel.dates import format_date

from tests.browser.conftest import LANGS
from tests.repo import SITE
from verified_docs.model import provenance

RECORD = "the build's provenance record"
# Where each line is, and the texts it says (the language's `extra.strings.<kind>_*`).
PLACES = {"provenance": ("the footer", "overrides/partials/provenance.html, in copyright.html"),
          "verified": ("the line under the title",
                       "overrides/partials/verified.html, in content.html right after the <h1>")}


def expected(lang, want, kind) -> tuple[str, dict]:
    """What a reader of `lang` reads in line `kind` and its data-*: the language's text with the
    record's releases and date (Babel's long format: «1 декабря 2026 г.»), or its text for none."""
    strings = SITE.extra(lang)["strings"]
    if want is None:
        return " ".join(strings[f"{kind}_pending"].split()), {"provenance": "pending"}
    date = datetime.date.fromisoformat(want["verified"])
    text = strings[f"{kind}_{want['scope']}"].format(
        torch=want["torch"], date=format_date(date, format="long", locale=lang))
    return " ".join(text.split()), {"provenance": "verified",
                                    **{k: want[k] for k in ("torch", "verified", "scope")}}


@pytest.mark.parametrize("lang", LANGS)
def test_provenance_under_the_title_and_in_the_footer(visits, provenance_record, lang):
    pending = {provenance.footer(provenance_record, v.page.source) is None for v in visits.of(lang)}
    assert pending == {True, False}, "the build's record leaves one page with code unverified"
    problems = []
    for v in visits.of(lang):
        want = provenance.footer(provenance_record, v.page.source)
        under = v.under_title if (v.under_title or {}).get("className") == "page-verified" else None
        for kind, shown in (("provenance", v.provenance), ("verified", under)):
            where, partial = PLACES[kind]
            text, data = expected(lang, want, kind)
            if shown is None:
                problems.append(f"{v.url}: no provenance line ({where}: {partial})")
            elif " ".join(shown["text"].split()) != text:
                problems.append(f"{v.url}: {where} reads {shown['text']!r}, but it should read "
                                f"{text!r} ({partial}; {RECORD}"
                                + (f" has no entry for {v.page.source})" if want is None else ")"))
            elif {k: shown.get(k) for k in data} != data:
                problems.append(f"{v.url}: {where}, data-* {shown}; {RECORD} says {data}")
    assert not problems, "\n".join(problems)
