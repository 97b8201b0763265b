"""Search, as a reader types it: Russian inflected forms find every Russian page that uses any
form of the word; the Russian site returns Russian pages only, the English site English only;
the questions readers ask find the page that answers them first, short words (stop words) are
not prefixes of other words, and results show prose, not code, on a phone too.

Expected pages are read from the built search index, so the test follows the content."""

import json
import re
from collections import Counter

import pytest

from tests.repo import ROOT, SITE
from verified_docs import browser as s

LANGS = SITE.built_languages
DEFAULT = LANGS[0]
# query -> the word family it must find: pages with any word starting with the stem
RUSSIAN = {"градиент": "градиент", "градиента": "градиент", "градиентов": "градиент",
           "градиентом": "градиент", "субградиента": "субградиент"}
ENGLISH = {"gradients": "gradient"}


def index_pages(site) -> dict[str, str]:
    """Page location -> lower-cased text of that page (title, sections), from the search index."""
    docs = json.loads((site / "search" / "search_index.json").read_text("utf-8"))["docs"]
    pages = {}
    for doc in docs:
        location = doc["location"].split("#")[0]
        text = re.sub(r"<[^>]+>", " ", f"{doc.get('title', '')} {doc.get('text', '')}")
        pages[location] = pages.get(location, "") + " " + text.lower()
    return pages


def family(pages, lang, stem) -> set[str]:
    word = re.compile(rf"(?<![\w]){re.escape(stem)}\w*")
    return {loc for loc, text in pages.items() if SITE.language_at(loc) == lang and word.search(text)}


def search(tab, query: str) -> list[str]:
    """Type a query into the search box; the hrefs of the results, once they are shown."""
    page = tab.page
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press("End")
    page.wait_for_function("() => !document.querySelector('.md-search-result__list').children.length")
    box.fill(query)
    box.press("End")  # Material reads the query on key events
    page.wait_for_function("""() => {
        const none = JSON.parse(document.getElementById('__config').textContent)
          .translations['search.result.none'];
        const meta = document.querySelector('.md-search-result__meta').textContent.trim();
        return document.querySelector('.md-search-result__list').children.length || meta === none;
    }""", timeout=10000)
    page.wait_for_timeout(150)
    return page.eval_on_selector_all(".md-search-result__list a[href]", "els => els.map(a => a.href)")


def run_queries(tab, server, lang, queries):
    tab.goto(server.url(lang.prefix))
    found = {}
    for query in queries:
        locations = {server.location(href) for href in search(tab, query)}
        found[query] = locations
    return found


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.locale)
def test_results_come_from_own_language(tab, server, site, lang):
    pages = index_pages(site)
    words = [Counter(set(re.findall(r"\b[a-z][a-z_]{3,}\b", text)))
             for loc, text in pages.items()]
    per_lang = {}
    for (loc, _), counts in zip(pages.items(), words):
        per_lang.setdefault(SITE.language_at(loc).locale, Counter()).update(counts)
    shared = [w for w, _ in sum(per_lang.values(), Counter()).most_common()
              if all(w in c for c in per_lang.values())]
    assert shared, "no word is shared by the pages of every language; cannot check the split"
    queries = [shared[0], *RUSSIAN, *ENGLISH]
    found = run_queries(tab, server, lang, queries)
    assert found[shared[0]], (f"searching {shared[0]!r}, a word on pages of every language, on "
                              f"{server.url(lang.prefix)} found nothing")
    foreign = {q: sorted(loc for loc in locs if loc is None or SITE.language_at(loc) != lang)
               for q, locs in found.items()}
    foreign = {q: locs for q, locs in foreign.items() if locs}
    assert not foreign, (
        f"search on the {lang.locale!r} site returned pages of another language: {foreign}. "
        "Each page's search worker should keep only its language's documents "
        "(overrides/assets/javascripts/workers/search-i18n.js, set up in overrides/main.html).")


