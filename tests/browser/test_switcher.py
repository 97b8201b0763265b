"""Language switcher: from every page, each other language opens the same page in that language;
<html lang> is right; the logo leads to the home of the page's own language; sitemap.xml lists
every page with its hreflang alternates."""

import urllib.parse
import xml.etree.ElementTree as ET

import pytest

from tests.repo import SITE
from verified_docs import browser as s

LANGS = [lang.locale for lang in SITE.built_languages]


@pytest.mark.parametrize("lang", LANGS)
def test_html_lang_matches_page_language(visits, lang):
    wrong = {v.url: v.html_lang for v in visits.values()
             if v.page.lang.locale == lang and v.html_lang != lang}
    assert not wrong, (f"<html lang> should be {lang!r} (static-i18n sets theme.language per "
                       f"language) but is: {wrong}")


@pytest.mark.parametrize("lang", LANGS)
def test_logo_leads_to_own_language_home(visits, server, lang):
    wrong = {v.url: v.logo for v in visits.values()
             if v.page.lang.locale == lang and v.logo != server.url(v.page.lang.prefix)}
    assert not wrong, (f"the logo should lead to {server.url(SITE.built_languages[LANGS.index(lang)].prefix)}"
                       f", the {lang!r} home page, but leads elsewhere: {wrong}")


@pytest.mark.parametrize("lang", LANGS)
def test_switcher_opens_same_page_in_other_language(tab, server, pages, lang):
    failures = []
    for page in (p for p in pages if p.lang.locale == lang):
        for target in (t for t in SITE.built_languages if t.locale != lang):
            tab.goto(server.url(page.location), wait_until="load")
            link = tab.page.locator(f"a.md-select__link[hreflang='{target.locale}']").first
            if not link.count():
                failures.append(f"{server.url(page.location)}: no switcher link to {target.locale!r}")
                continue
            tab.page.locator(".md-header .md-select").first.hover()
            link.click()
            tab.page.wait_for_load_state("load")
            expected = server.url(s.counterpart(page.location, target))
            landed = urllib.parse.unquote(tab.page.url.split("#")[0])
            html_lang = tab.page.evaluate("document.documentElement.lang")
            if landed != expected or html_lang != target.locale:
                failures.append(f"{server.url(page.location)} -> {target.locale}: landed on "
                                f"{landed} (lang={html_lang!r}), expected {expected}")
    assert not failures, ("the language switcher does not keep the reader on the same page:\n  "
                          + "\n  ".join(failures))


def test_sitemap_has_hreflang_alternates(site, pages):
    site_url = SITE.config["site_url"]
    assert site_url, ("mkdocs.yml has no site_url, so sitemap.xml cannot list absolute page "
                      "addresses and hreflang alternates. Set site_url to the published address.")
    ns = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    root = ET.parse(site / "sitemap.xml").getroot()
    entries = {}
    for url in root.findall("sm:url", ns):
        loc = url.findtext("sm:loc", namespaces=ns)
        entries[loc] = {link.get("hreflang"): link.get("href")
                        for link in url.findall("x:link", ns) if link.get("rel") == "alternate"}
    base = site_url if site_url.endswith("/") else site_url + "/"
    problems = []
    for page in pages:
        loc = base + page.location
        if loc not in entries:
            problems.append(f"{loc} is not in sitemap.xml")
            continue
        for target in SITE.built_languages:
            want = base + s.counterpart(page.location, target)
            got = entries[loc].get(target.locale)
            if got != want:
                problems.append(f"{loc}: hreflang={target.locale} is {got}, expected {want}")
    assert not problems, "sitemap.xml:\n  " + "\n  ".join(problems)


# ---- keeping the reader's place ---------------------------------------------------------------

def section_page(pages, lang) -> tuple[str, str]:
    """A page of `lang` with an explicit heading id that every language shares."""
    return f"{lang.prefix}mask/", "subgradient"


@pytest.mark.parametrize("lang", LANGS)
def test_switch_keeps_the_section(tab, server, pages, lang):
    source = next(t for t in SITE.built_languages if t.locale == lang)
    location, anchor = section_page(pages, source)
    for target in (t for t in SITE.built_languages if t.locale != lang):
        tab.goto(server.url(location) + "#" + anchor, wait_until="load")
        tab.page.locator(".md-header .md-select").first.hover()
        tab.page.locator(f"a.md-select__link[hreflang='{target.locale}']").first.click()
        tab.page.wait_for_load_state("load")
        expected = server.url(s.counterpart(location, target)) + "#" + anchor
        assert urllib.parse.unquote(tab.page.url) == expected, (
            f"{server.url(location)}#{anchor} -> {target.locale}: landed on {tab.page.url}, "
            f"expected {expected} (overrides/partials/alternate.html carries the #section)")


@pytest.mark.parametrize("lang", LANGS)
def test_menu_marks_the_current_language(tab, server, lang):
    prefix = next(t.prefix for t in SITE.built_languages if t.locale == lang)
    tab.goto(server.url(prefix + "mask/"), wait_until="load")
    items = tab.page.eval_on_selector_all("a.md-select__link", """as => as.map(a => ({
        lang: a.lang, hreflang: a.hreflang, current: a.getAttribute('aria-current'),
        bold: getComputedStyle(a.querySelector('strong') || a).fontWeight}))""")
    assert {i["hreflang"] for i in items} == set(LANGS), items
    assert all(i["lang"] == i["hreflang"] for i in items), f"items without lang: {items}"
    current = [i for i in items if i["current"] == "page"]
    assert [i["hreflang"] for i in current] == [lang], f"current language not marked: {items}"
    assert int(current[0]["bold"]) >= 600, "the current language is not shown in bold"


@pytest.mark.parametrize("lang", LANGS)
def test_404_menu_leads_to_each_home(tab, server, lang):
    prefix = next(t.prefix for t in SITE.built_languages if t.locale == lang)
    tab.goto(server.url(prefix + "404.html"), wait_until="load")
    links = dict(tab.page.eval_on_selector_all(
        "a.md-select__link[hreflang]", "as => as.map(a => [a.hreflang, a.href])"))
    expected = {t.locale: server.url(t.prefix) for t in SITE.built_languages}
    assert links == expected, f"{prefix}404.html: the language menu leads to {links}"
