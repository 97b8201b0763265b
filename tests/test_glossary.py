"""The glossary, glossary.yml, is data the tests read: a page in a translation must not use a
variant the glossary rejects (`avoid`), and every language's Glossary page shows the glossary's
table, which hooks/translations.py builds from glossary.yml in place of `<!-- glossary-table -->`.

Text inside code fences and `inline code` is not checked: code is the same in every language.
"""

from __future__ import annotations

import pathlib
import re

import pytest
import yaml

from tests.helpers import run, scratch_copy
from verified_docs.fences import page_fences
from verified_docs.site import ROOT, docs_dir, languages, pages, relative
from verified_docs.translations import is_stub

DOCS = docs_dir()

GLOSSARY = ROOT / "glossary.yml"
DEFAULT = languages()[0]


def load_glossary(path: pathlib.Path = GLOSSARY) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def rejected(glossary: list[dict]) -> dict[str, list[tuple[str, str, str, str]]]:
    """{language: [(variant, the term to use, English term, reason)]}. An entry's `avoid` applies
    to its one language besides the default."""
    found: dict[str, list] = {}
    for entry in glossary if isinstance(glossary, list) else []:  # else: see the format test
        target = [key for key in entry if key not in (DEFAULT, "avoid")]
        avoid = entry.get("avoid") if isinstance(entry, dict) else None
        if not (isinstance(avoid, dict) and len(target) == 1 and DEFAULT in entry):
            continue
        for variant, reason in avoid.items():
            found.setdefault(target[0], []).append(
                (variant, entry[target[0]], entry[DEFAULT], reason))
    return found


def normal(text: str) -> str:
    """For matching only; keeps every offset: lower case, and «ё» as «е»."""
    return text.lower().replace("ё", "е")


