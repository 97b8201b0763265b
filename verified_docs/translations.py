"""Translations of the pages: status, re-stamping after review, adding a language.

    make translations                          # per language: up to date / outdated / missing
    make translations STAMP=docs/ru/mask.md    # after review: the page translates today's English
    make new-language LANG=de                  # docs/de/ from English, de in mkdocs.yml

A translated page names the English text it translates: `source_hash` in its front matter is a
hash of the file `docs/<default language>/<page>` without the bodies of its ```output fences
(`make outputs` regenerates those in every language), so any edit of the English prose, headings
or code makes the translation *outdated* until a translator has reviewed and re-stamped it.

A page not translated yet is a stub, a file that holds only this front matter:

    ---
    untranslated: true
    ---

The site then shows the English text under a banner in the reader's language
(verified_docs/translated_pages.py); the tests accept the stub (tests/test_translation_parity.py).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import pathlib
import re
import subprocess
import sys

import yaml
from mkdocs.utils.meta import get_data

from verified_docs.site import ROOT, relative

HASH_KEY = "source_hash"
UNTRANSLATED_KEY = "untranslated"
STUB = f"---\n{UNTRANSLATED_KEY}: true\n---\n"

UP_TO_DATE, OUTDATED, MISSING = "up to date", "outdated", "missing"
UNREADABLE = "unreadable"


class UsageError(Exception):
    pass


def read_text(path: pathlib.Path) -> str:
    """The page's text; a file that is not UTF-8 is named with the line of its first bad byte."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise UsageError(f"{relative(path)}:{line}: not valid UTF-8 (byte "
                         f"{data[exc.start:exc.start + 1]!r}); save the file as UTF-8") from None


# ---- pages and their front matter -------------------------------------------------------------

# An output fence's body, which `make outputs` rewrites in every language at once.
OUTPUT_BODY = re.compile(r"^(`{3,})output\b[^\n]*\n.*?^\1[ \t]*$", re.M | re.S)


def hashed_text(text: str) -> str:
    text = text.replace("\r\n", "\n")
    return OUTPUT_BODY.sub(lambda m: m[0].split("\n", 1)[0].split(" ", 1)[0], text)


def text_hash(text: str) -> str:
    """What a translation records of its English page: the first 12 hex digits of a SHA-256."""
    return hashlib.sha256(hashed_text(text).encode("utf-8")).hexdigest()[:12]


def source_hash(english: pathlib.Path) -> str:
    return text_hash(read_text(english))


def front_matter(path: pathlib.Path) -> tuple[dict, str]:
    """(front matter, text after it), read as MkDocs reads them."""
    body, meta = get_data(read_text(path))
    return meta, body


def is_stub(path: pathlib.Path) -> bool:
    return front_matter(path)[0].get(UNTRANSLATED_KEY) is True


def translated(page: str, root: pathlib.Path = ROOT) -> list[str]:
    """The languages besides the default in which `page` is translated (exists, not a stub),
    in mkdocs.yml's order. Tests that break a translation on purpose pick theirs here, never
    by position: a language just added has stubs only."""
    site = Site.load(root)
    return [lang for lang in site.languages[1:] if (site.docs / lang / page).exists()
            and not is_stub(site.docs / lang / page)]


@dataclasses.dataclass(frozen=True)
class Site:
    """What the workflow needs from mkdocs.yml: the docs folder and the languages."""
    root: pathlib.Path
    docs: pathlib.Path
    languages: tuple[str, ...]   # default first

    @classmethod
    def load(cls, root: pathlib.Path = ROOT) -> "Site":
        config = load_config(root)
        langs = config["plugins"]["i18n"].config.languages
        ordered = sorted(langs, key=lambda lang: not lang.default)
        return cls(root, pathlib.Path(config["docs_dir"]), tuple(lang.locale for lang in ordered))

    @property
    def default(self) -> str:
        return self.languages[0]

    def pages(self, lang: str) -> list[str]:
        folder = self.docs / lang
        return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.md"))

    def rel(self, path: pathlib.Path) -> str:
        return path.resolve().relative_to(self.root.resolve()).as_posix()


