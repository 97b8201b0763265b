"""The prose of a Markdown page, as the language checks (tests/lints/test_glossary.py,
tests/lints/test_typography.py) read it: code, markup and addresses blanked, every line and column
left where it was, so a finding names the page's real line.
"""

from __future__ import annotations

import functools
import pathlib
import re

from tests.repo import SITE
from verified_docs.model.fences import INCLUDE_LINE, body_start, page_fences


def blank(match: re.Match) -> str:
    """The matched text as spaces, its line breaks kept."""
    return re.sub(r"[^\n]", " ", match[0])


INLINE_CODE = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)

# Markup that is not prose: a reader never sees it as text, or it is not language at all.
MARKUP = [
    re.compile(r"<!--.*?-->", re.S),                      # comments
    re.compile(r"</?[A-Za-z][^<>]*>"),                    # HTML tags with their attributes
    re.compile(r"(?<=\])\([^()\s]*(?:\s+\"[^\"]*\")?\)"),  # link targets: [text](url "title")
    re.compile(r"^\s*\[[^\]]+\]:.*$", re.M),              # reference definitions
    re.compile(r"https?://\S+"),                          # bare addresses
    re.compile(r"\\\(.*?\\\)|\\\[.*?\\\]|\$\$.*?\$\$", re.S),  # math: \( \), \[ \], $$ $$
    re.compile(r"\{[:#.][^{}\n]*\}"),                     # attribute lists: { #id }, {: .class }
    re.compile(r"^ {4}(?:attrs|type|open):.*$", re.M),     # options of a /// block
    re.compile(INCLUDE_LINE.pattern, re.M),               # snippet includes
]


@functools.cache
def prose(path: pathlib.Path, inline_code: bool = False) -> str:
    """The page's prose: code, front matter, HTML tags, link targets, addresses, math and
    attribute lists blanked; lines and columns stay where they were. With `inline_code`, the
    `inline code` stays, for a rule about the words around it («во `float64`»)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    code = {n for f in page_fences(SITE, path) for n in range(f.open_line, f.close_line + 1)}
    code |= set(range(1, body_start(SITE, path) + 1))  # the front matter
    text = "".join("\n" if n in code else line for n, line in enumerate(lines, 1))
    for pattern in MARKUP if inline_code else [INLINE_CODE, *MARKUP]:
        text = pattern.sub(blank, text)
    return text


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1
