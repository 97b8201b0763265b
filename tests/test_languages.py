"""mkdocs.yml against the pages: every page of the default language is in `nav`, and every other
language translates every text of the site's interface (navigation titles, banners, 404 page,
output title, site name), so no reader meets an English menu or an English 404 page by accident.

A language just added by `make new-language` has all of them, copied from English for its
translator; `make translations` lists the ones still in English.
"""

from __future__ import annotations

import re

import pytest

from tests.helpers import build, run, scratch_copy
from verified_docs.fences import OUTPUT_LANG, page_fences
from verified_docs.i18n.gaps import interface_texts
from verified_docs.i18n.scaffold import nav_titles
from verified_docs.i18n.stamps import STUB
from verified_docs.site import \
    relative, translated
from tests.repo import SITE

DEFAULT = SITE.default
TRANSLATIONS = [lang for lang in list(SITE.locales) if lang != DEFAULT]


def nav_files(nav) -> list[str]:
    """Page paths named in `nav`, nested sections included (links to other sites left out)."""
    found = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        if isinstance(value, list):
            found += nav_files(value)
        elif isinstance(value, str) and "://" not in value:
            found.append(value)
    return found


def test_every_page_is_in_nav():
    in_nav = nav_files(SITE.config["nav"] or [])
    folder = relative(SITE.docs / DEFAULT)
    left_out = [page for page in SITE.pages(DEFAULT) if page not in in_nav]
    assert not left_out, "\n".join(
        f"{folder}/{page} is not in `nav` of mkdocs.yml, so no menu leads to it: add "
        f"`- <Title>: {page}` to `nav`, and `<Title>: <the title translated>` to "
        f"`nav_translations` of every other language ({', '.join(TRANSLATIONS) or 'none yet'})"
        for page in left_out)
    gone = [page for page in in_nav if page not in SITE.pages(DEFAULT)]
    assert not gone, "\n".join(f"`nav` of mkdocs.yml names {page}, but there is no "
                               f"{folder}/{page}" for page in gone)


def missing(lang: str, prefixes: tuple[str, ...]) -> list[str]:
    own = interface_texts(SITE.config, lang)
    return [key for key, value in interface_texts(SITE.config, DEFAULT).items()
            if key.startswith(prefixes) and not own.get(key)]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_interface_text_is_translated(lang):
    keys = missing(lang, ("site_", "extra."))
    assert not keys, (
        f"mkdocs.yml: the `{lang}` entry of the i18n plugin's languages lacks "
        f"{', '.join(f'`{k}`' for k in keys)}, so {lang} readers would see "
        f"{'that text' if len(keys) == 1 else 'those texts'} in English (or nothing). "
        f"Add {'it' if len(keys) == 1 else 'them'} there, translated; `{DEFAULT}`'s "
        "(the top-level `site_*` and `extra` of mkdocs.yml) are the model.")


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_nav_title_is_translated(lang):
    titles = [key.removeprefix("nav_translations.") for key in missing(lang, ("nav_",))]
    assert not titles, (
        f"mkdocs.yml: `nav_translations` of `{lang}` has no entry for "
        f"{', '.join(repr(t) for t in titles)}, so the {lang} menu shows "
        f"{'it' if len(titles) == 1 else 'them'} in English. Add "
        + "; ".join(f"`{t}: <{t!r} in {lang}>`" for t in titles) + " under its nav_translations.")


def test_nav_titles_are_read_from_nested_sections():
    nav = [{"A": "a.md"}, {"Section": [{"B": "b.md"}, {"C": [{"D": "d.md"}]}]}, "e.md",
           {"Elsewhere": "https://example.org/"}]
    assert nav_titles(nav) == ["A", "Section", "B", "C", "D", "Elsewhere"]
    assert nav_files(nav) == ["a.md", "b.md", "d.md", "e.md"]


# ---- on a scratch copy: a page added without its menu entry, texts deleted from a translation

def drop_line(text: str, after: str, pattern: str) -> tuple[str, str]:
    """`text` without the first line matching `pattern` below the line `after`; and that line."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.strip() == after)
    n = next(i for i in range(start, len(lines)) if re.match(pattern, lines[i]))
    return "".join(lines[:n] + lines[n + 1:]), lines[n].strip()


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: no {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.skipif(not translated("index.md"), reason="no translation to break")
def test_a_new_page_and_deleted_texts_fail_once_each_and_only_prose_outdates(tmp_path):
    lang = translated("index.md")[0]
    repo = scratch_copy(tmp_path)
    docs = repo / SITE.docs.name

    # A page without its `nav` entry (its translations are stubs, as they start).
    (docs / DEFAULT / "new-page.md").write_text("# New page\n\nText.\n", encoding="utf-8")
    for other in TRANSLATIONS:
        (docs / other / "new-page.md").write_text(STUB, encoding="utf-8")
    # The 404 page's title and a menu title deleted from the translation.
    yml = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    yml, _ = drop_line(yml, f"- locale: {lang}", r"\s+not_found_title:")
    title = nav_titles(SITE.config["nav"])[0]
    yml, _ = drop_line(yml, f"- locale: {lang}", rf"\s+[\"']?{re.escape(title)}[\"']?:")
    (repo / "mkdocs.yml").write_text(yml, encoding="utf-8")

    # Two translations made up to date; then English changes only an output in one, prose in the
    # other.
    prose_page = next(p for p in SITE.pages(DEFAULT) if p != "index.md" and lang in translated(p))
    for page in ("index.md", prose_page):
        stamped = run(repo, "verified_docs", "translations", "stamp", f"docs/{lang}/{page}")
        assert stamped.returncode == 0, stamped.stderr
    english = docs / DEFAULT / "index.md"
    output = next(f for f in page_fences(english) if f.lang == OUTPUT_LANG)
    lines = english.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(output.open_line, "a line that only `make outputs` would write\n")
    english.write_text("".join(lines), encoding="utf-8")
    edit(docs / DEFAULT / prose_page, "\n\n", "\n\nA new sentence.\n\n")

    checked = run(repo, "pytest", "-p", "no:randomly", "-q", "tests/test_languages.py",
                  "-k", "not new_page")
    failed = sorted(re.findall(r"^FAILED \S+::(\S+)", checked.stdout, re.M))
    assert failed == [f"test_every_interface_text_is_translated[{lang}]",
                      f"test_every_nav_title_is_translated[{lang}]",
                      "test_every_page_is_in_nav"], checked.stdout
    out = checked.stdout
    assert (f"docs/{DEFAULT}/new-page.md is not in `nav` of mkdocs.yml, so no menu leads to it: "
            "add `- <Title>: new-page.md` to `nav`") in out, out
    assert f"the `{lang}` entry of the i18n plugin's languages lacks `extra.strings." \
           "not_found_title`" in out, out
    assert f"`nav_translations` of `{lang}` has no entry for {title!r}" in out, out

    status = run(repo, "verified_docs", "translations", "status")
    left = status.stdout.split(f"\n{lang}: ", 1)[1].split("\n\n")[0]
    assert "missing (readers see the English text):" in left and "not_found_title" in left, left
    assert re.search(r"index\.md +up to date", left), left
    assert re.search(rf"{re.escape(prose_page)} +outdated", left), left

    # The page left out of the menu does not break the build; only prose outdates a page.
    site = tmp_path / "site"
    built = build(repo, site)
    assert built.returncode == 0, built.stderr
    assert "translation-banner" not in SITE.built_html(site, lang, "index.md").read_text("utf-8")
    assert 'id="translation-outdated"' in SITE.built_html(site, lang, prose_page).read_text("utf-8")
