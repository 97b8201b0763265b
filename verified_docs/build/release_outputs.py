"""Outputs that differ between releases shown together: each run of two or more output blocks
becomes one `release-outputs` box, every release's output in view, none behind a tab.

- The blocks stand in one row only when the longest line fits a column, decided here so that it
  holds without a script; otherwise they stack.
- A block with marked lines says what they differ from ("≠ 2.14.1, 2.15.0", and `outputs_differ`
  for screen readers and as a tooltip); a line another release prints and this one does not is a
  row of `outputs_missing`, so rows side by side stay level.
- Neither is searched (`data-search-exclude`): fifteen "differ from" sentences would rank a
  page for "different".
"""

from __future__ import annotations

import difflib
import html
import re

from markupsafe import Markup

from verified_docs.model.outputs import titled_releases

CLASS, ROW = "release-outputs", "release-outputs--row"
# A box holds no <div> of its own (its code is escaped), so the first </div> closes it.
BLOCK = r'<div class="language-output highlight">(?:(?!</div>).)*</div>'
RUN = re.compile(rf"{BLOCK}(?:\s*{BLOCK})+", re.S)
PARTS = re.compile(r'(?P<head><div class="language-output highlight">'
                   r'<span class="filename">)(?P<title>[^<]*)(?P<middle></span><pre>.*?<code>)'
                   r"(?P<code>.*?)(?P<tail></code></pre></div>)", re.S)
# Pygments closes every span at a line's end; a marked line is one `hll` span, newline inside.
LINE = re.compile(r'<span class="hll">[^\n]*\n</span>|[^\n]*\n')
MARKED = '<span class="hll">'
# The newline inside the row: copying the block (extra.css hides the row) gives the output as
# printed. data-search-exclude on the innermost spans: Material's search parser ends an
# exclusion at the first closing tag of the same name.
MISSING = Markup('<span class="release-missing" data-search-exclude>{}\n</span>')
DIFFER = Markup(' <span class="release-differ" title="{0}"><span aria-hidden="true" '
                'data-search-exclude>≠ {1}</span><span class="visually-hidden" '
                'data-search-exclude>{0}</span></span>')

# Widths in characters of the output's font (12.8 px, 0.6 of it wide), measured in Chromium at
# 45em, the narrowest window with blocks side by side, in a fold, the narrowest place a box
# stands: 86 characters; the grid's gap is 1.7 of them, a block's padding 4 on each side.
ARTICLE_CH, GAP_CH, PADDING_CH = 86, 1.7, 4


def column_ch(blocks: int) -> int:
    """How many characters a line may have to fit one of `blocks` columns side by side."""
    return int((ARTICLE_CH - (blocks - 1) * GAP_CH) / blocks - PADDING_CH)


def missing_rows(texts: list[list[str]]) -> list[dict[int, int]]:
    """For each block's lines, {line index: how many lines another block prints there that this
    one lacks} (for two blocks an exact alignment; for more, the most any other block has)."""
    rows = []
    for i, mine in enumerate(texts):
        gaps: dict[int, int] = {}
        for theirs in texts[:i] + texts[i + 1:]:
            matcher = difflib.SequenceMatcher(None, mine, theirs, autojunk=False)
            for tag, a1, a2, b1, b2 in matcher.get_opcodes():
                if tag in ("insert", "replace") and (b2 - b1) > (a2 - a1):
                    gaps[a2] = max(gaps.get(a2, 0), (b2 - b1) - (a2 - a1))
        rows.append(gaps)
    return rows


LINE_DIFFER = Markup('<span class="release-line-differ" aria-hidden="true" '
                     'data-search-exclude>≠ {}</span>')


def differing(n: int, texts: list[list[str]], releases: list[tuple[str, ...]]) -> dict[int, list]:
    """{line index of block `n`: the releases of the other blocks that do not print it there}."""
    found: dict[int, list] = {}
    for m, theirs in enumerate(texts):
        if m == n:
            continue
        matcher = difflib.SequenceMatcher(None, texts[n], theirs, autojunk=False)
        for tag, a1, a2, _, _ in matcher.get_opcodes():
            for i in range(a1, a2) if tag != "equal" else ():
                found.setdefault(i, []).extend(releases[m])
    return found


