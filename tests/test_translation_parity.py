"""Every language listed in mkdocs.yml has the same pages as the default language."""

import pytest

from tests.executable_docs import languages
from tests.helpers import pages

DEFAULT, *TRANSLATIONS = languages()


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_same_pages_as_default_language(lang):
    missing = sorted(set(pages(DEFAULT)) - set(pages(lang)))
    extra = sorted(set(pages(lang)) - set(pages(DEFAULT)))
    assert not missing, f"docs/{lang}/ lacks {missing}, which docs/{DEFAULT}/ has"
    assert not extra, f"docs/{lang}/ has {extra}, which docs/{DEFAULT}/ lacks"
