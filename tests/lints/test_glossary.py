"""A translated page must not use a variant glossary.yml rejects (`avoid`), in any inflected form
(pymorphy3's dictionary forms: «вычислительный граф» catches «вычислительного графа», not
«графика»; «во» is not reduced to «в», the choice a variant such as «в float64» is about), nor
break its `grammar` rules where a check is reliable (code, link targets and English quotations
are not checked): a gender (`word`, `gender`) agreeing with the adjective before the word and a
short adjective or past verb after it; `release-preposition`: «в» before a release, «на» only
in a clause about running, checking or measuring (RUNNING; before this rule 21 uses on the pages
were all about behaviour); `api-gender`: a function named by its API name is feminine, a class
masculine, next to the code span only (a pronoun further on may stand for another noun).
The Glossary page shows the table in every language; a broken glossary.yml is named by line.
"""

from __future__ import annotations

import functools
import re

import pytest

from tests.prose import INLINE_CODE, blank, line_of, prose
from tests.repo import SITE
from verified_docs.i18n.glossary import GLOSSARY, NOT_TERMS, GlossaryError, load_glossary
from verified_docs.model.site import Site

DEFAULT = SITE.default
GENDERS = {"feminine": "femn", "masculine": "masc", "neuter": "neut"}


@functools.cache
def glossary() -> list[dict]:
    """Read once: its YAML takes longer to parse than a sentence takes to check."""
    return load_glossary(SITE, SITE.root / GLOSSARY)


WORD = re.compile(r"\w+(?:-\w+)*")  # «in-place» is one word, «in place» two


@functools.cache
def morph():
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


def normal(text: str) -> str:
    return text.lower().replace("ё", "е")


@functools.cache
def lemmas(word: str) -> frozenset[str]:
    """Every dictionary form the word may be of (a non-Russian word is itself); «во», «со»
    (`Vpre`) are not reduced to «в», «с»."""
    word = normal(word)
    if not re.search(r"[а-я]", word):
        return frozenset([word])
    return frozenset(normal(p.normal_form) for p in morph().parse(word)
                     if "Vpre" not in p.tag) | {word}


BEFORE, AFTER = {"ADJF", "PRTF"}, {"ADJS", "PRTS", "VERB"}


def genders(word: str, kinds: set[str], genderless: bool = True) -> set[str]:
    """The genders `word` shows read as one of `kinds`: an adjective or participle BEFORE a noun
    («правильный»), a short adjective, short participle or past verb AFTER it («выпукл»). Empty
    if a reading names no gender (unless `genderless` is False: those readings are left out), or
    a neuter one AFTER (a neuter short adjective is also an adverb: «ReLU ровно»)."""
    parses = [p for p in morph().parse(word.lower())
              if p.tag.POS in kinds and (genderless or p.tag.gender)]
    found = {p.tag.gender for p in parses}
    return set() if not parses or None in found or (kinds is AFTER and "neut" in found) else found


def phrase_hits(text: str, variant: str):
    """(start, end) of each run of adjacent words whose forms match the words of `variant`."""
    wanted = [lemmas(w) for w in WORD.findall(variant)]
    found = list(WORD.finditer(text))
    for i in range(len(found) - len(wanted) + 1):
        run = found[i:i + len(wanted)]
        if all(lemmas(m[0]) & want for m, want in zip(run, wanted)) and all(
                not text[a.end():b.start()].strip() for a, b in zip(run, run[1:])):
            yield run[0].start(), run[-1].end()


# ---- the rules: each yields (start, end, what glossary.yml says) ------------------------------

def avoided(text, code, rule, term):
    variant, english = rule
    for start, end in phrase_hits(text, variant):
        yield start, end, f"says «{term}» for “{english}”"


PARTICLES = r"(?:\s+(?:же|тоже|также|уже|ещё|еще|не))*"


