"""Every language listed in mkdocs.yml has the same pages as the default language, built the same
way: only the prose is translated (the rules: verified_docs/i18n/parity.py), and every translation is
stamped with the English page it translates."""

from __future__ import annotations

import re

import pytest

from tests.repo import SITE
from verified_docs.i18n.parity import page_problems, page_set_problems
from verified_docs.i18n.stamps import HASH_KEY

DOCS = SITE.docs

DEFAULT, *TRANSLATIONS = list(SITE.locales)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_same_pages_as_default_language(lang):
    problems = page_set_problems(SITE, lang)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


# ---- the tests --------------------------------------------------------------------------------

PAIRS = [(lang, page) for lang in TRANSLATIONS for page in SITE.pages(DEFAULT) if page in SITE.pages(lang)]
PAIR_IDS = [f"{lang}/{page}" for lang, page in PAIRS]


@pytest.mark.parametrize("lang, page", PAIRS, ids=PAIR_IDS)
def test_same_structure_as_default_language(lang, page):
    problems = page_problems(DOCS / DEFAULT / page, DOCS / lang / page)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.mark.parametrize("lang, page", PAIRS, ids=PAIR_IDS)
def test_translation_is_stamped(lang, page):
    meta, _ = SITE.front_matter(DOCS / lang / page)
    rel = SITE.relative(DOCS / lang / page)
    if not re.fullmatch(r"[0-9a-f]{12}", str(meta.get(HASH_KEY, ""))):
        pytest.fail(f"{rel}: no `{HASH_KEY}` in its front matter, so nobody can tell which "
                    f"version of {SITE.relative(DOCS / DEFAULT / page)} it translates. Once the "
                    f"translation matches it, run `make translations STAMP={rel}`.",
                    pytrace=False)
