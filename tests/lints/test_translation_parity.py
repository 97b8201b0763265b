"""Every translation has the default language's pages, only their prose translated (the rules:
verified_docs/i18n/parity.py), and is stamped; the parity check and the stamp on small pages."""

import re

import pytest

from tests.repo import SITE
from tests.tiny import tiny_site
from verified_docs.i18n.cli import stamp
from verified_docs.i18n.parity import page_problems, page_set_problems
from verified_docs.i18n.stamps import HASH_KEY, stamped, text_hash
from verified_docs.i18n.status import print_status
from verified_docs.model.site import PageError, Site


@pytest.mark.parametrize("lang", SITE.locales[1:])
def test_same_pages_as_default_language(lang):
    problems = page_set_problems(SITE, lang)
    assert not problems, "\n".join(problems)


PAIRS = [pytest.param(lang, page, id=f"{lang}/{page}") for lang in SITE.locales[1:]
         for page in SITE.pages(lang) if page in SITE.pages(SITE.default)]


@pytest.mark.parametrize("lang, page", PAIRS)
def test_same_structure_as_default_language(lang, page):
    problems = page_problems(SITE, SITE.docs / SITE.default / page, SITE.docs / lang / page)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.mark.parametrize("lang, page", PAIRS)
def test_translation_is_stamped(lang, page):
    rel = SITE.relative(SITE.docs / lang / page)
    if not re.fullmatch(r"[0-9a-f]{12}", str(SITE.front_matter(SITE.docs / lang / page)[0].get(
            HASH_KEY))):
        pytest.fail(f"{rel}: no `{HASH_KEY}` in its front matter, so nobody can tell which "
                    f"version of docs/{SITE.default}/{page} it translates. Once the translation "
                    f"matches it, run `make translations STAMP={rel}`.", pytrace=False)


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

/// details | Full script

```python
z = 3
```

