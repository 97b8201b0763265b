"""A new language: a stub for every page of the default language in docs/<code>/, and its entry
in mkdocs.yml with every text the other translations override, copied from the default language
for its translator.

    make new-language LANG=de                  # docs/de/ from English, de in mkdocs.yml
"""

from __future__ import annotations

import pathlib
import re

import yaml

from verified_docs.i18n import UsageError
from verified_docs.i18n.stamps import STUB
from verified_docs.site import Site


def new_language(site: Site, code: str, name: str | None) -> list[str]:
    """Stubs for every English page in docs/<code>/ and <code> in mkdocs.yml; returns notes."""
    from mkdocs_static_i18n.config import RE_LOCALE
    import material
    if not RE_LOCALE.match(code):
        raise UsageError(f"{code!r} is not a language code such as de, pt-BR or zh-Hant")
    if code in site.locales:
        raise UsageError(f"{code} is already a language of the site (mkdocs.yml)")
    ui = pathlib.Path(material.__file__).parent / "templates" / "partials" / "languages"
    if not (ui / f"{code}.html").exists():
        raise UsageError(f"Material for MkDocs has no interface translation for {code!r}, so the "
                         f"site cannot be built in it. Known codes: "
                         f"{' '.join(sorted(p.stem for p in ui.glob('*.html')))}")
    folder = site.docs / code
    if folder.exists():
        raise UsageError(f"{site.relative(folder)}/ exists already; move it away first")

    config_file = site.root / "mkdocs.yml"
    original = config_file.read_text(encoding="utf-8")
    entry, notes = language_entry(site, code, name or language_name(code))
    config_file.write_text(insert_language(original, entry), encoding="utf-8")
    try:
        if code not in Site(site.root).locales:  # mkdocs.yml as it is now, read afresh
            raise UsageError("the new entry did not show up in the static-i18n languages")
    except Exception as exc:
        config_file.write_text(original, encoding="utf-8")
        raise UsageError(f"could not add {code} to mkdocs.yml ({exc}); it is unchanged. "
                         "Add the language by hand, copying the entry of another language.")
    for page in site.pages(site.default):
        (folder / page).parent.mkdir(parents=True, exist_ok=True)
        (folder / page).write_text(STUB, encoding="utf-8")
    return [f"created {len(site.pages(site.default))} stubs in {site.relative(folder)}/ "
            "(`untranslated: true`: readers see the English text until a page is translated)",
            f"added {code} to the languages in mkdocs.yml: translate the texts copied there "
            "from English (site name, navigation titles, banners, output title)", *notes,
            "next: translate a page, delete its `untranslated: true`, run `make test`, then "
            f"`make translations STAMP={site.relative(folder)}/<page>.md`"]


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
    config = site.config
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
    """Every title of mkdocs.yml's `nav`, sections and nested pages included, once each."""
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
