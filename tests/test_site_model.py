"""The site model (verified_docs/site.py), in process on a small site in a temporary folder: its
languages in order, the pages, `extra` per language, where a page is built, and a page
that is not UTF-8 named by its line. Every other module reads these facts from it."""

from __future__ import annotations

import logging

import pytest

from verified_docs.site import PageError, Site

# The default language is not listed first, and one language is not built.
CONFIG = """\
site_name: Test
extra:
  output_title: Output
  strings:
    outdated_title: Outdated
    english_link: English
plugins:
  - i18n:
      docs_structure: folder
      languages:
        - locale: ru
          name: Русский
          extra:
            output_title: Вывод
            strings:
              outdated_title: Устарело
        - locale: en
          default: true
          name: English
        - locale: de
          name: Deutsch
          build: false
"""


@pytest.fixture
def site(tmp_path) -> Site:
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    pages = {"en/index.md": "# Home\n", "en/guide/index.md": "# Guide\n", "en/mask.md": "# Mask\n",
             "ru/index.md": "# Главная\n", "de/index.md": "# Start\n"}
    for page, text in pages.items():
        (tmp_path / "docs" / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / page).write_text(text, encoding="utf-8")
    return Site(tmp_path)


def test_languages_default_first_then_in_the_order_of_mkdocs_yml(site):
    assert site.locales == ("en", "ru", "de"), (
        "Site.languages: the default language first, the others in mkdocs.yml's order")
    assert site.default == "en"
    assert [(lang.name, lang.default, lang.prefix) for lang in site.languages] == [
        ("English", True, ""), ("Русский", False, "ru/"), ("Deutsch", False, "de/")]
    assert [lang.locale for lang in site.built_languages] == ["en", "ru"], (
        "Site.built_languages leaves out a language with `build: false`")


def test_a_location_of_the_built_site_belongs_to_its_language(site):
    found = {location: site.language_at(location).locale for location in ("ru/mask/", "mask/", "")}
    assert found == {"ru/mask/": "ru", "mask/": "en", "": "en"}, (
        f"Site.language_at: a location under a language's prefix (`ru/`) is that language's, "
        f"any other the default language's; got {found}")


def test_pages_and_the_language_of_a_file(site):
    assert site.pages("en") == ["guide/index.md", "index.md", "mask.md"]
    assert site.language_of(site.docs / "ru" / "mask.md") == "ru"
    assert site.language_of(site.root / "mkdocs.yml") is None


def test_extra_of_a_language_is_its_own_over_the_global_one(site):
    assert site.extra("ru") == {"output_title": "Вывод",
                                "strings": {"outdated_title": "Устарело",
                                            "english_link": "English"}}, (
        "Site.extra(lang): the language's own `extra` over the global one, `strings` merged "
        "key by key (a text the language lacks is the default language's)")
    assert site.extra("en") == {"output_title": "Output",
                                "strings": {"outdated_title": "Outdated",
                                            "english_link": "English"}}


def test_where_the_build_puts_a_page(site, tmp_path):
    out = tmp_path / "site"
    found = {(lang, page): site.built_html(out, lang, page).relative_to(out).as_posix()
             for lang, page in (("en", "index.md"), ("en", "guide/index.md"), ("ru", "mask.md"))}
    assert found == {("en", "index.md"): "index.html", ("en", "guide/index.md"): "guide/index.html",
                     ("ru", "mask.md"): "ru/mask/index.html"}, (
        "Site.built_html: static-i18n builds the default language at the site's root and another "
        f"into <lang>/, and MkDocs makes name.md name/index.html; got {found}")


def test_a_file_that_is_not_utf8_is_named_with_its_line(site):
    page = site.docs / "ru" / "index.md"
    page.write_bytes("# Главная\n\nТекст ".encode() + b"\xff.\n")
    with pytest.raises(PageError) as raised:
        site.read_text(page)
    assert str(raised.value) == ("docs/ru/index.md:3: not valid UTF-8 (byte b'\\xff'); save "
                                 "the file as UTF-8"), str(raised.value)
    with pytest.raises(PageError, match=r"^docs/ru/index\.md:3: not valid UTF-8"):
        site.front_matter(page)


def test_loading_the_config_leaves_the_mkdocs_logger_as_it_was(site):
    logger = logging.getLogger("mkdocs")
    before = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        assert site.config["site_name"] == "Test"
        assert logger.level == logging.DEBUG, (
            f"Site.config left the `mkdocs` logger at {logging.getLevelName(logger.level)}: "
            "it quiets load_config's INFO lines only while loading, then restores the level")
    finally:
        logger.setLevel(before)


def test_one_site_per_root(site, tmp_path):
    assert Site.at(tmp_path) is Site.at(tmp_path / "docs" / ".."), (
        "Site.at(root) gives one Site per repository root, so mkdocs.yml is loaded once")
    assert Site.at(tmp_path) is not site, "Site(root) reads the site afresh; Site.at(root) once"
