"""The mask page's figure as a reader sees it: on a phone the stacked drawing, shown at (nearly)
its natural size so its 10 pt labels stay readable; everywhere a visible caption in the page's
language; the size every <img> and <source> reserves in whole pixels (valid HTML); in each colour scheme its own drawing, on the page's background, its labels legible
(verified_docs/figures.py, snippets/figure_relu.py)."""

import io
import re

import pytest

from tests.repo import SITE

LANGS = [lang.locale for lang in SITE.built_languages]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LABEL_PT = 10                 # snippets/figure_relu.RC font.size
SMALLEST_LABEL_PX = 11        # what a phone reader can still read


# The drawings load lazily: each figure is brought into view and its shown image decoded first.
MEASURE = """async () => {
  for (const f of document.querySelectorAll('article figure')) {
    f.scrollIntoView({block: 'center'});
    await Promise.all([...f.querySelectorAll('img')].filter(i => i.checkVisibility())
      .map(i => i.decode().catch(() => null)));
  }
  return [...document.querySelectorAll('article figure')].map(f => {
  const img = [...f.querySelectorAll('img')].find(i => i.checkVisibility());
  const cap = f.querySelector('figcaption');
  const r = img.getBoundingClientRect();
  const sizes = [...f.querySelectorAll('img, source')].map(el =>
    [el.tagName.toLowerCase(), el.getAttribute('width'), el.getAttribute('height')]);
  return {src: img.currentSrc, width: r.width, natural: img.naturalWidth, left: r.left, sizes,
          right: r.right, caption: cap ? cap.textContent.trim() : null,
          captionShown: !!cap && cap.getBoundingClientRect().height > 0
                        && getComputedStyle(cap).visibility === 'visible',
          page: document.documentElement.scrollWidth};
});
}"""


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
    snippet = SITE.snippet("figure_relu")
    for url, shown in figures(browser, server, site, pages, lang, DESKTOP).items():
        for f in shown:
            assert not f["src"].endswith("-narrow.svg"), f"{url}: a desktop gets {f['src']}"
            assert f["captionShown"], f"{url}: the figure has no visible <figcaption>"
            assert f["caption"] == snippet.caption(lang), (
                f"{url}: caption {f['caption']!r}")


SHOWN_FIGURE = """async () => {
  const fig = document.querySelector('article figure');
  fig.scrollIntoView({block: 'center'});
  const shown = [...fig.querySelectorAll('img')].filter(img => img.checkVisibility());
  await Promise.all(shown.map(img => img.decode().catch(() => null)));
  return {shown: shown.map(img => img.currentSrc),
          page: getComputedStyle(document.body).backgroundColor};
}"""

# The fill of every <text> of the shown drawing, as the browser computes it (the SVG inlined
# off screen for a moment: an <img>'s insides cannot be read).
LABEL_COLOURS = """async src => {
  const box = document.createElement('div');
  box.style.cssText = 'position:absolute;left:-10000px;top:0';
  box.innerHTML = await (await fetch(src)).text();
  document.body.append(box);
  const fills = [...box.querySelectorAll('text')].map(t => [t.textContent, getComputedStyle(t).fill]);
  box.remove();
  return fills;
}"""


def rgb(css: str) -> tuple[int, int, int]:
    return tuple(int(float(c)) for c in re.findall(r"[\d.]+", css)[:3])


def contrast(a, b) -> float:
    def luminance(colour):
        c = [x / 255 for x in colour]
        c = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("lang", LANGS)
def test_figure_follows_the_colour_scheme(browser, server, site, pages, lang):
    """In each scheme, on a desktop and a phone: one drawing shows, its visible background (the
    commonest colour of its pixels on screen) is the page's, and every label is 4.5:1 on it."""
    from PIL import Image

    from tests.browser.conftest import Tab

    checked = 0
    with_figure = [p for p in pages if p.lang.locale == lang and "<figure" in
                   (site / p.location / "index.html").read_text(encoding="utf-8")]
    # A tab per scheme: Material keeps the scheme it started with in the tab's storage.
    for scheme, body_scheme in (("light", "default"), ("dark", "slate")):
        t = Tab(browser, color_scheme=scheme)
        try:
            for page in with_figure:
                url = server.url(page.location)
                for viewport in (DESKTOP, PHONE):
                    where = f"{url} ({scheme}, {viewport['width']} px)"
                    t.page.set_viewport_size(viewport)
                    t.goto(url)
                    assert t.page.evaluate("document.body.dataset.mdColorScheme") == body_scheme
                    found = t.page.evaluate(SHOWN_FIGURE)
                    assert len(found["shown"]) == 1, f"{where}: drawings shown: {found['shown']}"
                    shot = Image.open(io.BytesIO(
                        t.page.locator("article figure img:visible").screenshot())).convert("RGB")
                    _, background = max(shot.getcolors(shot.width * shot.height))
                    page_bg = rgb(found["page"])
                    assert max(abs(a - b) for a, b in zip(background, page_bg)) <= 8, (
                        f"{where}: {found['shown'][0]} shows on {background}, the page is "
                        f"{page_bg} (snippets/figure_relu.py SCHEMES, verified_docs/figures.py)")
                    faint = [(text, fill, round(contrast(rgb(fill), background), 2))
                             for text, fill in t.page.evaluate(LABEL_COLOURS, found["shown"][0])
                             if contrast(rgb(fill), background) < 4.5]
                    assert not faint, f"{where}: labels under 4.5:1 on {background}: {faint}"
                    checked += 1
        finally:
            t.close()
    assert checked, f"no page in {lang!r} shows a <figure>"


@pytest.mark.parametrize("lang", LANGS)
def test_figure_sizes_are_whole_pixels(browser, server, site, pages, lang):
    """HTML's width and height attributes are non-negative integers: the W3C validator reports
    height="345.6" as an error on both <img> and <source> (verified_docs/figures.py)."""
    for url, shown in figures(browser, server, site, pages, lang, DESKTOP).items():
        for f in shown:
            bad = [s for s in f["sizes"] if not all(re.fullmatch(r"\d+", v or "") for v in s[1:])]
            assert len(f["sizes"]) >= 2 and not bad, (
                f"{url}: these figure elements' width/height are not whole pixels (or missing): "
                f"{bad} (verified_docs/figures.py writes them from the snippet's size())")