def disagreeing(text: str, start: int, end: int, gender: str):
    """(start, end, word) of each word that does not agree with the noun `text[start:end]` in
    `gender`: an adjective before it, «который» after a comma, a short adjective or past verb
    after it unless a preposition before the noun says it is not the subject («у `clamp` был»)."""
    before = re.search(r"(\w+)(?:\s+же)?\s+$", text[max(0, start - 40):start])
    after = re.match(r"(,?)\s+(\w+)", text[end:])
    found = []
    if before and not normal(before[1]).startswith("котор") and all(  # «сам `where`»
            p.tag.POS in BEFORE for p in morph().parse(before[1].lower())):
        found.append((max(0, start - 40) + before.start(1), before[1], BEFORE, True))
    if after and after[1] and normal(after[2]).startswith("котор"):  # «`fmax`, который»
        found.append((end + after.start(2), after[2], BEFORE, True))
    elif after and not after[1] and not (
            before and any(p.tag.POS == "PREP" for p in morph().parse(before[1]))):
        rest = re.match(PARTICLES + r"\s+(\w+)", text[end:])
        if rest:
            found.append((end + rest.start(1), rest[1], AFTER, False))
    for at, word, kinds, genderless in found:
        shown = genders(word, kinds, genderless)
        if shown and gender not in shown:
            yield min(at, start), max(at + len(word), end), word


def word_gender(text, code, rule, term):
    for m in re.finditer(rf"(?<![\w-]){re.escape(rule['word'])}(?![\w-])", text):
        for start, end, _ in disagreeing(text, m.start(), m.end(), GENDERS[rule["gender"]]):
            yield start, end, f"says «{rule['word']}» is {rule['gender']} here («{term}»)"


RELEASE = re.compile(r"\b(?<![-\w])на\s+(?:PyTorch\s+)?\d+\.\d+(?:\.\d+)?"
                     r"|\b(?<![-\w])на\s+(?:\w+\s+){0,3}?выпуск\w*", re.I)
CLAUSE_END = re.compile(r"[;:!?()]|\.(?!\d)|\n\s*\n")  # not the full stop in 2.13.0
RUNNING = frozenset("""запускать запустить запуск запускаться выполнять выполнить выполняться
    проверять проверить проверка проверяться проверенный проверяемый измерять измерить
    измерение измеренный сверять сверить сверенный тестировать тест скрипт пример код вывод
    печатать напечатать""".split())


def release_preposition(text, code, rule, term):
    ends = [m.start() for m in CLAUSE_END.finditer(text)]
    for m in RELEASE.finditer(text):
        between = [w for w in WORD.findall(m[0])[1:-1] if not re.fullmatch(r"PyTorch|\d+", w)]
        if any(morph().parse(w)[0].tag.POS not in ("ADJF", "PRTF", "NUMR", "ADVB")
               for w in between):
            continue  # «на деле выполняет данный выпуск»: not a release after «на»
        start = max([e for e in ends if e < m.start()] or [-1]) + 1
        end = min([e for e in ends if e >= m.end()] or [len(text)])
        clause = text[start:m.start()] + " " + text[m.end():end]
        if not any(lemmas(w) & RUNNING for w in WORD.findall(clause)):
            yield m.start(), m.end(), f"says «{term}»"


def api_gender(text, code, rule, term):
    wanted = {name: gender for gender in ("feminine", "masculine") for name in rule[gender]}
    for span in INLINE_CODE.finditer(code):
        head = span[0].strip("`").split("(")[0].strip()  # `x.clamp(min=0)` -> clamp
        name = head.rsplit(".", 1)[-1] if re.fullmatch(r"[A-Za-z_][\w.]*", head) else None
        if name in wanted:
            for start, end, word in disagreeing(code, span.start(), span.end(),
                                                GENDERS[wanted[name]]):
                yield start, end, f"says {name} is {wanted[name]} («{term}»), not «{word}»"


CHECKS = {None: word_gender, "release-preposition": release_preposition,
          "api-gender": api_gender}