def load_config(root: pathlib.Path):
    from mkdocs.config import load_config as mkdocs_load_config
    import logging
    logging.getLogger("mkdocs").setLevel(logging.WARNING)  # load_config chats at INFO
    return mkdocs_load_config(str(root / "mkdocs.yml"))


# ---- status -----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Status:
    page: str
    state: str     # UP_TO_DATE, OUTDATED, MISSING or UNREADABLE
    detail: str    # what a translator does about it


def page_status(site: Site, lang: str, page: str) -> Status:
    try:
        return read_status(site, lang, page)
    except UsageError as exc:  # a page that is not UTF-8: named with its line
        return Status(page, UNREADABLE, str(exc))


def read_status(site: Site, lang: str, page: str) -> Status:
    english, translation = site.docs / site.default / page, site.docs / lang / page
    if not translation.exists():
        return Status(page, MISSING, f"no file {site.rel(translation)} (the tests fail until "
                                     "it exists: translate the page or create a stub)")
    meta, _ = front_matter(translation)
    if meta.get(UNTRANSLATED_KEY) is True:
        return Status(page, MISSING, "stub (`untranslated: true`): readers see the English text")
    stamp, now = meta.get(HASH_KEY), source_hash(english)
    if stamp is None:
        return Status(page, OUTDATED, f"never stamped; once reviewed: "
                                      f"make translations STAMP={site.rel(translation)}")
    if str(stamp) != now:
        return Status(page, OUTDATED, f"{site.rel(english)} changed since it was stamped"
                                      f"{changes_hint(site, english, str(stamp))}")
    return Status(page, UP_TO_DATE, "")


def changes_hint(site: Site, english: pathlib.Path, stamp: str) -> str:
    """`; see: git diff <commit> -- <page>` naming the commit whose English text was stamped."""
    rel = site.rel(english)
    try:
        commits = subprocess.run(["git", "log", "--format=%h", "--", rel], cwd=site.root,
                                 capture_output=True, text=True, check=True).stdout.split()
        for commit in commits:
            old = subprocess.run(["git", "show", f"{commit}:{rel}"], cwd=site.root,
                                 capture_output=True, check=True).stdout
            if text_hash(old.decode("utf-8")) == stamp:
                return f"; see: git diff {commit} -- {rel}"
    except (OSError, subprocess.CalledProcessError, UnicodeDecodeError):
        pass
    return ""


def print_status(site: Site) -> bool:
    """The table of every translation; False if a page could not be read."""
    english = site.pages(site.default)
    print(f"Translations of {site.rel(site.docs / site.default)}/ ({len(english)} pages)")
    readable = True
    for lang in site.languages[1:]:
        rows = [page_status(site, lang, page) for page in english]
        counts = {state: sum(r.state == state for r in rows)
                  for state in (UP_TO_DATE, OUTDATED, MISSING, UNREADABLE)}
        if not counts[UNREADABLE]:
            del counts[UNREADABLE]
        readable &= UNREADABLE not in counts
        print(f"\n{lang}: {len(rows)} pages, " + ", ".join(f"{n} {s}" for s, n in counts.items()))
        width = max(len(r.page) for r in rows)
        print(f"  {'page':<{width}}  {'status':<10}  what to do")
        for r in rows:
            print(f"  {r.page:<{width}}  {r.state:<10}  {r.detail}".rstrip())
        if counts[OUTDATED] or counts[MISSING]:
            print(f"  Once a page is translated or brought in line with English and reviewed: "
                  f"make translations STAMP={site.rel(site.docs / lang)}/<page>.md")
        gaps = interface_gaps(site, lang)
        if gaps:
            print("  Not translated yet outside the pages:")
            for gap in gaps:
                print("    " + gap.replace("\n", "\n    "))
    return readable


# ---- texts outside the pages ------------------------------------------------------------------

SITE_KEYS = ("site_name", "site_description")


