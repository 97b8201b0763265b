"""Highlighted lines that stay on the code they mean.

A fence marks lines by number (`hl_lines="13 14"`); a line added to an included snippet moves
every number after it. So a fence with `hl_lines` has, on the line right above it, a comment
naming a piece of each highlighted line, in order:

    <!-- highlights: grad_output.clone() | grad_input[input < 0] = 0 -->

`problems(page)` names by page and line a fence whose numbers no longer point at those lines
(with the numbers that would), a fence without the comment, and a comment without a fence.
"""

from __future__ import annotations

import re

from verified_docs.fences import OUTPUT_LANG, page_fences
from verified_docs.site import Site

COMMENT = re.compile(r"^\s*<!--\s*highlights:\s*(.*?)\s*-->\s*$")


def problems(page) -> list[str]:
    site = Site.containing(page)
    lines, rel = site.read_text(page).splitlines(), site.relative(page)
    found, commented = [], set()
    # Output fences are marked by `make outputs` from what differs between releases.
    for fence in (f for f in page_fences(page) if f.lang != OUTPUT_LANG):
        marked = list(fence.highlighted)
        numbers = " ".join(map(str, marked))
        comment = COMMENT.match(lines[fence.open_line - 2] if fence.open_line > 1 else "")
        if comment:
            commented.add(fence.open_line - 1)
        if not marked or not comment:
            if marked or comment:
                found.append(f"{rel}:{fence.open_line}: hl_lines=\"{numbers}\" without a comment "
                             "naming what it highlights: put `<!-- highlights: <piece of each "
                             "line> | … -->` on the line above" if marked else
                             f"{rel}:{fence.open_line - 1}: a `highlights:` comment above a "
                             "code block that highlights no line (no hl_lines); delete one or "
                             "add the other")
            continue
        pieces = [piece.strip() for piece in comment[1].split("|") if piece.strip()]
        code = fence.source().splitlines()
        shown = [code[n - 1].strip() if 0 < n <= len(code) else "(no such line)" for n in marked]
        if len(pieces) == len(marked) and all(p in s for p, s in zip(pieces, shown)):
            continue
        # Where each piece is now, if each is on exactly one line.
        now = [[n for n, line in enumerate(code, 1) if piece in line] for piece in pieces]
        fix = (f'write hl_lines="{" ".join(str(n[0]) for n in now)}"'
               if now and all(len(n) == 1 for n in now) else
               "each piece must be on exactly one line of the code: name a longer piece")
        found.append(f"{fence.where}: hl_lines=\"{numbers}\" highlights "
                     + "; ".join(f"line {n}: {s!r}" for n, s in zip(marked, shown))
                     + f", but the comment above names {pieces}: the highlighted lines moved; "
                     + fix)
    found += [f"{rel}:{number}: a `highlights:` comment that is not right above a code block"
              for number, line in enumerate(lines, 1)
              if COMMENT.match(line) and number not in commented]
    return found
