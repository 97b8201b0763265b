"""verified_docs/source_links.py: a fence that only includes a snippet gets the snippet's path as
its title, whatever else its info string says, and the rendered block keeps every attribute."""

import markdown
import pytest

from verified_docs.source_links import title_includes as titled


@pytest.mark.parametrize("fence, expected", [
    ("```python", '```python title="snippets/x.py"'),
    ('```{.python hl_lines="2 3"}', '```{.python hl_lines="2 3" title="snippets/x.py"}'),
    ('```{.python continuation torch="2.13"}',
     '```{.python continuation torch="2.13" title="snippets/x.py"}'),
    ('```python hl_lines="1"', '```python hl_lines="1" title="snippets/x.py"'),
    ('```python title="Mine"', '```python title="Mine"'),
    ("```", "```"),
])
def test_title_added_to_an_include_only_fence(fence, expected):
    page = f'Text\n\n{fence}\n--8<-- "snippets/x.py"\n```\n'
    assert titled(page) == f'Text\n\n{expected}\n--8<-- "snippets/x.py"\n```\n'


def test_fences_with_more_than_an_include_are_left_alone():
    page = '```python\n--8<-- "snippets/x.py"\nprint(1)\n```\n'
    assert titled(page) == page


def test_indented_fence_in_a_block():
    page = '/// details | Full script\n    ```python\n    --8<-- "snippets/x.py"\n    ```\n///\n'
    assert 'title="snippets/x.py"' in titled(page)


def test_rendered_block_keeps_highlighted_lines_and_shows_the_title():
    source = '```{.python hl_lines="2"}\n--8<-- "snippets/__init__.py"\n```\n'
    html = markdown.markdown(titled(source).replace(
        '--8<-- "snippets/__init__.py"', "a = 1\nb = 2\nc = 3"),
        extensions=["pymdownx.highlight", "pymdownx.superfences"])
    assert '<span class="filename">snippets/__init__.py</span>' in html
    assert '<span class="hll">' in html and html.count('class="hll"') == 1
