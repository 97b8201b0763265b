"""Highlighted lines stay on the code the page means (verified_docs/model/highlights.py): on every page
of every language, and on small pages that break it each way."""

import pytest

from tests.repo import SITE
from verified_docs.model.highlights import problems


@pytest.mark.parametrize("page", SITE.all_pages(), ids=SITE.relative)
def test_highlighted_lines_are_the_ones_the_comment_names(page):
    found = problems(SITE, page)
    if found:
        pytest.fail("\n".join(found), pytrace=False)


CODE = "import torch\n\nx = torch.ones(2)\ny = x.clone()\nprint(y)\n"
CLONE = "<!-- highlights: x.clone() -->\n"


@pytest.mark.parametrize("above, lines, code, expected", [
    (CLONE, "4", CODE, []),
    ("<!-- highlights: x = torch | y = x.clone() -->\n", "3-4", CODE, []),  # each line of a range
    (CLONE, "4", "# a new first line\n" + CODE,
     ["page.md:4: hl_lines=\"4\" highlights line 4: 'x = torch.ones(2)', but the comment above "
      "names ['x.clone()']: the highlighted lines moved; write hl_lines=\"5\""]),
    ("", "4", CODE, ["page.md:3: hl_lines=\"4\" without a comment naming what it highlights"]),
    (CLONE, None, CODE, ["page.md:3: a `highlights:` comment above a code block that "
                         "highlights no line"]),
    ("<!-- highlights: x -->\n", "1", CODE,
     ["each piece must be on exactly one line of the code: name a longer piece"]),
    (CLONE + "\n", "4", CODE, ["page.md:5: hl_lines=\"4\" without a comment",
                               "page.md:3: a `highlights:` comment that is not right above a code "
                               "block"]),
], ids=["names-them", "range", "moved", "no-comment", "no-hl_lines", "ambiguous-piece",
        "comment-away-from-its-fence"])
def test_a_small_page(tmp_path, above, lines, code, expected):
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")  # a site's page
    page = tmp_path / "page.md"
    fence = f'```{{.python hl_lines="{lines}"}}' if lines else "```python"
    page.write_text(f"# T\n\n{above}{fence}\n{code}```\n", encoding="utf-8")
    found = problems(SITE, page)
    assert len(found) == len(expected) and all(
        want in got for want, got in zip(expected, found)), f"expected {expected}, got {found}"

