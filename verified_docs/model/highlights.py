"""Highlighted lines that stay on the code they mean.

A fence marks lines by number (`hl_lines="13 14"`); a line added to an included snippet moves
every number after it. So a fence with `hl_lines` has, on the line right above it, a comment
naming a piece of each highlighted line, in order:

    <!-- highlights: grad_output.clone() | grad_input[input < 0] = 0 -->

`problems(site, page)` names by page and line a fence whose numbers no longer point at those lines
(with the numbers that would), a fence without the comment, and a comment without a fence.
"""

from __future__ import annotations

import re

from verified_docs.model.fences import OUTPUT_LANG, page_fences
from verified_docs.model.site import Site

COMMENT = re.compile(r"^\s*<!--\s*highlights:\s*(.*?)\s*-->\s*$")


def problems(site: Site, page) -> list[str]:
    lines, rel, found = site.read_text(page).splitlines(), site.relative(page), []
    # Output fences are marked by `make outputs` from what differs between releases.
    code = [f for f in page_fences(site, page) if f.lang != OUTPUT_LANG]
    for fence in code:
        marked, numbers = fence.highlighted, " ".join(map(str, fence.highlighted))
        comment = fence.open_line > 1 and COMMENT.match(lines[fence.open_line - 2])
        if not comment and marked:
            found.append(f"{rel}:{fence.open_line}: hl_lines=\"{numbers}\" without a comment "
                         "naming what it highlights: put `<!-- highlights: <piece of each line> "
                         "| … -->` on the line above")
        elif comment and not marked:
            found.append(f"{rel}:{fence.open_line - 1}: a `highlights:` comment above a code "
                         "block that highlights no line (no hl_lines); delete one or add the other")
        if not comment or not marked:
            continue
        pieces = [piece.strip() for piece in comment[1].split("|") if piece.strip()]
        source = fence.source().splitlines()
        shown = [source[n - 1].strip() if 0 < n <= len(source) else "(no such line)"
                 for n in marked]
        if len(pieces) == len(marked) and all(p in s for p, s in zip(pieces, shown)):
            continue
        # Where each piece is now, if each is on exactly one line.
        now = [[n for n, line in enumerate(source, 1) if piece in line] for piece in pieces]
        fix = (f'write hl_lines="{" ".join(str(n[0]) for n in now)}"'
               if now and all(len(n) == 1 for n in now) else
               "each piece must be on exactly one line of the code: name a longer piece")
        found.append(f"{fence.where}: hl_lines=\"{numbers}\" highlights "
                     + "; ".join(f"line {n}: {s!r}" for n, s in zip(marked, shown))
                     + f", but the comment above names {pieces}: the highlighted lines moved; "
                     + fix)
    above_code = {f.open_line - 1 for f in code}
    return found + [f"{rel}:{n}: a `highlights:` comment that is not right above a code block"
                    for n, line in enumerate(lines, 1) if COMMENT.match(line) and n not in above_code]
