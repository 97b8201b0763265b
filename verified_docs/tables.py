"""Tables in Material's scrolling box from the build on (a piece of the build,
verified_docs/plugin.py).

Material's script puts every class-less table of a page in a box that scrolls sideways on a
phone (`.md-typeset__scrollwrap > .md-typeset__table`), after the page has loaded. Inserting
those boxes changes the article's structure, and the browser then restyles the whole article:
on /why-clone/ that was a single task of about 170 ms on Lighthouse's simulated phone, and the
page's total blocking time went from about 120 ms to about 210 ms (make bench-site).

Here every table of a page gets those boxes in its HTML, and the class `wrapped-table`. Material's
script wraps only `table:not([class])`, so it leaves these alone; extra.css gives the class the
look that Material's stylesheet gives a class-less table.
"""

from __future__ import annotations

import re

CLASS = "wrapped-table"
# Markdown never nests a table in a table; a table shown inside code is escaped (&lt;table).
TABLE = re.compile(r"<table\b(?P<attrs>[^>]*)>(?P<body>.*?)</table>", re.S)
CLASS_ATTR = re.compile(r'(?<![\w-])class="(?P<names>[^"]*)"')
OPEN = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
CLOSE = "</div></div>"


def _wrapped(table: re.Match) -> str:
    attrs = table["attrs"]
    if CLASS_ATTR.search(attrs):
        attrs = CLASS_ATTR.sub(lambda m: f'class="{CLASS} {m["names"]}"', attrs, count=1)
    else:
        attrs = f' class="{CLASS}"{attrs}'
    return f"{OPEN}<table{attrs}>{table['body']}</table>{CLOSE}"


def wrapped(html_text: str) -> str:
    """The page's HTML with each table in Material's scrolling box, marked `wrapped-table`."""
    return TABLE.sub(_wrapped, html_text)