def rules(terms: list[dict], lang: str):
    """(check, rule, the term, reason) of every rule glossary.yml sets for `lang`'s pages: an
    entry's `avoid` and `grammar` are about its one translation (the loader's rule)."""
    for entry in terms:
        if [key for key in entry if key not in (DEFAULT, *NOT_TERMS)] != [lang]:
            continue
        for variant, reason in (entry.get("avoid") or {}).items():
            yield avoided, (variant, entry[DEFAULT]), entry[lang], reason
        if rule := entry.get("grammar"):
            yield CHECKS[rule.get("check")], rule, entry[lang], rule


ENGLISH_QUOTE = re.compile(r"«[^«»А-Яа-яЁё]*»")


def lint(page, lang: str, terms: list[dict]) -> list[str]:
    text = ENGLISH_QUOTE.sub(blank, prose(page))
    code = prose(page, inline_code=True)  # the same offsets, `inline code` kept
    hits = sorted((start, end, what, reason[DEFAULT])
                  for check, rule, term, reason in rules(terms, lang)
                  for start, end, what in check(text, code, rule, term))
    return [f"{SITE.relative(page)}:{line_of(text, start)}: "
            f"«{' '.join(code[start:end].split())}» – glossary.yml {what}: {reason}"
            for start, end, what, reason in hits
            # a shorter variant inside a longer one: one report is enough
            if not any(s <= start and end <= e and (s, e) != (start, end) for s, e, *_ in hits)]


TRANSLATED = [SITE.docs / lang / page for lang in SITE.locales[1:] for page in SITE.pages(lang)]


@pytest.mark.parametrize("page", TRANSLATED, ids=SITE.relative)
def test_page_uses_the_glossary_terms(page):
    problems = lint(page, page.relative_to(SITE.docs).parts[0], glossary())
    if problems:
        pytest.fail("\n".join(problems) + "\nUse the glossary's term (glossary.yml); if the "
                    "glossary is wrong, change it there, for every page.", pytrace=False)


