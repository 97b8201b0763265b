"""Outputs that differ between releases shown together (a piece of the build,
verified_docs/plugin.py).

`make outputs` writes one ```output fence per distinct output after a code fence, each titled
with its releases, the lines that differ marked (verified_docs/outputs.py). Here each run of two
or more such blocks becomes one `release-outputs` box: every release's output in view at once,
none behind a tab.

- Side by side or stacked, decided here from the longest line, so it holds without a script:
  the blocks stand in one row (on a screen of Material's tablet width or wider, extra.css) only
  when that line fits one column; otherwise every block is the column's full width. Three blocks
  are one row or all stacked, never two and one.
- A block with marked lines says what they differ from: "≠ 2.14.1, 2.15.0" in its title (and the
  sentence `outputs_differ` for screen readers and as a tooltip).
- A line one release prints and another does not is shown in the other's block as a row of its
  own, `outputs_missing` (the `release-missing` class), where the line would be, so the rows of
  blocks side by side stay level and the reader sees that nothing was cut.
- Neither the legend nor a missing-line row is searched (`data-search-exclude`): fifteen
  "differ from" sentences a page would rank it for "different".
"""

from __future__ import annotations

import difflib
import html
import re

from markupsafe import Markup

CLASS = "release-outputs"
ROW = "release-outputs--row"
# pymdownx.highlight with `pygments_lang_class` marks a fence's language on its box; a box holds
# no <div> of its own (its code is escaped), so the first </div> closes it, and a block never
# reaches past it (or the run would take in everything up to a later output).
BLOCK = r'<div class="language-output highlight">(?:(?!</div>).)*</div>'
RUN = re.compile(rf"{BLOCK}(?:\s*{BLOCK})+", re.S)
PARTS = re.compile(r'(?P<head><div class="language-output highlight">'
                   r'<span class="filename">)(?P<title>[^<]*)(?P<middle></span><pre>.*?<code>)'
                   r"(?P<code>.*?)(?P<tail></code></pre></div>)", re.S)
# Pygments closes every span at the end of a line, and a highlighted line is the whole line in
# one `hll` span, its newline inside.
LINE = re.compile(r'<span class="hll">[^\n]*\n</span>|[^\n]*\n')
TAG = re.compile(r"<[^>]+>")
RELEASE = re.compile(r"\d+(?:\.\d+)+")

# Widths in characters of the output's font (extra.css: 12.8 px; DejaVu Sans Mono, like SF Mono
# and Menlo, is 0.6 of its size wide, Consolas narrower), measured in Chromium at 45em, Material's
# tablet width and the narrowest window where blocks stand side by side, in a fold (`???`), the
# narrowest place a box stands: 662 px of 7.7 px characters, 86 of them; the grid's gap (0.8em
# of the text) is 1.7 of them, and a block's padding (1.18em of the code on each side) 4.
ARTICLE_CH, GAP_CH, PADDING_CH = 86, 1.7, 4


def column_ch(blocks: int) -> int:
    """How many characters a line may have to fit one of `blocks` columns side by side."""
    return int((ARTICLE_CH - (blocks - 1) * GAP_CH) / blocks - PADDING_CH)


def line_text(line: str) -> str:
    return html.unescape(TAG.sub("", line)).rstrip("\n")


def missing_rows(texts: list[list[str]]) -> list[dict[int, int]]:
    """For each block's lines, {line index: how many lines another block prints there that this
    one lacks} (for two blocks an exact alignment; for more, the most any other block has)."""
    rows = []
    for i, mine in enumerate(texts):
        gaps: dict[int, int] = {}
        for j, theirs in enumerate(texts):
            if i == j:
                continue
            matcher = difflib.SequenceMatcher(None, mine, theirs, autojunk=False)
            for tag, a1, a2, b1, b2 in matcher.get_opcodes():
                lacking = (b2 - b1) - (a2 - a1) if tag in ("insert", "replace") else 0
                if lacking > 0:
                    gaps[a2] = max(gaps.get(a2, 0), lacking)
        rows.append(gaps)
    return rows


def _box(run: re.Match, strings: dict) -> str:
    blocks = [PARTS.fullmatch(b) for b in re.findall(BLOCK, run[0], re.S)]
    if not all(blocks):  # not the blocks the fences give: grouped, as they are
        return f'<div class="{CLASS}">{run[0]}</div>'
    lines = [LINE.findall(b["code"]) for b in blocks]
    if any("".join(found) != b["code"] for found, b in zip(lines, blocks, strict=True)):
        return f'<div class="{CLASS}">{run[0]}</div>'
    texts = [[line_text(line) for line in found] for found in lines]
    releases = [RELEASE.findall(b["title"].rpartition("PyTorch")[2]) for b in blocks]
    # Marks and gaps only where `make outputs` marked lines: the changes page's pairs of blocks
    # list changed lines, which are not aligned line for line.
    compared = any('<span class="hll">' in b["code"] for b in blocks)
    gaps = missing_rows(texts) if compared else [{} for _ in blocks]
    missing = strings.get("outputs_missing", "(this release prints no such line)")
    rendered = []
    for n, (block, found) in enumerate(zip(blocks, lines, strict=True)):
        code = []
        for index in range(len(found) + 1):
            # The newline inside the row: copying the block (extra.css hides the row while
            # Material copies) gives the release's output as printed.
            code += [str(Markup('<span class="release-missing" data-search-exclude>{}\n</span>')
                         .format(missing))] * gaps[n].get(index, 0)
            code += found[index:index + 1]
        title = block["title"]
        others = [r for m, group in enumerate(releases) if m != n for r in group]
        if '<span class="hll">' in block["code"] and others:
            listed = ", ".join(others)
            sentence = strings.get("outputs_differ", "Marked lines differ from the output of "
                                   "PyTorch {releases}").format(releases=listed)
            # data-search-exclude on the innermost spans: Material's search parser ends an
            # exclusion at the first closing tag of the same name.
            title += str(Markup(' <span class="release-differ" title="{0}">'
                                '<span aria-hidden="true" data-search-exclude>≠ {1}</span>'
                                '<span class="visually-hidden" data-search-exclude>{0}</span>'
                                '</span>').format(sentence, listed))
        rendered.append(block["head"] + title + block["middle"] + "".join(code) + block["tail"])
    longest = max((len(t) for found in texts for t in found), default=0)
    if any(gaps):
        longest = max(longest, len(missing))
    row = longest <= column_ch(len(blocks))
    classes = f"{CLASS} {ROW}" if row else CLASS
    joined = "\n".join(rendered)
    return (f'<div class="{classes}" style="--columns: {len(blocks)}" '
            f'data-longest="{longest}">{joined}</div>')


def side_by_side(html_text: str, strings: dict | None = None) -> str:
    """The page's HTML with every run of adjacent output blocks in one `release-outputs` box,
    `release-outputs--row` when its longest line fits a column; `strings` are the language's
    `extra.strings` (outputs_differ, outputs_missing)."""
    return RUN.sub(lambda run: _box(run, strings or {}), html_text)

