"""Highlighted lines stay on the code the page means (verified_docs/highlights.py): on every page
of every language, and on small pages whose snippet gained a line, whose comment is missing, or
whose comment has no code block under it."""

import pytest

from tests.repo import SITE
from verified_docs.highlights import problems


@pytest.mark.parametrize("page", SITE.all_pages(), ids=SITE.relative)
def test_highlighted_lines_are_the_ones_the_comment_names(page):
    found = problems(page)
    if found:
        pytest.fail("\n".join(found), pytrace=False)


CODE = "import torch\n\nx = torch.ones(2)\ny = x.clone()\nprint(y)\n"


def page(tmp_path, text: str):
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")  # a site's page
    path = tmp_path / "page.md"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_fence_highlighting_what_its_comment_names_passes(tmp_path):
    path = page(tmp_path, "# T\n\n<!-- highlights: x.clone() -->\n"
                          f'```{{.python hl_lines="4"}}\n{CODE}```\n')
    assert problems(path) == []


def test_a_line_added_above_moves_the_highlight_and_fails_with_the_new_number(tmp_path):
    path = page(tmp_path, "# T\n\n<!-- highlights: x.clone() -->\n"
                          f'```{{.python hl_lines="4"}}\n# a new first line\n{CODE}```\n')
    [found] = problems(path)
    assert found.startswith("page.md:4: hl_lines=\"4\" highlights line 4: 'x = torch.ones(2)'")
    assert "the highlighted lines moved; write hl_lines=\"5\"" in found


def test_hl_lines_without_a_comment_fails(tmp_path):
    path = page(tmp_path, f'# T\n\n```{{.python hl_lines="4"}}\n{CODE}```\n')
    [found] = problems(path)
    assert found.startswith("page.md:3: hl_lines=\"4\" without a comment naming what it "
                            "highlights")


def test_a_comment_away_from_a_fence_fails(tmp_path):
    path = page(tmp_path, "# T\n\n<!-- highlights: x.clone() -->\n\n"
                          f'```{{.python hl_lines="4"}}\n{CODE}```\n')
    found = problems(path)
    assert "page.md:3: a `highlights:` comment that is not right above a code block" in found


def test_a_piece_on_two_lines_asks_for_a_longer_one(tmp_path):
    path = page(tmp_path, "# T\n\n<!-- highlights: x -->\n"
                          f'```{{.python hl_lines="1"}}\n{CODE}```\n')
    [found] = problems(path)
    assert "each piece must be on exactly one line of the code" in found


def test_a_range_counts_each_of_its_lines(tmp_path):
    path = page(tmp_path, "# T\n\n<!-- highlights: x = torch | y = x.clone() -->\n"
                          f'```{{.python hl_lines="3-4"}}\n{CODE}```\n')
    assert problems(path) == []
