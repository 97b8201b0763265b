"""What a search engine or a link preview reads of each page: its own meta description, from its
own text and in its language (verified_docs/page_meta.py), Open Graph title and description; and a
table of contents without the same entry twice."""

import collections
import re

import pytest

from tests.repo import SITE

LANGS = [lang.locale for lang in SITE.built_languages]
CYRILLIC = re.compile("[а-яё]", re.I)


def of(visits, lang):
    return [v for v in visits.values() if v.page.lang.locale == lang]


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_has_its_own_description(visits, lang):
    mine = of(visits, lang)
    empty = [v.url for v in mine if len(v.description) < 40]
    assert not empty, f"pages without a real meta description: {empty}"
    same = {d: urls for d, urls in collections.Counter(v.description for v in mine).items()
            if urls > 1}
    assert not same, f"pages of {lang!r} sharing one description: {same}"
    if lang == "ru":
        english = [v.url for v in mine if not CYRILLIC.search(v.description)]
        assert not english, f"Russian pages described in another language: {english}"
    too_long = [v.url for v in mine if len(v.description) > 200]
    assert not too_long, f"descriptions over 200 characters: {too_long}"


@pytest.mark.parametrize("lang", LANGS)
def test_open_graph_title_and_description(visits, lang):
    for v in of(visits, lang):
        assert v.og.get("og:description") == v.description, v.url
        assert v.og.get("og:title"), f"{v.url}: no og:title"
        assert v.og.get("og:url") and v.og.get("og:site_name"), f"{v.url}: {v.og}"
        home = v.page.location == v.page.lang.prefix
        assert v.og.get("og:type") == ("website" if home else "article"), f"{v.url}: {v.og}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_duplicate_entries_in_a_table_of_contents(visits, lang):
    twice = {}
    for v in of(visits, lang):
        texts = collections.Counter(text for text, _ in v.toc)
        hrefs = collections.Counter(href for _, href in v.toc)
        repeated = sorted({t for t, n in texts.items() if n > 1}
                          | {h for h, n in hrefs.items() if n > 1})
        if repeated:
            twice[v.url] = repeated
    assert not twice, f"tables of contents listing an entry twice: {twice}"
