"""Finding one's way: readable heading ids that a percent-encoded link opens, every anchor link
landing; the language menu (from every page and the 404 page, keeping the section), <html lang>,
the logo, sitemap.xml's hreflang alternates; the interface in the page's language (an untranslated
page's text marked lang="en": tests/machinery/test_translation_workflow.py); back to top."""

import pathlib
import re
import urllib.parse
import xml.etree.ElementTree as ET

import pytest

from tests.browser.conftest import LANGS
from tests.repo import ROOT, SITE
from verified_docs.commands import browser as s

UNREADABLE = re.compile(r"^_\d+$|^$")
# What Material and the toc extension say in English when a string is not translated.
ENGLISH = ["Permanent link", "Made with", "Page not found", "Outputs on this page", "404 - Not found"]
INTERFACE = {"en": {"permalink": "Permanent link", "separator": " - "},
             "ru": {"permalink": "Ссылка на этот раздел", "separator": "\u00a0— "}}
THEME = pathlib.Path(__import__("material").__file__).parent / "templates"


@pytest.mark.parametrize("lang", LANGS)
def test_anchors_are_readable_and_lead_somewhere(visits, server, lang):
    problems = []
    for v in visits.of(lang):
        problems += [f"{v.url}: {tag} {text!r} has the unreadable id {hid!r} (the toc slugify "
                     "setting in mkdocs.yml, or an explicit `{ #id }`)"
                     for tag, hid, text in v.headings if UNREADABLE.match(hid or "")]
        for href in v.fragment_links:
            location, fragment = server.location(href), urllib.parse.unquote(href.split("#", 1)[1])
            if location in visits and fragment and fragment not in visits[location].ids:
                problems.append(f"{v.url}: link to {server.url(location)}#{fragment}: no such id")
        problems += [f"{v.url}#{hid}, percent-encoded as a browser sends it: :target is {got!r}"
                     for hid, got in v.targets.items() if got != hid]
    assert not problems, "\n  ".join(["anchors:", *problems])


@pytest.mark.parametrize("lang", LANGS)
def test_language_menu_html_lang_and_logo(visits, server, lang):
    problems = []
    for v in visits.of(lang):
        if v.html_lang != lang:
            problems.append(f"{v.url}: <html lang={v.html_lang!r}> (static-i18n sets "
                            "theme.language per language)")
        if v.logo != server.url(v.page.lang.prefix):
            problems.append(f"{v.url}: the logo leads to {v.logo}, not the {lang!r} home page")
        items = {i["hreflang"]: i for i in v.switcher}
        if set(items) != set(LANGS) or any(i["lang"] != i["hreflang"] for i in v.switcher):
            problems.append(f"{v.url}: the language menu's items are {v.switcher}, one per "
                            f"language of mkdocs.yml wanted, each with its lang")
            continue
        current = [i["hreflang"] for i in v.switcher if i["current"] == "page"]
        if current != [lang] or int(items[lang]["bold"]) < 600:
            problems.append(f"{v.url}: the page's own language is not marked (aria-current, "
                            f"bold): {v.switcher}")
        for target in SITE.built_languages:
            want = server.url(s.counterpart(SITE, v.page.location, target))
            if urllib.parse.unquote(items[target.locale]["href"]) != want:
                problems.append(f"{v.url}: the {target.locale!r} item leads to "
                                f"{items[target.locale]['href']}, not {want}")
    assert not problems, ("the language menu, <html lang> and the logo (overrides/partials/"
                          "alternate.html):\n  " + "\n  ".join(problems))


@pytest.mark.parametrize("lang", SITE.built_languages, ids=lambda lang: lang.locale)
def test_switching_language_keeps_the_section(tab, server, lang):
    for target in (t for t in SITE.built_languages if t != lang):
        for anchor in ("", "#subgradient"):
            tab.goto(server.url(f"{lang.prefix}mask/") + anchor)
            tab.page.locator(".md-header .md-select").first.hover()
            tab.page.locator(f"a.md-select__link[hreflang='{target.locale}']").first.click()
            tab.page.wait_for_load_state("load")
            expected = server.url(s.counterpart(SITE, f"{lang.prefix}mask/", target)) + anchor
            assert urllib.parse.unquote(tab.page.url) == expected, (
                f"{lang.prefix}mask/{anchor} -> {target.locale}: landed on {tab.page.url} (the "
                "menu's script carries the #section along: overrides/partials/alternate.html)")
            assert tab.page.evaluate("document.documentElement.lang") == target.locale


