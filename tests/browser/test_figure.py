"""The mask page's figure as a reader sees it: on a phone the stacked drawing, shown at (nearly)
its natural size so its 10 pt labels stay readable; everywhere a visible caption in the page's
language (verified_docs/figures.py, snippets/figure_relu.py)."""

import pytest

from verified_docs.site import built_languages
from verified_docs.site import snippet as site_snippet

LANGS = [lang.locale for lang in built_languages()]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LABEL_PT = 10                 # snippets/figure_relu.RC font.size
SMALLEST_LABEL_PX = 11        # what a phone reader can still read


MEASURE = """() => [...document.querySelectorAll('article figure')].map(f => {
  const img = f.querySelector('img'), cap = f.querySelector('figcaption');
  const r = img.getBoundingClientRect();
  return {src: img.currentSrc, width: r.width, natural: img.naturalWidth, left: r.left,
          right: r.right, caption: cap ? cap.textContent.trim() : null,
          captionShown: !!cap && cap.getBoundingClientRect().height > 0
                        && getComputedStyle(cap).visibility === 'visible',
          page: document.documentElement.scrollWidth};
})"""


def figures(browser, server, site, pages, lang, viewport):
    """What MEASURE finds on each page of `lang` whose built HTML has a <figure>."""
    from tests.browser.conftest import Tab

    t = Tab(browser, viewport=viewport)
    found = {}
    try:
        for page in pages:
            html = (site / page.location / "index.html").read_text(encoding="utf-8")
            if page.lang.locale == lang and "<figure" in html:
                t.goto(server.url(page.location))
                found[server.url(page.location)] = t.page.evaluate(MEASURE)
    finally:
        t.close()
    assert found, f"no page in {lang!r} shows a <figure>"
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_figure_is_readable_on_a_phone(browser, server, site, pages, lang):
    for url, shown in figures(browser, server, site, pages, lang, PHONE).items():
        for f in shown:
            assert f["src"].endswith("-narrow.svg"), f"{url}: a phone gets {f['src']}"
            label_px = LABEL_PT * 4 / 3 * f["width"] / f["natural"]
            assert label_px >= SMALLEST_LABEL_PX, (
                f"{url}: the figure is shown at {f['width']:.0f} of its {f['natural']} px, so its "
                f"labels are {label_px:.1f} px high (at least {SMALLEST_LABEL_PX} wanted)")
            assert f["left"] >= 0 and f["right"] <= PHONE["width"] and f["page"] <= PHONE["width"]


@pytest.mark.parametrize("lang", LANGS)
def test_figure_has_a_visible_caption_in_its_language(browser, server, site, pages, lang):
    snippet = site_snippet("figure_relu")
    for url, shown in figures(browser, server, site, pages, lang, DESKTOP).items():
        for f in shown:
            assert not f["src"].endswith("-narrow.svg"), f"{url}: a desktop gets {f['src']}"
            assert f["captionShown"], f"{url}: the figure has no visible <figcaption>"
            assert f["caption"] == snippet.caption(lang), (
                f"{url}: caption {f['caption']!r}")
