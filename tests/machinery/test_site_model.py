"""The site model (verified_docs/model/site.py), in process on a small site in a temporary folder: its
languages in order, the pages, `extra` per language, where a page is built (a page that is not
UTF-8, named by its line: test_translation_parity.py). Every other module reads these facts."""

import logging

import pytest

from verified_docs.model.site import Site

# The default language is not listed first, and one language is not built.
CONFIG = """\
site_name: Test
extra:
  output_title: Output
  strings: {outdated_title: Outdated, english_link: English}
plugins:
  - i18n:
      docs_structure: folder
      languages:
        - {locale: ru, name: Русский, extra: {output_title: Вывод, strings: {outdated_title: Устарело}}}
        - {locale: en, default: true, name: English}
        - {locale: de, name: Deutsch, build: false}
"""
PAGES = {"en/index.md": "# Home\n", "en/guide/index.md": "# Guide\n", "en/mask.md": "# Mask\n",
         "ru/index.md": "# Главная\n", "de/index.md": "# Start\n"}


@pytest.fixture
def site(tmp_path) -> Site:
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for page, text in PAGES.items():
        (tmp_path / "docs" / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / page).write_text(text, encoding="utf-8")
    return Site.load(tmp_path)


@pytest.mark.parametrize("fact, expected, why", [
    (lambda s: s.locales, ("en", "ru", "de"),
     "Site.languages: the default language first, the others in mkdocs.yml's order"),
    (lambda s: [(lang.name, lang.default, lang.prefix) for lang in s.languages],
     [("English", True, ""), ("Русский", False, "ru/"), ("Deutsch", False, "de/")],
     "Site.languages: each with its name, whether it is the default, and its folder"),
    (lambda s: [lang.locale for lang in s.built_languages], ["en", "ru"],
     "Site.built_languages leaves out a language with `build: false`"),
    (lambda s: [s.language_at(at).locale for at in ("ru/mask/", "mask/", "")], ["ru", "en", "en"],
     "Site.language_at: a location under a language's prefix (`ru/`) is that language's, any "
     "other the default language's"),
    (lambda s: s.pages("en"), ["guide/index.md", "index.md", "mask.md"],
     "Site.pages(lang): a language's pages, relative to its folder, sorted"),
    (lambda s: [s.language_of(s.docs / "ru" / "mask.md"), s.language_of(s.root / "mkdocs.yml")],
     ["ru", None], "Site.language_of: a file's language folder, None outside docs/"),
    (lambda s: [s.extra("ru"), s.extra("en")],
     [{"output_title": "Вывод", "strings": {"outdated_title": "Устарело"}},
      {"output_title": "Output", "strings": {"outdated_title": "Outdated", "english_link": "English"}}],
     "Site.extra(lang): the language's own `extra` over the global one key by key at the top, as "
     "static-i18n does (its `strings` replace the global ones whole)"),
    (lambda s: [s.counterpart(s.docs / "en" / "guide" / "index.md", "ru").relative_to(s.root)
                .as_posix()], ["docs/ru/guide/index.md"],
     "Site.counterpart(path, lang): the page of `lang` at the place of `path`"),
    (lambda s: [s.built_html(s.root / "site", lang, page).relative_to(s.root).as_posix() for
                lang, page in [("en", "index.md"), ("en", "guide/index.md"), ("ru", "mask.md")]],
     ["site/index.html", "site/guide/index.html", "site/ru/mask/index.html"],
     "Site.built_html: static-i18n builds the default language at the site's root and another "
     "into <lang>/, and MkDocs makes name.md name/index.html"),
], ids=["order", "languages", "built", "language_at", "pages", "language_of", "extra",
        "counterpart", "built_html"])
def test_site_model(site, fact, expected, why):
    found = fact(site)
    assert found == expected, f"{why}; got {found!r}"


def test_loading_the_config_leaves_the_mkdocs_logger_as_it_was(site):
    logger = logging.getLogger("mkdocs")
    before = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        assert Site.load(site.root).config["site_name"] == "Test"
        assert logger.level == logging.DEBUG, (
            f"Site.load left the `mkdocs` logger at {logging.getLevelName(logger.level)}: "
            "it quiets load_config's INFO lines only while loading, then restores the level")
    finally:
        logger.setLevel(before)
