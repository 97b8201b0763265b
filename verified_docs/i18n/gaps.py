"""What a translator still has to translate outside the pages: the texts of the site's interface
in mkdocs.yml, the labels drawn into figures, the glossary's terms."""

from __future__ import annotations

import pathlib

from verified_docs.i18n import UsageError
from verified_docs.i18n.scaffold import nav_titles
from verified_docs.site import Site

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
    config = site.config
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