@pytest.mark.parametrize("queries, lang", [
    (RUSSIAN, next((lang for lang in LANGS if lang.locale == "ru"), None)),
    (ENGLISH, DEFAULT),
], ids=["ru", "en"])
def test_inflected_forms_find_every_page_with_the_word(tab, server, site, queries, lang):
    if lang is None:
        pytest.skip("no Russian language in mkdocs.yml")
    pages = index_pages(site)
    assert family(pages, lang, next(iter(queries.values()))), (
        f"no {lang.locale!r} page uses a form of {next(iter(queries.values()))!r}; "
        "the search test has nothing to find")
    found = run_queries(tab, server, lang, queries)
    missed = {}
    for query, stem in queries.items():
        want = family(pages, lang, stem)
        lost = sorted(want - found[query])
        if lost:
            missed[query] = lost
    assert not missed, (
        "inflected forms did not find pages that use the word in another form:\n  "
        + "\n  ".join(f"{q!r}: missed {locs}" for q, locs in missed.items())
        + "\nThe search plugin needs `pipeline: [stemmer, stopWordFilter]` in mkdocs.yml, and "
          "the search worker must stem each typed word before its prefix match "
          "(overrides/assets/javascripts/workers/search-i18n.js).")


# ---- what a result shows and opens ------------------------------------------------------------

@pytest.mark.parametrize("query, lang", [
    ("градиента", next((lang for lang in LANGS if lang.locale == "ru"), None)),
    ("gradients", DEFAULT),
], ids=["ru", "en"])
def test_opened_result_highlights_the_query(tab, server, query, lang):
    if lang is None:
        pytest.skip("no Russian language in mkdocs.yml")
    tab.goto(server.url(lang.prefix))
    hrefs = search(tab, query)
    section = next((h for h in hrefs if "#" in h), None)
    assert section, f"{query!r}: no section among the results {hrefs}"
    tab.goto(section)
    marks = tab.page.eval_on_selector_all("article mark[data-md-highlight]",
                                          "ms => ms.map(m => m.textContent.toLowerCase())")
    assert marks, (f"{section}: the page opened from a result for {query!r} highlights nothing "
                   "(the search worker names found words by their stems, "
                   "overrides/assets/javascripts/workers/search-i18n.js)")


def index_docs(site):
    return json.loads((site / "search" / "search_index.json").read_text("utf-8"))["docs"]


def test_formulas_are_indexed_once(site):
    docs = index_docs(site)
    tex = [d["location"] for d in docs if re.search(r"\\(?:frac|partial|operatorname)", d["text"])]
    assert not tex, (f"TeX source of formulas in the search index, next to the rendered math: "
                     f"{tex} (verified_docs/katex.py's searchable() excludes MathML's TeX "
                     "annotation)")
    assert any("∂" in d["text"] for d in docs), "no rendered formula in the search index"


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.locale)
def test_glossary_cells_do_not_run_together(site, lang):
    import html

    import yaml

    # A page not translated yet is the English page, whose sections static-i18n indexes once,
    # at the English page's location.
    page = s.Page(f"{lang.prefix}glossary/", lang)
    indexed = page.location if page.shown_source == page.source else f"{LANGS[0].prefix}glossary/"
    text = " ".join(d["text"] for d in index_docs(site) if d["location"].startswith(indexed))
    entries = yaml.safe_load((ROOT / "glossary.yml").read_text("utf-8"))

    # The English cell, then space, then the Russian cell's first word (the rest of a Russian
    # cell may hold `code` and the typography's no-break spaces, indexed as the page shows them).
    glued = [e["en"] for e in entries
             if not re.search(re.escape(html.escape(e["en"], quote=False)) + r"\s+"
                              + re.escape(html.escape(e["ru"].split()[0], quote=False)), text)]
    assert not glued, f"glossary cells run together in the search index for: {glued}"


# ---- the page that answers the query first ---------------------------------------------------

