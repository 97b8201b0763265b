"""`source_hash` in a translation's front matter: a hash of the English page it translates, so
that any edit of the English prose, headings or code makes the translation *outdated* until a
translator has reviewed and re-stamped it. Output fences are left out of the hash: `make
outputs` regenerates them in every language at once."""

from __future__ import annotations

import hashlib
import re

from verified_docs.i18n import UsageError
from verified_docs.site import Site

HASH_KEY = "source_hash"
OUTPUT_BODY = re.compile(r"^(`{3,})output\b[^\n]*\n.*?^\1[ \t]*$", re.M | re.S)


def text_hash(text: str) -> str:
    """12 hex digits of a SHA-256, each output fence cut to its first word (its title is
    translated, its body regenerated)."""
    text = OUTPUT_BODY.sub(lambda m: m[0].split("\n", 1)[0].split(" ", 1)[0],
                           text.replace("\r\n", "\n"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


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
        raise UsageError(f"{path}: not a page under {site.relative(site.docs)}/") from None
    english = site.docs / site.default / "/".join(rest)
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


def stamped(text: str, digest: str) -> str:
    """The page with `source_hash: "<digest>"` (quoted: digits alone would read as a number) in
    its front matter, its other lines as they were."""
    match = re.match(r"---[ \t]*\n(.*?\n)?(?:---|\.\.\.)[ \t]*\n", text, re.S)
    line = f'{HASH_KEY}: "{digest}"'
    if not match:
        return f"---\n{line}\n---\n\n{text}"
    block, old = match[1] or "", re.compile(rf"^{HASH_KEY}:.*$", re.M)
    block = old.sub(line, block) if old.search(block) else f"{line}\n{block}"
    return f"---\n{block}---\n{text[match.end():]}"
