"""The strict build of every language, and what it must not contain."""

import re

import pytest

from tests.repo import SITE

DOCS = SITE.docs
# Every page in every language, those not translated yet (no file: the English page is built in
# their place) too.
PAGES = [DOCS / lang / page for lang in SITE.locales for page in SITE.pages(SITE.default)]


def html_of(site, page):
    """Built HTML of a source page, and the page's language."""
    lang, *rest = page.relative_to(DOCS).parts
    return SITE.built_html(site, lang, "/".join(rest)), lang


@pytest.mark.parametrize("page", PAGES, ids=SITE.relative)
def test_page_is_built_with_its_language(site, page):
    html_path, lang = html_of(site, page)
    assert html_path.exists(), f"{SITE.relative(page)} was not built to {html_path}"
    assert re.search(rf'<html lang="{lang}"', html_path.read_text(encoding="utf-8")), (
        f"{html_path}: <html lang> should be {lang!r}")


# Fence options the tests read (`continuation`) and raw fence text mean Markdown that did not
# render as intended; neither may reach a reader.
LEAKS = ("continuation", "```", "{.python", "--8<--")


@pytest.mark.parametrize("page", PAGES, ids=SITE.relative)
def test_no_test_markers_in_html(site, page):
    html = html_of(site, page)[0].read_text(encoding="utf-8")
    code = "".join(re.findall(r"<code[^>]*>.*?</code>|<pre.*?</pre>", html, flags=re.S))
    found = [leak for leak in LEAKS if leak in code or f" {leak}=" in html]
    assert not found, f"{SITE.relative(page)}: {found} leaked into the built HTML"
