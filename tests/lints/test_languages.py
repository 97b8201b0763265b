"""mkdocs.yml against the pages: every page is in `nav`, every language has every interface text.
Each check is a function of a `Site`, run on this site and, broken, in test_translation_workflow."""

import pytest

from tests.repo import SITE as REPO
from verified_docs.i18n.status import grouped_keys, nav_items, nav_titles, untranslated
from verified_docs.model.site import Site


def nav_files(nav) -> list[str]:
    """Page paths named in `nav`, nested sections included (links to other sites left out)."""
    return [v for _, v in nav_items(nav) if isinstance(v, str) and "://" not in v]


def nav_problems(site: Site) -> list[str]:
    """Pages of the default language that no menu leads to, and menu entries with no page."""
    in_nav = nav_files(site.config["nav"] or [])
    folder = site.relative(site.docs / site.default)
    pages = site.pages(site.default)
    others = ", ".join(site.locales[1:]) or "none yet"
    return [f"{folder}/{page} is not in `nav` of mkdocs.yml, so no menu leads to it: add "
            f"`- <Title>: {page}` to `nav`, and `<Title>: <the title translated>` to "
            f"`nav_translations` of every other language ({others})"
            for page in pages if page not in in_nav] + [
        f"`nav` of mkdocs.yml names {page}, but there is no {folder}/{page}"
        for page in in_nav if page not in pages]


def interface_problems(site: Site, lang: str, nav: bool | None = None) -> list[str]:
    """The texts `lang` lacks: of the menu (`nav`), of the rest (not `nav`), or all (None)."""
    missing = [key for key in untranslated(site, lang)[0]
               if nav is None or key.startswith("nav_translations.") == nav]
    return [f"mkdocs.yml: the `{lang}` entry of the i18n plugin's languages lacks these texts, "
            f"so {lang} readers see them in English (or nothing):\n{grouped_keys(missing)}\n"
            f"Add them there, translated: `extra.strings.x` under its `extra: strings:`, "
            f"`nav_translations.T` as `T: <T in {lang}>` under `nav_translations`; "
            f"`{site.default}`'s (the top-level `site_*`, `extra` and `nav`) are the model."
            ] if missing else []


def test_every_page_is_in_nav():
    problems = nav_problems(REPO)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", REPO.locales[1:])
def test_every_interface_text_is_translated(lang):
    problems = interface_problems(REPO, lang, nav=False)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", REPO.locales[1:])
def test_every_nav_title_is_translated(lang):
    problems = interface_problems(REPO, lang, nav=True)
    assert not problems, "\n".join(problems)


def test_nav_titles_are_read_from_nested_sections():
    nav = [{"A": "a.md"}, {"Section": [{"B": "b.md"}, {"C": [{"D": "d.md"}]}]}, "e.md",
           {"Elsewhere": "https://example.org/"}]
    assert nav_titles(nav) == ["A", "Section", "B", "C", "D", "Elsewhere"]
    assert nav_files(nav) == ["a.md", "b.md", "d.md", "e.md"]
