"""Every built translation speaks its own language in what the build writes into it: its links stay
in its language (unless they say, by `hreflang`, that they lead to another: the language
switcher, a banner's link to the English page), its take-home files link its own pages, and no
link, heading or title shows another language's page or section title."""

import html
import re
import urllib.parse

import pytest

from tests.repo import SITE
from verified_docs.build.changes import nav_titles
from verified_docs.model.fences import headings

TRANSLATIONS = [lang for lang in SITE.built_languages if not lang.default]
LINK = re.compile(r'<(?:a|link)\b(?P<attrs>[^>]*)>', re.S)
LABELLED = re.compile(r"<a\b(?![^>]*hreflang)[^>]*>(.*?)</a>"
                      r"|<(h[1-6]|title)\b[^>]*>(.*?)</\2>", re.S)
# Where a label joins a page's title and a section's ("Going further › vmap", "Page — Site").
JOIN = re.compile(r" › | — | - ")


def plain(markdown: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[`*_\\]", "", markdown)).strip()


def text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", fragment))).strip(" ¶")


def titles(lang: str) -> dict[str, set[str]]:
    """{"nav": the default language's nav titles, "sections": its headings} that `lang` writes
    otherwise (same page, same heading id). A page not translated yet is the default language's,
    under a banner, and so are its headings; its nav title is the default's until translated
    (`make translations` lists it)."""
    own, default = nav_titles(SITE, lang), nav_titles(SITE, SITE.default)
    found = {"nav": {plain(t) for page, t in default.items() if own.get(page) != t},
             "sections": set()}
    for page in SITE.pages(SITE.default):
        theirs = SITE.docs / lang / page
        if not theirs.exists():
            continue
        mine = {h["id"] or plain(h["text"]): plain(h["text"]) for h in headings(SITE, theirs).values()}
        found["sections"] |= {plain(h["text"]) for h in headings(SITE, SITE.docs / SITE.default / page)
                              .values() if mine.get(h["id"] or plain(h["text"])) != plain(h["text"])}
    return found


def built(site, lang) -> list:
    return sorted((site / lang.prefix).rglob("*.html"))


@pytest.mark.parametrize("lang", TRANSLATIONS, ids=lambda lang: lang.locale)
def test_a_translation_links_its_own_language(site, lang):
    wrong = []
    for path in built(site, lang):
        where = path.relative_to(site).as_posix()
        for match in LINK.finditer(path.read_text(encoding="utf-8")):
            attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', match["attrs"]))
            href = html.unescape(attrs.get("href", ""))
            if not href or href.startswith("#") or "hreflang" in attrs:
                continue
            url = urllib.parse.urljoin(f"http://site/{where}", href)
            if url.startswith(SITE.config["site_url"]):
                url = "http://site/" + url.removeprefix(SITE.config["site_url"])
            if not url.startswith("http://site/"):
                continue  # another site
            target = urllib.parse.urlparse(url).path.lstrip("/")
            if not target.startswith(lang.prefix) and not target.startswith(
                    ("assets/", "search/", "sitemap")):
                wrong.append(f"{where}: {match[0][:160]}")
    assert not wrong, (
        f"links in the {lang.name} pages to a page of another language without saying so "
        f"(hreflang); the build must link /{lang.prefix} pages:\n  " + "\n  ".join(wrong))


@pytest.mark.parametrize("lang", TRANSLATIONS, ids=lambda lang: lang.locale)
def test_a_translation_takes_home_links_to_its_own_pages(site, lang):
    base = SITE.config["site_url"]
    wrong = []
    for path in sorted((site / lang.prefix).rglob("*")):
        if path.suffix not in (".ipynb", ".py"):
            continue
        for url in re.findall(re.escape(base) + r'[^\s)"\\\]>]*', path.read_text(encoding="utf-8")):
            if not url.removeprefix(base).startswith(lang.prefix):
                wrong.append(f"{path.relative_to(site).as_posix()}: {url}")
    assert not wrong, (f"take-home files of the {lang.name} pages link another language's "
                       "pages:\n  " + "\n  ".join(sorted(set(wrong))))


@pytest.mark.parametrize("lang", TRANSLATIONS, ids=lambda lang: lang.locale)
def test_a_translation_shows_no_title_of_another_language(site, lang):
    """A link's, a heading's or the tab's label, cut at " › " and " — ", is never a title the
    default language has and this one translates; the article's text never holds a nav title
    of the default language's."""
    other = titles(lang.locale)
    assert other["nav"] and other["sections"], f"{lang.locale} translates no title: test no longer tests"
    wrong = []
    for path in built(site, lang):
        page = path.read_text(encoding="utf-8")
        where = path.relative_to(site).as_posix()
        labels = {text(m[1] if m[1] is not None else m[3]) for m in LABELLED.finditer(page)}
        parts = {part.strip() for label in labels for part in JOIN.split(label)}
        wrong += [f"{where}: a label reads {t!r}" for t in sorted(parts & (other["nav"] | other["sections"]))]
        article = page[page.find("<article"):page.find("</article>")]
        prose = text(re.sub(r"<(pre|code)\b.*?</\1>", " ", article, flags=re.S))
        wrong += [f"{where}: the text names {t!r}" for t in sorted(other["nav"]) if t in prose]
    assert not wrong, (f"the {lang.name} pages show titles of another language (the build must "
                       "take titles from the page's own language: nav_translations, its "
                       "headings):\n  " + "\n  ".join(wrong))


@pytest.mark.parametrize("lang", SITE.built_languages, ids=lambda lang: lang.locale)
def test_each_home_page_tab_names_the_site_alone(site, lang):
    """Not «Главная — Пользовательские функции autograd»: a home page's tab is the site's name,
    in its language."""
    name = SITE.config["site_name"] if lang.default else next(
        language.site_name for language in SITE.config["plugins"]["i18n"].config.languages
        if language.locale == lang.locale) or SITE.config["site_name"]
    page = SITE.built_html(site, lang.locale, "index.md").read_text(encoding="utf-8")
    shown = html.unescape(re.search(r"<title>(.*?)</title>", page, re.S)[1]).strip()
    assert shown == name, f"{lang.prefix}index.html: the tab reads {shown!r}, not {name!r}"
