"""Translations of the pages: status, re-stamping after review, adding a language.

    make translations                          # per language: up to date / outdated / missing
    make translations STAMP=docs/ru/mask.md    # after review: the page translates today's English
    make new-language LANG=de                  # de in mkdocs.yml, its pages in English for now
"""

from __future__ import annotations

import argparse
import pathlib
import sys

from verified_docs.i18n.stamps import stamped, text_hash
from verified_docs.i18n.status import nav_titles, print_status
from verified_docs.model.site import PageError, Site

COPIED = ("site_name", "site_description", "site_author", "copyright")  # into a new language


class UsageError(Exception):
    """What a command was asked to do and cannot; the command prints it as `error: …`."""


def main(argv: list[str], root: pathlib.Path) -> int:
    parser = argparse.ArgumentParser(prog="python -m verified_docs translations",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("status", help="table of every language: up to date / outdated / missing")
    stamp_cmd = commands.add_parser("stamp", help="after review: record that a translation "
                                                  "matches the English page as it is now")
    stamp_cmd.add_argument("pages", nargs="+", metavar="PAGE", help="e.g. docs/ru/mask.md")
    lang_cmd = commands.add_parser("new-language", help="scaffold a language")
    lang_cmd.add_argument("code", help="language code, e.g. de")
    lang_cmd.add_argument("--name", help="name in the language switcher (default: from Babel)")
    args = parser.parse_args(argv)

    site = Site.load(root)
    if args.command == "stamp":  # a refused page does not stop the others
        return max(run(stamp, site, page) for page in args.pages)
    if args.command == "new-language":
        return run(new_language, site, args.code, args.name)
    return run(print_status, site)


def run(command, *args) -> int:
    """Print the text `command` returns; 1 if it refused (`error: …`) or returned False."""
    try:
        out = command(*args)
    except (UsageError, PageError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if isinstance(out, str):
        print(out)
    return int(out is False)


def stamp(site: Site, path: str) -> str:
    """Record in a translation that it translates the English page as it is now."""
    translation = (site.root / path).resolve()
    if translation.is_dir():
        folder = path.rstrip("/")
        raise UsageError(f"{path} is a folder. Stamp each page once you have reviewed it: "
                         f"make translations STAMP={folder}/<page>.md (several pages: "
                         f'STAMP="{folder}/a.md {folder}/b.md")')
    lang = site.language_of(translation)
    if lang is None:
        raise UsageError(f"{path}: not a page under {site.relative(site.docs)}/")
    english = site.counterpart(translation, site.default)
    if lang not in site.locales[1:]:
        raise UsageError(f"{path}: stamp a translation, i.e. a page of "
                         f"{', '.join(site.locales[1:])} (not {lang!r})")
    if not translation.exists():
        raise UsageError(f"{path}: no such page")
    if not english.exists():
        raise UsageError(f"{path}: {site.relative(english)} does not exist, so there is nothing "
                         "it could translate")
    text = stamped(site.read_text(translation), text_hash(site.read_text(english)))
    translation.write_text(text, encoding="utf-8")
    return f"stamped {site.relative(translation)}: translates {site.relative(english)} as it is now"


def new_language(site: Site, code: str, name: str | None) -> str:
    """`code` in mkdocs.yml's languages, every text the other languages translate copied from
    English for its translator; no page (until one is translated, static-i18n's
    `fallback_to_default` shows the English one under a banner). Returns notes for them."""
    import material
    from mkdocs_static_i18n.config import RE_LOCALE
    if not RE_LOCALE.match(code):
        raise UsageError(f"{code!r} is not a language code such as de, pt-BR or zh-Hant")
    if code in site.locales:
        raise UsageError(f"{code} is already a language of the site (mkdocs.yml)")
    ui = pathlib.Path(material.__file__).parent / "templates" / "partials" / "languages"
    if not (ui / f"{code}.html").exists():
        raise UsageError(f"Material for MkDocs has no interface translation for {code!r}, so the "
                         f"site cannot be built in it. Known codes: "
                         f"{' '.join(sorted(p.stem for p in ui.glob('*.html')))}")
    config = site.config
    others = [lang for lang in config["plugins"]["i18n"].config.languages if not lang.default]
    entry: dict = {"locale": code, "name": name or language_name(code), "build": True,
                   **{k: config[k] for k in COPIED
                      if config.get(k) and any(lang.get(k) for lang in others)}}
    if extra := {k: config["extra"][k] for lang in others for k in (lang.extra or {})
                 if k in config["extra"]}:
        entry["extra"] = extra
    entry["nav_translations"] = {title: title for title in nav_titles(config["nav"] or [])}
    # A ruamel.yaml round trip keeps the file's comments, quotes, layout and tags (`!ENV`,
    # `!!python/object/apply`) as they are.
    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096  # long texts stay on one line, as they are written
    yaml.indent(mapping=2, sequence=4, offset=2)
    data = yaml.load(site.root / "mkdocs.yml")
    i18n = next(p["i18n"] for p in data["plugins"] if isinstance(p, dict) and "i18n" in p)
    i18n["languages"].append(entry)
    yaml.dump(data, site.root / "mkdocs.yml")
    folder = site.relative(site.docs / code)
    set_elsewhere = [f"{lang.locale} also sets `{key}` in mkdocs.yml; set it for {code} if it "
                     "needs it" for lang in others for key, value in lang.items()
                     if value is not None and key not in {"locale", "name", "build", "default",
                                                          "link", "extra", "nav_translations",
                                                          *COPIED}]
    return "\n".join([f"added {code} to the languages in mkdocs.yml: translate the texts copied "
                      "there from English (site name, navigation titles, banners, output title)",
                      *set_elsewhere,
                      f"its pages show the English text under a banner until {folder}/<page>.md "
                      f"exists; next: translate a page into {folder}/, run `make test`, then "
                      f"`make translations STAMP={folder}/<page>.md`"])


def language_name(code: str) -> str:
    """The language's name in itself (for the language switcher), or the code if unknown."""
    try:
        from babel import Locale
        name = Locale.parse(code, sep="-" if "-" in code else "_").get_display_name(code)
        return name[:1].upper() + name[1:]
    except Exception:
        return code
