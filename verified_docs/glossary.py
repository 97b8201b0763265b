"""glossary.yml, for the site and the tests: a list of terms, each a mapping from a language code
to the term, with an optional `avoid` (variant -> reason). Whatever is wrong with the file is
reported as `glossary.yml:LINE: what`, the way a compiler names a line, not as a traceback."""

from __future__ import annotations

import pathlib

from verified_docs.site import PageError, Site

GLOSSARY = "glossary.yml"  # beside mkdocs.yml


class GlossaryError(ValueError):
    """A problem in glossary.yml; its text starts with `glossary.yml:LINE:`."""


def load_glossary(path: pathlib.Path) -> list[dict]:
    import yaml

    path = pathlib.Path(path)
    site = Site.containing(path)
    name = site.relative(path)
    try:
        text = site.read_text(path)
    except PageError as exc:  # not UTF-8, named with its line
        raise GlossaryError(str(exc)) from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        entries = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = min(mark.line + 1, text.count("\n") or 1) if mark else 1
        what = exc.problem or exc.context
        if exc.context and exc.problem and exc.context_mark:
            what += f" ({exc.context}, at line {exc.context_mark.line + 1})"
        raise GlossaryError(f"{name}:{line}: not valid YAML: {what}") from None
    except yaml.YAMLError as exc:
        raise GlossaryError(f"{name}:1: not valid YAML: {exc}") from None
    if not isinstance(entries, list) or not entries:
        line = node.start_mark.line + 1 if node is not None else 1
        raise GlossaryError(f"{name}:{line}: expected a list of terms, each starting with "
                            f"`- <language>: <term>`")
    for item, entry in zip(node.value, entries):
        line = item.start_mark.line + 1
        if not isinstance(entry, dict):
            raise GlossaryError(f"{name}:{line}: expected a term (`<language>: <term>` lines), "
                                f"got {entry!r}")
        keys = [key.value for key, _ in item.value]
        twice = sorted({key for key in keys if keys.count(key) > 1})
        if twice:
            raise GlossaryError(f"{name}:{line}: the term has `{twice[0]}` twice; YAML would "
                                "keep only the last one")
        avoid = entry.get("avoid")
        if avoid is not None and not isinstance(avoid, dict):
            raise GlossaryError(f"{name}:{line}: `avoid` should map each variant to the reason "
                                "it is avoided (`variant: reason`)")
    return entries