///
"""

# Prose, the link text, the image's alt text, a comment in the page's own fence and the output
# fence's title are translated; the heading id, code, output, include and targets are not.
TRANSLATED = {"# Title": "# Заголовок", "Some prose with a [link]": "Немного текста со [ссылкой]",
              "and ![a figure]": "и ![рисунок]", "## Section": "## Раздел", "# one": "# один",
              'title="Output"': 'title="Вывод"', "| Full script": "| Полный скрипт"}
RUSSIAN = '---\nsource_hash: "000000000000"\n---\n\n' + ENGLISH
for english, russian in TRANSLATED.items():
    RUSSIAN = RUSSIAN.replace(english, russian)


# Lines: the English heading is at 5, its fences open at 7, 12, 16 and 24 (in a fold), the
# include is at 20; the Russian page has four lines of front matter more. Each case names both.
@pytest.mark.parametrize("old, new, expected", [
    ("", "", None),  # a faithful translation passes
    ("## Раздел { #section }", "### Раздел { #section }",
     "{ru}:9 vs {en}:5: the heading (level and `{{ #id }}`) differs:\n"
     "  {en}: `## Section {{ #section }}`\n  {ru}: `### Раздел {{ #section }}`"),
    ("## Раздел { #section }", "## Раздел",
     "{ru}:9 vs {en}:5: the heading (level and `{{ #id }}`) differs"),
    ("print(x)\n", "print(x * 1)\n", "{ru}:13 vs {en}:9: the code or output fence differs:\n"
     "  {en}: `print(x)`\n  {ru}: `print(x * 1)`"),
    ("x = 1  # один", "x = 2  # один", "{ru}:12 vs {en}:8: the code or output fence differs:\n"
     "  {en}: `x = 1`\n  {ru}: `x = 2`"),
    ('```output title="Вывод"\n1\n', '```output title="Вывод"\n2\n',
     "{ru}:17 vs {en}:13: the code or output fence differs:\n  {en}: `1`\n  {ru}: `2`"),
    ("```{.python continuation}", "```python", "{ru}:20 vs {en}:16: the code or output fence "
     "differs:\n  {en}: ```python continuation\n  {ru}: ```python"),
    ("```{.python continuation}\nprint(x + 1)\n```\n", "",
     "{en}:16: code or output fence ```python continuation is missing from {ru} (expected "
     "after {ru}:17)"),
    ('--8<-- "snippets/table.md"', '--8<-- "snippets/other.md"',
     '{ru}:24 vs {en}:20: the include differs:\n  {en}: `--8<-- "snippets/table.md"`\n'
     '  {ru}: `--8<-- "snippets/other.md"`'),
    ("(assets/figures/relu.svg)", "(assets/figures/clamp.svg)",
     "{ru}:7 vs {en}:3: the image differs:\n  {en}: `assets/figures/relu.svg`\n"
     "  {ru}: `assets/figures/clamp.svg`"),
    ("z = 3", "z = 4", "{ru}:29 vs {en}:25: the code or output fence differs:\n"
     "  {en}: `z = 3`\n  {ru}: `z = 4`"),
    ("(other.md#anchor)", "(other.md#elsewhere)", "{ru}:7 vs {en}:3: the link target differs:\n"
     "  {en}: `other.md#anchor`\n  {ru}: `other.md#elsewhere`"),
])
def test_parity_names_both_lines(tmp_path, old, new, expected):
    (tmp_path / "mkdocs.yml").write_text("site_name: t\ndocs_dir: en\n", encoding="utf-8")
    for lang, text in (("en", ENGLISH), ("ru", RUSSIAN.replace(old, new) if old else RUSSIAN)):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "page.md").write_text(text, encoding="utf-8")
    assert not old or old in RUSSIAN, old
    problems = "\n".join(page_problems(Site.load(tmp_path), tmp_path / "en/page.md",
                                        tmp_path / "ru/page.md"))
    if expected is None:
        assert not problems, problems
    else:
        assert expected.format(en="en/page.md", ru="ru/page.md") in problems, problems


@pytest.mark.parametrize("text, expected", [
    ("# T\n", '---\nsource_hash: "abc"\n---\n\n# T\n'),
    ("---\ntitle: T\n---\n# T\n", '---\nsource_hash: "abc"\ntitle: T\n---\n# T\n'),
    ('---\ntitle: T\nsource_hash: "old"\n---\n# T\n',
     '---\ntitle: T\nsource_hash: "abc"\n---\n# T\n'),
])
def test_stamp_touches_only_its_line(text, expected):
    assert stamped(text, "abc") == expected


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


@pytest.mark.parametrize("broken", ["en", "ru"])
def test_a_page_that_is_not_utf8_is_named_with_its_line(tmp_path, capsys, broken):
    site = Site.load(tiny_site(tmp_path))
    page = tmp_path / "docs" / broken / "mask.md"
    page.write_bytes(page.read_bytes().replace(b"\n\n", b"\n\n\xff\xfe"))
    ok, out = print_status(site), capsys.readouterr().out
    assert not ok and re.search(rf"mask\.md +unreadable +\S*docs/{broken}/mask\.md:3: not valid "
                                r"UTF-8 \(byte b'\\xff'\); save the file as UTF-8", out), (
        f"the status should fail, naming docs/{broken}/mask.md:3 unreadable:\n{out}")
    with pytest.raises(PageError, match=r"mask\.md:3: not valid UTF-8"):
        stamp(site, "docs/ru/mask.md")


SNIPPET = '"""Doc."""\n\n\ndef f(x):\n    """Doc."""\n    return x + 1  # one\n'


@pytest.mark.parametrize("translated, expected", [
    # Only comments and docstrings translated, on more lines: a translation of the file.
    ('"""Док."""\n\n\ndef f(x):\n    """Док,\n    на две строки."""\n    return x + 1  # один\n',
     None),
    ('"""Док."""\n\n\ndef f(x):\n    return x + 2\n',
     "docs/ru/page.md:5: snippets/f.ru.py differs from snippets/f.py in more than comments and "
     "docstrings"),
    (None, "docs/ru/page.md:5: includes snippets/f.ru.py, which does not exist"),
    ('def f(x):\n    return (x\n', "snippets/f.ru.py:2: '(' was never closed"),
])
def test_a_translation_may_include_the_file_s_translation(tmp_path, translated, expected):
    (tmp_path / "mkdocs.yml").write_text("site_name: t\ndocs_dir: docs\n", encoding="utf-8")
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets/f.py").write_text(SNIPPET, encoding="utf-8")
    if translated is not None:
        (tmp_path / "snippets/f.ru.py").write_text(translated, encoding="utf-8")
    for lang, include in (("en", "snippets/f.py"), ("ru", "snippets/f.ru.py")):
        (tmp_path / "docs" / lang).mkdir(parents=True)
        (tmp_path / "docs" / lang / "page.md").write_text(
            ('---\nsource_hash: "0"\n---\n' if lang == "ru" else "")
            + f'```python\n--8<-- "{include}"\n```\n', encoding="utf-8")
    problems = "\n".join(page_problems(Site.load(tmp_path), tmp_path / "docs/en/page.md",
                                        tmp_path / "docs/ru/page.md"))
    assert (expected or "") in problems and bool(problems) == bool(expected), problems
