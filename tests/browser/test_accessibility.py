"""Accessibility and the colour schemes: no serious or critical axe-core violation (every rule
light, the rules about colour dark, keyboard access to a box that scrolls on a phone); the dark
scheme for a dark system, and the header's toggle, labelled in the page's language; nothing asked
of the internet, no console error, no page growing while it is read."""

import pytest

from tests.browser.conftest import LANGS
from tests.repo import SITE

SCREENS = ["visits", "dark_visits", "phone_visits"]


def listing(found: dict[str, list[str]]) -> str:
    return "\n".join(f"  {page}\n    " + "\n    ".join(items) for page, items in found.items())


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_serious_axe_violations(request, screen, lang):
    found = {v.url: [f"[{x['impact']}] {x['id']}: {x['help']} ({x['url']})"
                     + "".join(f"\n        at {node}" for node in x["nodes"]) for x in v.axe]
             for v in request.getfixturevalue(screen).of(lang) if v.axe}
    assert not found, f"axe-core violations (serious/critical), {screen}:\n" + listing(found)


@pytest.mark.parametrize("lang", LANGS)
def test_dark_system_preference_gets_the_dark_scheme(dark_visits, lang):
    mine = dark_visits.of(lang)
    light = {v.url: v.scheme for v in mine if v.scheme != "slate"}
    assert not light, (
        f"with a dark system preference these pages are not in the dark scheme (slate): {light}; "
        "is theme.palette in mkdocs.yml given a '(prefers-color-scheme: dark)' option?")
    bright = {v.url: v.background for v in mine if max(v.background) >= 80}
    assert not bright, f"the dark scheme on a bright page: {bright}"


@pytest.mark.parametrize("lang", SITE.built_languages, ids=lambda lang: lang.locale)
def test_toggle_switches_and_is_remembered(tab, server, lang):
    """In a tab whose system asks for the light scheme (Playwright's default)."""
    tab.goto(server.url(lang.prefix))
    assert tab.read("scheme")["scheme"] == "default"
    # extra.strings.palette_default (overrides/partials/palette.html)
    toggle = tab.page.locator("form[data-md-component=palette] label:not([hidden])")
    assert toggle.get_attribute("title") == SITE.extra(lang.locale)["strings"]["palette_default"]
    toggle.click()
    tab.page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    tab.goto(server.url(lang.prefix + "mask/"))
    assert tab.read("scheme")["scheme"] == "slate", "the chosen scheme is not kept on the next page"
    assert not tab.errors, tab.errors


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", LANGS)
def test_pages_load_from_the_site_alone_without_errors(request, screen, lang):
    mine = request.getfixturevalue(screen).of(lang)
    leaks = {v.url: v.external for v in mine if v.external}
    assert not leaks, (
        "pages asked for resources outside the site (blocked here, so they would fail offline):\n"
        + listing(leaks) + "\nServe them from the site instead: theme.font: false (or self-hosted fonts), "
          "vendored scripts under overrides/assets/vendor/, no CDN links in mkdocs.yml.")
    errors = {v.url: v.errors for v in mine if v.errors}
    assert not errors, "errors while loading pages:\n" + listing(errors)


@pytest.mark.parametrize("screen", ["visits", "phone_visits"])
@pytest.mark.parametrize("lang", LANGS)
def test_pages_do_not_grow_while_read(request, screen, lang):
    grown = [f"{v.url}: {v.heights[0]} px at load, {v.heights[1]} px once read through"
             for v in request.getfixturevalue(screen).of(lang) if v.heights[0] != v.heights[1]]
    assert not grown, (f"pages that grow as they are read ({screen}: an off-screen block laid "
                       "out at a placeholder size, e.g. content-visibility in extra.css):\n  "
                       + "\n  ".join(grown))
