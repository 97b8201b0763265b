"""The interface of a page speaks the page's language: heading-anchor tooltip, footer, browser
tab title, 404 page; the English text of an untranslated stub is marked lang="en"."""

import pytest

from verified_docs.translated_pages import english_body
from tests.repo import SITE

LANGS = SITE.built_languages
# What Material and the toc extension say in English when a string is not translated.
ENGLISH = ["Permanent link", "Made with", "Page not found", "Outputs on this page", "404 - Not found"]
EXPECTED = {"en": {"permalink": "Permanent link", "separator": " - "},
            "ru": {"permalink": "Ссылка на этот раздел", "separator": "\u00a0— "}}


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.locale)
def test_interface_in_page_language(tab, server, lang):
    want = EXPECTED.get(lang.locale)
    if want is None:
        pytest.skip(f"no expectations written for {lang.locale!r}")
    for location in (lang.prefix + "mask/", lang.prefix + "404.html"):
        tab.goto(server.url(location), wait_until="load")
        data = tab.page.evaluate("""() => ({
            title: document.title,
            anchors: [...document.querySelectorAll('a.headerlink')].map(a => a.title),
            footer: document.querySelector('.md-footer-meta').innerText,
            next: (document.querySelector('.md-footer__link--next .md-footer__direction')
                   || {}).textContent || ''})""")
        if location.endswith("mask/"):
            assert data["anchors"] and set(data["anchors"]) == {want["permalink"]}, data["anchors"]
            assert want["separator"] in data["title"], data["title"]
        if lang.locale != "en":
            english = [e for e in ENGLISH if e in data["title"] + data["footer"]]
            english += [a for a in data["anchors"] if a in ENGLISH]
            assert not english, f"{server.url(location)}: English interface text {english}"
            assert "Вперед" not in data["next"], data["next"]


def test_stub_text_is_marked_english():
    body = ('<h1 id="t">Title</h1>\n<div class="admonition warning translation-banner" '
            'id="translation-missing">\n<p class="admonition-title">Не переведено</p>\n</div>\n'
            '<p>English text.</p>')
    out = english_body(body)
    banner = out.index('id="translation-missing"')
    assert out.startswith('<div lang="en">\n<h1') and '<div lang="en">\n\n<p>English' in out[banner:]
    assert out.count('lang="en"') == 2 and out[:banner].count("</div>") == 1


def test_stub_page_is_built_with_its_english_text_marked(tmp_path):
    """A page marked `untranslated: true` is built from the English text inside lang="en"."""
    import re

    from tests.helpers import build, scratch_copy
    DOCS = SITE.docs

    lang = next((t.locale for t in LANGS if not t.default), None)
    if lang is None:
        pytest.skip("one language only")
    repo = scratch_copy(tmp_path)
    (repo / DOCS.name / lang / "mask.md").write_text("---\nuntranslated: true\n---\n",
                                                     encoding="utf-8")
    result = build(repo, tmp_path / "site")
    assert result.returncode == 0, result.stderr
    page = SITE.built_html(tmp_path / "site", lang, "mask.md").read_text(encoding="utf-8")
    article = page[page.index("<article"):page.index("</article>")]
    banner = article.index('id="translation-missing"')
    assert re.search(r'<div lang="en">\s*<h1', article[:banner]), "the English title is not marked"
    assert '<div lang="en">' in article[banner:], "the English text is not marked lang=\"en\""
