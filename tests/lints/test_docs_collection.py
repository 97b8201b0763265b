"""Guards on how the pages are collected: nothing on a page escapes the tests."""

import re

import pytest
from pytest_markdown_docs.plugin import FenceSyntax, extract_fence_tests

from tests.repo import SITE
from verified_docs.model import fences

# Counted from the raw text, independently of any Markdown parser: a fence indented under an
# admonition or a `=== "Tab"` is counted here but is no fence to CommonMark, so it never runs.
PYTHON_FENCE = re.compile(r"^\s*(`{3,}|~{3,})\s*\{?\s*\.?(%s)\b" % "|".join(fences.PYTHON_LANGS))


@pytest.mark.parametrize("page", SITE.all_pages(), ids=SITE.relative)
def test_every_python_fence_is_collected(page, pytestconfig):
    text = page.read_text(encoding="utf-8")
    in_text = [n for n, line in enumerate(text.splitlines(), 1) if PYTHON_FENCE.match(line)]
    parser = pytestconfig.hook.pytest_markdown_docs_markdown_it()  # the one that collects
    collected = [t.start_line for t in extract_fence_tests(
        parser, text, 0, page, fence_syntax=FenceSyntax.superfences)]
    missed = sorted(set(in_text) - set(collected))
    assert not missed, (
        f"{SITE.relative(page)}: Python fences at lines {missed} are not run by the tests. "
        "Fences indented under `!!!`/`???`/`===` are invisible to them: use the flat "
        "`/// note`, `/// details | …`, `/// tab | …` blocks, which keep fences unindented.")
    assert len(in_text) == len(collected), f"{SITE.relative(page)}: {in_text} vs {collected}"


@pytest.mark.parametrize("page", SITE.all_pages(), ids=SITE.relative)
def test_every_output_fence_belongs_to_code(page):
    owned = {f.open_line for code in fences.python_fences(SITE, page) for f in fences.output_fences(code)}
    for fence in fences.page_fences(SITE, page):
        if fence.lang == fences.OUTPUT_LANG:
            assert fence.open_line in owned, (
                f"{SITE.relative(page)}:{fence.open_line}: an ```output fence must directly follow "
                "the ```python fence whose output it shows (or that fence's other outputs).")


def test_every_fence_goes_through_the_docs_runner():
    """verified_docs replaces pytest-markdown-docs' default runner through its private API
    (`_runners`); if an upgrade changes that API, this fails before any page runs unchecked."""
    from pytest_markdown_docs._runners import get_runner

    from verified_docs.pytest.plugin import DocsRunner

    assert isinstance(get_runner(None), DocsRunner)
