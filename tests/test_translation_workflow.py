"""The translation workflow end to end, on scratch copies of the repo, with the real tools: the
status table, re-stamping, banners on the built pages, stubs for untranslated pages, per-language
404 pages, and a new language that every test picks up from mkdocs.yml."""

from __future__ import annotations

import pathlib
import re

import pytest

from tests.helpers import build, run, scratch_copy
from verified_docs.i18n.parity import page_problems
from verified_docs.i18n.scaffold import language_name, nav_titles
from verified_docs.i18n.stamps import STUB
from verified_docs.site import \
    languages, translated
from tests.repo import ROOT, SITE

DOCS = SITE.docs

# The translation these tests edit: the first language whose home page is translated (a
# language just added has stubs only).
DEFAULT = SITE.default
TRANSLATED = next(iter(translated("index.md")), None)
needs_translation = pytest.mark.skipif(TRANSLATED is None, reason="no translated home page yet")


def translated_pages(repo) -> list[str]:
    """The pages of TRANSLATED that are translated (not stubs), home page first."""
    folder = repo / DOCS.name / TRANSLATED
    return [p.name for p in sorted(folder.glob("*.md"), key=lambda p: p.name != "index.md")
            if not SITE.is_stub(p)]


def translated_page(repo) -> str:
    return translated_pages(repo)[0]


def status_row(repo, page: str) -> str:
    result = run(repo, "verified_docs", "translations", "status")
    assert result.returncode == 0, result.stderr
    return next(line for line in result.stdout.splitlines() if line.strip().startswith(page + " "))


def html(site, lang: str, page: str) -> str:
    return SITE.built_html(site, lang, page).read_text(encoding="utf-8")


@needs_translation
def test_outdated_and_untranslated_pages_are_reported_and_bannered(tmp_path):
    """English edit -> outdated, in the table and on the built page, while a page stamped since
    its English one last changed has no banner; re-stamp -> up to date. A stub is reported
    missing and built from the English text under a banner."""
    repo = scratch_copy(tmp_path)
    page, *others = [p for p in translated_pages(repo) if p != "glossary.md"]
    assert others, f"two translated pages of {TRANSLATED!r} besides glossary.md are needed"
    for stamped_page in (page, others[0]):
        stamped = run(repo, "verified_docs", "translations", "stamp",
                      f"docs/{TRANSLATED}/{stamped_page}")
        assert stamped.returncode == 0, stamped.stderr
        assert "up to date" in status_row(repo, stamped_page)

    english = repo / DOCS.name / DEFAULT / page
    english.write_text(english.read_text(encoding="utf-8") + "\nOne more sentence.\n",
                       encoding="utf-8")
    row = status_row(repo, page)
    assert "outdated" in row and f"docs/{DEFAULT}/{page} changed since it was stamped" in row

    stub = repo / DOCS.name / TRANSLATED / "glossary.md"
    stub.write_text(STUB, encoding="utf-8")
    assert "missing" in status_row(repo, "glossary.md")
    assert not page_problems(repo / DOCS.name / DEFAULT / "glossary.md", stub)

    site = tmp_path / "site"
    assert build(repo, site).returncode == 0
    strings = SITE.extra(TRANSLATED)["strings"]  # as the build sees them
    built = html(site, TRANSLATED, page)
    assert 'id="translation-outdated"' in built
    assert strings["outdated_title"] in built
    assert re.search(rf'<a href="[./]+/{page[:-3].replace("index", "")}" hreflang="{DEFAULT}">'
                     f'{strings["english_link"]}</a>', built)
    assert "translation-banner" not in html(site, DEFAULT, page)
    assert "translation-banner" not in html(site, TRANSLATED, others[0])

    built = html(site, TRANSLATED, "glossary.md")
    assert f'<html lang="{TRANSLATED}"' in built
    assert 'id="translation-missing"' in built and strings["missing_title"] in built
    english_intro = re.search(r"<p>(.*?)</p>", html(site, DEFAULT, "glossary.md"), re.S)[1]
    assert english_intro in built

    run(repo, "verified_docs", "translations", "stamp", f"docs/{TRANSLATED}/{page}")
    assert "up to date" in status_row(repo, page)


def pair(tmp_path, page: str) -> tuple[pathlib.Path, pathlib.Path]:
    """Copies of docs/<default>/<page> and docs/<TRANSLATED>/<page> under tmp_path/docs/."""
    copies = []
    for lang in (DEFAULT, TRANSLATED):
        copy = tmp_path / DOCS.name / lang / page
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes((DOCS / lang / page).read_bytes())
        copies.append(copy)
    return copies[0], copies[1]


@needs_translation
def test_stub_with_text_fails_parity(tmp_path):
    english, stub = pair(tmp_path, "glossary.md")
    stub.write_text(STUB + "\n# Half done\n", encoding="utf-8")
    problems = page_problems(english, stub)
    assert problems and (f"docs/{TRANSLATED}/glossary.md is marked `untranslated: true` but has "
                         "text, which readers never see") in problems[0], problems


