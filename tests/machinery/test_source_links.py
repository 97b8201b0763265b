"""verified_docs/build/source_links.py: a fence that only includes a snippet gets the snippet's path as
its title, whatever else its info string says, and the rendered block keeps every attribute."""

import markdown
import pytest

from verified_docs.build.source_links import title_includes as titled

INCLUDE = '--8<-- "snippets/x.py"'


@pytest.mark.parametrize("fence, expected", [
    ("```python", '```python title="snippets/x.py"'),
    ('```{.python hl_lines="2 3"}', '```{.python hl_lines="2 3" title="snippets/x.py"}'),
    ('```{.python continuation torch="2.13"}',
     '```{.python continuation torch="2.13" title="snippets/x.py"}'),
    ('```python hl_lines="1"', '```python hl_lines="1" title="snippets/x.py"'),
    ('```python title="Mine"', '```python title="Mine"'),
    ("```", "```"),
    (f"```python\n{INCLUDE}\nprint(1)", f"```python\n{INCLUDE}\nprint(1)"),  # more than an include
    ("/// details | Full script\n    ```python", '/// details | Full script\n    ```python '
     'title="snippets/x.py"'),  # indented in a block
])
def test_title_added_to_an_include_only_fence(fence, expected):
    indent = "    " if fence.startswith("///") else ""
    page = f"Text\n\n{fence}\n{indent}{INCLUDE}\n{indent}```\n"
    assert titled(page) == f"Text\n\n{expected}\n{indent}{INCLUDE}\n{indent}```\n"


def test_rendered_block_keeps_highlighted_lines_and_shows_the_title():
    source = '```{.python hl_lines="2"}\n--8<-- "snippets/__init__.py"\n```\n'
    html = markdown.markdown(titled(source).replace(
        '--8<-- "snippets/__init__.py"', "a = 1\nb = 2\nc = 3"),
        extensions=["pymdownx.highlight", "pymdownx.superfences"])
    assert '<span class="filename">snippets/__init__.py</span>' in html
    assert '<span class="hll">' in html and html.count('class="hll"') == 1
