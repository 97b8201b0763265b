"""What the search indexes of a page: its prose, not its code, plus the words readers type for it.

Outputs repeat `x.grad`, `relu`, `clamp` dozens of times and lunr does not weigh a section by its
length: the sections with the most code outranked the page that answers a question. So each code
block is marked `data-search-exclude`, Material's own marker. A page's front-matter `keywords:`
go on its own index entry only, weighed like a title (mkdocs.yml's `search: fields:`); Material's
`search: boost:` would raise every section of the page, and its `tags` show on every result.
"""

from __future__ import annotations

import re

from mkdocs.plugins import get_plugin_logger

log = get_plugin_logger(__name__)

# pymdownx.highlight's code block (maybe with an id the build gave it), not Material's footer
# `md-copyright__highlight`.
CODE_BLOCK = re.compile(r'<div class="(?:[^"]*\s)?highlight(?:\s[^"]*)?"(?![^>]*data-search-exclude)')


def code_left_out(html_text: str) -> str:
    return CODE_BLOCK.sub(lambda m: m[0] + ' data-search-exclude="true"', html_text)


def keywords_indexed(page, config) -> None:
    """Put the page's `keywords` on its own entry of the search index, which the search plugin
    (before this one) has just added in its on_page_context."""
    keywords = page.meta.get("keywords")
    if not keywords:
        return
    search = config.plugins.get("material/search") or config.plugins.get("search")
    entries = getattr(getattr(search, "search_index", None), "entries", None) or []
    entry = next((e for e in reversed(entries) if e["location"] == page.url), None)
    if entry is None:
        log.warning(f"{page.file.src_uri}: `keywords` in the front matter, but the search index "
                    "has no entry for the page (is `search` before `verified-docs` in "
                    "mkdocs.yml's plugins, and the page not `search: exclude`d?)")
        return
    entry["keywords"] = [str(k) for k in ([keywords] if isinstance(keywords, str) else keywords)]