def per_line(found: list[str], n: int, texts, releases) -> list[str]:
    """Block `n`'s lines, each marked one followed by what it differs from ("≠ 2.13.0") when its
    marked lines do not all differ from the same releases (three blocks or more): the title's
    "≠ 2.13.0, 2.15.0" would otherwise claim every marked line differs from both."""
    against = differing(n, texts, releases)
    marked = {i: tuple(against.get(i, ())) for i, line in enumerate(found) if line.startswith(MARKED)}
    if len(set(marked.values())) < 2:
        return found
    return [line[:-len("\n</span>")] + str(LINE_DIFFER.format(", ".join(marked[i])))
            + "\n</span>" if i in marked and marked[i] else line for i, line in enumerate(found)]


def _box(run: re.Match, text) -> str:
    blocks = [PARTS.fullmatch(b) for b in re.findall(BLOCK, run[0], re.S)]
    lines = [LINE.findall(b["code"]) if b else [] for b in blocks]
    if not all(b and "".join(found) == b["code"] for found, b in zip(lines, blocks)):
        return f'<div class="{CLASS}">{run[0]}</div>'  # not the fences' blocks: grouped as is
    texts = [[html.unescape(re.sub(r"<[^>]+>", "", line)).rstrip("\n") for line in found]
             for found in lines]
    releases = [titled_releases(b["title"]) for b in blocks]
    # Marks and gaps only where lines are marked (by `make outputs`, or the changes page's runs
    # of changed lines): unmarked blocks side by side are not aligned line for line.
    compared = any(MARKED in b["code"] for b in blocks)
    gaps = missing_rows(texts) if compared else [{} for _ in blocks]
    missing = text("outputs_missing") if any(gaps) else ""
    rendered = []
    for n, (block, found) in enumerate(zip(blocks, lines)):
        found = per_line(found, n, texts, releases)
        code = "".join(str(MISSING.format(missing)) * gaps[n].get(i, 0) + "".join(found[i:i + 1])
                       for i in range(len(found) + 1))
        title = block["title"]
        others = ", ".join(r for m, group in enumerate(releases) if m != n for r in group)
        if MARKED in block["code"] and others:
            sentence = text("outputs_differ").format(releases=others)
            title += str(DIFFER.format(sentence, others))
        rendered.append(block["head"] + title + block["middle"] + code + block["tail"])
    longest = max([len(t) for found in texts for t in found]
                  + [len(missing) if any(gaps) else 0])
    classes = f"{CLASS} {ROW}" if longest <= column_ch(len(blocks)) else CLASS
    return (f'<div class="{classes}" style="--columns: {len(blocks)}" '
            f'data-longest="{longest}">' + "\n".join(rendered) + "</div>")


def side_by_side(html_text: str, text) -> str:
    """The page's HTML with every run of adjacent output blocks in one box, its texts
    `text(key)` (the language's interface texts), and every output line its own row
    (`hanging`)."""
    return hanging(RUN.sub(lambda run: _box(run, text), html_text))


# A block that wraps (an output, a result to compare, a command: extra.css) and in it a row: a marked line, a missing line's row, a printed line.
OUTPUT_CODE = re.compile(r'(<div class="language-(?:output|text|sh) highlight">(?:(?!</div>).)*?<code>)'
                         r"(.*?)(</code>)", re.S)
ROW_IN_CODE = re.compile(r'(<span class="hll">)([^\n]*\n)</span>'
                         r'|(<span class="release-missing"[^>]*>[^\n]*\n</span>)|([^\n]*\n|[^\n]+$)')


def _row(match: re.Match) -> str:
    if match[3]:
        return match[3]
    text = match[2] if match[1] else match[4]
    shown = html.unescape(re.sub(r"<[^>]+>", "", text))
    lead = len(shown) - len(shown.lstrip(" "))
    style = f' style="--lead: {lead}"' if lead else ""
    if match[1]:
        return f'<span class="hll output-line"{style}>{text}</span>'
    return f'<span class="output-line"{style}>{text}</span>'


def hanging(html_text: str) -> str:
    """Each line of a block that wraps (an output, ```text, ```sh) in a row of its own
    (`output-line`, its leading spaces in `--lead`): extra.css gives it a hanging indent, so on a phone a wrapped line goes on under
    its own start, not at the block's left edge, where it would read as a line of its own. The
    newline stays in the row, so the text copied and searched is the output as printed."""
    return OUTPUT_CODE.sub(lambda m: m[1] + ROW_IN_CODE.sub(_row, m[2]) + m[3], html_text)
