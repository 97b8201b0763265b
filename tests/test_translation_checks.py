"""The parity check and the stamp, on small made-up pages: each difference a translation may not
have is reported with the line in both pages; what a translation may change passes."""

from __future__ import annotations

import re

import pytest

from verified_docs.i18n import UsageError
from verified_docs.i18n.parity import structure_differences
from verified_docs.i18n.stamps import HASH_KEY, stamp, text_hash, with_front_matter_key
from verified_docs.i18n.status import print_status
from verified_docs.site import PageError, Site

ENGLISH = """\
# Title

Some prose with a [link](other.md#anchor) and ![a figure](assets/figures/relu.svg).

## Section { #section }

```python
x = 1  # one
print(x)
```

```output title="Output"
1
```

```{.python continuation}
print(x + 1)
```

--8<-- "snippets/table.md"
"""

# Prose, the link text, the image's alt text, a comment in the page's own fence and the output
# fence's title are translated; the heading id, code, output, include and targets are not.
RUSSIAN = """\
---
source_hash: "000000000000"
---

# Заголовок

Немного текста со [ссылкой](other.md#anchor) и ![рисунок](assets/figures/relu.svg).

## Раздел { #section }

```python
x = 1  # один
print(x)
```

```output title="Вывод"
1
```

```{.python continuation}
print(x + 1)
```

--8<-- "snippets/table.md"
"""


def differences(tmp_path, russian: str, english: str = ENGLISH) -> list[str]:
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")  # a site's pages
    (tmp_path / "en").mkdir()
    (tmp_path / "ru").mkdir()
    (tmp_path / "en" / "page.md").write_text(english, encoding="utf-8")
    (tmp_path / "ru" / "page.md").write_text(russian, encoding="utf-8")
    return structure_differences(tmp_path / "en" / "page.md", tmp_path / "ru" / "page.md")


def test_a_faithful_translation_passes(tmp_path):
    assert differences(tmp_path, RUSSIAN) == []


# Lines: the English heading is at 5, its fences open at 7, 12 and 16, the include is at 20;
# the Russian page has four lines of front matter more.
@pytest.mark.parametrize("old, new, expected", [
    ("## Раздел { #section }", "### Раздел { #section }",
     "{ru}:9 vs {en}:5: the heading (level and `{{ #id }}`) differs:\n"
     "  {en}: `## Section {{ #section }}`\n  {ru}: `### Раздел {{ #section }}`"),
    ("## Раздел { #section }", "## Раздел",
     "{ru}:9 vs {en}:5: the heading (level and `{{ #id }}`) differs"),
    ("print(x)\n", "print(x * 1)\n",
     "{ru}:11 vs {en}:7: the code or output fence differs:\n"
     "  {en}:9: print(x)\n  {ru}:13: print(x * 1)"),
    ("x = 1  # один", "x = 2  # один", "  {en}:8: x = 1\n  {ru}:12: x = 2"),
    ('```output title="Вывод"\n1\n', '```output title="Вывод"\n2\n',
     "{ru}:16 vs {en}:12: the code or output fence differs:\n  {en}:13: 1\n  {ru}:17: 2"),
    ("```{.python continuation}", "```python",
     "{ru}:20 vs {en}:16: the code or output fence differs: "
     "```python continuation in English, ```python in the translation"),
    ('--8<-- "snippets/table.md"', '--8<-- "snippets/other.md"',
     '{ru}:24 vs {en}:20: the include differs:\n  {en}: `--8<-- "snippets/table.md"`\n'
     '  {ru}: `--8<-- "snippets/other.md"`'),
    ("(assets/figures/relu.svg)", "(assets/figures/clamp.svg)",
     "{ru}:7 vs {en}:3: the image differs:\n  {en}: `assets/figures/relu.svg`\n"
     "  {ru}: `assets/figures/clamp.svg`"),
    ("(other.md#anchor)", "(other.md#elsewhere)",
     "link target `other.md#anchor`: 1x in {en} (line 3), 0x in {ru}\n"
     "link target `other.md#elsewhere`: 0x in {en}, 1x in {ru} (line 7)"),
])
def test_each_difference_names_both_lines(tmp_path, old, new, expected):
    russian = RUSSIAN.replace(old, new)
    assert russian != RUSSIAN
    problems = "\n".join(differences(tmp_path, russian))
    assert expected.format(en="en/page.md", ru="ru/page.md") \
        in problems, problems


def test_a_missing_fence_names_where_it_was_expected(tmp_path):
    russian = RUSSIAN.replace("```{.python continuation}\nprint(x + 1)\n```\n", "")
    problems = "\n".join(differences(tmp_path, russian))
    assert ("en/page.md:16: code or output fence ```python fence, first line "
            "`print(x + 1)` is missing from ru/page.md (expected after "
            "ru/page.md:16)") in problems, problems


