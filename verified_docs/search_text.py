"""What the search indexes of a page: its prose, not its code, and the words readers type for
it (a piece of the build, verified_docs/plugin.py).

Material's search indexed every code block and every output block as text. Outputs repeat the
same words (`x.grad`, `relu`, `clamp`) dozens of times on the long pages, and lunr, as Material
sets it up, does not weigh a section by its length: the sections of /why-clone/ with the most code
outranked the page that answers a question, a result's teaser on a phone was a code listing a
thousand pixels tall, and the index was two thirds of the home page's first load.

Each code block (`div.highlight`: code, outputs, and each release's output beside another's) is
marked `data-search-exclude`, Material's own marker: its search plugin skips the block and strips
the marker from the page afterwards. Inline `code` in a sentence stays searchable; what a reader
looks up by name (`save_for_backward`, `once_differentiable`, "-38") is named in the prose.

A page's front matter may name, under `keywords:`, words readers type for its question that its
text puts otherwise: PyTorch's "inplace" (its error reads "modified by an inplace operation")
where the page says "in place", «клонировать» where the Russian title says «клонирует» (lunr's
stemmer makes «клонирова» of one and «клонир» of the other, and a typed word matches as a
prefix). They go on the page's own entry of the index (its title, the text before its first
section, which holds the answer box) as the field `keywords`, which mkdocs.yml's `search: fields:`
weighs like a title; its sections get none. Material's front-matter `search: boost:` raised all
of a page's sections at once, so the longest section of /why-clone/ outranked the page that
answered a question, and its `tags` go on every section too and show in the results.
"""

from __future__ import annotations

import re

from mkdocs.plugins import get_plugin_logger

log = get_plugin_logger(__name__)

# The opening tag of a code block as pymdownx.highlight writes it (`class="language-X
# highlight"`, maybe an id the build gave it), not Material's footer `md-copyright__highlight`.
CODE_BLOCK = re.compile(r'<div class="(?:[^"]*\s)?highlight(?:\s[^"]*)?"(?![^>]*data-search-exclude)')


def code_left_out(html_text: str) -> str:
    """The page's HTML with each code and output block left out of the search index."""
    return CODE_BLOCK.sub(lambda m: m[0] + ' data-search-exclude="true"', html_text)


def keywords_indexed(page, config) -> None:
    """Put the page's front-matter `keywords` on its own entry of Material's search index. Runs
    in on_page_context after the search plugin's, which has just added the page's entries."""
    keywords = page.meta.get("keywords")
    if not keywords:
        return
    if isinstance(keywords, str):
        keywords = [keywords]
    search = config.plugins.get("material/search") or config.plugins.get("search")
    entries = getattr(getattr(search, "search_index", None), "entries", None)
    entry = next((e for e in reversed(entries or []) if e["location"] == page.url), None)
    if entry is None:
        log.warning(f"{page.file.src_uri}: `keywords` in the front matter, but the search index "
                    "has no entry for the page (is `search` before `verified-docs` in "
                    "mkdocs.yml's plugins, and the page not `search: exclude`d?)")
        return
    entry["keywords"] = [str(k) for k in keywords]
