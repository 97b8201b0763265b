"""The interface of a page speaks the page's language: heading-anchor tooltip, footer, browser
tab title, 404 page; the English text of a page not translated yet is marked lang="en" (built:
tests/test_translation_workflow.py)."""

import pytest

from tests.repo import SITE
from verified_docs.translated_pages import english_body

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


def test_untranslated_text_is_marked_english():
    body = ('<h1 id="t">Title</h1>\n<div class="admonition warning translation-banner" '
            'id="translation-missing">\n<p class="admonition-title">Не переведено</p>\n</div>\n'
            '<p>English text.</p>')
    out = english_body(body)
    banner = out.index('id="translation-missing"')
    assert out.startswith('<h1 lang="en" id="t">')
    assert '<div lang="en">\n\n<p>English' in out[banner:]
    assert out.count('lang="en"') == 2 and out[:banner].count("</div>") == 0
