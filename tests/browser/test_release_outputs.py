"""A code block's outputs on different releases, as a reader sees them: every release named in
a visible title; on a desktop side by side when the build made the box a row, otherwise one under
another, each the box's full width, and no output line wrapped either way; one under another on a
phone, never wider than the screen; the lines that differ marked by a bar that stands out from
the code's background, and each marked block saying which releases it differs from; a line one
release prints and another does not shown as a row in the other's block, so the rows stay level
(verified_docs/release_outputs.py, extra.css)."""

import pytest

from tests.repo import SITE
from verified_docs import versions

LANGS = [lang.locale for lang in SITE.built_languages]
DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
SCREENS = {"desktop": dict(viewport=DESKTOP), "phone": dict(viewport=PHONE, is_mobile=True),
           "phone, dark": dict(viewport=PHONE, is_mobile=True, color_scheme="dark")}

MEASURE = """async () => {
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const rgb = c => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const luminance = ([r, g, b]) => [r, g, b].map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const contrast = (a, b) => { const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p);
                               return (x + 0.05) / (y + 0.05); };
  const found = [];
  for (const box of document.querySelectorAll('article .release-outputs')) {
    // A code block's outputs follow it; the changes page's pairs of releases follow no code.
    if (!box.previousElementSibling?.matches('.language-python')) continue;
    // A box inside a fold ("Full script") is read as a reader reads it: with the fold open.
    for (let fold = box.closest('details'); fold; fold = fold.parentElement.closest('details')) {
      fold.open = true;
    }
    const blocks = [];
    for (const block of box.querySelectorAll(':scope > .highlight')) {
      // The theme sets up a block (its title bar's copy button) when it first comes into view
      // (content.lazy): each block is brought into view and read once the browser has drawn it.
      block.scrollIntoView({block: 'start', behavior: 'instant'});
      const title = block.querySelector(':scope > .filename');
      for (let i = 0; i < 10 && title && !title.innerText.trim(); i++) await frame();
      const rect = block.getBoundingClientRect();
      const code = getComputedStyle(block.querySelector('pre')).backgroundColor;
      const differ = title && title.querySelector('.release-differ');
      // The title's own text, without the "≠ …" legend after it.
      const own = title ? [...title.childNodes].filter(n => n !== differ)
        .map(n => n.textContent).join('').trim() : '';
      // Each line as drawn: a printed line (one `go` span) or a missing-line row; a line drawn
      // on more than one line box has wrapped.
      const rows = [...block.querySelectorAll('pre > code > .go, pre > code > .hll > .go, '
                                              + 'pre > code > .release-missing')]
        .map(el => ({text: el.innerText.replace(/\\n$/, ''), missing: el.matches('.release-missing'),
                     // (a run of spaces can be a box of its own on the same line: lines are told apart by top)
                     lines: new Set([...el.getClientRects()].filter(r => r.width > 0)
                       .map(r => Math.round(r.top))).size}));
      blocks.push({
        title: title && title.checkVisibility() ? own : '',
        differ: differ && differ.checkVisibility()
          ? differ.querySelector('[aria-hidden]').innerText.trim() : '',
        rows,
        top: rect.top + scrollY, bottom: rect.bottom + scrollY, left: rect.left, right: rect.right,
        visible: block.checkVisibility() && rect.width > 0 && rect.height > 0,
        marks: [...block.querySelectorAll('.hll')].map(line => {
          const shadow = getComputedStyle(line).boxShadow;
          const bar = (shadow.match(/rgba?\\([^)]*\\)/) || [''])[0];
          return {text: line.innerText.trim(), bar: bar ? contrast(bar, code) : 0,
                  barWidth: parseFloat((shadow.match(/\\)\\s+([\\d.]+)px/) || [0, 0])[1])};
        }),
      });
    }
    found.push({blocks, children: [...box.children].map(c => c.className),
                row: box.classList.contains('release-outputs--row'),
                width: box.getBoundingClientRect().width,
                pageWider: document.documentElement.scrollWidth > innerWidth});
  }
  return found;
}"""


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", LANGS)
def test_outputs_of_every_release_are_in_view_together(browser, server, site, pages, lang,
                                                        screen):
    from tests.browser.conftest import read_every_page

    with_boxes = [page for page in pages if page.lang.locale == lang and "release-outputs" in
                  (site / page.location / "index.html").read_text(encoding="utf-8")]
    assert with_boxes, f"no page in {lang!r} shows outputs that differ between releases"
    found = read_every_page(browser, server, with_boxes,
                            lambda t, page, url: (page.source, t.page.evaluate(MEASURE)),
                            **SCREENS[screen])
    assert any(boxes for _, boxes in found.values()), (
        f"{lang}: no box of a code block's outputs was measured (the box no longer follows its "
        "code block?)")
    for source, boxes in found.values():
        for n, box in enumerate(boxes, 1):
            where = f"docs/{source}, outputs box {n} ({screen})"
            blocks = box["blocks"]
            assert all("language-output" in c.split() for c in box["children"]), (
                f"{where}: the box holds more than outputs: {box['children']}")
            assert len(blocks) >= 2 and all(b["visible"] for b in blocks), (
                f"{where}: every release's output must be shown, none hidden")
            named = [r for b in blocks for r in b["title"].rpartition("PyTorch")[2]
                     .replace(",", " ").split()]
            assert sorted(named, key=versions.key) == list(SITE.torch.ascending()), (
                f"{where}: the visible titles {[b['title'] for b in blocks]} must name each "
                f"verified release once")
            assert not box["pageWider"], f"{where}: the page is wider than the screen"
            if screen == "desktop":
                check_desktop(where, box)
            else:  # a phone
                assert all(later["top"] >= earlier["bottom"] for earlier, later
                           in zip(blocks, blocks[1:])), (
                    f"{where}: on a phone the outputs must stand one under another")
            marks = [m for b in blocks for m in b["marks"]]
            assert marks, f"{where}: the outputs differ, but no line is marked"
            check_legend_and_missing_rows(where, blocks)
            for mark in marks:
                assert mark["barWidth"] >= 3 and mark["bar"] >= 3, (
                    f"{where}: the marked line {mark['text']!r} is hard to see: its bar is "
                    f"{mark['barWidth']} px at {mark['bar']:.2f}:1 against the code's "
                    "background (extra.css, .hll; at least 3 px and 3:1)")


