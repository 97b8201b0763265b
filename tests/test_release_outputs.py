"""The build's grouping of output blocks (verified_docs/release_outputs.py), on small HTML: a run
of adjacent outputs becomes one box, and nothing else ever goes into it."""

from verified_docs.release_outputs import CLASS, side_by_side

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
