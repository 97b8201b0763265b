"""A new language: its entry in mkdocs.yml, with every text the other translations override
copied from the default language for its translator. It has no page yet: static-i18n's
`fallback_to_default` shows each default-language page in its place, under a banner, until a
translator adds `docs/<code>/<page>`.

    make new-language LANG=de                  # de in mkdocs.yml, its pages in English for now
"""

from __future__ import annotations

import io
import pathlib

from verified_docs.i18n import UsageError
from verified_docs.site import Site


def new_language(site: Site, code: str, name: str | None) -> list[str]:
    """`code` in mkdocs.yml's languages; returns notes for the translator."""
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
                         "Add the language by hand, copying the entry of another language.") \
            from exc
    folder = site.relative(site.docs / code)
    return [f"added {code} to the languages in mkdocs.yml: translate the texts copied there "
            "from English (site name, navigation titles, banners, output title)", *notes,
            f"its pages show the English text under a banner until {folder}/<page>.md exists; "
            f"next: translate a page into {folder}/, run `make test`, then "
            f"`make translations STAMP={folder}/<page>.md`"]


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
    """mkdocs.yml with `entry` appended to the i18n plugin's `languages:` list: a ruamel.yaml
    round trip, which keeps the file's comments, quotes, layout and tags (`!ENV`,
    `!!python/object/apply`) as they are."""
    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096  # long texts stay on one line, as they are written
    yaml.indent(mapping=2, sequence=4, offset=2)
    data = yaml.load(text)
    plugins = data.get("plugins") or []
    i18n = next((p["i18n"] for p in plugins if isinstance(p, dict) and "i18n" in p), None)
    if not i18n or "languages" not in i18n:
        raise UsageError("mkdocs.yml has no `languages:` list (static-i18n)")
    i18n["languages"].append(entry)
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()
