"""Long pages as a reader meets them: the page is as tall at load as once read through (every
code block and formula laid out at its real height from the start, none a placeholder that grows
when scrolled to, which also left them blank in full-page screenshots), on a desktop and on a
phone; and a "back to top" button (Material's navigation.top) on every page, labelled in the
page's language, that comes back when the reader scrolls up and leads to the top."""

import pathlib
import re

import pytest

from tests.repo import ROOT, SITE

LANGS = [lang.locale for lang in SITE.built_languages]
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
THEME = pathlib.Path(__import__("material").__file__).parent / "templates"


def top_label(lang: str) -> str:
    """Material's "top" string in `lang`: this site's language partial, else the theme's."""
    for folder in (ROOT / "overrides", THEME):
        partial = folder / "partials" / "languages" / f"{lang}.html"
        if partial.exists():
            return re.search(r'"top": "([^"]+)"', partial.read_text(encoding="utf-8"))[1]
    raise AssertionError(f"no Material language partial for {lang!r}")


def tallest(visits, lang):
    return max((v for v in visits.values() if v.page.lang.locale == lang),
               key=lambda v: v.heights[1])


@pytest.mark.parametrize("lang", LANGS)
def test_pages_do_not_grow_while_read(visits, lang):
    grown = [f"{v.url}: {v.heights[0]} px at load, {v.heights[1]} px once read through"
             for v in visits.values() if v.page.lang.locale == lang
             and v.heights[0] != v.heights[1]]
    assert not grown, ("pages that grow as they are read (an off-screen block laid out at a "
                       "placeholder size, e.g. content-visibility in extra.css):\n  "
                       + "\n  ".join(grown))


@pytest.mark.parametrize("lang", LANGS)
def test_longest_page_does_not_grow_on_a_phone(browser, server, visits, lang):
    from tests.browser.conftest import Tab

    url = tallest(visits, lang).url
    t = Tab(browser, **PHONE)
    try:
        t.goto(url)
        # A phone applies the page's viewport (width=device-width) a frame or more after load
        # on a busy machine; until then the page is laid out 980 px wide.
        t.page.wait_for_function("w => document.documentElement.clientWidth === w",
                                 arg=PHONE["viewport"]["width"])
        at_load = t.height()
        t.read_through()
        assert t.height() == at_load, (
            f"{url} at 390 px: {at_load} px at load, {t.height()} px once read through")
    finally:
        t.close()


def test_every_page_has_a_back_to_top_button(site, pages):
    missing = [p.location or "/" for p in pages if 'data-md-component="top"' not in
               (site / p.location / "index.html").read_text(encoding="utf-8")]
    assert not missing, (f"pages without Material's back-to-top button (navigation.top in "
                         f"mkdocs.yml's theme.features): {missing}")


@pytest.mark.parametrize("lang", LANGS)
def test_back_to_top_appears_on_scrolling_up_and_leads_to_the_top(browser, server, visits, lang):
    from tests.browser.conftest import Tab

    url = tallest(visits, lang).url
    t = Tab(browser, viewport={"width": 1280, "height": 800})
    try:
        t.goto(url)
        button = t.page.locator("button.md-top")
        t.page.mouse.wheel(0, 4000)
        t.page.wait_for_function("() => scrollY > 3000")
        t.page.mouse.wheel(0, -400)
        try:
            button.wait_for(state="visible", timeout=5000)
        except Exception:
            pytest.fail(f"{url}: no back-to-top button appeared on scrolling up (Material's "
                        "navigation.top in mkdocs.yml's theme.features)", pytrace=False)
        assert button.inner_text().strip() == top_label(lang), (
            f"{url}: the button reads {button.inner_text()!r}")
        button.click()
        t.page.wait_for_function("() => scrollY === 0", timeout=5000)
    finally:
        t.close()
