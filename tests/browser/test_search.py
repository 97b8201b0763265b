"""Search as a reader types it: Russian inflected forms, each language's site finding its own
pages, readers' questions finding the answering page first, stop words changing nothing, prose
not code on a phone. Expected pages come from the built search index; every query of a language
is typed once, on a phone (`searches`)."""

import contextlib
import html
import json
import re
import urllib.parse
from collections import Counter

import pytest
import yaml
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import PHONE, PHONE_ARGS, Tab
from tests.repo import ROOT, SITE
from verified_docs.commands import browser as s
from verified_docs.model.site import location

LANGS = SITE.built_languages
# query -> the word family it must find: pages with any word starting with the stem
RUSSIAN = {"градиент": "градиент", "градиента": "градиент", "градиентов": "градиент",
           "градиентом": "градиент", "субградиента": "субградиент"}
ENGLISH = {"gradients": "gradient"}
INFLECTED = {"ru": RUSSIAN, "en": ENGLISH}  # the site they are typed on
# Each query as readers type it, and the page that answers it (its file; a tuple: any of them).
# "subgradient" is defined on the mask page, with the proof that any slope in [0, 1] is one at
# ReLU's kink; the glossary's entry is a sentence that links there. "modified by an inplace
# operation" is PyTorch's error, pasted, and «изменено операцией на месте» its words in Russian;
# «на месте» the rule of why-clone in Russian. «градиент в
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
           "почему градиент в нуле равен 1": "mask.md", "на месте": "why-clone.md",
           "изменено операцией на месте": "why-clone.md"},
}
# A query with short words and the same query without them must find the same: lunr's stop-word
# filters leave «в», «и», «на», "by", "an", "the" out of the index, and a query must not match
# them as prefixes of other words (Material appends "*" to every word: «в*» matched «вторая»).
STOP_WORDS = {
    "en": {"modified by an inplace operation": "modified inplace operation",
           "the gradient of relu at zero": "gradient relu zero"},
    "ru": {"в чём разница relu и clamp": "чём разница relu clamp",
           "градиент в нуле": "градиент нуле", "на месте": "месте"},
}
HIGHLIGHTED = {"en": "gradients", "ru": "градиента"}  # a result opened from it marks the words


def index_docs(site, part="docs"):
    return json.loads((site / "search" / "search_index.json").read_text("utf-8"))[part]


def index_pages(site) -> dict[str, str]:
    """Page location -> lower-cased text of that page (title, sections), from the search index."""
    pages = {}
    for doc in index_docs(site):
        location = doc["location"].split("#")[0]
        text = re.sub(r"<[^>]+>", " ", f"{doc.get('title', '')} {doc.get('text', '')}")
        pages[location] = pages.get(location, "") + " " + text.lower()
    return pages


def family(pages, lang, stem) -> set[str]:
    word = re.compile(rf"(?<![\w]){re.escape(stem)}\w*")
    return {loc for loc, text in pages.items() if SITE.language_at(loc) == lang and word.search(text)}


def shared_word(site) -> str:
    """The commonest word on pages of every language."""
    per_lang = {}
    for loc, text in index_pages(site).items():
        per_lang.setdefault(SITE.language_at(loc).locale, Counter()).update(
            set(re.findall(r"\b[a-z][a-z_]{3,}\b", text)))
    shared = [w for w, _ in sum(per_lang.values(), Counter()).most_common()
              if all(w in c for c in per_lang.values())]
    assert shared, "no word is shared by the pages of every language; cannot check the split"
    return shared[0]


def search(tab, query: str) -> dict:
    """Type a query into the search box; read.js's `searchResults` once they are shown."""
    page = tab.page
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press("End")
    page.wait_for_function("() => !document.querySelector('.md-search-result__list').children.length")
    box.fill(query)
    box.press("End")  # Material reads the query on key events
    page.wait_for_function("() => window.__tests.searchDone()", timeout=10000)
    page.wait_for_timeout(150)
    return tab.read("searchResults")


