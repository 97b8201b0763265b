"""What a translated page records of the English page it translates, and stamping it after review.

`source_hash` in a translation's front matter is a hash of `docs/<default language>/<page>`
without the bodies of its ```output fences (`make outputs` regenerates those in every language at
once), so any edit of the English prose, headings or code makes the translation *outdated* until
a translator has reviewed and re-stamped it.
"""

from __future__ import annotations

import hashlib
import re

from verified_docs.i18n import UsageError
from verified_docs.site import Site

HASH_KEY = "source_hash"
OUTPUT_BODY = re.compile(r"^(`{3,})output\b[^\n]*\n.*?^\1[ \t]*$", re.M | re.S)


def text_hash(text: str) -> str:
    """The first 12 hex digits of a SHA-256 of the text, each output fence cut to its opening
    fence's first word (its title is translated, its body regenerated)."""
    text = OUTPUT_BODY.sub(lambda m: m[0].split("\n", 1)[0].split(" ", 1)[0],
                           text.replace("\r\n", "\n"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def source_hash(site: Site, english) -> str:
    return text_hash(site.read_text(english))


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
    # Quoted: a hash of digits only would read as a number.
    text = with_front_matter_key(site.read_text(translation), HASH_KEY,
                                 f'"{source_hash(site, english)}"')
    translation.write_text(text, encoding="utf-8")
    return f"stamped {site.relative(translation)}: translates {site.relative(english)} as it is now"


def with_front_matter_key(text: str, key: str, value: str) -> str:
    """Set `key: value` in the page's YAML front matter, leaving its other lines as they are."""
    match = re.match(r"---[ \t]*\n(.*?\n)?(?:---|\.\.\.)[ \t]*\n", text, re.S)
    if not match:
        return f"---\n{key}: {value}\n---\n\n{text}"
    block, line = match[1] or "", re.compile(rf"^{re.escape(key)}:.*$", re.M)
    block = line.sub(f"{key}: {value}", block) if line.search(block) else f"{key}: {value}\n{block}"
    return f"---\n{block}---\n{text[match.end():]}"
