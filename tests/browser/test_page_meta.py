"""What a search engine or a link preview reads of each page: its own `description:`, in its
language, and Open Graph; a table of contents without an entry twice."""

import collections
import re

import pytest

from tests.browser.conftest import LANGS
from tests.repo import SITE

CYRILLIC = re.compile("[а-яё]", re.I)
# What a page without a `description:` gets: its language's site_description.
SITE_DESCRIPTION = {lang.locale: lang.get("site_description") or SITE.config["site_description"]
                    for lang in SITE.config["plugins"]["i18n"].config.languages}


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_has_its_own_description(visits, lang):
    mine = visits.of(lang)
    shared = collections.Counter(v.description for v in mine)
    problems = []
    for v in mine:
        if not 40 <= len(v.description) <= 200:
            problems.append(f"{v.url}: a description of {len(v.description)} characters "
                            f"(40 to 200 wanted): {v.description!r}")
        if shared[v.description] > 1 or v.description == SITE_DESCRIPTION[lang]:
            problems.append(f"{v.url}: no `description:` of its own in the front matter of "
                            f"docs/{v.page.shown_source}, or one another {lang!r} page has too")
        # A page not translated yet is the English page under a banner, described in English.
        translated = v.page.shown_source == v.page.source
        if lang == "ru" and translated and not CYRILLIC.search(v.description):
            problems.append(f"{v.url}: a Russian page described in another language")
        kind = "website" if v.page.location == v.page.lang.prefix else "article"
        if (v.og.get("og:description") != v.description or v.og.get("og:type") != kind
                or not all(v.og.get(f"og:{k}") for k in ("title", "url", "site_name"))):
            problems.append(f"{v.url}: Open Graph {v.og} (og:description the description, "
                            "og:title, og:url, og:site_name, og:type website or article)")
    assert not problems, "\n  ".join(["descriptions:", *problems])


@pytest.mark.parametrize("lang", LANGS)
def test_no_duplicate_entries_in_a_table_of_contents(visits, lang):
    twice = {}
    for v in visits.of(lang):
        seen = collections.Counter([text for text, _ in v.toc] + [href for _, href in v.toc])
        if any(n > 1 for n in seen.values()):
            twice[v.url] = sorted(k for k, n in seen.items() if n > 1)
    assert not twice, f"tables of contents listing an entry twice: {twice}"