@pytest.fixture(scope="session")
def searches(browser, server, site) -> dict:
    """(language, query) -> what it shows: every query of the tests, typed on a phone."""
    found, word = {}, shared_word(site)
    t = Tab(browser, **PHONE_ARGS)
    try:
        for lang in LANGS:
            t.goto(server.url(lang.prefix))
            t.page.locator("label.md-header__button[for=__search]").click()  # the header's icon
            queries = [word, *RUSSIAN, *ENGLISH, *ANSWERS.get(lang.locale, {}),
                       *(q for pair in STOP_WORDS.get(lang.locale, {}).items() for q in pair)]
            for query in dict.fromkeys(queries):
                seen = found[lang.locale, query] = search(t, query)
                seen["locations"] = {server.location(h) for h in seen["hrefs"]}
    finally:
        t.close()
    found["shared word"] = word
    return found


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.locale)
def test_each_form_finds_every_page_with_the_word_in_its_language(searches, site, server, lang):
    word, pages = searches["shared word"], index_pages(site)
    assert searches[lang.locale, word]["locations"], (
        f"searching {word!r}, a word on pages of every language, on "
        f"{server.url(lang.prefix)} found nothing")
    foreign = {q: locs for q in [word, *RUSSIAN, *ENGLISH]
               if (locs := [loc for loc in searches[lang.locale, q]["locations"]
                            if loc is None or SITE.language_at(loc) != lang])}
    assert not foreign, (
        f"search on the {lang.locale!r} site returned pages of another language: {foreign}. "
        "Each page's search worker should keep only its language's documents "
        "(overrides/assets/javascripts/workers/search-i18n.js, set up in overrides/main.html).")
    families = {q: family(pages, lang, stem) for q, stem in INFLECTED.get(lang.locale, {}).items()}
    empty = [q for q, want in families.items() if not want]
    assert not empty, f"no {lang.locale!r} page uses a form of {empty}; the test has nothing to find"
    missed = {q: sorted(locs) for q, want in families.items()
              if (locs := want - searches[lang.locale, q]["locations"])}
    assert not missed, (
        "inflected forms did not find pages that use the word in another form:\n  "
        + "\n  ".join(f"{q!r}: missed {locs}" for q, locs in missed.items())
        + "\nThe search plugin needs `pipeline: [stemmer, stopWordFilter]` in mkdocs.yml, and "
          "the search worker must stem each typed word before its prefix match "
          "(overrides/assets/javascripts/workers/search-i18n.js).")


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang.locale in HIGHLIGHTED],
                         ids=lambda lang: lang.locale)
def test_opened_result_highlights_the_query(searches, tab, lang):
    query = HIGHLIGHTED[lang.locale]
    hrefs = searches[lang.locale, query]["hrefs"]
    section = next((h for h in hrefs if "#" in h), None)
    assert section, f"{query!r}: no section among the results {hrefs}"
    tab.goto(section)
    marks = tab.page.locator("article mark[data-md-highlight]")
    with contextlib.suppress(PlaywrightTimeout):  # Material marks them once its index is loaded
        marks.first.wait_for(timeout=10000)
    assert marks.count(), (f"{section}: the page opened from a result for {query!r} highlights "
                           "nothing (the search worker names found words by their stems, "
                           "overrides/assets/javascripts/workers/search-i18n.js)")


def test_index_holds_prose_not_code_nor_formulas_twice(site):
    docs = index_docs(site)
    code = [d["location"] for d in docs if "<pre>" in d["text"]]
    assert not code, (f"code or output blocks in the search index: {code[:5]} "
                      "(verified_docs/build/search_text.py marks each data-search-exclude)")
    tex = [d["location"] for d in docs if re.search(r"\\(?:frac|partial|operatorname)", d["text"])]
    assert not tex, (f"TeX source of formulas in the search index, next to the rendered math: "
                     f"{tex} (verified_docs/build/katex.py's render() excludes MathML's TeX "
                     "annotation)")
    assert any("∂" in d["text"] for d in docs), "no rendered formula in the search index"
    assert "keywords" in index_docs(site, "config")["fields"], ("mkdocs.yml's `search: fields:` does not weigh "
                                            "the pages' `keywords`")
    on_sections = [d["location"] for d in docs if "#" in d["location"]
                   and ("keywords" in d or "boost" in d)]
    assert not on_sections, (f"keywords or a boost on sections, not on their page's own entry: "
                             f"{on_sections[:5]} (a front-matter `search: boost:` raises every "
                             "section of a page; use `keywords:`)")


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.locale)
def test_glossary_cells_do_not_run_together(site, lang):
    # A page not translated yet is the English page, whose sections static-i18n indexes once,
    # at the English page's location.
    page = s.Page(f"{lang.prefix}glossary/", lang, SITE)
    indexed = page.location if page.shown_source == page.source else f"{LANGS[0].prefix}glossary/"
    text = " ".join(d["text"] for d in index_docs(site) if d["location"].startswith(indexed))
    entries = yaml.safe_load((ROOT / "glossary.yml").read_text("utf-8"))
    # The English cell, then space, then the Russian cell's first word (the rest of a Russian
    # cell may hold `code` and the typography's no-break spaces, indexed as the page shows them).
    glued = [e["en"] for e in entries
             if not re.search(re.escape(html.escape(e["en"], quote=False)) + r"\s+"
                              + re.escape(html.escape(e["ru"].split()[0], quote=False)), text)]
    assert not glued, f"glossary cells run together in the search index for: {glued}"