def check_desktop(where: str, box: dict) -> None:
    """A box the build made a row stands in one row; any other is stacked, each block the box's
    full width; in both, no output line wraps."""
    blocks = box["blocks"]
    if box["row"]:
        assert all(b["top"] == blocks[0]["top"] for b in blocks) and all(
            later["left"] >= earlier["right"] for earlier, later in zip(blocks, blocks[1:])), (
            f"{where}: the build made this box a row, but its outputs are not side by side")
    else:
        assert all(later["top"] >= earlier["bottom"] for earlier, later
                   in zip(blocks, blocks[1:])) and all(
            abs((b["right"] - b["left"]) - box["width"]) < 1 for b in blocks), (
            f"{where}: a box whose longest line does not fit a column must stack its outputs, "
            "each the box's full width")
    wrapped = [f"{b['title']}: {r['text']!r} ({r['lines']} lines)"
               for b in blocks for r in b["rows"] if r["lines"] > 1]
    assert not wrapped, (f"{where}: at 1280 px these output lines wrap (a table-like output "
                         "becomes hard to read; verified_docs/release_outputs.py decides a "
                         "row from the longest line):\n  " + "\n  ".join(wrapped))


def check_legend_and_missing_rows(where: str, blocks: list) -> None:
    """A block with marked lines names, after its title, the releases of the other blocks; when
    two blocks print a different number of lines, the shorter shows a missing-line row for each
    line it lacks, so both have as many rows."""
    for n, block in enumerate(blocks):
        others = [r for m, b in enumerate(blocks) if m != n
                  for r in b["title"].rpartition("PyTorch")[2].replace(",", " ").split()]
        if block["marks"]:
            assert block["differ"] == "≠ " + ", ".join(others), (
                f"{where}: the block {block['title']!r} has marked lines but its title says "
                f"{block['differ']!r}, not what they differ from ('≠ {', '.join(others)}')")
    if len(blocks) == 2:
        counts = [len(b["rows"]) for b in blocks]
        assert counts[0] == counts[1], (
            f"{where}: the outputs have {counts} rows: a line one release prints and the other "
            "does not must be shown in the other as a missing-line row")
