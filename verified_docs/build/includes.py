"""A `--8<--` include that cannot be read is an error naming the page and line.

pymdownx.snippets raises on a missing file, which ends `mkdocs build` with a traceback and stops a
`make serve` rebuild (the browser keeps the old page as if the server hung). So each include line
is tried first: one that fails is logged as an ERROR (the strict build still fails) and replaced by
a line saying what is wrong, and `make serve` shows it in place.
"""

from __future__ import annotations

from mkdocs.plugins import get_plugin_logger

from verified_docs.model.fences import INCLUDE_LINE
from verified_docs.model.site import Site

log = get_plugin_logger(__name__)


def location(page, site: Site, markdown_text: str, index: int) -> str:
    """`docs/en/page.md:LINE` of the line at `index` of the page's Markdown, as a line of the
    page's file: the Markdown has lost the front matter and may have gained a banner, so the
    line is found by its text (the same occurrence of it, counted from the end)."""
    start = markdown_text.rfind("\n", 0, index) + 1
    line = markdown_text[start:].split("\n", 1)[0]
    after = markdown_text[start:].split("\n").count(line)  # this one and those after it
    found = [n for n, text in enumerate(page.file.content_string.split("\n"), 1) if text == line]
    number = found[-after] if len(found) >= after else markdown_text.count("\n", 0, index) + 1
    return f"{site.relative(page.file.abs_src_path)}:{number}"


def checked(markdown_text: str, page, site: Site) -> str:
    """The page's Markdown, each include the site's pymdownx.snippets cannot read logged and
    replaced."""
    lines, at = markdown_text.split("\n"), 0
    for n, line in enumerate(lines):
        start, at = at, at + len(line) + 1
        match = INCLUDE_LINE.match(line)
        try:
            if match:
                site.snippets.run([line.strip()])
        except Exception as exc:  # SnippetMissingError, an unreadable file, ...
            log.error(f"{location(page, site, markdown_text, start)}: cannot include a "
                      f"snippet: {exc}")
            lines[n] = f"{match[1]}ERROR: {line.strip()}: {exc}"
    return "\n".join(lines)
