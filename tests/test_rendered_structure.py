"""A translation keeps its page's structure: the built HTML of every translated page (the session's
`mkdocs build --strict`, the `site` fixture of tests/conftest.py) has at least the headings,
lists and list items, tables and rows, code blocks, admonitions, folds, tabs and figures of the
English page. A translation may add a block (a translator's note); it may not lose one.

Markdown can lose a block without changing a fence or an output, which is all the parity tests
compare: a list written right under a paragraph line, with no blank line between, is one
paragraph of literal hyphens to the site's renderer (Python-Markdown), though CommonMark would
start a list there. So this test reads what the reader gets, the built HTML, not the source.
"""

from __future__ import annotations

import collections
import html.parser

import pytest

from tests.repo import SITE

DOCS = SITE.docs
DEFAULT = SITE.default


def block_kinds(tag: str, classes: set[str]) -> list[str]:
    """The kinds of block a start tag opens, as a reader would name them."""
    if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        return [f"headings ({tag})"]
    kinds = {"ul": "lists", "ol": "lists", "li": "list items", "table": "tables",
             "tr": "table rows", "pre": "code blocks", "details": "folds (details)",
             "img": "figures", "figure": "figures"}
    found = [kinds[tag]] if tag in kinds else []
    if tag == "div" and "admonition" in classes:
        found.append("admonitions")
    if tag == "div" and "tabbed-block" in classes:
        found.append("tabs")
    return found


class Blocks(html.parser.HTMLParser):
    """Counts the blocks of a built page's content, the <article> Material puts it in (the
    navigation, header and footer are the same for every page of a language)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.count: collections.Counter[str] = collections.Counter()
        self.depth = 0  # inside the content's <article> while > 0

    def handle_starttag(self, tag, attrs):
        if tag == "article":
            self.depth += 1
        elif self.depth:
            classes = set((dict(attrs).get("class") or "").split())
            self.count.update(block_kinds(tag, classes))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag == "article":
            self.depth -= 1

    def handle_endtag(self, tag):
        if tag == "article" and self.depth:
            self.depth -= 1


def blocks(html_text: str) -> collections.Counter[str]:
    parser = Blocks()
    parser.feed(html_text)
    parser.close()
    return parser.count


def lost_blocks(original: collections.Counter, translation: collections.Counter,
                name: str, original_name: str) -> list[str]:
    return [f"{name}: {kind}: the built page has {translation[kind]}, {original_name} has "
            f"{count}" for kind, count in sorted(original.items()) if translation[kind] < count]


TRANSLATED = [(lang, page) for lang in list(SITE.locales) if lang != DEFAULT for page in SITE.pages(lang)]


@pytest.mark.parametrize("lang, page", TRANSLATED, ids=[f"{lang}/{page}" for lang, page in
                                                        TRANSLATED])
def test_translation_keeps_the_blocks_of_its_page(site, lang, page):
    source = DOCS / lang / page
    if not source.exists() or page not in SITE.pages(DEFAULT):
        return  # not translated: the English page itself; with no original: nothing to keep
    original = blocks(SITE.built_html(site, DEFAULT, page).read_text(encoding="utf-8"))
    translation = blocks(SITE.built_html(site, lang, page).read_text(encoding="utf-8"))
    assert original, f"no blocks found in the built {DEFAULT}/{page}: has the theme's <article> changed?"
    lost = lost_blocks(original, translation, SITE.relative(source), SITE.relative(DOCS / DEFAULT / page))
    if lost:
        pytest.fail("\n".join(lost) + "\nThe translation renders fewer blocks than its page: "
                    "a list needs a blank line before it, a fold or box its closing `///`, a "
                    "table its header row.", pytrace=False)


# ---- the comparison itself, on small pages ----------------------------------------------------

PARAGRAPH_THEN_LIST = """<article class="md-content__inner">
<h2>Steps</h2><p>Follow the gradient:</p>
<ul><li>one</li><li>two</li></ul>
<div class="admonition note"><p>Note</p></div>
<details><summary>Full script</summary><pre><code>x</code></pre></details>
</article>"""

LIST_LOST = """<nav><ul><li>navigation</li></ul></nav><article class="md-content__inner">
<h2>Шаги</h2><p>Проследим градиент:
- один
- два</p>
<div class="admonition note"><p>Заметка</p></div>
<div class="admonition note"><p>Примечание переводчика</p></div>
<details><summary>Полный скрипт</summary><pre><code>x</code></pre></details>
</article>"""


def test_a_lost_list_is_named_with_its_counts():
    lost = lost_blocks(blocks(PARAGRAPH_THEN_LIST), blocks(LIST_LOST), "docs/ru/p.md",
                       "docs/en/p.md")
    assert lost == ["docs/ru/p.md: list items: the built page has 0, docs/en/p.md has 2",
                    "docs/ru/p.md: lists: the built page has 0, docs/en/p.md has 1"], lost


def test_an_added_block_is_allowed():
    assert not lost_blocks(blocks(LIST_LOST), blocks(LIST_LOST.replace(
        "</article>", '<div class="admonition note"><p>Ещё</p></div></article>')), "a", "b")
    assert blocks(LIST_LOST)["admonitions"] == 2 and blocks(LIST_LOST)["lists"] == 0
