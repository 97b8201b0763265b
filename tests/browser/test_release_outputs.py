"""A code block's outputs on different releases, as a reader sees them: every release named in
a visible title, the outputs side by side on a desktop and one under another on a phone, never
wider than the screen, and the lines that differ marked by a bar that stands out from the code's
background (verified_docs/release_outputs.py, extra.css)."""

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
      blocks.push({
        title: title && title.checkVisibility() ? title.innerText.trim() : '',
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
                assert blocks[1]["top"] == blocks[0]["top"] and \
                    blocks[1]["left"] >= blocks[0]["right"], (
                        f"{where}: the first two outputs are not side by side on a desktop")
            else:  # a phone
                assert all(later["top"] >= earlier["bottom"] for earlier, later
                           in zip(blocks, blocks[1:])), (
                    f"{where}: on a phone the outputs must stand one under another")
            marks = [m for b in blocks for m in b["marks"]]
            assert marks, f"{where}: the outputs differ, but no line is marked"
            for mark in marks:
                assert mark["barWidth"] >= 3 and mark["bar"] >= 3, (
                    f"{where}: the marked line {mark['text']!r} is hard to see: its bar is "
                    f"{mark['barWidth']} px at {mark['bar']:.2f}:1 against the code's "
                    "background (extra.css, .hll; at least 3 px and 3:1)")
