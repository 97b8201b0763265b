"""The build's grouping of output blocks (verified_docs/build/release_outputs.py), on small HTML."""

import pytest

from tests.repo import SITE
from verified_docs.build.release_outputs import CLASS, ROW, column_ch, missing_rows, side_by_side

OUT = '<div class="language-output highlight"><pre><code>{}</code></pre></div>'
CODE = '<div class="language-python highlight"><pre><code>print(1)</code></pre></div>'
BOX = f'<div class="{CLASS}">'


@pytest.mark.parametrize("page, grouped", [
    (CODE + OUT.format("a") + "\n" + OUT.format("b"),
     CODE + BOX + OUT.format("a") + "\n" + OUT.format("b") + "</div>"),
    (CODE + OUT.format("a") + "<p>text</p>", CODE + OUT.format("a") + "<p>text</p>"),
    (OUT.format("a") + "<p>text</p>" + CODE + OUT.format("b") + OUT.format("c"),
     OUT.format("a") + "<p>text</p>" + CODE + BOX + OUT.format("b") + OUT.format("c") + "</div>"),
], ids=["adjacent-share-a-box", "single-stays", "apart-not-joined"])
def test_only_adjacent_outputs_share_a_box(page, grouped):
    assert side_by_side(page, SITE.text) == grouped


def titled(release: str, *lines: str, marked=()) -> str:
    """An output block as the build renders it: the fence's title, a `go` span per line, the
    marked lines in an `hll` span."""
    code = "".join(f'<span class="hll"><span class="go">{line}</span>\n</span>' if n in marked
                   else f'<span class="go">{line}</span>\n' for n, line in enumerate(lines, 1))
    return (f'<div class="language-output highlight"><span class="filename">Output · PyTorch '
            f'{release}</span><pre><span></span><code>{code}</code></pre></div>')


@pytest.mark.parametrize("releases, longest, row", [
    (("2.13.0", "2.15.0"), column_ch(2), True),
    (("2.13.0", "2.15.0"), column_ch(2) + 1, False),
    (("1.0", "2.0", "3.0"), column_ch(3) + 1, False),  # fits two columns, not three: all stack
])
def test_blocks_stand_in_a_row_only_when_their_longest_line_fits_a_column(releases, longest, row):
    html = side_by_side("".join(titled(r, "x" * longest if n == 0 else "y", marked=[1])
                                for n, r in enumerate(releases)), SITE.text)
    assert (f'class="{CLASS} {ROW}"' in html) == row and f"--columns: {len(releases)}" in html, (
        f"{len(releases)} blocks whose longest line has {longest} characters should "
        f"{'' if row else 'not '}stand in a row (release_outputs.column_ch): {html[:120]}")


def test_a_marked_block_names_what_it_differs_from_in_the_page_language():
    html = side_by_side(titled("2.13.0", "a", "b", marked=[2])
                        + titled("2.14.1, 2.15.0", "a", "c", marked=[2]),
                        {"outputs_differ": "Отличается от {releases}"}.get)
    first, second = html.split('<div class="language-output', 2)[1:]
    assert "≠ 2.14.1, 2.15.0" in first and "Отличается от 2.14.1, 2.15.0" in first
    assert "≠ 2.13.0" in second


def test_a_line_one_release_lacks_is_a_row_of_its_own_where_the_line_would_be():
    html = side_by_side(titled("2.13.0", "a", "gone", "b", marked=[2])
                        + titled("2.15.0", "a", "b"),
                        {"outputs_missing": "(none)", "outputs_differ": "{releases}"}.get)
    first, second = html.split('<div class="language-output', 2)[1:]
    assert ('<span class="go">a</span>\n<span class="release-missing" data-search-exclude>'
            '(none)\n</span><span class="go">b</span>\n') in second
    assert "release-missing" not in first
    assert missing_rows([["a", "b", "c"], ["a", "x", "y", "c"]]) == [{2: 1}, {}]
    # The changes page's pairs of blocks list changed lines, unmarked: no marks, no gaps.
    html = side_by_side(titled("2.13.0", "old 1", "old 2") + titled("2.14.1", "new"), SITE.text)
    assert "release-missing" not in html and "release-differ" not in html