def interface_texts(config, lang: str) -> dict[str, str | None]:
    """Every text of the site's interface that a language translates in mkdocs.yml, by key:
    `site_name`, `extra.output_title`, `extra.strings.<name>` (banners, 404 page, glossary
    heading) and `nav_translations.<English title>`. For the default language, its own texts;
    for another, what its entry sets, None where it sets nothing (the build then shows the
    default language's text)."""
    languages = config["plugins"]["i18n"].config.languages
    entry = next((language for language in languages if language.locale == lang), None)
    if entry is None:
        raise UsageError(f"{lang} is not a language of mkdocs.yml")
    default = entry.default
    own = {} if default else {k: entry.get(k) for k in SITE_KEYS}
    extra = config["extra"] if default else dict(entry.extra or {})
    nav = {t: t for t in nav_titles(config["nav"] or [])} if default else \
        dict(entry.nav_translations or {})
    texts: dict[str, str | None] = {}
    for key in SITE_KEYS:
        if config.get(key):
            texts[key] = config[key] if default else own[key]
    for key, value in config["extra"].items():
        if isinstance(value, str):
            texts[f"extra.{key}"] = extra.get(key)
    for key in (config["extra"].get("strings") or {}):
        texts[f"extra.strings.{key}"] = (extra.get("strings") or {}).get(key)
    for title in nav_titles(config["nav"] or []):
        texts[f"nav_translations.{title}"] = nav.get(title)
    return texts


