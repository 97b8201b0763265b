"""The translation workflow end to end, in process, on the tiny site (tests/tiny.py) built once:
`make translations` (`cli.main`), the banners, `make new-language`; then the real site's 404s."""

import contextlib
import difflib
import io
import re

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from tests.lints.test_languages import interface_problems, nav_problems
from tests.repo import SITE as REPO
from tests.tiny import FIXTURE, tiny_site
from verified_docs.i18n import cli
from verified_docs.i18n.cli import language_name
from verified_docs.i18n.parity import page_set_problems
from verified_docs.i18n.status import interface_texts
from verified_docs.model.site import Site

REFUSED = {  # path: why `make translations STAMP=<path>` refuses it
    "docs/ru/extra.md": "docs/ru/extra.md: no such page",
    "docs/en/mask.md": "stamp a translation, i.e. a page of ru (not 'en')",
    "docs/ru/other.md": "docs/en/other.md does not exist",
    "README.md": "README.md: not a page under docs/",
    "docs/ru": "docs/ru is a folder. Stamp each page once you have reviewed it: "
               "make translations STAMP=docs/ru/<page>.md"}


def translations(root, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(args), root)
    return code, out.getvalue(), err.getvalue()


def row(status: str, page: str, lang: str = "ru") -> str:
    """`page`'s row in `lang`'s table of `make translations`' output."""
    table = status.split(f"\n{lang}: ", 1)[1]
    return next(line for line in table.splitlines() if line.strip().startswith(page + " "))


