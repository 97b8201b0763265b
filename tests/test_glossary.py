"""The glossary, glossary.yml, is data the tests read: a page in a translation must not use a
variant the glossary rejects (`avoid`), in any inflected form, nor give a term's word the wrong
gender (`grammar`); every language's Glossary page shows the glossary's table, which
verified_docs/translated_pages.py builds from glossary.yml in place of
`<!-- glossary-table -->`, with the reasons in the page's language.

Word forms are compared by their dictionary forms (lemmas) from pymorphy3 and its Russian
dictionaries, so «вычислительный граф» also catches «вычислительного графа» and
«обратное распространение» «обратным распространением», while «графика» is another word.
A preposition keeps its own form: pymorphy3 gives «во» the dictionary form «в», but the choice
between them is what a variant such as «в float64» is about (the site writes «во float64»), so
«в float64» does not catch «во float64».

Text inside code fences, `inline code`, link targets and English quotations («…» without a
Cyrillic letter) is not checked: code is the same in every language, and a quotation is quoted.

Two conventions are checked where a check is reliable (a `grammar` rule with `check:`):

* `release-preposition`: what a release does takes «в» («в 2.13.0 `clamp` даёт 1», «во всех
  выпусках»); «на» is for running or checking code on it. A «на» before a release number, or
  before «… выпусках» with only adjectives between («на всех проверенных здесь выпусках»), fails
  unless its clause (up to `.`, `;`, `:`, a bracket or a blank line) names running, checking or
  measuring (RUNNING: «запускается», «измерено», «скрипт»…). On the pages of main before this
  rule it found 21 uses, every one about behaviour; it found none of the right ones.
* `api-gender`: a function named by its API name is feminine («функция»), a class masculine.
  Checked next to the code span only, where the word can agree with nothing else: a «который»
  right after it («`torch.fmax(nan, 0)`, который» fails), a past verb or short adjective right
  after it («`where` дифференцируем»), an adjective right before it («сам `where`»). A pronoun
  further on («… он пропускает», «её `forward`») may stand for another noun («`clamp` его
  отбрасывает»: «его» is the gradient), so that stays a written rule the lint does not check.
"""

from __future__ import annotations

import functools
import pathlib
import re

import pytest

from tests.prose import INLINE_CODE, blank, line_of, prose
from tests.repo import ROOT, SITE
from verified_docs import glossary
from verified_docs.site import Site

DOCS = SITE.docs

GLOSSARY = ROOT / "glossary.yml"
DEFAULT = list(SITE.locales)[0]
GENDERS = {"feminine": "femn", "masculine": "masc", "neuter": "neut"}


def load_glossary(path: pathlib.Path = GLOSSARY) -> list[dict]:
    return glossary.load_glossary(path)


def reason_text(reason, lang: str = DEFAULT) -> str:
    """A reason is `{language: text}`; the tests report the default language's text."""
    return str(reason.get(lang) or "") if isinstance(reason, dict) else str(reason or "")


def target_language(entry) -> str | None:
    target = [key for key in entry if key not in (DEFAULT, "avoid", "grammar")]
    return target[0] if len(target) == 1 and DEFAULT in entry else None


def rejected(glossary: list[dict]) -> dict[str, list[tuple[str, str, str, str]]]:
    """{language: [(variant, the term to use, English term, reason)]}. An entry's `avoid` applies
    to its one language besides the default."""
    found: dict[str, list] = {}
    for entry in glossary if isinstance(glossary, list) else []:  # else: see the format test
        avoid = entry.get("avoid") if isinstance(entry, dict) else None
        lang = target_language(entry) if isinstance(entry, dict) else None
        if not (isinstance(avoid, dict) and lang):
            continue
        for variant, reason in avoid.items():
            found.setdefault(lang, []).append(
                (variant, entry[lang], entry[DEFAULT], reason_text(reason)))
    return found


CHECKS = ("release-preposition", "api-gender")