# Each query as readers type it, and the page that answers it (its file; a tuple: any of them).
# "subgradient" is defined on the mask page, with the proof that any slope in [0, 1] is one at
# ReLU's kink; the glossary's entry is a sentence that links there. "modified by an inplace
# operation" is PyTorch's error, pasted; «на месте» the rule of why-clone in Russian. «градиент в
# нуле» is answered by relu-vs-clamp (what each formulation gives at 0) and by the mask page (why
# MyReLU's mask keeps 1 at 0); «почему ... равен 1» by the mask page.
ANSWERS = {
    "en": {"clone": "why-clone.md", "why clone grad_output": "why-clone.md",
           "-38": "relu-vs-clamp.md", "subgradient": "mask.md",
           "modified by an inplace operation": "why-clone.md", "inplace": "why-clone.md"},
    "ru": {"клонировать": "why-clone.md", "клонирование": "why-clone.md",
           "зачем клонировать grad_output": "why-clone.md", "субградиент": "mask.md",
           "в чём разница relu и clamp": "relu-vs-clamp.md",
           "градиент в нуле": ("relu-vs-clamp.md", "mask.md"),
           "почему градиент в нуле равен 1": "mask.md",
           "на месте": "why-clone.md"},
}
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)

FIRST = """() => {
  const a = document.querySelector('.md-search-result__list .md-search-result__link');
  const h = a && a.querySelector('h1, h2');
  return a && {href: a.href, title: h ? h.innerText.trim() : '', visible: !!h && h.checkVisibility()};
}"""

HINT = ("\nMaterial ranks by its index: the words of a page's prose (code and outputs are left "
        "out of it, verified_docs/search_text.py), its title, and its front-matter `keywords` "
        "(weighed like the title, on the page's own entry; the form readers type must be one the "
        "stemmer can match as a prefix: lunr's Russian stemmer makes «клонирова» of «клонировать», "
        "«клонир» of «клонирует»); and by the query's reading: stop words left out, each word "
        "stemmed (overrides/assets/javascripts/workers/search-i18n.js)")


def answer_locations(lang, source) -> list[str]:
    sources = source if isinstance(source, tuple) else (source,)
    return [lang.prefix + ("" if f == "index.md" else f.removesuffix(".md") + "/") for f in sources]


def open_search(tab, server, lang):
    tab.goto(server.url(lang.prefix))
    toggle = tab.page.locator("label.md-header__button[for=__search]")
    if toggle.is_visible():  # a phone: the search box opens from the header's icon
        toggle.click()


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang.locale in ANSWERS],
                         ids=lambda lang: lang.locale)
def test_each_question_finds_its_answer_first(tab, server, site, lang):
    import html

    titles = {d["location"]: html.unescape(re.sub(r"<[^>]+>", "", d["title"]))
              for d in index_docs(site)}
    open_search(tab, server, lang)
    wrong = []
    for query, source in ANSWERS[lang.locale].items():
        search(tab, query)
        first = tab.page.evaluate(FIRST)
        want = answer_locations(lang, source)
        got = server.location(first["href"]) if first else None
        if got not in want or not first["visible"] or first["title"] != titles[got]:
            wrong.append(f"{query!r}: first result {got!r} "
                         f"({first['title'] if first else 'no result'!r}), want "
                         + " or ".join(f"{w!r} ({titles[w]!r})" for w in want))
    assert not wrong, (
        f"search on the {lang.locale!r} site does not put the answering page first:\n  "
        + "\n  ".join(wrong) + HINT)


# A query with short words and the same query without them must find the same: lunr's stop-word
# filters leave «в», «и», «на», "by", "an", "the" out of the index, and a query must not match
# them as prefixes of other words (Material appends "*" to every word: «в*» matched «вторая»).
STOP_WORDS = {
    "en": {"modified by an inplace operation": "modified inplace operation",
           "the gradient of relu at zero": "gradient relu zero"},
    "ru": {"в чём разница relu и clamp": "чём разница relu clamp",
           "градиент в нуле": "градиент нуле", "на месте": "месте"},
}

