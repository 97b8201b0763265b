"""Anchors: headings get readable ids (Cyrillic stays Cyrillic, never `#_4`), and every link to
an anchor, within a page or across pages, lands on an element that exists."""

import re
import urllib.parse

import markdown
import pytest

from tests.repo import SITE

LANGS = [lang.locale for lang in SITE.built_languages]
UNREADABLE = re.compile(r"^_\d+$|^$")


def test_site_slugify_keeps_cyrillic():
    config = SITE.config
    md = markdown.Markdown(extensions=config["markdown_extensions"],
                           extension_configs=config["mdx_configs"])
    html = md.convert("## Проверка градиента\n")
    found = re.search(r'id="([^"]*)"', html)
    slug = urllib.parse.unquote(found.group(1)) if found else ""
    assert slug == "проверка-градиента", (
        f"a Russian heading gets the anchor #{slug}, not #проверка-градиента. "
        "In mkdocs.yml, markdown_extensions: toc: needs "
        "`slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}`.")


@pytest.mark.parametrize("lang", LANGS)
def test_headings_have_readable_ids(visits, lang):
    bad = [f"{v.url}: {tag} {text!r} has id {hid!r}"
           for v in visits.values() if v.page.lang.locale == lang
           for tag, hid, text in v.headings if UNREADABLE.match(hid or "")]
    assert not bad, ("headings with unreadable anchors (check the toc slugify setting in "
                     "mkdocs.yml, or give the heading an explicit `{ #id }`):\n  " + "\n  ".join(bad))


@pytest.mark.parametrize("lang", LANGS)
def test_links_to_anchors_resolve(visits, server, lang):
    broken = []
    for v in (v for v in visits.values() if v.page.lang.locale == lang):
        for href in v.fragment_links:
            location = server.location(href)
            fragment = urllib.parse.unquote(href.split("#", 1)[1])
            if location is None or not fragment or location not in visits:
                continue
            if fragment not in visits[location].ids:
                broken.append(f"{v.url}: link to {server.url(location)}#{fragment}: no such id there")
    assert not broken, "links to anchors that do not exist:\n  " + "\n  ".join(broken)


@pytest.mark.parametrize("lang", LANGS)
def test_non_ascii_anchor_opens_its_heading(visits, tab, server, lang):
    """A percent-encoded Cyrillic fragment, as a browser sends it, must scroll to its heading."""
    targets = [(v.page.location, hid) for v in visits.values() if v.page.lang.locale == lang
               for _, hid, _ in v.headings if hid and not hid.isascii()][:5]
    if not targets:
        pytest.skip(f"no {lang!r} heading has a non-ASCII id")
    failures = []
    for location, hid in targets:
        url = server.url(location) + "#" + urllib.parse.quote(hid)
        tab.goto(url)
        got = tab.page.evaluate("(document.querySelector(':target') || {}).id || null")
        if got != hid:
            failures.append(f"{url}: :target is {got!r}, expected {hid!r}")
    assert not failures, "\n".join(failures)