def grammar_rules(glossary: list[dict], check: str | None = None) -> dict[str, list[dict]]:
    """{language: [entry]} of the entries with a `grammar` rule: the gender of a word of the term
    (no `check`), or one of CHECKS."""
    found: dict[str, list] = {}
    for entry in glossary if isinstance(glossary, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("grammar"), dict) and (
                entry["grammar"].get("check") == check):
            lang = target_language(entry)
            if lang:
                found.setdefault(lang, []).append(entry)
    return found


# ---- words and their dictionary forms ---------------------------------------------------------

WORD = re.compile(r"\w+(?:-\w+)*")  # «in-place» is one word, «in place» two


@functools.cache
def morph():
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


def normal(text: str) -> str:
    """For matching only; keeps every offset: lower case, and «ё» as «е»."""
    return text.lower().replace("ё", "е")


@functools.cache
def lemmas(word: str) -> frozenset[str]:
    """Every dictionary form the word may be of; a non-Russian word is itself. The vowel form
    of a preposition («во», «со», «ко»: pymorphy3's tag `Vpre`) is not reduced to the plain one,
    so that a variant can reject «в» where the site writes «во»."""
    word = normal(word)
    if not re.search(r"[а-я]", word):
        return frozenset([word])
    return frozenset(normal(p.normal_form) for p in morph().parse(word)
                     if "Vpre" not in p.tag) | {word}


def words(text: str) -> list[re.Match]:
    return list(WORD.finditer(text))


def phrase_hits(text: str, variant: str):
    """(start, end) of each run of adjacent words whose forms match the words of `variant`."""
    wanted = [lemmas(w) for w in WORD.findall(variant)]
    found = words(text)
    for i in range(len(found) - len(wanted) + 1):
        run_ = found[i:i + len(wanted)]
        if all(lemmas(m[0]) & want for m, want in zip(run_, wanted)) and all(
                not text[a.end():b.start()].strip() for a, b in zip(run_, run_[1:])):
            yield run_[0].start(), run_[-1].end()


ENGLISH_QUOTE = re.compile(r"«[^«»А-Яа-яЁё]*»")


def checked_text(path: pathlib.Path) -> str:
    return ENGLISH_QUOTE.sub(blank, prose(path))


def glossary_problems(path: pathlib.Path, variants) -> list[str]:
    text = checked_text(path)
    hits = []
    for variant, term, english, reason in variants:
        for start, end in phrase_hits(text, variant):
            hits.append((start, end, variant, term, english, reason))
    problems = []
    for start, end, _variant, term, english, reason in sorted(hits):
        if any(s <= start and end <= e and (s, e) != (start, end) for s, e, *_ in hits):
            continue  # a shorter variant inside a longer one: one report is enough
        problems.append(f"{Site.containing(path).relative(path)}:{line_of(text, start)}: "
                        f"«{' '.join(text[start:end].split())}» – glossary.yml says «{term}» for "
                        f"“{english}”: {reason}")
    return problems


def agreeing_gender(word: str, before: bool) -> set[str]:
    """Genders a neighbour of a noun shows: an adjective, participle or pronoun before it
    («правильный»), a short adjective, short participle or past verb after it («выпукл»).
    Empty when the word does not agree in gender or its form says nothing about it."""
    kinds = {"ADJF", "PRTF"} if before else {"ADJS", "PRTS", "VERB"}
    parses = [p for p in morph().parse(word.lower()) if p.tag.POS in kinds]
    genders = {p.tag.gender for p in parses}
    if not before and "neut" in genders:
        return set()  # «ReLU ровно»: a neuter short adjective is also an adverb
    return set() if None in genders or not parses else genders