RESULTS = """() => [...document.querySelectorAll('.md-search-result__list .md-search-result__link')]
  .map(a => a.getAttribute('href'))"""


def shown(server, hrefs) -> list[str]:
    """The first results as the page and the words it highlights (`?h=`), readable."""
    import urllib.parse

    return [server.location(h) + urllib.parse.unquote(h[h.find("?"):]) if "?" in h
            else server.location(h) for h in hrefs[:4]]


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang.locale in STOP_WORDS],
                         ids=lambda lang: lang.locale)
def test_short_words_do_not_match_as_prefixes(tab, server, lang):
    open_search(tab, server, lang)
    differ = []
    for typed, content in STOP_WORDS[lang.locale].items():
        search(tab, typed)
        with_stop = tab.page.evaluate(RESULTS)
        search(tab, content)
        without = tab.page.evaluate(RESULTS)
        assert without, f"{content!r} finds nothing on {server.url(lang.prefix)}"
        if with_stop != without:
            differ.append(f"{typed!r} -> {shown(server, with_stop)}\n    "
                          f"{content!r} -> {shown(server, without)}")
    assert not differ, (
        f"on the {lang.locale!r} site, short words the index leaves out (stop words) change "
        "what a query finds, matched as prefixes of other words:\n  " + "\n  ".join(differ)
        + "\nThe search worker leaves the index's stop words out of the query "
          "(overrides/assets/javascripts/workers/search-i18n.js)")


TEASERS = """() => {
  const items = [...document.querySelectorAll('.md-search-result__list > li')];
  const first = items.length && items[0].querySelector('article');
  return {code: items.map(li => li.querySelectorAll('pre, .highlight').length)
                     .reduce((a, b) => a + b, 0),
          bottom: first ? first.getBoundingClientRect().bottom : 0};
}"""


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang.locale in ANSWERS],
                         ids=lambda lang: lang.locale)
def test_phone_results_show_prose_not_code(browser, server, lang):
    """On a phone the answer's first result, title and teaser, fits the first screen, and no
    result's teaser is a code listing (it was: 1,004 px of code above the right result)."""
    from tests.browser.conftest import Tab

    t = Tab(browser, **PHONE)
    try:
        open_search(t, server, lang)
        bad = []
        for query in ANSWERS[lang.locale]:
            search(t, query)
            seen = t.page.evaluate(TEASERS)
            if seen["code"] or seen["bottom"] > PHONE["viewport"]["height"]:
                bad.append(f"{query!r}: {seen['code']} code blocks in the results, the first "
                           f"result ends at y = {seen['bottom']:.0f} px")
    finally:
        t.close()
    assert not bad, (f"search results on a 390 x 844 phone ({lang.locale!r}):\n  "
                     + "\n  ".join(bad) + "\nCode and outputs are left out of the search "
                     "index by verified_docs/search_text.py (data-search-exclude)")


def test_index_holds_prose_not_code(site):
    docs = index_docs(site)
    code = [d["location"] for d in docs if "<pre>" in d["text"]]
    assert not code, (f"code or output blocks in the search index: {code[:5]} "
                      "(verified_docs/search_text.py marks each data-search-exclude)")
    config = json.loads((site / "search" / "search_index.json").read_text("utf-8"))["config"]
    assert "keywords" in config["fields"], ("mkdocs.yml's `search: fields:` does not weigh "
                                            "the pages' `keywords`")
    on_sections = [d["location"] for d in docs if "#" in d["location"]
                   and ("keywords" in d or "boost" in d)]
    assert not on_sections, (f"keywords or a boost on sections, not on their page's own entry: "
                             f"{on_sections[:5]} (a front-matter `search: boost:` raises every "
                             "section of a page; use `keywords:`)")
