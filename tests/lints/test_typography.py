"""Russian typography, as a Russian editor applies it, wherever a Russian reader reads prose: the
Russian pages, the Russian strings of mkdocs.yml and glossary.yml, CONTRIBUTING.ru.md (code,
addresses, tags and math left out: tests/prose.py). Each rule's message says what to write.
A number and its unit are held together so the unit never starts a line; a lone «с» is the unit
only where no word follows («0 с маской» is the preposition). Before a dtype in code, «во»
(*float* is read [флоут]: во флоте); in plain text «в float64» is the glossary's concern
(tests/lints/test_glossary.py). No typography library checks these (typus and smartypants rewrite
text, English first; typograf is a web service), hence small regular expressions.
"""

from __future__ import annotations

import functools
import pathlib
import re

import pytest
import yaml

from tests.prose import line_of, prose
from tests.repo import ROOT, SITE

DOCS = SITE.docs

LANG = "ru"
NBSP = "\u00a0"


RULES = [  # (pattern, what is wrong and what to write)
    (re.compile(r"(?<=\s)–(?=\s)"),
     "spaced en dash « – »: write «\\u00a0— » (no-break space, em dash, space); «–» is "
     "for ranges only (2–4)"),
    (re.compile(r"(?<=[^\s|])[ \t]+-(?=[ \t\n])"),
     "hyphen « - » used as a dash: write «\\u00a0— » (no-break space, em dash, space)"),
    # A table cell holding just a dash («| — |») is not a sentence dash.
    (re.compile(rf"(?<!{NBSP})(?<!\| )—(?! *\|)|(?<={NBSP})—(?=[^\s])"),
     "dash without a no-break space before it (or a space after it): write "
     "«слово\\u00a0— слово»"),
    (re.compile(r'"'), 'straight quotes "…": write «…» (and „…“ inside «…»)'),
    (re.compile(r"\.[*_]*»[*_]*(?=[\s\u00a0]*[—–-](?:\s|$))", re.M),
     "full stop inside «…» before a dash: drop it («…»\\u00a0— )"),
    # «с» is the unit only where no word follows it («60 с (бесконечный цикл?)», «за 60 с.»);
    # «0 с наклоном» is the preposition.
    (re.compile(r"(?<![\w.,−-])\d+[ \t\n]+(?:с(?![ \t\n]*[А-Яа-яЁё\w])|мс|мин|гг?\.|"
                r"(?:секунд|минут|символ|байт)[а-яё]*|"
                r"год(?:а|у|ом|е|ы|ов|ам|ами|ах)?)(?![а-яё])"),
     "number and unit split by a plain space: write a no-break space («60\\u00a0с», "
     "«2026\\u00a0г.», «2018\\u00a0год») so the unit cannot wrap to the next line"),
]
# Rules about the words around inline code, read in the prose with its `inline code` kept.
CODE_RULES = [  # (pattern, what is wrong and what to write)
    (re.compile(r"(?<![\w-])[Вв][ \t\n\u00a0]+`b?float"),
     "«в» before `float…`: write «во» («во `float64`»; *float* is read [флоут])"),
]
DECIMAL = re.compile(r"(?<![\w.,])[−-]?\d+\.\d+(?![\w]|\.\d)")
# «PyTorch 2.15», «Python 3.11», «версии 2.13», «torch >= 2.14»: a version, not a fraction.
VERSION_BEFORE = re.compile(r"(?:[A-Za-z][\w.-]*|верси\w*|выпуск\w*|релиз\w*|[<>=≥≤]=?)\s*(?:и\s+)?$")
RELEASE = re.compile(r"(?:PyTorch|torch|Python)\W{0,3}v?(\d+\.\d+)|(?<![\d.])(\d+\.\d+)\.\d+")


@functools.cache
def releases() -> frozenset[str]:
    """Version numbers the site names («PyTorch 2.13», «2.15.0» -> 2.13, 2.15): in prose
    «в 2.13» is that release, where «в 0.5» is a fraction."""
    return frozenset(m[1] or m[2] for page in DOCS.glob("*/*.md")
                     for m in RELEASE.finditer(page.read_text(encoding="utf-8")))


