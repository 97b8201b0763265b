"""MkDocs hook: what the search index keeps of a page.

A formula typeset by hooks/math.py is MathML that carries its TeX source in an `<annotation>`;
the search index would hold every formula twice, the rendered symbols and the TeX. The
annotation is marked `data-search-exclude` (Material's search skips it and strips the marker
from the page afterwards), so results show the formula once, as the reader sees it.
"""

from __future__ import annotations

ANNOTATION = '<annotation encoding="application/x-tex">'


def on_page_content(html_text, page, config, files):
    return html_text.replace(ANNOTATION,
                             '<annotation encoding="application/x-tex" data-search-exclude="true">')