@pytest.mark.parametrize("text, expected", ids=str, argvalues=[
    # rejected variants, in any inflected form; the message names the term to use
    ("строит вычислительного графа узел", "says «граф вычислений» for “computation graph”"),
    ("вместе с обратным распространением", "«обратным распространением»"),
    ("при обратном  распространении", "«обратном распространении»"),
    ("в режиме градиентов", "«режиме градиентов»"), ("изменяет его in place", "«in place»"),
    ("субградиент минимальной нормы", "«минимальной нормы»"),
    ("вышло в релизе, в двух релизах", "«релизах»"),
    ("тензор, которому нужен градиент", "«нужен градиент»"),
    ("тензорам, которым нужны градиенты", "«нужны градиенты»"),
    ("как её батчить", "«батчить»"), ("с батченным входом", "«батченным»"),
    ("батчится под vmap", "«батчится»"), ("проверяйте в float64", "«в float64»"),
    ("В  float64 проходит", "«В float64»"), ("округлён в float32", "«в float32»"),
    ("вычислительный, а граф", None), ("вычислительная графика", None),
    ("на месте (in-place)", None), ("проверяйте во float64", None),
    ("по батчу, в примерах батча", None),
    # the gender of ReLU
    ("Тот же правильный ReLU проходит.", "«правильный ReLU» – glossary.yml says «ReLU» is feminine"),
    ("Этот ReLU проходит.", "«Этот ReLU»"), ("ReLU выпукл, и всё.", "«ReLU выпукл»"),
    ("Для такой ReLU ноль не особый.", None),  # «такой»: feminine genitive too
    ("У ReLU ровно одна точка излома.", None),  # «ровно»: an adverb
    ("Правильная ReLU проходит, ReLU выпукла.", None), ("Эти правильные ReLU проходят.", None),
    ("Класс `nn.ReLU` определён в torch.", None),
    # «в»/«на» before a release
    ("В NaN `clamp` отбрасывает градиент, и так на всех выпусках.", "«на всех выпусках» – "),
    ("На 2.13.0 `clamp` даёт 1, на 2.14.1 — 0.", "«На 2.13.0» – glossary.yml says «в 2.13.0"),
    ("Выдаёт ошибку на всех проверенных здесь выпусках.", "«на всех проверенных здесь"),
    ("В 2.13.0 `clamp` даёт 1, во всех выпусках `relu` даёт 0.", None),
    ("Каждый пример запускается на трёх выпусках PyTorch.", None),
    ("Здесь измерено на 2.14.1 и 2.15.0.", None),
    ("На 2.14.1 тот же скрипт не находит расхождений.", None),
    ("Имя операции, которой запись на деле выполняет данный выпуск.", None),
    # the gender of API names
    ("А сам `where` дифференцируем.", "«сам `where`» – glossary.yml says where is feminine"),
    ("`torch.fmax(nan, 0)`, который возвращает 0.", "not «который»"),
    ("`x.clamp(min=0)` сменил значение.", "not «сменил»"), ("Правило самого `clamp` — код на C++.", "not «самого»"),
    ("`MyReLU` пропускала градиент.", "says MyReLU is masculine"),
    ("А сама функция `where` дифференцируема.", None),
    ("`torch.fmax(nan, 0)`, которая возвращает 0.", None),
    ("`x.clamp(min=0)` сменила значение, `MyReLU` пропускал 1.", None),
    ("Выпуск, в котором `clamp(min=0)` ещё пропускает 1.", None),
    ("`NoCloneReLU` ниже — это `MyReLU` без копии.", None),
    ("Первая производная `NoCloneReLU` там уже неверна.", None),
    ("У `clamp` был другой наклон.", None),  # the subject is elsewhere
    ("`clamp` его отбрасывает.", None),  # «его»: a pronoun, not checked
    # the page's line, the whole message; code is not prose
    ("# Page\n\nВычислительный граф –", "page.md:3: «Вычислительный граф» – glossary.yml says "
     "«граф вычислений» for “computation graph”: one term for one thing; the site says «граф "
     "вычислений»"),
    ("`вычислительный граф`\n\n```text\nвычислительный граф\n```", None),
])
def test_rule_on_a_sentence(tmp_path, text, expected):
    page = tmp_path / "page.md"
    page.write_text(text + "\n", encoding="utf-8")
    found = "\n".join(lint(page, "ru", glossary()))
    if expected is None:
        assert not found, f"«{text}» is right, yet:\n{found}"
    else:
        assert expected in found, f"«{text}»: expected «{expected}» in:\n{found or '(nothing)'}"


# A site in en, ru and de: glossary.yml is read against mkdocs.yml's languages.
THREE_LANGUAGES = (
    "site_name: t\nplugins:\n  - i18n:\n      docs_structure: folder\n      languages:\n"
    + "".join(f"        - {{locale: {lang}, name: {lang}, build: true{default}}}\n"
              for lang, default in (("en", ", default: true"), ("ru", ""), ("de", ""))))