# ---- stamps -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("# T\n", '---\nsource_hash: "abc"\n---\n\n# T\n'),
    ("---\ntitle: T\n---\n# T\n", '---\nsource_hash: "abc"\ntitle: T\n---\n# T\n'),
    ('---\ntitle: T\nsource_hash: "old"\n---\n# T\n',
     '---\ntitle: T\nsource_hash: "abc"\n---\n# T\n'),
])
def test_stamp_touches_only_its_line(text, expected):
    assert with_front_matter_key(text, HASH_KEY, '"abc"') == expected


SITE_CONFIG = """\
site_name: Test
plugins:
  - i18n:
      docs_structure: folder
      languages:
        - locale: en
          default: true
          name: English
        - locale: ru
          name: Русский
"""


def site_with(tmp_path, english: str, translation: str) -> Site:
    """A site of one page, in English and Russian."""
    (tmp_path / "mkdocs.yml").write_text(SITE_CONFIG, encoding="utf-8")
    for lang, text in (("en", english), ("ru", translation)):
        (tmp_path / "docs" / lang).mkdir(parents=True)
        (tmp_path / "docs" / lang / "page.md").write_text(text, encoding="utf-8")
    return Site(tmp_path)


def test_stamp_records_the_english_hash(tmp_path):
    site = site_with(tmp_path, "# Title\n\nDigits 0123456789.\n", "# Заголовок\n")
    stamp(site, "docs/ru/page.md")
    meta, body = site.front_matter(tmp_path / "docs" / "ru" / "page.md")
    assert body == "# Заголовок\n" and len(meta[HASH_KEY]) == 12


@pytest.mark.parametrize("path, translation, message", [
    ("docs/ru/absent.md", "# Заголовок\n", "docs/ru/absent.md: no such page"),
    ("docs/en/page.md", "# Заголовок\n", "stamp a translation, i.e. a page of ru (not 'en')"),
    ("docs/ru/other.md", "# Заголовок\n", "docs/en/other.md does not exist"),
    ("README.md", "# Заголовок\n", "README.md: not a page under docs/"),
])
def test_stamp_refuses_with_a_reason(tmp_path, path, translation, message):
    site = site_with(tmp_path, "# Title\n", translation)
    (tmp_path / "docs" / "ru" / "other.md").write_text("# Другая\n", encoding="utf-8")
    with pytest.raises(UsageError, match=re.escape(message)):
        stamp(site, path)


# What makes a translation outdated: `make outputs` rewrites output fences in every language at
# once, so a change there alone leaves the stamp valid; prose, headings and code do not.
@pytest.mark.parametrize("old, new, outdated", [
    ("```output title=\"Output\"\n1\n", "```output title=\"Output\"\n1\n2\n", False),
    ("```output title=\"Output\"\n1\n", "```output title=\"Output · PyTorch 2.15.0\"\n1.0\n", False),
    ("Some prose", "Some changed prose", True),
    ("## Section { #section }", "## Section renamed { #section }", True),
    ("x = 1  # one", "x = 2  # one", True),
    ("print(x + 1)", "print(x + 2)", True),
])
def test_only_prose_headings_and_code_make_a_translation_outdated(old, new, outdated):
    changed = ENGLISH.replace(old, new)
    assert changed != ENGLISH
    assert (text_hash(changed) != text_hash(ENGLISH)) is outdated


def test_stamping_a_folder_says_to_stamp_pages(tmp_path):
    site = site_with(tmp_path, "# Title\n", "# Заголовок\n")
    with pytest.raises(UsageError, match=re.escape(
            "docs/ru is a folder. Stamp each page once you have reviewed it: "
            "make translations STAMP=docs/ru/<page>.md")):
        stamp(site, "docs/ru")


@pytest.mark.parametrize("broken", ["en", "ru"])
def test_a_page_that_is_not_utf8_is_named_with_its_line(tmp_path, capsys, broken):
    site = site_with(tmp_path, "# Title\n\nText.\n", "# Заголовок\n\nTeкст.\n")
    page = tmp_path / "docs" / broken / "page.md"
    page.write_bytes(page.read_bytes().replace(b"Te", b"\xff\xfeTe"))
    assert print_status(site) is False
    out = capsys.readouterr().out
    assert re.search(rf"page\.md +unreadable +\S*docs/{broken}/page\.md:3: not valid UTF-8 "
                     r"\(byte b'\\xff'\); save the file as UTF-8", out), out
    with pytest.raises(PageError, match=r"page\.md:3: not valid UTF-8"):
        stamp(site, "docs/ru/page.md")
