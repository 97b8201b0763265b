"""Dark mode: the site follows the reader's system preference, and the header's toggle switches
the scheme, remembers it, and is labelled in the page's language."""

import re

import pytest

from tests.repo import SITE

LANGS = [lang.locale for lang in SITE.built_languages]
SCHEME = "() => document.body.dataset.mdColorScheme"


def toggle_title(lang: str) -> str:
    """extra.strings.palette_default of `lang` (overrides/partials/palette.html), else the
    default language's."""
    return SITE.extra(lang)["strings"]["palette_default"]
TOGGLE = "form[data-md-component=palette] label:not([hidden])"


@pytest.mark.parametrize("lang", LANGS)
def test_system_preference_picks_the_scheme(dark_visits, lang):
    dark = {v.url: (v.scheme, v.background) for v in dark_visits.values()
            if v.page.lang.locale == lang}
    assert {scheme for scheme, _ in dark.values()} == {"slate"}, dark
    for url, (_, background) in dark.items():
        red, green, blue = (int(c) for c in re.findall(r"\d+", background)[:3])
        assert max(red, green, blue) < 80, f"{url}: dark scheme with a {background} page"


@pytest.mark.parametrize("lang", LANGS)
def test_toggle_switches_and_is_remembered(browser, server, lang):
    from tests.browser.conftest import Tab

    prefix = next(x.prefix for x in SITE.built_languages if x.locale == lang)
    t = Tab(browser, color_scheme="light")
    try:
        t.goto(server.url(prefix))
        assert t.page.evaluate(SCHEME) == "default"
        toggle = t.page.locator(TOGGLE)
        assert toggle.get_attribute("title") == toggle_title(lang)
        toggle.click()
        t.page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
        t.goto(server.url(prefix + "mask/"))
        assert t.page.evaluate(SCHEME) == "slate", "the chosen scheme is not kept on the next page"
        assert not t.errors, t.errors
    finally:
        t.close()