def grammar_problems(path: pathlib.Path, entries) -> list[str]:
    text = checked_text(path)
    found = words(text)
    problems = []
    for entry in entries:
        rule = entry["grammar"]
        gender = GENDERS[rule["gender"]]
        for i, m in enumerate(found):
            if m[0] != rule["word"]:
                continue
            neighbours = []
            if i > 0 and found[i - 1][0].lower() == "же" and i > 1:
                neighbours.append((found[i - 2], True))  # «тот же правильный ReLU»
            elif i > 0:
                neighbours.append((found[i - 1], True))
            if i + 1 < len(found):
                neighbours.append((found[i + 1], False))
            for other, before in neighbours:
                between = text[min(other.end(), m.end()):max(other.start(), m.start())]
                if between.strip() and not before:
                    continue
                genders = agreeing_gender(other[0], before)
                if genders and gender not in genders:
                    phrase = " ".join(text[min(m.start(), other.start()):
                                           max(m.end(), other.end())].split())
                    problems.append(f"{Site.containing(path).relative(path)}:{line_of(text, m.start())}: «{phrase}» – "
                                    f"glossary.yml: «{rule['word']}» is {rule['gender']} here "
                                    f"(«{entry[target_language(entry)]}»): "
                                    f"{reason_text(rule)}")
    return problems


# ---- the two conventions: «в»/«на» before a release, the gender of API names ---------------

RELEASE = re.compile(r"\b(?<![-\w])на\s+(?:PyTorch\s+)?\d+\.\d+(?:\.\d+)?"
                     r"|\b(?<![-\w])на\s+(?:\w+\s+){0,3}?выпуск\w*", re.I)
# The end of a clause: a full stop (not the one in 2.13.0), `;`, `:`, `!`, `?`, a bracket, a
# blank line.
CLAUSE_END = re.compile(r"[;:!?()]|\.(?!\d)|\n\s*\n")
# Dictionary forms that say code is run, checked or measured on a release.
RUNNING = frozenset("""запускать запустить запуск запускаться выполнять выполнить выполняться
    проверять проверить проверка проверяться проверенный проверяемый проверять измерять измерить
    измерение измеренный сверять сверить сверенный тестировать тест скрипт пример код вывод
    печатать напечатать""".split())


def release_preposition_problems(path: pathlib.Path, entries) -> list[str]:
    text = checked_text(path)
    ends = [m.start() for m in CLAUSE_END.finditer(text)]
    problems = []
    for entry in entries:
        for m in RELEASE.finditer(text):
            between = [w for w in WORD.findall(m[0])[1:-1] if not re.fullmatch(r"PyTorch|\d+", w)]
            if any(morph().parse(w)[0].tag.POS not in ("ADJF", "PRTF", "NUMR", "ADVB")
                   for w in between):
                continue  # «на деле выполняет данный выпуск»: not a release after «на»
            start = max([e for e in ends if e < m.start()] or [-1]) + 1
            end = min([e for e in ends if e >= m.end()] or [len(text)])
            clause = text[start:m.start()] + " " + text[m.end():end]
            if any(lemmas(w) & RUNNING for w in WORD.findall(clause)):
                continue
            problems.append(f"{Site.containing(path).relative(path)}:{line_of(text, m.start())}: "
                            f"«{' '.join(m[0].split())}» – glossary.yml: "
                            f"«{entry[target_language(entry)]}»: {reason_text(entry['grammar'])}")
    return problems


def api_name(code: str) -> str | None:
    """The name a code span calls a thing by: `x.clamp(min=0)` -> clamp, `nn.ReLU` -> ReLU;
    None for an expression (`grad_output * (input > 0)`)."""
    head = code.strip("`").split("(")[0].strip()
    return head.rsplit(".", 1)[-1] if re.fullmatch(r"[A-Za-z_][\w.]*", head) else None


PARTICLES = {"же", "тоже", "также", "уже", "ещё", "еще", "не"}


