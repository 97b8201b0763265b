"""The build's grouping of output blocks (verified_docs/release_outputs.py), on small HTML: a run
of adjacent outputs becomes one box, and nothing else ever goes into it; the box is a row only
when its longest line fits a column (three blocks: one row or none); a block with marked lines
names the releases they differ from; a line another release prints is a row of its own."""

from verified_docs.release_outputs import CLASS, ROW, column_ch, missing_rows, side_by_side

OUT = '<div class="language-output highlight"><pre><code>{}</code></pre></div>'
CODE = '<div class="language-python highlight"><pre><code>print(1)</code></pre></div>'


def test_adjacent_outputs_share_one_box():
    html = CODE + OUT.format("a") + "\n" + OUT.format("b")
    assert side_by_side(html) == (CODE + f'<div class="{CLASS}">' + OUT.format("a") + "\n"
                                  + OUT.format("b") + "</div>")


def test_a_single_output_stays_as_it_is():
    html = CODE + OUT.format("a") + "<p>text</p>"
    assert side_by_side(html) == html


def test_outputs_apart_are_not_joined_with_what_lies_between():
    html = OUT.format("a") + "<p>text</p>" + CODE + OUT.format("b") + "\n" + OUT.format("c")
    grouped = side_by_side(html)
    assert grouped.count(f'class="{CLASS}"') == 1
    assert grouped.startswith(OUT.format("a") + "<p>text</p>" + CODE + f'<div class="{CLASS}">')


def titled(release: str, *lines: str, marked=()) -> str:
    """An output block as the build renders it: the fence's title, a `go` span per line, the
    marked lines in an `hll` span."""
    code = "".join(f'<span class="hll"><span class="go">{line}</span>\n</span>' if n in marked
                   else f'<span class="go">{line}</span>\n' for n, line in enumerate(lines, 1))
    return (f'<div class="language-output highlight"><span class="filename">Output · PyTorch '
            f'{release}</span><pre><span></span><code>{code}</code></pre></div>')


def test_blocks_stand_in_a_row_only_when_their_longest_line_fits_a_column():
    fits, too_long = "x" * column_ch(2), "x" * (column_ch(2) + 1)
    row = side_by_side(titled("2.13.0", fits, marked=[1]) + titled("2.15.0", "y", marked=[1]))
    assert f'class="{CLASS} {ROW}"' in row and "--columns: 2" in row
    stacked = side_by_side(titled("2.13.0", too_long, marked=[1])
                           + titled("2.15.0", "y", marked=[1]))
    assert f'class="{CLASS}"' in stacked and ROW not in stacked


def test_three_blocks_are_one_row_or_all_stacked():
    assert column_ch(3) < column_ch(2)
    line = "x" * (column_ch(3) + 1)  # fits two columns, not three: all three stack
    html = side_by_side("".join(titled(r, line, marked=[1]) for r in ("1.0", "2.0", "3.0")))
    assert ROW not in html and "--columns: 3" in html


def test_a_marked_block_names_what_it_differs_from_in_the_page_language():
    html = side_by_side(titled("2.13.0", "a", "b", marked=[2])
                        + titled("2.14.1, 2.15.0", "a", "c", marked=[2]),
                        {"outputs_differ": "Отличается от {releases}"})
    first, second = html.split('<div class="language-output', 2)[1:]
    assert "≠ 2.14.1, 2.15.0" in first and "Отличается от 2.14.1, 2.15.0" in first
    assert "≠ 2.13.0" in second


def test_a_line_one_release_lacks_is_a_row_of_its_own_where_the_line_would_be():
    html = side_by_side(titled("2.13.0", "a", "gone", "b", marked=[2])
                        + titled("2.15.0", "a", "b"), {"outputs_missing": "(none)"})
    second = html.split('<div class="language-output', 2)[2]
    assert ('<span class="go">a</span>\n<span class="release-missing" data-search-exclude>'
            '(none)\n</span>'
            '<span class="go">b</span>\n') in second
    assert "release-missing" not in html.split('<div class="language-output', 2)[1]
    assert missing_rows([["a", "b", "c"], ["a", "x", "y", "c"]]) == [{2: 1}, {}]


def test_the_changes_pages_pairs_get_no_marks_and_no_missing_rows():
    html = side_by_side(titled("2.13.0", "old 1", "old 2") + titled("2.14.1", "new"))
    assert "release-missing" not in html and "release-differ" not in html
