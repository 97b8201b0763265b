"""Highlighted lines that stay on the code they mean.

A code fence marks lines by number (`hl_lines="13 14"`), and the prose around it talks about
what they hold. A line added to an included snippet moves every number after it, and the page
would go on highlighting the wrong lines. So each fence with `hl_lines` has, on the line right
above it, a comment naming a piece of each highlighted line, in the same order:

    <!-- highlights: grad_output.clone() | grad_input[input < 0] = 0 -->
    ```{.python hl_lines="13 14"}

`problems(page)` names, by page and line, a fence whose numbers no longer point at those
lines (with the numbers that would), a fence without the comment, and a comment without a
fence. tests/test_highlights.py runs it on every page of every language.
"""

from __future__ import annotations

import pathlib
import re

from verified_docs.fences import OUTPUT_LANG, page_fences
from verified_docs.site import Site

COMMENT = re.compile(r"^\s*<!--\s*highlights:\s*(.*?)\s*-->\s*$")


def named(comment: str) -> list[str]:
    return [piece.strip() for piece in comment.split("|") if piece.strip()]


def where_now(lines: list[str], pieces: list[str]) -> list[int] | None:
    """The line numbers holding each piece, in order, if each piece is on exactly one line."""
    found = []
    for piece in pieces:
        holding = [n for n, line in enumerate(lines, 1) if piece in line]
        if len(holding) != 1:
            return None
        found.append(holding[0])
    return found


def problems(page: pathlib.Path) -> list[str]:
    site = Site.containing(page)
    text = site.read_text(page)
    page_lines = text.splitlines()
    rel = site.relative(page)
    found, fences_at = [], set()
    # Output fences are marked by `make outputs` from what differs between releases.
    for fence in (f for f in page_fences(page) if f.lang != OUTPUT_LANG):
        marked = list(fence.highlighted)
        above = page_lines[fence.open_line - 2] if fence.open_line > 1 else ""
        comment = COMMENT.match(above)
        if comment:
            fences_at.add(fence.open_line - 1)
        if not marked:
            if comment:
                found.append(f"{rel}:{fence.open_line - 1}: a `highlights:` comment above a "
                             "code block that highlights no line (no hl_lines); delete one or "
                             "add the other")
            continue
        if not comment:
            found.append(f"{rel}:{fence.open_line}: hl_lines=\"{' '.join(map(str, marked))}\" "
                         "without a comment naming what it highlights: put "
                         "`<!-- highlights: <piece of each line> | … -->` on the line above")
            continue
        pieces, code = named(comment[1]), fence.source().splitlines()
        shown = [code[n - 1].strip() if 0 < n <= len(code) else "(no such line)" for n in marked]
        if len(pieces) == len(marked) and all(p in s for p, s in zip(pieces, shown)):
            continue
        now = where_now(code, pieces)
        fix = (f'write hl_lines="{" ".join(map(str, now))}"' if now else
               "each piece must be on exactly one line of the code: name a longer piece")
        found.append(f"{fence.where}: hl_lines=\"{' '.join(map(str, marked))}\" highlights "
                     + "; ".join(f"line {n}: {s!r}" for n, s in zip(marked, shown))
                     + f", but the comment above names {pieces}: the highlighted lines moved; "
                     + fix)
    for number, line in enumerate(page_lines, 1):
        if COMMENT.match(line) and number not in fences_at:
            found.append(f"{rel}:{number}: a `highlights:` comment that is not right above a "
                         "code block")
    return found