def api_gender_problems(path: pathlib.Path, entries) -> list[str]:
    text = prose(path, inline_code=True)
    spans = [(m, api_name(m[0])) for m in INLINE_CODE.finditer(text)]
    problems = []
    for entry in entries:
        rule = entry["grammar"]
        wanted = {name: "femn" for name in rule["feminine"]}
        wanted.update({name: "masc" for name in rule["masculine"]})
        for span, name in spans:
            if name not in wanted:
                continue
            gender = wanted[name]
            before = re.search(r"(\w+)(?:\s+же)?\s+$", text[max(0, span.start() - 40):span.start()])
            after = re.match(r"(,?)\s+(\w+)", text[span.end():])
            found = []
            if before and modifier(before[1]):  # «сам `where`»
                found.append((before[1], agreeing_gender(before[1], True)))
            if after and after[1]:  # «`fmax`, который»: a relative pronoun agrees with it
                if normal(after[2]).startswith("котор"):
                    found.append((after[2], agreeing_gender(after[2], True)))
            elif after:  # «`where` дифференцируем»: a past verb or short adjective right after
                rest = re.match(r"(?:\s+(?:" + "|".join(PARTICLES) + r"))*\s+(\w+)",
                                text[span.end():])
                preposition = before and any(p.tag.POS == "PREP" for p in morph().parse(before[1]))
                if rest and not preposition:  # «у `clamp` был»: the subject is elsewhere
                    found.append((rest[1], predicate_gender(rest[1])))
            for word, genders in found:
                if genders and gender not in genders:
                    problems.append(
                        f"{Site.containing(path).relative(path)}:{line_of(text, span.start())}: «{span[0]}» and "
                        f"«{word}» – glossary.yml: {name} is "
                        f"{'feminine' if gender == 'femn' else 'masculine'} "
                        f"(«{entry[target_language(entry)]}»): {reason_text(rule)}")
    return problems


def modifier(word: str) -> bool:
    """Whether a word before a code span can only be an adjective or participle agreeing with it:
    not «это» (also a particle), «производная» (also a noun), nor «котором» («выпуск, в котором
    `clamp`…» agrees with the noun before it)."""
    parses = morph().parse(word.lower())
    return not normal(word).startswith("котор") and all(
        p.tag.POS in ("ADJF", "PRTF") for p in parses)


def predicate_gender(word: str) -> set[str]:
    """Genders a past verb, short adjective or short participle shows («дифференцируем»: its
    other reading, «we differentiate», cannot follow a subject); empty if it shows none."""
    parses = [p for p in morph().parse(word.lower())
              if p.tag.POS in ("ADJS", "PRTS", "VERB") and p.tag.gender]
    genders = {p.tag.gender for p in parses}
    return set() if not parses or "neut" in genders else genders


TRANSLATED = [DOCS / lang / page for lang in list(SITE.locales)[1:] for page in SITE.pages(lang)]


@pytest.mark.parametrize("page", TRANSLATED, ids=SITE.relative)
def test_page_uses_the_glossary_terms(page):
    lang = page.relative_to(DOCS).parts[0]
    glossary = load_glossary()
    problems = (glossary_problems(page, rejected(glossary).get(lang, []))
                + grammar_problems(page, grammar_rules(glossary).get(lang, []))
                + release_preposition_problems(
                    page, grammar_rules(glossary, "release-preposition").get(lang, []))
                + api_gender_problems(page, grammar_rules(glossary, "api-gender").get(lang, [])))
    if problems:
        pytest.fail("\n".join(problems) + "\nUse the glossary's term (glossary.yml); if the "
                    "glossary is wrong, change it there, for every page.", pytrace=False)


def reason_problems(where: str, what: str, reason) -> list[str]:
    if not (isinstance(reason, dict) and reason_text(reason).strip()):
        return [f"{where}: say why {what} in every language (`{DEFAULT}: reason`, "
                "then one line per language)"]
    return [f"{where}: {what}: {sorted(set(reason) - set(list(SITE.locales)))} are not languages of "
            "mkdocs.yml"] if not set(reason) <= set(list(SITE.locales)) else []


