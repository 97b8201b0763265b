"""`make new-language LANG=de`: the language's entry in mkdocs.yml, every text the other
translations override copied from English for its translator. No page: until one is translated,
static-i18n's `fallback_to_default` shows the English page under a banner."""

from __future__ import annotations

import pathlib

from verified_docs.i18n import UsageError
from verified_docs.i18n.status import nav_titles
from verified_docs.site import Site

COPIED = ("site_name", "site_description", "site_author", "copyright")


def new_language(site: Site, code: str, name: str | None) -> str:
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
