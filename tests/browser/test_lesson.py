"""Every page reads as a lesson with its folds closed (CONTRIBUTING, "The answer first"): the
first code block a reader sees is a short demonstration, and the page is at most 12 screens of a
1280 x 900 desktop; proofs and history go into folds or onto a page of their own. A file a page
offers for download (the exercise's starter and checker) is on that first screen."""

SCREEN, SCREENS, FIRST_BLOCK_LINES = 900, 12, 20


def test_every_page_is_at_most_12_desktop_screens_with_its_folds_closed(visits):
    heights = {f"docs/{v.page.source}": v.lesson["height"] for v in visits.values()}
    assert max(heights.values()) > 2 * SCREEN, (
        f"no page is longer than two screens ({heights}); the page height was not measured")
    long = [f"{source}: {height / SCREEN:.1f} screens" for source, height in heights.items()
            if height > SCREENS * SCREEN]
    assert not long, (
        f"with its folds closed a page is at most {SCREENS} screens of 1280 x {SCREEN}; move "
        "proofs, per-release history and edge cases into a `/// details | <what it proves>` "
        "fold, or onto a page of their own (`make new-page`):\n  " + "\n  ".join(long))


def test_the_first_code_block_a_reader_sees_is_at_most_20_lines(visits):
    firsts = {f"docs/{v.page.source}": v.lesson["first"] for v in visits.values()
              if v.lesson["first"]}
    assert any(len(lines) > 5 for lines in firsts.values()), (
        f"no page shows a first code block longer than 5 lines ({firsts}); nothing was measured")
    long = [f"{source}: {len(lines)} lines, starting {lines[0]!r}"
            for source, lines in firsts.items() if len(lines) > FIRST_BLOCK_LINES]
    assert not long, (
        f"the first code block after the answer box is the shortest demonstration, at most "
        f"{FIRST_BLOCK_LINES} lines; show less of the harness (fold it in `/// details | Full "
        "script`) or demonstrate something smaller first:\n  " + "\n  ".join(long))


def test_every_download_a_page_offers_is_on_its_first_desktop_screen(visits):
    offered = {f"docs/{v.page.source}": v.lesson["downloads"] for v in visits.values()
               if v.lesson["downloads"]}
    assert offered, "no page offers a file for download: the exercise's links were not measured"
    low = [f"{source}: {name}, first offered at {first:.0f} px"
           for source, links in offered.items()
           for name in {name for name, _ in links}
           if (first := min(bottom for n, bottom in links if n == name)) > SCREEN]
    assert not low, (
        f"every file a page offers (its starter, its checker) has a download link on the first "
        f"screen of 1280 x {SCREEN}, in the answer box:\n  " + "\n  ".join(low))