@pytest.mark.parametrize("text, line, what", [
    # a flow list never closed: the line it opened on is named too
    ("- en: a\n  ru: b\n- en: c\n  ru: [d\n", 4, "not valid YAML"),
    ("- en: a\n\tru: b\n", 2, "not valid YAML"),
    ("- en: a\n  ru: b: c\n", 2, "not valid YAML"),
    ("- en: 'a\n  ru: b\n", 2, "not valid YAML"),
    ("- en: a\n  ru: b\n ru: c\n", 3, "not valid YAML"),
    (b"- en: a\n  ru: \xd0\n", 2, "not valid UTF-8 (byte b'\\xd0'); save the file as UTF-8"),
    ("en: a\nru: b\n", 1, "expected a list of terms"),
    ("", 1, "expected a list of terms"),
    ("- en: a\n  ru: b\n- just text\n", 3, "expected a term (`<language>: <term>` lines)"),
    ("- en: a\n  ru: b\n  en: c\n", 3, 'not valid YAML: found duplicate key "en"'),
    ("- en: a\n  ru: b\n  avoid: [x]\n", 1, "has an `avoid` that should map each variant to the reason"),
    ("- en: a\n", 1, "the term “a” needs `en:` and a translation"),
    ("- en: a\n  xx: b\n", 1, "has ['xx'], which are not languages of mkdocs.yml"),
    # a mistyped language after a term with reasons: named on its own line, not as a reason's gap
    ("- en: a\n  ru: b\n  avoid: {x: {en: y, ru: z}}\n- en: c\n  rus: d\n", 4,
     "has ['rus'], which are not languages of mkdocs.yml"),
    ("- en: a\n  ru: ''\n", 1, "has an empty term"),
    ("- en: a\n  ru: b\n- en: a\n  ru: c\n", 3, "the term “a” is listed twice"),
    ("- en: a\n  ru: b\n  de: c\n  avoid: {x: {en: y}}\n", 1, "for an entry with one translation"),
    ("- en: a\n  ru: b c\n  grammar: {example: x, word: b, gender: plural, en: y}\n", 1,
     "has a `grammar` that needs `example` (a wrong use) and either `word`"),
    ("- en: a\n  ru: b\n  grammar: {example: x, check: api-gender, feminine: [f], en: y}\n", 1,
     "has a `grammar` that needs"),
    ("- en: a\n  ru: b\n  avoid: {x: y}\n", 1, "should say why «x» in en, ru (`en: reason`"),
    ("- en: a\n  ru: b\n  avoid: {x: {en: y}}\n", 1, "should say why «x» in en, ru"),
])
def test_each_problem_names_file_and_line(tmp_path, text, line, what):
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text(THREE_LANGUAGES, encoding="utf-8")
    path = tmp_path / "glossary.yml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    with pytest.raises(GlossaryError) as caught:
        load_glossary(Site.load(tmp_path), path)
    assert re.match(rf"glossary\.yml:{line}: .*{re.escape(what)}", str(caught.value)), caught.value


def test_glossary_is_well_formed():
    """The file's format is the loader's (above); this is the one rule that needs pymorphy3."""
    terms = glossary()
    problems = [f"glossary.yml: the term «{entry[lang]}» contains the rejected «{rule[0]}» (in "
                "some form), so every page using the term would fail"
                for lang in SITE.locales[1:] for check, rule, _, _ in rules(terms, lang)
                if check is avoided for entry in terms
                if next(phrase_hits(str(entry.get(lang, "")), rule[0]), None)]
    assert not problems, "\n".join(problems)


def table_of(site, lang) -> str:
    html = SITE.built_html(site, lang, "glossary.md").read_text(encoding="utf-8")
    table = re.search(r'<table[^>]* id="glossary-table"[^>]*>.*?</table>', html, re.S)
    assert table, (f"docs/{lang}/glossary.md: no glossary table in the built page; put the line "
                   "`<!-- glossary-table -->` where it goes")
    return table[0]


def test_glossary_page_shows_the_table_in_each_language(site):
    terms = glossary()
    columns = len([key for key in terms[0] if key not in NOT_TERMS])

    def cells(table):  # the terms' columns, one row per entry
        rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)
        return [re.findall(r"<td>(.*?)</td>", row, re.S)[:columns] for row in rows]

    english = cells(table_of(site, DEFAULT))
    assert len(english) == len(terms), "not one row per glossary entry"
    variant, reason = next((v, r) for e in terms for v, r in (e.get("avoid") or {}).items())
    for lang in SITE.locales:
        table = table_of(site, lang)
        assert cells(table) == english, f"the terms of {lang}'s glossary table differ from English"
        # a language with no terms in glossary.yml yet (make new-language) reads the English one
        assert (reason.get(lang) or reason[DEFAULT]).split("`")[0] in table, (
            f"{lang}: the glossary's reason for «{variant}» is not in the page's language")
        # Cells apart, so the search index does not run them together.
        assert "</td><td>" not in table and "<br><" not in table
