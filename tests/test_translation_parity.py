"""Every language listed in mkdocs.yml has the same pages as the default language, built the same
way: only the prose is translated (the rules: verified_docs/i18n/parity.py), and every translation
is stamped with the English page it translates."""

from __future__ import annotations

import re

import pytest

from tests.repo import SITE
from verified_docs.i18n.parity import page_problems, page_set_problems
from verified_docs.i18n.stamps import HASH_KEY


@pytest.mark.parametrize("lang", SITE.locales[1:])
def test_same_pages_as_default_language(lang):
    problems = page_set_problems(SITE, lang)
    assert not problems, "\n".join(problems)


PAIRS = [(lang, page) for lang in SITE.locales[1:] for page in SITE.pages(lang)
         if page in SITE.pages(SITE.default)]


IDS = [f"{lang}/{page}" for lang, page in PAIRS]


@pytest.mark.parametrize("lang, page", PAIRS, ids=IDS)
def test_same_structure_as_default_language(lang, page):
    problems = page_problems(SITE.docs / SITE.default / page, SITE.docs / lang / page)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.mark.parametrize("lang, page", PAIRS, ids=IDS)
def test_translation_is_stamped(lang, page):
    rel = SITE.relative(SITE.docs / lang / page)
    if not re.fullmatch(r"[0-9a-f]{12}", str(SITE.front_matter(SITE.docs / lang / page)[0].get(
            HASH_KEY))):
        pytest.fail(f"{rel}: no `{HASH_KEY}` in its front matter, so nobody can tell which "
                    f"version of docs/{SITE.default}/{page} it translates. Once the translation "
                    f"matches it, run `make translations STAMP={rel}`.", pytrace=False)
