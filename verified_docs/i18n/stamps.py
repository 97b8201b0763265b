"""`source_hash` in a translation's front matter: a hash of the English page it translates, so
that any edit of the English prose, headings or code makes the translation *outdated* until a
translator has reviewed and re-stamped it. Output fences are left out of the hash: `make
outputs` regenerates them in every language at once."""

from __future__ import annotations

import hashlib
import re

HASH_KEY = "source_hash"
OUTPUT_BODY = re.compile(r"^(`{3,})output\b[^\n]*\n.*?^\1[ \t]*$", re.M | re.S)


def text_hash(text: str) -> str:
    """12 hex digits of a SHA-256, each output fence cut to its first word (its title is
    translated, its body regenerated)."""
    text = OUTPUT_BODY.sub(lambda m: m[0].split("\n", 1)[0].split(" ", 1)[0],
                           text.replace("\r\n", "\n"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


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