def glossary_format_problems(glossary) -> list[str]:
    if not isinstance(glossary, list) or not glossary:
        return ["glossary.yml: expected a list of entries (`- en: …`)"]
    problems, seen = [], set()
    for n, entry in enumerate(glossary, 1):
        if not isinstance(entry, dict):
            problems.append(f"glossary.yml, entry {n}: expected `{DEFAULT}: …` and a translation")
            continue
        where = f"glossary.yml, entry {n} ({entry.get(DEFAULT, '?')})"
        terms = {k: v for k, v in entry.items() if k not in ("avoid", "grammar")}
        avoid = entry.get("avoid") or {}
        if DEFAULT not in terms or len(terms) < 2:
            problems.append(f"{where}: needs `{DEFAULT}:` and a translation")
        if not set(terms) <= set(list(SITE.locales)):
            problems.append(f"{where}: {sorted(set(terms) - set(list(SITE.locales)))} are not languages "
                            "of mkdocs.yml")
        if not all(isinstance(v, str) and v.strip() for v in terms.values()):
            problems.append(f"{where}: a term is empty")
        if entry.get(DEFAULT) in seen:
            problems.append(f"{where}: `{entry[DEFAULT]}` is listed twice")
        seen.add(entry.get(DEFAULT))
        rule = entry.get("grammar")
        if isinstance(rule, dict) and rule.get("check") is not None:
            names = [rule.get("feminine"), rule.get("masculine")]
            if rule["check"] not in CHECKS or not rule.get("example") or (
                    rule["check"] == "api-gender"
                    and not all(isinstance(n, list) and n for n in names)):
                problems.append(f"{where}: `grammar` with `check` needs one of {CHECKS}, "
                                "`example` (a wrong use), for api-gender `feminine` and "
                                "`masculine` (lists of API names), and the reason per language")
            else:
                problems += reason_problems(
                    where, f"«{rule['example']}»",
                    {k: v for k, v in rule.items()
                     if k not in ("check", "feminine", "masculine", "example")})
        elif "grammar" in entry:
            if not (isinstance(rule, dict) and len(terms) == 2
                    and rule.get("gender") in GENDERS and rule.get("word")
                    and str(rule["word"]) in str(terms.get(target_language(entry) or "", ""))
                    and rule.get("example")):
                problems.append(f"{where}: `grammar` needs `word` (a word of the term), "
                                f"`gender` ({', '.join(GENDERS)}), `example` (a wrong use) and "
                                "the reason per language")
            else:
                problems += reason_problems(
                    where, f"«{rule['word']}» is {rule['gender']}",
                    {k: v for k, v in rule.items() if k not in ("word", "gender", "example")})
        if avoid and not (isinstance(avoid, dict) and len(terms) == 2):
            problems.append(f"{where}: `avoid` maps each rejected variant to the reason, for an "
                            "entry with one translation")
            continue
        for variant, reason in avoid.items():
            problems += reason_problems(where, f"«{variant}» is avoided", reason)
    if problems:
        return problems
    for lang, variants in rejected(glossary).items():
        for entry in glossary:
            term = entry.get(lang, "")
            problems += [f"glossary.yml: the term «{term}» contains the rejected «{variant}» "
                         "(in some form), so every page using the term would fail"
                         for variant, *_ in variants if next(phrase_hits(term, variant), None)]
    return problems


def test_glossary_is_well_formed():
    problems = glossary_format_problems(load_glossary())
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def test_every_reason_is_in_every_language():
    """The Glossary page shows a reason in the reader's language; a missing one falls back to
    English, with a build warning for a language glossary.yml has terms in (verified_docs/translated_pages.py)."""
    covered = {k for e in load_glossary() for k in e if k not in ("avoid", "grammar")}
    missing = [f"glossary.yml: «{name}» ({entry[DEFAULT]}): no `{lang}` reason"
               for entry in load_glossary()
               for name, reason in [*(entry.get("avoid") or {}).items(),
                                    *([(entry["grammar"].get("word")
                                        or entry["grammar"]["example"], entry["grammar"])]
                                      if "grammar" in entry else [])]
               for lang in covered if not reason_text(reason, lang).strip()]
    assert not missing, "\n".join(missing)


