"""A code block's outputs on different releases as a reader sees them (verified_docs/
release_outputs.py, extra.css): each release named; side by side where the build made a row, else
stacked full width, no line wrapped; stacked on a phone; differing lines marked, each marked block
naming what it differs from; rows level (a missing-line row for a line one release lacks)."""

import pytest

from tests.browser.conftest import LANGS
from tests.repo import SITE
from verified_docs.model import versions

SCREENS = {"desktop": "visits", "phone": "phone_visits", "desktop, dark": "dark_visits"}


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", LANGS)
def test_outputs_of_every_release_are_in_view_together(request, lang, screen):
    found = [(v.page.source, n, box) for v in request.getfixturevalue(SCREENS[screen]).of(lang)
             for n, box in enumerate(v.release_outputs, 1)]
    assert found, (f"{lang}: no box of a code block's outputs was measured (the box no longer "
                   "follows its code block?)")
    for source, n, box in found:
        where = f"docs/{source}, outputs box {n} ({screen})"
        blocks = box["blocks"]
        assert all("language-output" in c.split() for c in box["children"]), (
            f"{where}: the box holds more than outputs: {box['children']}")
        assert len(blocks) >= 2 and all(b["visible"] for b in blocks), (
            f"{where}: every release's output must be shown, none hidden")
        named = [r for b in blocks for r in b["releases"]]
        assert sorted(named, key=versions.key) == list(SITE.torch.ascending()), (
            f"{where}: the visible titles {[b['title'] for b in blocks]} must name each "
            f"verified release once")
        assert not box["pageWider"], f"{where}: the page is wider than the screen"
        if screen == "phone":
            assert box["stacked"], f"{where}: on a phone the outputs must stand one under another"
        else:
            check_desktop(where, box)
        marks = [m for b in blocks for m in b["marks"]]
        assert marks, f"{where}: the outputs differ, but no line is marked"
        check_legend_and_missing_rows(where, blocks)
        for mark in marks:
            assert mark["barWidth"] >= 3 and mark["contrast"] >= 3, (
                f"{where}: the marked line {mark['text']!r} is hard to see: its bar is "
                f"{mark['barWidth']} px at {mark['contrast']:.2f}:1 against the code's "
                "background (extra.css, .hll; at least 3 px and 3:1)")


def check_desktop(where: str, box: dict) -> None:
    blocks = box["blocks"]
    if box["row"]:
        assert box["sideBySide"], (
            f"{where}: the build made this box a row, but its outputs are not side by side")
    else:
        assert box["stacked"] and box["fullWidth"], (
            f"{where}: a box whose longest line does not fit a column must stack its outputs, "
            "each the box's full width")
    wrapped = [f"{b['title']}: {r['text']!r} ({r['lines']} lines)"
               for b in blocks for r in b["rows"] if r["lines"] > 1]
    assert not wrapped, (f"{where}: at 1280 px these output lines wrap (a table-like output "
                         "becomes hard to read; verified_docs/build/release_outputs.py decides a "
                         "row from the longest line):\n  " + "\n  ".join(wrapped))


def check_legend_and_missing_rows(where: str, blocks: list) -> None:
    for n, block in enumerate(blocks):
        others = [r for m, b in enumerate(blocks) if m != n for r in b["releases"]]
        if block["marks"]:
            assert block["differ"] == "≠ " + ", ".join(others), (
                f"{where}: the block {block['title']!r} has marked lines but its title says "
                f"{block['differ']!r}, not what they differ from ('≠ {', '.join(others)}')")
    if len(blocks) == 2:
        counts = [len(b["rows"]) for b in blocks]
        assert counts[0] == counts[1], (
            f"{where}: the outputs have {counts} rows: a line one release prints and the other "
            "does not must be shown in the other as a missing-line row")