def html(site_dir, location: str) -> str:
    return (site_dir / location / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def workflow(tmp_path_factory):
    """The tiny site after a translator's day, built once, strict: both Russian pages stamped,
    each of REFUSED refused; then English edits of mask.md's prose and of index.md's output alone
    (`make outputs` writes it in every language), a page added with no translation nor menu entry,
    a text and a menu title deleted from the Russian entry, German added (`xx` refused)."""
    root = tiny_site(tmp_path_factory.mktemp("tiny"))
    (root / "docs" / "ru" / "other.md").write_text("# Другая\n", encoding="utf-8")
    steps = {"stamp": translations(root, "stamp", *REFUSED, "docs/ru/index.md",
                                   "docs/ru/mask.md")}
    steps["only in ru"] = page_set_problems(Site.load(root), "ru")
    (root / "docs" / "ru" / "other.md").unlink()
    steps["stamped"] = translations(root, "status")[1]
    english = root / "docs" / "en"
    index = (english / "index.md").read_text(encoding="utf-8")
    (english / "index.md").write_text(index.replace("42\n", "42\n43\n", 1), encoding="utf-8")
    with (english / "mask.md").open("a", encoding="utf-8") as mask:
        mask.write("\nOne more.\n")
    (english / "new-page.md").write_text("# New page\n\nText.\n", encoding="utf-8")
    config = root / "mkdocs.yml"
    for line in ("              not_found_title: Страница не найдена\n", "            Mask: Маска\n"):
        assert line in config.read_text(encoding="utf-8"), f"tests/fixtures/tiny: no {line!r}"
        config.write_text(config.read_text(encoding="utf-8").replace(line, ""), encoding="utf-8")
    steps["before"] = config.read_text(encoding="utf-8")
    steps["xx"] = translations(root, "new-language", "xx")
    steps["after xx"] = config.read_text(encoding="utf-8")
    steps["new-language"] = translations(root, "new-language", "de")
    steps["status"] = translations(root, "status")
    with contextlib.chdir(root):  # where the site's snippets are found
        build(load_config(str(root / "mkdocs.yml"), site_dir=str(root / "site"), strict=True))
    steps["site"] = root / "site"
    return root, steps


def test_outdated_and_untranslated_pages_are_reported_and_bannered(workflow):
    """An English edit of the prose outdates its translation, of an output alone not; a page
    with no translation is built from the English text, marked lang="en", under a banner."""
    root, steps = workflow
    code, out, err = steps["stamp"]
    assert code == 1 and all(why in err for why in REFUSED.values()), err
    assert out.count("stamped docs/ru/") == 2, f"a refused page stops the pages after it: {out}"
    assert all("up to date" in row(steps["stamped"], page) for page in ("index.md", "mask.md"))
    unstamped = (FIXTURE / "docs/ru/mask.md").read_text(encoding="utf-8")
    assert (root / "docs/ru/mask.md").read_text(encoding="utf-8").endswith(
        "---\n\n" + unstamped), "stamping changed the page's text"
    code, status, err = steps["status"]
    assert re.search(r"extra\.md +missing +no file docs/ru/extra\.md: readers see the English "
                     "text under a banner", row(status, "extra.md"))
    assert "up to date" in row(status, "index.md")
    assert "missing (readers see the English text):\n      extra.strings: not_found_title\n" \
           "      nav_translations: Mask" in status.split("\nru: ")[1], "deleted texts not listed"
    mask = row(status, "mask.md")
    assert "outdated" in mask and "docs/en/mask.md changed since it was stamped" in mask, mask

    site, strings = steps["site"], Site.load(root).extra("ru")["strings"]
    outdated = html(site, "ru/mask/")
    assert 'id="translation-outdated"' in outdated and strings["outdated_title"] in outdated
    assert re.search(rf'<a href="(\.\./)+mask/" hreflang="en">{strings["english_link"]}</a>',
                     outdated), outdated
    assert "translation-banner" not in html(site, "ru/") + html(site, "mask/")
    for page in ("extra", "new-page"):  # a page not in `nav` and a missing text build too
        missing = html(site, f"ru/{page}/")
        assert '<html lang="ru"' in missing
        assert 'id="translation-missing"' in missing and strings["missing_title"] in missing
    article = missing[missing.index("<article"):missing.index("</article>")]
    banner = article.index('id="translation-missing"')
    assert re.search(r'<h1 lang="en" id="new-page">New page', article[:banner]), (
        "the English title of a page not translated yet is not marked lang=\"en\"")
    assert re.search(r'<div lang="en">\s*<p>Text', article[banner:]), (
        "the English text of a page not translated yet is not marked lang=\"en\"")

    code, out, err = translations(root, "stamp", "docs/ru/mask.md")
    assert code == 0, err
    assert "up to date" in row(translations(root, "status")[1], "mask.md")


def test_new_language_adds_only_its_entry_and_every_check_picks_it_up(workflow):
    root, steps = workflow
    code, out, err = steps["xx"]
    assert code == 1 and "Material for MkDocs has no interface translation for 'xx'" in err
    assert steps["after xx"] == steps["before"], "a refused language changed mkdocs.yml"
    code, out, err = steps["new-language"]
    assert code == 0, err
    after = (root / "mkdocs.yml").read_text(encoding="utf-8")
    changed = [line for line in difflib.ndiff(steps["before"].splitlines(), after.splitlines())
               if line[:1] in "+-"]
    assert all(line.startswith("+ ") for line in changed), "\n".join(changed)
    assert f"        - locale: de\n          name: {language_name('de')}\n" in after
    assert not (root / "docs" / "de").exists(), "a new language has no page until translated"

    site = Site.load(root)
    assert site.locales == ("en", "ru", "de")
    assert interface_texts(site.config, "de") == interface_texts(site.config, "en"), (
        "the new entry copies every text of the interface from English")
    assert page_set_problems(site, "de") == []
    left = steps["status"][1].split("\nde: ", 1)[1]
    assert left.startswith("4 pages, 0 up to date, 0 outdated, 4 missing"), left
    assert "the `de` entry of the i18n languages, still the English text" in left, left
    for key in ("site_name", "extra.output_title", "extra.strings: outdated_title",
                "nav_translations: Home"):
        assert key in left, left

    home = html(steps["site"], "de/")
    assert '<html lang="de"' in home and 'id="translation-missing"' in home
    assert re.search(rf'<a href="[^"]*" hreflang="de"[^>]*>\s*{language_name("de")}', home), (
        "the language switcher should list the new language")
    assert '<html lang="de"' in (steps["site"] / "de" / "404.html").read_text(encoding="utf-8")
    code, out, err = translations(root, "new-language", "de")
    assert code == 1 and "de is already a language of the site" in err, (
        f"make new-language LANG=de a second time was not refused: {out}{err}")


def test_a_new_page_and_deleted_texts_are_each_reported_once(workflow):
    """A page in Russian only fails parity; a page added without its menu entry (nor translation),
    a menu title and the 404 page's title deleted from the Russian entry: each check of
    tests/lints/test_languages.py reports its own problem, and nothing else (the site still builds)."""
    assert workflow[1]["only in ru"] == ["docs/ru/ has ['other.md'], which docs/en/ lacks"], (
        "docs/ru/other.md, with no English page, should fail parity (page_set_problems)")
    site = Site.load(workflow[0])
    assert nav_problems(site) == [
        "docs/en/new-page.md is not in `nav` of mkdocs.yml, so no menu leads to it: add "
        "`- <Title>: new-page.md` to `nav`, and `<Title>: <the title translated>` to "
        "`nav_translations` of every other language (ru, de)"]
    problems = interface_problems(site, "ru")
    assert len(problems) == 1 and "lacks these texts, so ru readers see them in English (or " \
        "nothing):\n  extra.strings: not_found_title\n  nav_translations: Mask\n" in problems[0], (
        f"one problem naming the deleted text and title expected, got {problems}")
    assert interface_problems(site, "de") == [], "a new language has every text, from English"


def test_a_page_not_translated_yet_is_built_from_english():
    """The small site above shows what the reader sees; the real mkdocs.yml must ask for it."""
    assert REPO.config["plugins"]["i18n"].config.fallback_to_default is True, (
        "mkdocs.yml: the i18n plugin needs `fallback_to_default: true`, so that a page with no "
        "file in a language is built from the English one, under a banner "
        "(verified_docs/build/translated_pages.py); without it such a page is missing from the site")


def test_each_language_has_its_own_404_page(site):
    for lang in REPO.locales:
        page = (site if lang == REPO.default else site / lang) / "404.html"
        assert page.exists(), f"no {page.relative_to(site)}"
        text = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in text, f"{page.relative_to(site)} is not in {lang}"
        assert f"<h1>{REPO.extra(lang)['strings']['not_found_title']}</h1>" in text
    root = (site / "404.html").read_text(encoding="utf-8")
    assert all(f'"{lang}"' in root for lang in REPO.locales[1:]), (
        "the default 404 page must know the other languages, to show theirs under /<lang>/")

