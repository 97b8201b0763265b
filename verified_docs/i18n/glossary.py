"""glossary.yml, for the site and the tests: a list of terms, each a mapping from a language code of
mkdocs.yml to the term, with an optional `avoid` (variant -> reason in every language the glossary
has terms in) and `grammar` rule. Whatever is wrong with the file is reported wherever it is read
(the build, `make translations`, the tests) as `glossary.yml:LINE: what`, never as a traceback."""

from __future__ import annotations

import pathlib

from verified_docs.model.site import PageError, Site

GLOSSARY = "glossary.yml"  # beside mkdocs.yml
NOT_TERMS = ("avoid", "grammar")
GENDERS = ("feminine", "masculine", "neuter")
GRAMMAR = {  # what a `grammar` rule needs beside `example`; tests/lints/test_glossary.py checks it
    None: lambda rule, term: rule.get("gender") in GENDERS and rule.get("word")
    and str(rule["word"]) in str(term),
    "release-preposition": lambda rule, term: True,
    "api-gender": lambda rule, term: all(isinstance(rule.get(k), list) and rule[k]
                                         for k in ("feminine", "masculine")),
}
GRAMMAR_KEYS = ("word", "gender", "example", "check", "feminine", "masculine")


class GlossaryError(ValueError):
    """A problem in glossary.yml; its text starts with `glossary.yml:LINE:`."""


def load_glossary(site: Site, path: pathlib.Path) -> list[dict]:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    path = pathlib.Path(path)
    name = site.relative(path)
    try:
        text = site.read_text(path)
    except PageError as exc:  # not UTF-8, named with its line
        raise GlossaryError(str(exc)) from None
    try:
        entries = YAML(typ="rt", pure=True).load(text)  # each node's line; no key twice
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = min(mark.line + 1, text.count("\n") or 1) if mark else 1
        what = exc.problem or exc.context
        if exc.context and exc.problem and exc.context_mark:
            what += f" ({exc.context}, at line {exc.context_mark.line + 1})"
        raise GlossaryError(f"{name}:{line}: not valid YAML: {what}") from None
    except YAMLError as exc:
        raise GlossaryError(f"{name}:1: not valid YAML: {exc}") from None
    if not isinstance(entries, list) or not entries:
        line = getattr(getattr(entries, "lc", None), "line", 0) + 1
        raise GlossaryError(f"{name}:{line}: expected a list of terms, each starting with "
                            f"`- <language>: <term>`")
    seen: set[str] = set()
    # Every reason is in each language the glossary has terms in (a new one has none yet); a key
    # that is no language of the site is named on its own entry's line, not counted here.
    covered = sorted({k for e in entries if isinstance(e, dict) for k in e if k in site.locales})
    for number, entry in enumerate(entries):
        line = entries.lc.item(number)[0] + 1
        if not isinstance(entry, dict):
            raise GlossaryError(f"{name}:{line}: expected a term (`<language>: <term>` lines), "
                                f"got {entry!r}")
        problem = entry_problem(entry, site.locales, covered, seen)
        if problem:
            raise GlossaryError(f"{name}:{line}: the term “{entry.get(site.default, '?')}” "
                                f"{problem}")
    return entries


def entry_problem(entry: dict, langs: tuple[str, ...], covered: list[str],
                  seen: set) -> str | None:
    """What is wrong with a term (`seen`: the English terms before it), or None."""
    default, rule, avoid = langs[0], entry.get("grammar"), entry.get("avoid") or {}
    terms = {k: v for k, v in entry.items() if k not in NOT_TERMS}
    others = [k for k in terms if k != default]
    reasons = {**(avoid if isinstance(avoid, dict) else {}),
               **({rule.get("example") or "grammar": rule} if isinstance(rule, dict) else {})}
    unknown = sorted(set(terms) - set(langs))
    checks = [
        (isinstance(avoid, dict), "has an `avoid` that should map each variant to the reason it "
         "is avoided (`variant: reason`)"),
        (default in terms and others, f"needs `{default}:` and a translation"),
        (not unknown, f"has {unknown}, which are not languages of mkdocs.yml"),
        (all(isinstance(v, str) and v.strip() for v in terms.values()), "has an empty term"),
        (str(terms.get(default)) not in seen, "is listed twice"),
        (not (reasons or rule) or len(others) == 1,
         "has `avoid` or `grammar`, which are for an entry with one translation"),
        (rule is None or isinstance(rule, dict) and rule.get("example") and GRAMMAR.get(
            rule.get("check"), lambda *_: False)(rule, terms.get(others[0] if others else None)),
         f"has a `grammar` that needs `example` (a wrong use) and either `word` (a word of the "
         f"term) and `gender` ({', '.join(GENDERS)}), or `check` "
         f"({', '.join(filter(None, GRAMMAR))}; api-gender: `feminine` and `masculine`, lists "
         "of API names)"),
        *[(isinstance(why, dict) and set(why) - set(GRAMMAR_KEYS) <= set(langs)
           and all(str(why.get(lang) or "").strip() for lang in covered),
           f"should say why «{variant}» in {', '.join(covered)} (`{default}: reason`, then a "
           "line for each)") for variant, why in reasons.items()],
    ]
    seen.add(str(terms.get(default)))
    return next((message for ok, message in checks if not ok), None)

