"""The strict build of every page in every language (the `site` fixture), and each translation's
built page keeping every block of its English page (it may add one, a translator's note).

Markdown can lose a block without changing a fence or an output, all the parity tests compare: a
list right under a paragraph line is literal hyphens to Python-Markdown (CommonMark would start a
list). So this test reads what the reader gets, the built HTML, not the source."""

import collections
import re

import pytest

from tests.repo import SITE

# The start tag of each kind of block, as a reader would name it.
KINDS = {**{f"headings (h{n})": rf"<h{n}\b" for n in range(1, 7)},
         "lists": r"<[uo]l\b", "list items": r"<li\b", "tables": r"<table\b",
         "table rows": r"<tr\b", "code blocks": r"<pre\b", "folds (details)": r"<details\b",
         "figures": r"<(?:img|figure)\b",
         "admonitions": r'<div class="[^"]*\badmonition(?![-\w])',
         "tabs": r'<div class="[^"]*\btabbed-block\b'}


def blocks(html_text: str) -> collections.Counter[str]:
    """The blocks of a built page's content: the <article> Material puts it in (navigation,
    header and footer are the same for every page of a language)."""
    article = "".join(re.findall(r"<article\b.*?</article>", html_text, re.S))
    return collections.Counter({kind: len(re.findall(tag, article)) for kind, tag in KINDS.items()})


def lost_blocks(original, translation, name: str, original_name: str) -> list[str]:
    return [f"{name}: {kind}: the built page has {translation[kind]}, {original_name} has "
            f"{count}" for kind, count in sorted(original.items()) if translation[kind] < count]


TRANSLATED = [(lang, page) for lang in SITE.locales[1:] for page in SITE.pages(lang)
              if page in SITE.pages(SITE.default)]


@pytest.mark.parametrize("lang, page", TRANSLATED, ids=[f"{la}/{p}" for la, p in TRANSLATED])
def test_translation_keeps_the_blocks_of_its_page(site, lang, page):
    original = blocks(SITE.built_html(site, SITE.default, page).read_text(encoding="utf-8"))
    translation = blocks(SITE.built_html(site, lang, page).read_text(encoding="utf-8"))
    assert +original, f"no blocks in the built {SITE.default}/{page}: has the <article> changed?"
    lost = lost_blocks(original, translation, f"docs/{lang}/{page}", f"docs/{SITE.default}/{page}")
    if lost:
        pytest.fail("\n".join(lost) + "\nThe translation renders fewer blocks than its page: "
                    "a list needs a blank line before it, a fold or box its closing `///`, a "
                    "table its header row.", pytrace=False)


def test_a_lost_list_is_named_and_an_added_block_allowed():
    english = """<nav><ul><li>navigation</li></ul></nav><article class="md-content__inner">
<h2>Steps</h2><p>Follow the gradient:</p><ul><li>one</li><li>two</li></ul>
<div class="admonition note"><p class="admonition-title">Note</p></div>
<details><summary>Full script</summary><pre><code>x</code></pre></details></article>"""
    # The list written under a paragraph line is a paragraph; a translator's note is added.
    russian = english.replace("<ul><li>one</li><li>two</li></ul>", "\n- один\n- два</p>").replace(
        "</details>", '</details><div class="admonition note"><p>Примечание</p></div>')
    assert blocks(russian)["admonitions"] == 2 and blocks(english)["lists"] == 1
    assert lost_blocks(blocks(english), blocks(russian), "docs/ru/p.md", "docs/en/p.md") == [
        "docs/ru/p.md: list items: the built page has 0, docs/en/p.md has 2",
        "docs/ru/p.md: lists: the built page has 0, docs/en/p.md has 1"]


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
