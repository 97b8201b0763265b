"""The results table as a reader sees it on a desktop, in every language: one column per
verified release, oldest first, each cell the value recorded for that release
(snippets/results/*.json, in the page's decimal separator), and the whole table in view
without scrolling sideways (verified_docs/results_table.py)."""

import pytest

from tests.repo import SITE
from verified_docs import results

LANGS = [lang.locale for lang in SITE.built_languages]
DESKTOP = {"width": 1280, "height": 800}

READ = """() => [...document.querySelectorAll('article table.results-table')].map(table => {
  table.scrollIntoView({behavior: 'instant'});
  const wrap = table.closest('.md-typeset__scrollwrap');
  return {name: table.dataset.results,
          releases: [...table.querySelectorAll('thead tr:nth-child(2) th')].map(th => th.innerText.trim()),
          rows: [...table.querySelectorAll('tbody tr')].map(tr =>
            [...tr.querySelectorAll('td')].map(td => td.innerText.trim())),
          scrolls: wrap ? wrap.scrollWidth > wrap.clientWidth : table.scrollWidth > table.clientWidth};
})"""


@pytest.mark.parametrize("lang", LANGS)
def test_results_table_shows_every_release_as_recorded(browser, server, site, pages, lang):
    from tests.browser.conftest import read_every_page

    with_tables = [page for page in pages if page.lang.locale == lang and "results-table" in
                   (site / page.location / "index.html").read_text(encoding="utf-8")]
    assert with_tables, f"no page in {lang!r} shows a results table"
    comma = site_separator(lang)
    found = read_every_page(browser, server, with_tables,
                            lambda t, page, url: (page.source, t.page.evaluate(READ)),
                            viewport=DESKTOP)
    for source, tables in found.values():
        for table in tables:
            where = f"docs/{source}, results table {table['name']!r}"
            assert table["releases"] == list(SITE.torch.ascending()), (
                f"{where}: its columns are {table['releases']}, the verified releases are "
                f"{list(SITE.torch.ascending())}")
            recorded = results.read(SITE, table["name"])
            for n, (code, *_) in enumerate(recorded[SITE.torch.ascending()[0]]):
                shown = table["rows"][n]
                for i, release in enumerate(SITE.torch.ascending(), 1):
                    value = next(v for c, v, _ in recorded[release] if c == code)
                    want = f"{value:g}".replace(".", comma)
                    assert shown[i] == want, (
                        f"{where}, row {code!r}: shows {shown[i]!r} for PyTorch {release}, "
                        f"which recorded {want!r}")
            assert not table["scrolls"], f"{where}: on a desktop the table scrolls sideways"


def site_separator(lang: str) -> str:
    return SITE.extra(lang)["strings"].get("decimal_separator", ".")
