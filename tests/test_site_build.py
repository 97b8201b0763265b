"""The strict build of every language, and what it must not contain."""

import re

import pytest

from tests.repo import SITE

# Every page in every language, those not translated yet (no file: the English page is built in
# their place) too.
PAGES = [(lang, page) for lang in SITE.locales for page in SITE.pages(SITE.default)]
# Fence options the tests read (`continuation`) and raw fence text mean Markdown that did not
# render as intended; neither may reach a reader.
LEAKS = ("continuation", "```", "{.python", "--8<--")


@pytest.mark.parametrize("lang, page", PAGES, ids=[f"{lang}/{page}" for lang, page in PAGES])
def test_page_is_built_with_its_language_and_no_test_markers(site, lang, page):
    built = SITE.built_html(site, lang, page)
    assert built.exists(), f"docs/{lang}/{page} was not built to {built}"
    html = built.read_text(encoding="utf-8")
    assert re.search(rf'<html lang="{lang}"', html), f"{built}: <html lang> should be {lang!r}"
    code = "".join(re.findall(r"<code[^>]*>.*?</code>|<pre.*?</pre>", html, flags=re.S))
    found = [leak for leak in LEAKS if leak in code or f" {leak}=" in html]
    assert not found, f"docs/{lang}/{page}: {found} leaked into the built HTML"