def prose(path: pathlib.Path) -> str:
    """The page with its front matter, code fences and inline code blanked; lines and columns
    stay where they were."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    code = {n for f in page_fences(path) for n in range(f.open_line, f.close_line + 1)}
    if lines and lines[0].strip() == "---":
        end = next((n for n, line in enumerate(lines[1:], 2) if line.strip() in ("---", "...")), 0)
        code |= set(range(1, end + 1))
    text = "".join("\n" if n in code else line for n, line in enumerate(lines, 1))
    return re.sub(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)",
                  lambda m: re.sub(r"[^\n]", " ", m[0]), text, flags=re.S)


def glossary_problems(path: pathlib.Path, variants) -> list[str]:
    text = prose(path)
    searched = normal(text)
    hits = []
    for variant, term, english, reason in variants:
        pattern = r"(?<!\w)" + r"\s+".join(re.escape(normal(w)) for w in variant.split())
        for m in re.finditer(pattern, searched):
            hits.append((m.start(), m.end(), variant, term, english, reason))
    problems = []
    for start, end, variant, term, english, reason in sorted(hits):
        if any(s <= start and end <= e and (s, e) != (start, end) for s, e, *_ in hits):
            continue  # «автоград» inside «автоградация»: one report is enough
        line = text.count("\n", 0, start) + 1
        problems.append(f"{relative(path)}:{line}: «{' '.join(text[start:end].split())}» – "
                        f"glossary.yml says «{term}» for “{english}”: {reason}")
    return problems


TRANSLATED = [DOCS / lang / page for lang in rejected(load_glossary())
              if lang in languages() for page in pages(lang)]


@pytest.mark.parametrize("page", TRANSLATED, ids=relative)
def test_page_uses_the_glossary_terms(page):
    if is_stub(page):
        return
    problems = glossary_problems(page, rejected(load_glossary())[page.relative_to(DOCS).parts[0]])
    if problems:
        pytest.fail("\n".join(problems) + "\nUse the glossary's term (glossary.yml); if the "
                    "glossary is wrong, change it there, for every page.", pytrace=False)


def glossary_format_problems(glossary) -> list[str]:
    if not isinstance(glossary, list) or not glossary:
        return ["glossary.yml: expected a list of entries (`- en: …`)"]
    problems, seen = [], set()
    for n, entry in enumerate(glossary, 1):
        if not isinstance(entry, dict):
            problems.append(f"glossary.yml, entry {n}: expected `{DEFAULT}: …` and a translation")
            continue
        where = f"glossary.yml, entry {n} ({entry.get(DEFAULT, '?')})"
        terms = {k: v for k, v in entry.items() if k != "avoid"}
        avoid = entry.get("avoid") or {}
        if DEFAULT not in terms or len(terms) < 2:
            problems.append(f"{where}: needs `{DEFAULT}:` and a translation")
        if not set(terms) <= set(languages()):
            problems.append(f"{where}: {sorted(set(terms) - set(languages()))} are not languages "
                            "of mkdocs.yml")
        if not all(isinstance(v, str) and v.strip() for v in terms.values()):
            problems.append(f"{where}: a term is empty")
        if entry.get(DEFAULT) in seen:
            problems.append(f"{where}: `{entry[DEFAULT]}` is listed twice")
        seen.add(entry.get(DEFAULT))
        if avoid and not (isinstance(avoid, dict) and len(terms) == 2):
            problems.append(f"{where}: `avoid` maps each rejected variant to the reason, for an "
                            "entry with one translation")
            continue
        problems += [f"{where}: say why «{variant}» is avoided (`{variant}: reason`)"
                     for variant, reason in avoid.items()
                     if not (isinstance(reason, str) and reason.strip())]
    if problems:
        return problems
    for lang, variants in rejected(glossary).items():
        for entry in glossary:
            term = normal(entry.get(lang, ""))
            problems += [f"glossary.yml: the term «{entry[lang]}» contains the rejected "
                         f"«{variant}», so every page using the term would fail"
                         for variant, *_ in variants
                         if re.search(r"(?<!\w)" + re.escape(normal(variant)), term)]
    return problems


def test_glossary_is_well_formed():
    problems = glossary_format_problems(load_glossary())
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


# ---- the Glossary page ------------------------------------------------------------------------

def glossary_table(site, lang) -> str | None:
    out = site if lang == DEFAULT else site / lang
    html = (out / "glossary" / "index.html").read_text(encoding="utf-8")
    table = re.search(r'<table class="glossary">.*?</table>', html, re.S)
    return table[0] if table else None


@pytest.mark.parametrize("lang", languages())
def test_glossary_page_shows_the_table(site, lang):
    table = glossary_table(site, lang)
    if not table:
        pytest.fail(f"docs/{lang}/glossary.md: no glossary table in the built page; put the "
                    "line `<!-- glossary-table -->` where it goes", pytrace=False)
    rows = table.split("<tbody>")[1]
    assert rows.count("<tr>") == len(load_glossary()), f"{lang}: not one row per glossary entry"
    assert rows == glossary_table(site, DEFAULT).split("<tbody>")[1], (
        f"the glossary table of {lang} differs from {DEFAULT}'s")


# ---- a page breaking the glossary, on a scratch copy ------------------------------------------

def test_rejected_variant_fails_with_the_term_to_use(tmp_path):
    lang, variants = next(iter(rejected(load_glossary()).items()))
    variant, term, english, reason = variants[0]
    repo = scratch_copy(tmp_path)
    page = next(p for p in sorted((repo / DOCS.name / lang).glob("*.md")) if not is_stub(p))
    old = page.read_text(encoding="utf-8")
    line = len(old.splitlines()) + 2
    page.write_text(f"{old}\n{variant.capitalize()} –\n`{variant}`\n\n```text\n{variant}\n```\n",
                    encoding="utf-8")
    result = run(repo, "pytest", "tests/test_glossary.py", "-k", "uses_the_glossary")
    assert result.returncode == 1, result.stdout
    rel = f"docs/{lang}/{page.name}"
    assert (f"{rel}:{line}: «{variant.capitalize()}» – glossary.yml says «{term}» for "
            f"“{english}”: {reason}") in result.stdout, result.stdout
    assert f"{rel}:{line + 1}" not in result.stdout and f"{rel}:{line + 4}" not in result.stdout