def test_each_language_has_its_own_404_page(site):
    for lang in languages():
        page = (site if lang == DEFAULT else site / lang) / "404.html"
        assert page.exists(), f"no {page.relative_to(site)}"
        text = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in text, f"{page.relative_to(site)} is not in {lang}"
        assert f"<h1>{SITE.extra(lang)['strings']['not_found_title']}</h1>" in text
    root = (site / "404.html").read_text(encoding="utf-8")
    assert all(f'"{lang}"' in root for lang in languages()[1:]), (
        "the default 404 page must know the other languages, to show theirs under /<lang>/")


@needs_translation
def test_parity_failure_names_both_pages_and_lines(tmp_path):
    page = translated_page(ROOT)
    english, translation = pair(tmp_path, page)
    lines = translation.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next((i for i, line in enumerate(lines) if line.startswith("```python")), None)
    if n is None:
        pytest.skip(f"docs/{TRANSLATED}/{page} has no Python fence")
    lines[n + 1] = "changed = True\n"
    translation.write_text("".join(lines), encoding="utf-8")
    found = "\n".join(page_problems(english, translation))
    assert re.search(rf"docs/{TRANSLATED}/{page}:{n + 1} vs \S*docs/{DEFAULT}/{page}:\d+: "
                     rf"the code or output fence differs:\n  \S*docs/{DEFAULT}/{page}:\d+: .+\n"
                     rf"  \S*docs/{TRANSLATED}/{page}:{n + 2}: changed = True", found), found


# ---- a new language ---------------------------------------------------------------------------

# A language the site does not have yet, which Material for MkDocs has an interface for.
NEW = next(code for code in ("de", "fr", "es", "it", "pt", "nl", "pl", "uk", "ja")
           if code not in languages())


def test_new_language_is_scaffolded_picked_up_by_the_tests_and_built(tmp_path):
    repo = scratch_copy(tmp_path)
    added = run(repo, "verified_docs", "translations", "new-language", NEW)
    assert added.returncode == 0, added.stderr
    config = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    assert f"- locale: {NEW}\n" in config and f"name: {language_name(NEW)}" in config
    english = sorted(p.name for p in (repo / DOCS.name / DEFAULT).glob("*.md"))
    assert sorted(p.name for p in (repo / DOCS.name / NEW).glob("*.md")) == english
    assert all(SITE.is_stub(p) for p in (repo / DOCS.name / NEW).glob("*.md"))

    # No test names the languages: they read them from mkdocs.yml. The site fixture of these
    # tests builds the site (strictly) into <basetemp>/site0; the checks below read that build.
    tested = run(repo, "pytest", "-v", "-p", "no:randomly", f"--basetemp={tmp_path / 'pt'}",
                 "tests/test_translation_parity.py", "tests/test_glossary.py",
                 "tests/test_languages.py", "tests/test_site_build.py",
                 "-k", f"{NEW}/ or [{NEW}]")
    assert tested.returncode == 0, tested.stdout
    for test_id in (f"test_same_pages_as_default_language[{NEW}]",
                    f"test_same_structure_as_default_language[{NEW}/index.md]",
                    f"test_glossary_page_shows_the_table[{NEW}]",
                    f"test_every_interface_text_is_translated[{NEW}]",
                    f"test_every_nav_title_is_translated[{NEW}]",
                    f"test_page_is_built_with_its_language[docs/{NEW}/index.md]"):
        assert f"{test_id} PASSED" in tested.stdout, tested.stdout

    # What is left to translate: the pages, and the texts copied from English into mkdocs.yml.
    status = run(repo, "verified_docs", "translations", "status")
    assert status.returncode == 0, status.stderr
    left = status.stdout.split(f"\n{NEW}: ", 1)[1]
    assert f"{len(english)} missing" in left
    assert f"the `{NEW}` entry of the i18n languages, still the English text" in left
    first_title = nav_titles(SITE.config["nav"])[0]
    for text in ("site_name", "extra.output_title", "extra.strings: outdated_title",
                 f"nav_translations: {first_title}"):
        assert text in left, left
    assert "glossary.yml: " in left and f"have no `{NEW}:` term" in left, left

    site = tmp_path / "pt" / "site0"
    home = (site / NEW / "index.html").read_text(encoding="utf-8")
    assert 'id="translation-missing"' in home
    assert re.search(rf'<a href="[^"]*" hreflang="{NEW}"[^>]*>\s*{language_name(NEW)}', home), (
        "the language switcher should list the new language")
    assert f'<html lang="{NEW}"' in (site / NEW / "404.html").read_text(encoding="utf-8")

    again = run(repo, "verified_docs", "translations", "new-language", NEW)
    assert again.returncode == 1 and f"{NEW} is already a language of the site" in again.stderr


def test_new_language_refuses_a_code_the_theme_cannot_build(tmp_path):
    repo = scratch_copy(tmp_path)
    before = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    result = run(repo, "verified_docs", "translations", "new-language", "xx")
    assert result.returncode == 1
    assert "Material for MkDocs has no interface translation for 'xx'" in result.stderr
    assert (repo / "mkdocs.yml").read_text(encoding="utf-8") == before
    assert not (repo / DOCS.name / "xx").exists()
