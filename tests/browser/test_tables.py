"""Tables: each in Material's scrolling box once (verified_docs/build/tables.py) with the theme's look,
the page no wider than a 360 px phone; the results table on a desktop, a column per release,
each cell the value the page's output blocks show, in the page's decimal separator
(verified_docs/build/results.py)."""

import pytest

from tests.browser.conftest import LANGS
from tests.repo import SITE
from verified_docs.model.outputs import printed_rows


@pytest.mark.parametrize("lang", LANGS)
def test_every_table_scrolls_in_its_box_and_looks_like_the_themes(phone_visits, lang):
    found = [(v.page.source, table) for v in phone_visits.of(lang) for table in v.tables_360]
    assert found, f"no page in {lang!r} has a table"
    for source, table in found:
        where = f"docs/{source}, table {table['name']!r}"
        assert "wrapped-table" in table["classes"].split(), (
            f"{where}: not wrapped by the build, so Material's script wraps it on load and "
            "the browser restyles the whole article (verified_docs/build/tables.py)")
        assert table["inBox"] and not table["boxedTwice"], (
            f"{where}: not in exactly one of Material's scrolling boxes "
            "(verified_docs/build/tables.py wraps every table at build time)")
        assert not table["pageWider"], f"{where}: on a phone the page is wider than the screen"
        for part, styles in table["look"].items():
            assert styles["ours"] == styles["theirs"], (
                f"{where}: its {part} does not look like Material's table "
                f"(extra.css, table.wrapped-table): {styles['ours']} != {styles['theirs']}")


@pytest.mark.parametrize("lang", LANGS)
def test_results_table_shows_every_release_as_recorded(visits, lang):
    found = [(v.page.source, table) for v in visits.of(lang) for table in v.results]
    assert found, f"no page in {lang!r} shows a results table"
    comma = SITE.text("decimal_separator", lang)
    releases = list(SITE.torch.ascending())
    for source, table in found:
        where = f"docs/{source}, results table {table['name']!r}"
        assert table["releases"] == releases, (
            f"{where}: its columns are {table['releases']}, the verified releases are {releases}")
        recorded = printed_rows(SITE, table["name"])
        assert len(table["rows"]) == len(recorded[releases[0]]), (
            f"{where}: {len(table['rows'])} rows, {len(recorded[releases[0]])} recorded")
        for shown, (code, *_) in zip(table["rows"], recorded[releases[0]]):
            for i, release in enumerate(releases, 1):
                value = next(v for c, v, _ in recorded[release] if c == code)
                want = f"{value:g}".replace(".", comma)
                assert shown[i] == want, (f"{where}, row {code!r}: shows {shown[i]!r} for "
                                          f"PyTorch {release}, which recorded {want!r}")
        assert not table["scrolls"], f"{where}: on a desktop the table scrolls sideways"