HINT = ("\nMaterial ranks by its index: the words of a page's prose (code and outputs are left "
        "out of it, verified_docs/build/search_text.py), its title, and its front-matter `keywords` "
        "(weighed like the title, on the page's own entry; the form readers type must be one the "
        "stemmer can match as a prefix: lunr's Russian stemmer makes «клонирова» of «клонировать», "
        "«клонир» of «клонирует»); and by the query's reading: stop words left out, each word "
        "stemmed (overrides/assets/javascripts/workers/search-i18n.js)")


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang.locale in ANSWERS],
                         ids=lambda lang: lang.locale)
def test_each_question_finds_its_answer_first_in_prose(searches, server, site, lang):
    """On a phone the first result fits the first screen and no teaser is a code listing (it
    was: 1,004 px of code above the right result)."""
    titles = {d["location"]: html.unescape(re.sub(r"<[^>]+>", "", d["title"]))
              for d in index_docs(site)}
    wrong, bad = [], []
    for query, source in ANSWERS[lang.locale].items():
        seen = searches[lang.locale, query]
        want = [lang.prefix + location(f)
                for f in (source if isinstance(source, tuple) else (source,))]
        first = seen["first"]
        got = server.location(first["href"]) if first else None
        if got not in want or not first["visible"] or first["title"] != titles[got]:
            wrong.append(f"{query!r}: first result {got!r} "
                         f"({first['title'] if first else 'no result'!r}), want "
                         + " or ".join(f"{w!r} ({titles[w]!r})" for w in want))
        if seen["code"] or seen["bottom"] > PHONE["height"]:
            bad.append(f"{query!r}: {seen['code']} code blocks in the results, the first "
                       f"result ends at y = {seen['bottom']:.0f} px")
    assert not wrong, (f"search on the {lang.locale!r} site does not put the answering page "
                       "first:\n  " + "\n  ".join(wrong) + HINT)
    assert not bad, (f"search results on a 390 x 844 phone ({lang.locale!r}):\n  " + "\n  ".join(bad)
                     + "\nCode and outputs are left out of the search index by "
                     "verified_docs/build/search_text.py (data-search-exclude)")


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang.locale in STOP_WORDS],
                         ids=lambda lang: lang.locale)
def test_short_words_do_not_match_as_prefixes(searches, server, lang):
    differ = []
    for typed, content in STOP_WORDS[lang.locale].items():
        with_stop = searches[lang.locale, typed]["results"]
        without = searches[lang.locale, content]["results"]
        assert without, f"{content!r} finds nothing on {server.url(lang.prefix)}"
        if with_stop != without:
            differ.append(f"{typed!r} -> {urllib.parse.unquote(str(with_stop[:4]))}\n    "
                          f"{content!r} -> {urllib.parse.unquote(str(without[:4]))}")
    assert not differ, (
        f"on the {lang.locale!r} site, short words the index leaves out (stop words) change "
        "what a query finds, matched as prefixes of other words:\n  " + "\n  ".join(differ)
        + "\nThe search worker leaves the index's stop words out of the query "
          "(overrides/assets/javascripts/workers/search-i18n.js)")
