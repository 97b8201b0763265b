"""MkDocs hook: math, typeset at build time in KaTeX's own fonts (verified_docs/katex.py).

Every formula pymdownx.arithmatex marks on a page is rendered to KaTeX's HTML, laid out in its
woff2 fonts, with the MathML next to it for screen readers. Pages ship no math script: a page with
math loads KaTeX's stylesheet (overrides/main.html) and the few fonts its formulas use, a page
without math loads nothing for math. A display formula wider than the column scrolls inside its
own box (overrides/assets/stylesheets/extra.css), never the page.

The stylesheet and the fonts, cut to the characters of the site's formulas, are added to the site
here, under assets/katex/, from vendor/katex: one copy of KaTeX in the repository. A page whose
formulas need a character outside that cut (a formula the reading of the sources missed) is a
warning, so `mkdocs build --strict` fails on it.
"""

from __future__ import annotations

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

from verified_docs.katex import (FORMULA, characters, log, render, stylesheet, subset_fonts,
                                 used_characters)

# Where the stylesheet and fonts are in the built site (overrides/main.html links them).
ASSETS = "assets/katex"


# After static-i18n's on_files (priority -100), which rebuilds the file list of each language's
# build from the files on disk. Every language's pages link the same files at the site root.
@event_priority(-110)
def on_files(files, config):
    fonts = subset_fonts(used_characters(config))
    files.append(File.generated(config, f"{ASSETS}/katex.min.css", content=stylesheet(fonts)))
    for name, data in fonts.items():
        files.append(File.generated(config, f"{ASSETS}/fonts/{name}", content=data))
    return files


def on_page_content(html_text, page, config, files):
    if 'class="arithmatex"' not in html_text:
        return html_text
    # overrides/main.html loads KaTeX's stylesheet on this page. Its fonts are not preloaded:
    # on a slow connection a preload competes with the page's text, and the browser fetches
    # each font anyway as soon as a formula on screen needs it.
    page.meta["katex"] = {"stylesheet": f"{ASSETS}/katex.min.css"}
    html_text = FORMULA.sub(lambda m: render(m, page.file.src_uri), html_text)
    missing = characters(html_text) - used_characters(config)
    if missing:
        log.warning(f"{page.file.src_uri}: formulas use {''.join(sorted(missing))!r}, which the "
                    "KaTeX fonts were not cut to: verified_docs/katex.py's used_characters() did "
                    "not find this page's formulas in docs_dir")
    return html_text