def problems_in(text: str, with_code: str) -> list[tuple[int, str, str]]:
    """(line, what is wrong, the text around it) for every rule broken in `text`, and in
    `with_code` (the same text with its inline code kept, offsets equal) for CODE_RULES."""
    found = [(m.start(), m.end(), message)
             for rules, where in ((RULES, text), (CODE_RULES, with_code))
             for pattern, message in rules for m in pattern.finditer(where)]
    # „…“ is right inside «…»; any other “ or ” is an English quotation mark.
    nested = re.sub(r"„[^„“”\n]*“", lambda m: "_" * len(m[0]), text)
    found += [(m.start(), m.end(), "English quotes “…”: write «…» (and „…“ inside «…»)")
              for m in re.finditer(r"[“”]", nested)]
    found += [(m.start(), m.end(), "decimal point in prose: write a decimal comma («0,5»); code "
               "stays code (`0.5`)") for m in DECIMAL.finditer(text) if m[0] not in releases()
              and not VERSION_BEFORE.search(text[max(0, m.start() - 40):m.start()])]
    return [(line_of(text, start), message,  # ␣ shows a no-break space
             " ".join(with_code[max(0, start - 25):end + 25].replace(NBSP, "\u2423").split()))
            for start, end, message in sorted(found)]


CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def russian_scalars(path: pathlib.Path):
    """(line, text) of every YAML string (key or value) with Cyrillic letters in it."""
    stack = [yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            stack += [n for pair in node.value for n in pair]
        elif isinstance(node, yaml.SequenceNode):
            stack += node.value
        elif isinstance(node, yaml.ScalarNode) and CYRILLIC.search(str(node.value)):
            yield node.start_mark.line + 1, str(node.value)


SOURCES = [*(DOCS / LANG / page for page in SITE.pages(LANG) if (DOCS / LANG).is_dir()),
           ROOT / "CONTRIBUTING.ru.md", ROOT / "mkdocs.yml", ROOT / "glossary.yml"]


@pytest.mark.parametrize("path", SOURCES, ids=SITE.relative)
def test_russian_typography(path):
    if path.suffix == ".yml":
        found = sorted((line, message, context) for line, value in russian_scalars(path)
                       for _, message, context in problems_in(value, value))
    else:
        found = problems_in(prose(path), prose(path, inline_code=True))
    if found:
        pytest.fail(f"{len(found)} typography problem(s):\n" + "\n".join(
            f"{SITE.relative(path)}:{line}: {message}: …{context}…"
            for line, message, context in found), pytrace=False)


@pytest.mark.parametrize("text, expected", [
    ("Это маска – локальная производная.", "spaced en dash"),
    ("Это маска - локальная производная.", "hyphen « - »"),
    ("Это маска — локальная производная.", "without a no-break space"),
    ("Это маска\n— локальная производная.", "without a no-break space"),
    ('Он пишет "маска".', "straight quotes"),
    ("Он пишет “mask”.", "English quotes"),
    ("в точке 0.5 проходят обе", "decimal point"),
    ("сказано: «Градиент не определён.»\u00a0— и это так", "full stop inside"),
    ("сказано: *«Not defined.»*\u00a0— и это так", "full stop inside"),
    ("не закончилась за 60 с (бесконечный цикл?)", "number and unit"),
    ("не закончилась за 60\nс.", "number and unit"),
    ("в 2026 г. и в 2018 году", "number and unit"),
    ("- **2018 год.** На issue", "number and unit"),
    ("строки перенесены по ширине 78 символов", "number and unit"),
    ("проверяйте в `float64`", "«в» before `float…`"),
    ("В\n`float32` округлён", "«в» before `float…`"),
    ("в `torch.float64`", None),  # read «в торч…»
    ("Это маска\u00a0— локальная производная.", None),
    ("Коротко: 2–4 пункта, в точке 0,5.", None),
    ("«Он сказал „да“»\u00a0— и всё.", None),
    ("На PyTorch 2.15 и 2.13.0, в версии 2.14 и Python 3.11; в 2.13 иначе.", None),
    ("| вариант | — |", None),
    ("- пункт списка\n- и ещё один", None),
    ("за 60\u00a0с (бесконечный цикл?), в 2026\u00a0г., в 2018\u00a0году, 78\u00a0символов", None),
    ("при наклоне 0 с маской и шагом 0 с тем же смыслом; требования 1 и 2, 500 шагов", None),
    ("проверяйте во `float64`, а не в `torch.zeros`; в float-маске", None),
    # a page's line, code fences and the front matter skipped («в» before `float…` reads the
    # prose with its inline code kept, and names the page's line as every other rule does)
    ("---\ntitle: «a.»\u00a0- b\n---\n\n```python\nx = 0.5  # 1 - 2\n```\n\nПроверяйте в `float64`.",
     "9: «в» before `float…`"),
])
def test_rule(tmp_path, text, expected):
    page = tmp_path / "page.md"
    page.write_text(text + "\n", encoding="utf-8")
    found = [f"{line}: {message}" for line, message, _ in problems_in(
        prose(page), prose(page, inline_code=True))]
    if expected is None:
        assert not found, f"«{text}» is right, yet: {found}"
    else:
        assert found and all(expected in message for message in found), (
            f"«{text}»: expected only {expected!r}, found {found}")