# ---- matching word forms ----------------------------------------------------------------------

@pytest.mark.parametrize("variant, text", [
    ("вычислительный граф", "строит вычислительного графа узел"),
    ("обратное распространение", "вместе с обратным распространением"),
    ("обратное распространение", "при обратном  распространении"),
    ("режим градиентов", "в режиме градиентов"),
    ("минимальная норма", "субградиент минимальной нормы"),
    ("in place", "изменяет его in place"),
    ("релиз", "вышло в релизе, в двух релизах"),
    ("нужен градиент", "тензор, которому нужен градиент"),
    ("нужен градиент", "тензорам, которым нужны градиенты"),
    ("батченный", "как её батчить"),
    ("батченный", "с батченным входом"),
    ("батчиться", "батчится под vmap"),
    ("в float64", "проверяйте в float64"),
    ("в float64", "В  float64 проходит"),
    ("в float32", "округлён в float32"),
])
def test_variant_found_in_any_form(variant, text):
    assert next(phrase_hits(text, variant), None), f"«{variant}» not found in «{text}»"


@pytest.mark.parametrize("variant, text", [
    ("вычислительный граф", "вычислительный, а граф"),   # not adjacent
    ("вычислительный граф", "вычислительная графика"),
    ("in place", "на месте (in-place)"),
    ("в float64", "проверяйте во float64"),          # «во» is not «в» (`Vpre`)
    ("в float64", "в float32"),
    ("батченный", "по батчу, в примерах батча"),     # the noun «батч» is fine
])
def test_other_words_are_not_the_variant(variant, text):
    assert next(phrase_hits(text, variant), None) is None


def write_page(tmp_path, text: str) -> pathlib.Path:
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")  # a site's page
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return page


@pytest.mark.parametrize("text, wrong", ids=str, argvalues=[
    ("Тот же правильный ReLU проходит.", True),
    ("Этот ReLU проходит.", True),
    ("Для такой ReLU ноль не особый.", False),  # «такой»: feminine genitive too
    ("У ReLU ровно одна точка излома.", False),  # «ровно»: an adverb
    ("ReLU выпукл, и всё.", True),
    ("Правильная ReLU проходит, ReLU выпукла.", False),
    ("Эти правильные ReLU проходят.", False),
    ("Класс `nn.ReLU` определён в torch.", False),
])
def test_relu_is_feminine(tmp_path, text, wrong):
    entries = grammar_rules(load_glossary())["ru"]
    found = grammar_problems(write_page(tmp_path, text + "\n"), entries)
    assert bool(found) == wrong, found


# ---- the Glossary page ------------------------------------------------------------------------

def glossary_table(site, lang) -> str | None:
    out = site if lang == DEFAULT else site / lang
    html = (out / "glossary" / "index.html").read_text(encoding="utf-8")
    table = re.search(r'<table[^>]* id="glossary-table"[^>]*>.*?</table>', html, re.S)
    return table[0] if table else None


def cells(table: str, column: int) -> list[str]:
    rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)
    return [re.findall(r"<td>(.*?)</td>", row, re.S)[column] for row in rows]


@pytest.mark.parametrize("lang", list(SITE.locales))
def test_glossary_page_shows_the_table(site, lang):
    table = glossary_table(site, lang)
    if not table:
        pytest.fail(f"docs/{lang}/glossary.md: no glossary table in the built page; put the "
                    "line `<!-- glossary-table -->` where it goes", pytrace=False)
    rows = table.split("<tbody>")[1]
    assert rows.count("<tr>") == len(load_glossary()), f"{lang}: not one row per glossary entry"
    # One column per language glossary.yml has terms in (a new language has none yet).
    terms = [key for key in load_glossary()[0] if key not in ("avoid", "grammar")]
    for column in range(len(terms)):
        assert cells(table, column) == cells(glossary_table(site, DEFAULT), column), (
            f"the terms of the glossary table of {lang} differ from {DEFAULT}'s")
    # Reasons in the page's language: the Russian text of the first reason, on the Russian page.
    variant, reason = next((v, r) for e in load_glossary() for v, r in (e.get("avoid") or {}).items())
    assert reason_text(reason, lang).split("`")[0] in table, (
        f"{lang}: the glossary's reason for «{variant}» is not in the page's language")
    # Cells apart, so the search index does not run them together.
    assert "</td><td>" not in table and "<br><" not in table

