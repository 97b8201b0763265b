"""MkDocs hook: a `--8<--` include that cannot be read is an error naming the page and line,
not an exception.

pymdownx.snippets (`check_paths: true`) raises when an included file is missing. Raised while
a page renders, that exception ends `mkdocs build` with a traceback, and during `make serve`
it stops the rebuild, so the browser keeps the old page as if the server hung. Here each
include line is tried first: one that fails is logged as an ERROR (`mkdocs build --strict`
still fails on it) and replaced by a line saying what is wrong, so `make serve` (not strict)
shows the page with the error in place and keeps serving.
"""

from __future__ import annotations

import logging
import os
import re

import markdown

log = logging.getLogger("mkdocs.hooks.snippets")

INCLUDE = re.compile(r"^(\s*)-+8<-+\s+\S")  # the one-line form: --8<-- "snippets/x.py"
_preprocessor: dict[int, object] = {}


def preprocessor(config):
    """The site's snippets preprocessor, configured as mkdocs.yml configures it."""
    key = id(config)
    if key not in _preprocessor:
        _preprocessor.clear()
        md = markdown.Markdown(extensions=config.markdown_extensions,
                               extension_configs=config.mdx_configs)
        _preprocessor[key] = md.preprocessors["snippet"]
    return _preprocessor[key]


def on_page_markdown(markdown_text, page, config, files):
    if "8<-" not in markdown_text or "pymdownx.snippets" not in config.markdown_extensions:
        return markdown_text
    lines = markdown_text.split("\n")
    # Front matter is cut off the page's markdown: count it back, so lines are the file's.
    source = page.file.content_string
    start = source.find(markdown_text[:200])
    offset = source.count("\n", 0, start) if start > 0 else 0
    where = os.path.relpath(page.file.abs_src_path, os.path.dirname(config.config_file_path))
    for n, line in enumerate(lines):
        match = INCLUDE.match(line)
        if not match:
            continue
        try:
            preprocessor(config).run([line.strip()])
        except Exception as exc:  # SnippetMissingError, an unreadable file, ...
            log.error(f"{where}:{n + 1 + offset}: cannot include a snippet: {exc}")
            lines[n] = f"{match[1]}ERROR: {line.strip()}: {exc}"
    return "\n".join(lines)
