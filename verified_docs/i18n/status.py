"""The table `make translations` prints: each translation up to date, outdated or missing, with
what a translator does about it, and what is left to translate outside the pages (the interface
texts of mkdocs.yml, the labels drawn into figures, the glossary's terms)."""

from __future__ import annotations

import subprocess
import textwrap

from verified_docs.i18n.stamps import HASH_KEY, text_hash
from verified_docs.model.site import PageError, Site

UP_TO_DATE, OUTDATED, MISSING, UNREADABLE = "up to date", "outdated", "missing", "unreadable"


def page_status(site: Site, lang: str, page: str) -> tuple[str, str]:
    """(state, what a translator does about it)."""
    english, translation = site.docs / site.default / page, site.docs / lang / page
    rel = site.relative
    if not translation.exists():
        return MISSING, f"no file {rel(translation)}: readers see the English text under a " \
                        "banner until it exists"
    try:
        stamp = site.front_matter(translation)[0].get(HASH_KEY)
        now = text_hash(site.read_text(english))
    except PageError as exc:  # a page that is not UTF-8: named with its line
        return UNREADABLE, str(exc)
    if stamp is None:
        return OUTDATED, f"never stamped; once reviewed: make translations STAMP={rel(translation)}"
    if str(stamp) == now:
        return UP_TO_DATE, ""
    # The commit whose English text was stamped, for `git diff`.
    try:
        for commit in subprocess.run(["git", "log", "--format=%h", "--", rel(english)],
                                     cwd=site.root, capture_output=True, text=True,
                                     check=True).stdout.split():
            old = subprocess.run(["git", "show", f"{commit}:{rel(english)}"], cwd=site.root,
                                 capture_output=True, check=True).stdout
            if text_hash(old.decode("utf-8")) == str(stamp):
                return OUTDATED, (f"{rel(english)} changed since it was stamped; see: "
                                  f"git diff {commit} -- {rel(english)}")
    except (OSError, subprocess.CalledProcessError, UnicodeDecodeError):
        pass
    return OUTDATED, f"{rel(english)} changed since it was stamped"


def print_status(site: Site) -> bool:
    """The table of every translation; False if a page could not be read."""
    english = site.pages(site.default)
    print(f"Translations of {site.relative(site.docs / site.default)}/ ({len(english)} pages)")
    readable = True
    for lang in site.locales[1:]:
        rows = {page: page_status(site, lang, page) for page in english}
        counts = {s: sum(state == s for state, _ in rows.values())
                  for s in (UP_TO_DATE, OUTDATED, MISSING, UNREADABLE)}
        readable &= not counts[UNREADABLE]
        print(f"\n{lang}: {len(rows)} pages, " + ", ".join(
            f"{n} {s}" for s, n in counts.items() if n or s != UNREADABLE))
        width = max(map(len, rows))
        print(f"  {'page':<{width}}  {'status':<10}  what to do")
        for page, (state, detail) in rows.items():
            print(f"  {page:<{width}}  {state:<10}  {detail}".rstrip())
        if counts[OUTDATED] or counts[MISSING]:
            print(f"  Once a page is translated or brought in line with English and reviewed: "
                  f"make translations STAMP={site.relative(site.docs / lang)}/<page>.md")
        gaps = interface_gaps(site, lang)
        if gaps:
            print("  Not translated yet outside the pages:")
            print("\n".join("    " + gap.replace("\n", "\n    ") for gap in gaps))
    return readable


# ---- outside the pages ------------------------------------------------------------------------

def nav_items(nav):
    """(title or None, its page, link or list of items) of every item of `nav`, nested too."""
    for item in nav:
        title, value = next(iter(item.items())) if isinstance(item, dict) else (None, item)
        yield title, value
        if isinstance(value, list):
            yield from nav_items(value)


def nav_titles(nav) -> list[str]:
    return list(dict.fromkeys(title for title, _ in nav_items(nav) if title))


def interface_texts(config, lang: str) -> dict[str, str | None]:
    """`lang`'s text of every key a language translates in mkdocs.yml (`site_name`,
    `extra.strings.<name>`, `nav_translations.<English title>`…); None where its entry sets
    none (the build shows the default language's)."""
    entry = next(e for e in config["plugins"]["i18n"].config.languages if e.locale == lang)
    titles = nav_titles(config["nav"] or [])
    own, extra, nav = ((config, config["extra"], {t: t for t in titles}) if entry.default
                       else (entry, dict(entry.extra or {}), dict(entry.nav_translations or {})))
    return {**{k: own.get(k) for k in ("site_name", "site_description") if config.get(k)},
            **{f"extra.{k}": extra.get(k) for k, v in config["extra"].items()
               if isinstance(v, str)},
            **{f"extra.strings.{k}": (extra.get("strings") or {}).get(k)
               for k in config["extra"].get("strings") or {}},
            **{f"nav_translations.{t}": nav.get(t) for t in titles}}


def untranslated(site: Site, lang: str) -> tuple[list[str], list[str]]:
    """(keys `lang` has no text for, keys whose text is still the default language's)."""
    default, own = interface_texts(site.config, site.default), interface_texts(site.config, lang)
    return ([k for k in default if not own.get(k)],
            [k for k in default if own.get(k) and own[k] == default[k]])


def grouped_keys(keys: list[str]) -> str:
    """`extra.strings.a`, `extra.strings.b` -> `extra.strings: a; b`, wrapped, indented."""
    groups: dict[str, list[str]] = {}
    for key in keys:
        group = next((g for g in ("extra.strings", "nav_translations") if key.startswith(g)), "")
        groups.setdefault(group, []).append(key.removeprefix(group + "."))
    return "\n".join(textwrap.fill(f"{group}: " + "; ".join(names) if group else ", ".join(names),
                                   96, initial_indent="  ", subsequent_indent="    ")
                     for group, names in groups.items())


def interface_gaps(site: Site, lang: str) -> list[str]:
    """What a translator still has to translate outside the pages, one line each."""
    missing, same = untranslated(site, lang)
    gaps = [f"mkdocs.yml, the `{lang}` entry of the i18n languages, {what}:\n" + grouped_keys(keys)
            for keys, what in ((missing, "missing (readers see the English text)"),
                               (same, "still the English text")) if keys]
    # The texts drawn into the build's figures (the `figures` option of verified-docs).
    for path in site.config["plugins"]["verified-docs"].config.figures.values():
        if not site.snippet(path).has_labels(lang):
            gaps.append(f"{path}: no labels or caption in `{lang}` (the figure shows the "
                        "English ones)")
    if (site.root / "glossary.yml").exists():
        from verified_docs.i18n.glossary import GlossaryError, load_glossary
        try:
            terms = load_glossary(site, site.root / "glossary.yml")
        except GlossaryError as exc:
            return [*gaps, str(exc)]
        without = [str(t.get(site.default)) for t in terms if not t.get(lang)]
        if without:
            gaps.append(f"glossary.yml: {len(without)} of {len(terms)} terms have no `{lang}:` "
                        "term" + (f" ({', '.join(without)})" if len(without) < len(terms) else ""))
    return gaps