# ---- a page breaking the glossary -----------------------------------------------------------

def test_rejected_variant_fails_with_the_term_to_use(tmp_path):
    lang, variants = next(iter(rejected(load_glossary()).items()))
    variant, term, english, reason = variants[0]
    page = tmp_path / "docs" / lang / "page.md"
    page.parent.mkdir(parents=True)
    (tmp_path / "mkdocs.yml").write_text("site_name: scratch\n", encoding="utf-8")
    page.write_text(f"# Page\n\n{variant.capitalize()} –\n`{variant}`\n\n```text\n{variant}\n```\n",
                    encoding="utf-8")
    problems = "\n".join(glossary_problems(page, variants))
    rel = page.relative_to(tmp_path).as_posix()
    assert (f"{rel}:3: «{variant.capitalize()}» – glossary.yml says «{term}» for "
            f"“{english}”: {reason}") in problems, problems
    assert f"{rel}:4" not in problems and f"{rel}:7" not in problems


# ---- the two conventions, on small pages ------------------------------------------------------

@pytest.mark.parametrize("text, wrong", ids=str, argvalues=[
    ("В NaN `clamp` отбрасывает градиент, и так на всех выпусках.", True),
    ("На 2.13.0 `clamp` даёт 1, на 2.14.1 — 0.", True),
    ("Выдаёт ошибку на всех проверенных здесь выпусках.", True),  # «проверенных» is the release
    ("В 2.13.0 `clamp` даёт 1, во всех выпусках `relu` даёт 0.", False),
    ("Каждый пример запускается на трёх выпусках PyTorch.", False),
    ("Здесь измерено на 2.14.1 и 2.15.0.", False),
    ("На 2.14.1 тот же скрипт не находит расхождений.", False),
    ("Имя операции, которой запись на деле выполняет данный выпуск.", False),
])
def test_release_preposition(tmp_path, text, wrong):
    entries = grammar_rules(load_glossary(), "release-preposition")["ru"]
    found = release_preposition_problems(write_page(tmp_path, text + "\n"), entries)
    assert bool(found) == wrong, found


@pytest.mark.parametrize("text, wrong", ids=str, argvalues=[
    ("А сам `where` дифференцируем.", True),
    ("`torch.fmax(nan, 0)`, который возвращает 0.", True),
    ("`x.clamp(min=0)` сменил значение.", True),
    ("Правило самого `clamp` — код на C++.", True),
    ("`MyReLU` пропускала градиент.", True),               # a class is masculine
    ("А сама функция `where` дифференцируема.", False),
    ("`torch.fmax(nan, 0)`, которая возвращает 0.", False),
    ("`x.clamp(min=0)` сменила значение, `MyReLU` пропускал 1.", False),
    ("Выпуск, в котором `clamp(min=0)` ещё пропускает 1.", False),
    ("`NoCloneReLU` ниже — это `MyReLU` без копии.", False),
    ("Первая производная `NoCloneReLU` там уже неверна.", False),
    ("У `clamp` был другой наклон.", False),             # the subject is elsewhere
    ("`clamp` его отбрасывает.", False),                   # «его»: a pronoun, not checked
])
def test_api_gender(tmp_path, text, wrong):
    entries = grammar_rules(load_glossary(), "api-gender")["ru"]
    found = api_gender_problems(write_page(tmp_path, text + "\n"), entries)
    assert bool(found) == wrong, found