@pytest.mark.parametrize("lang", SITE.built_languages, ids=lambda lang: lang.locale)
def test_404_page_speaks_its_language_and_leads_to_each_home(tab, server, lang):
    tab.goto(server.url(lang.prefix + "404.html"))
    shown = tab.read("collect")
    links = {item["hreflang"]: item["href"] for item in shown["switcher"]}
    assert links == {t.locale: server.url(t.prefix) for t in SITE.built_languages}, (
        f"{lang.prefix}404.html: the language menu leads to {links}")
    english = [e for e in ENGLISH if e in shown["title"] + shown["footer"]]
    # A new language's texts are English until translated: checked once INTERFACE has it.
    assert lang.locale == "en" or lang.locale not in INTERFACE or not english, (
        f"{lang.prefix}404.html: English text {english}")


@pytest.mark.parametrize("lang", LANGS)
def test_interface_in_page_language(visits, lang):
    want = INTERFACE.get(lang)
    if want is None:
        pytest.skip(f"no expectations written for {lang!r}")
    problems = []
    for v in visits.of(lang):
        if set(v.permalinks) - {want["permalink"]}:
            problems.append(f"{v.url}: heading-anchor titles {set(v.permalinks)}")
        if v.page.location != v.page.lang.prefix and want["separator"] not in v.title:
            problems.append(f"{v.url}: the title {v.title!r} has no {want['separator']!r}")
        english = [e for e in ENGLISH if e in v.title + v.footer + " ".join(v.permalinks)]
        if lang != "en" and (english or "Вперед" in v.next):
            problems.append(f"{v.url}: English interface text {english} {v.next!r}")
    assert any(v.permalinks for v in visits.of(lang)), "no heading has an anchor link"
    assert not problems, "\n  ".join(["the interface is not in the page's language:", *problems])


def test_sitemap_has_hreflang_alternates(site, pages):
    site_url = SITE.config["site_url"]
    assert site_url, ("mkdocs.yml has no site_url, so sitemap.xml cannot list absolute page "
                      "addresses and hreflang alternates. Set site_url to the published address.")
    ns = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    entries = {url.findtext("sm:loc", namespaces=ns): {
        link.get("hreflang"): link.get("href") for link in url.findall("x:link", ns)
        if link.get("rel") == "alternate"}
        for url in ET.parse(site / "sitemap.xml").getroot().findall("sm:url", ns)}
    base = site_url if site_url.endswith("/") else site_url + "/"
    problems = []
    for page in pages:
        loc = base + page.location
        for target in SITE.built_languages:
            want = base + s.counterpart(SITE, page.location, target)
            got = entries.get(loc, {}).get(target.locale)
            if got != want:
                problems.append(f"{loc}: hreflang={target.locale} is {got}, expected {want}")
    assert not problems, "sitemap.xml:\n  " + "\n  ".join(problems)


def top_label(lang: str) -> str:
    """Material's "top" string in `lang`: this site's language partial, else the theme's."""
    for folder in (ROOT / "overrides", THEME):
        partial = folder / "partials" / "languages" / f"{lang}.html"
        if partial.exists():
            return re.search(r'"top": "([^"]+)"', partial.read_text(encoding="utf-8"))[1]
    raise AssertionError(f"no Material language partial for {lang!r}")


@pytest.mark.parametrize("lang", LANGS)
def test_back_to_top_appears_on_scrolling_up_and_leads_to_the_top(tab, visits, lang):
    missing = [v.url for v in visits.of(lang) if not v.top]
    assert not missing, (f"pages without Material's back-to-top button (navigation.top in "
                         f"mkdocs.yml's theme.features): {missing}")
    url = max(visits.of(lang), key=lambda v: v.heights[1]).url
    tab.goto(url)
    button = tab.page.locator("button.md-top")
    tab.page.mouse.wheel(0, 4000)
    tab.page.wait_for_function("() => scrollY > 3000")
    tab.page.mouse.wheel(0, -400)
    try:
        button.wait_for(state="visible", timeout=5000)
    except Exception:
        pytest.fail(f"{url}: no back-to-top button appeared on scrolling up", pytrace=False)
    assert button.inner_text().strip() == top_label(lang), (
        f"{url}: the button reads {button.inner_text()!r}")
    button.click()
    tab.page.wait_for_function("() => scrollY === 0", timeout=5000)
