"""Every table in Material's scrolling box from the build on, with the class `wrapped-table`.

Material's script wraps each class-less table in `.md-typeset__scrollwrap > .md-typeset__table`
after load; that restyled the whole article (one ~170 ms task on Lighthouse's phone, /why-clone/).
The script leaves tables with a class alone; extra.css gives `wrapped-table` Material's look.
"""

from __future__ import annotations

import re

# Markdown never nests a table in a table; a table shown inside code is escaped (&lt;table).
TABLE = re.compile(r"<table\b(?P<attrs>[^>]*)>(?P<body>.*?)</table>", re.S)
CLASS_ATTR = re.compile(r'(?<![\w-])class="')


def _wrapped(table: re.Match) -> str:
    attrs, found = CLASS_ATTR.subn('class="wrapped-table ', table["attrs"], count=1)
    if not found:
        attrs = f' class="wrapped-table"{attrs}'
    return ('<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
            f"<table{attrs}>{table['body']}</table></div></div>")


def wrapped(html_text: str) -> str:
    return TABLE.sub(_wrapped, html_text)