def figure_labels(root: pathlib.Path) -> dict[str, dict]:
    """{snippet file: its `LABELS` (language -> labels)}: the texts drawn into figures, found
    as a literal `LABELS = {...}` at the top of a file in snippets/."""
    import ast

    found = {}
    for path in sorted((root / "snippets").glob("*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if "LABELS" not in text:
            continue
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for node in tree.body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and getattr(node.targets[0], "id", None) == "LABELS"):
                try:
                    labels = ast.literal_eval(node.value)
                except ValueError:
                    continue
                if isinstance(labels, dict):
                    found[path.relative_to(root).as_posix()] = labels
    return found


def grouped_keys(keys: list[str]) -> str:
    """`extra.strings.a`, `extra.strings.b` -> `extra.strings: a, b`, wrapped, indented."""
    import textwrap

    groups: dict[str, list[str]] = {}
    for key in keys:
        group = next((g for g in ("extra.strings", "nav_translations")
                      if key.startswith(g + ".")), "")
        groups.setdefault(group, []).append(key.removeprefix(group + ".") if group else key)
    lines = []
    for group, names in groups.items():
        joined = f"{group}: " + "; ".join(names) if group else ", ".join(names)
        lines.append(textwrap.fill(joined, 96, initial_indent="  ", subsequent_indent="    "))
    return "\n".join(lines)


def interface_gaps(site: Site, lang: str) -> list[str]:
    """What a translator still has to translate outside the pages, one line each: texts of
    mkdocs.yml missing or still in English, figure labels, glossary terms."""
    if not (site.root / "mkdocs.yml").exists():
        return []
    config = load_config(site.root)
    english, own = interface_texts(config, site.default), interface_texts(config, lang)
    missing = [key for key in english if not own.get(key)]
    same = [key for key in english if own.get(key) and own[key] == english[key]]
    gaps = []
    for keys, what in ((missing, "missing (readers see the English text)"),
                       (same, "still the English text")):
        if keys:
            gaps.append(f"mkdocs.yml, the `{lang}` entry of the i18n languages, {what}:\n"
                        + grouped_keys(keys))
    for path, labels in figure_labels(site.root).items():
        if site.default not in labels:
            continue
        if lang not in labels:
            gaps.append(f"{path}: no `{lang}` in LABELS (the figure shows the English labels)")
        else:
            keys = [k for k in labels[site.default] if k not in (labels[lang] or {})]
            if keys:
                gaps.append(f"{path}: LABELS[{lang!r}] lacks {', '.join(keys)}")
    glossary = site.root / "glossary.yml"
    if glossary.exists():
        from verified_docs.glossary import GlossaryError, load_glossary
        try:
            terms = load_glossary(glossary)
        except GlossaryError as exc:
            gaps.append(str(exc))
        else:
            without = [str(t.get(site.default)) for t in terms if not t.get(lang)]
            if without:
                gaps.append(f"glossary.yml: {len(without)} of {len(terms)} terms have no "
                            f"`{lang}:` term" + (f" ({', '.join(without)})"
                                                 if len(without) < len(terms) else ""))
    return gaps


# ---- stamping ---------------------------------------------------------------------------------


def stamp(site: Site, path: str) -> str:
    """Record in a translation that it translates the English page as it is now."""
    translation = (site.root / path).resolve()
    if translation.is_dir():
        folder = path.rstrip("/")
        raise UsageError(f"{path} is a folder. Stamp each page once you have reviewed it: "
                         f"make translations STAMP={folder}/<page>.md (several pages: "
                         f'STAMP="{folder}/a.md {folder}/b.md")')
    try:
        lang, *rest = translation.relative_to(site.docs.resolve()).parts
    except ValueError:
        raise UsageError(f"{path}: not a page under {site.rel(site.docs)}/") from None
    page = "/".join(rest)
    if lang not in site.languages[1:]:
        raise UsageError(f"{path}: stamp a translation, i.e. a page of "
                         f"{', '.join(site.languages[1:])} (not {lang!r})")
    english = site.docs / site.default / page
    if not translation.exists():
        raise UsageError(f"{path}: no such page")
    if not english.exists():
        raise UsageError(f"{path}: {site.rel(english)} does not exist, so there is nothing "
                         "it could translate")
    if is_stub(translation):
        raise UsageError(f"{path} is a stub (`untranslated: true`). Replace it with the "
                         f"translation of {site.rel(english)} first, then stamp it.")
    text = read_text(translation)
    # Quoted: a hash of digits only would read as a number.
    translation.write_text(with_front_matter_key(text, HASH_KEY, f'"{source_hash(english)}"'),
                           encoding="utf-8")
    return f"stamped {site.rel(translation)}: translates {site.rel(english)} as it is now"


def with_front_matter_key(text: str, key: str, value: str) -> str:
    """Set `key: value` in the page's YAML front matter, leaving its other lines as they are."""
    match = re.match(r"---[ \t]*\n(.*?\n)?(?:---|\.\.\.)[ \t]*\n", text, re.S)
    if not match:
        return f"---\n{key}: {value}\n---\n\n{text}"
    block = match[1] or ""
    line = re.compile(rf"^{re.escape(key)}:.*$", re.M)
    block = line.sub(f"{key}: {value}", block) if line.search(block) else f"{key}: {value}\n{block}"
    return f"---\n{block}---\n{text[match.end():]}"


# ---- adding a language ------------------------------------------------------------------------

def new_language(site: Site, code: str, name: str | None) -> list[str]:
    """Stubs for every English page in docs/<code>/ and <code> in mkdocs.yml; returns notes."""
    from mkdocs_static_i18n.config import RE_LOCALE
    import material
    if not RE_LOCALE.match(code):
        raise UsageError(f"{code!r} is not a language code such as de, pt-BR or zh-Hant")
    if code in site.languages:
        raise UsageError(f"{code} is already a language of the site (mkdocs.yml)")
    ui = pathlib.Path(material.__file__).parent / "templates" / "partials" / "languages"
    if not (ui / f"{code}.html").exists():
        raise UsageError(f"Material for MkDocs has no interface translation for {code!r}, so the "
                         f"site cannot be built in it. Known codes: "
                         f"{' '.join(sorted(p.stem for p in ui.glob('*.html')))}")
    folder = site.docs / code
    if folder.exists():
        raise UsageError(f"{site.rel(folder)}/ exists already; move it away first")

    config_file = site.root / "mkdocs.yml"
    original = config_file.read_text(encoding="utf-8")
    entry, notes = language_entry(site, code, name or language_name(code))
    config_file.write_text(insert_language(original, entry), encoding="utf-8")
    try:
        if code not in Site.load(site.root).languages:
            raise UsageError("the new entry did not show up in the static-i18n languages")
    except Exception as exc:
        config_file.write_text(original, encoding="utf-8")
        raise UsageError(f"could not add {code} to mkdocs.yml ({exc}); it is unchanged. "
                         "Add the language by hand, copying the entry of another language.")
    for page in site.pages(site.default):
        (folder / page).parent.mkdir(parents=True, exist_ok=True)
        (folder / page).write_text(STUB, encoding="utf-8")
    return [f"created {len(site.pages(site.default))} stubs in {site.rel(folder)}/ "
            "(`untranslated: true`: readers see the English text until a page is translated)",
            f"added {code} to the languages in mkdocs.yml: translate the texts copied there "
            "from English (site name, navigation titles, banners, output title)", *notes,
            "next: translate a page, delete its `untranslated: true`, run `make test`, then "
            f"`make translations STAMP={site.rel(folder)}/<page>.md`"]


def language_name(code: str) -> str:
    """The language's name in itself (for the language switcher), or the code if unknown."""
    try:
        from babel import Locale
        name = Locale.parse(code, sep="-" if "-" in code else "_").get_display_name(code)
        return name[:1].upper() + name[1:]
    except Exception:
        return code


def language_entry(site: Site, code: str, name: str) -> tuple[dict, list[str]]:
    """The static-i18n entry of a new language: every text the other translations override,
    copied from the default language for the translator to translate."""
    config = load_config(site.root)
    others = [lang for lang in config["plugins"]["i18n"].config.languages if not lang.default]
    entry: dict = {"locale": code, "name": name, "build": True}
    notes = []
    for key in ("site_name", "site_description", "site_author", "copyright"):
        if any(lang.get(key) for lang in others) and config.get(key):
            entry[key] = config[key]
    extra_keys = [k for lang in others for k in (lang.extra or {}) if k in config["extra"]]
    if extra_keys:
        entry["extra"] = {k: config["extra"][k] for k in dict.fromkeys(extra_keys)}
    entry["nav_translations"] = {title: title for title in nav_titles(config["nav"] or [])}
    handled = {"locale", "name", "build", "default", "link", "extra", "nav_translations",
               "site_name", "site_description", "site_author", "copyright"}
    for lang in others:
        for key, value in lang.items():
            if value is not None and key not in handled:
                notes.append(f"{lang.locale} also sets `{key}` in mkdocs.yml; set it for {code} "
                             "if it needs it")
    return entry, notes


def nav_titles(nav) -> list[str]:
    titles = []
    for item in nav:
        if isinstance(item, dict):
            for title, value in item.items():
                titles.append(title)
                if isinstance(value, list):
                    titles += nav_titles(value)
    return list(dict.fromkeys(titles))


def insert_language(text: str, entry: dict) -> str:
    """mkdocs.yml with `entry` appended to the i18n plugin's `languages:` list, as text, so the
    file's comments and layout stay as they are."""
    lines = text.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if re.match(r"\s*languages:\s*$", line)),
                 None)
    if start is None:
        raise UsageError("mkdocs.yml has no `languages:` list (static-i18n)")
    key_indent = len(lines[start]) - len(lines[start].lstrip())
    end, item_indent = start + 1, None
    for i in range(start + 1, len(lines)):
        stripped = lines[i].strip()
        indent = len(lines[i]) - len(lines[i].lstrip())
        if not stripped or stripped.startswith("#"):
            continue
        if indent < key_indent or (indent == key_indent and not stripped.startswith("- ")):
            break
        if stripped.startswith("- ") and item_indent is None:
            item_indent = indent
        end = i + 1
    dumped = yaml.safe_dump([entry], allow_unicode=True, sort_keys=False, width=1000)
    pad = " " * (item_indent if item_indent is not None else key_indent + 2)
    block = "".join(pad + line + "\n" for line in dumped.splitlines())
    return "".join(lines[:end]) + block + "".join(lines[end:])


# ---- command line -----------------------------------------------------------------------------

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verified_docs translations", description=__doc__,
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

    site = Site.load()
    try:
        if args.command == "stamp":
            failed = False
            for page in args.pages:  # a refused page does not stop the others
                try:
                    print(stamp(site, page))
                except UsageError as exc:
                    print(f"error: {exc}", file=sys.stderr)
                    failed = True
            return int(failed)
        if args.command == "new-language":
            print("\n".join(new_language(site, args.code, args.name)))
        elif not print_status(site):
            return 1
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
