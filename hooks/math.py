"""Math, typeset at build time in KaTeX's own fonts.

Every formula pymdownx.arithmatex marks on a page is rendered by KaTeX (vendored:
vendor/katex/katex.min.js, run in QuickJS from PyPI's `quickjs`) to KaTeX's HTML, laid out in its
woff2 fonts (vendor/katex/fonts), with the MathML next to it for screen readers. Pages ship no
math script: a page with math loads KaTeX's stylesheet (overrides/main.html) and the few fonts its
formulas use, a page without math loads nothing for math. A display formula wider than the
column scrolls inside its own box (overrides/assets/stylesheets/extra.css), never the page.

The stylesheet and fonts are added to the site here, under assets/katex/, from vendor/katex: one
copy of KaTeX in the repository. The stylesheet is trimmed to the woff2 fonts it is shipped with.

A formula KaTeX cannot parse is a warning naming the page and the formula, so `mkdocs build
--strict` fails on it.
"""

from __future__ import annotations

import functools
import html
import logging
import pathlib
import re

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

log = logging.getLogger("mkdocs.hooks.math")

VENDOR = pathlib.Path(__file__).resolve().parent.parent / "vendor" / "katex"
KATEX = VENDOR / "katex.min.js"
# Where the stylesheet and fonts are in the built site (overrides/main.html links them).
ASSETS = "assets/katex"
# The fonts almost every formula uses: preloaded by pages with math, so text does not wait.
PRELOAD = ["KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"]
# pymdownx.arithmatex in generic mode: \( … \) in a span, \[ … \] in a div.
FORMULA = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*(?P<open>\\\(|\\\[)(?P<tex>.*?)(?:\\\)|\\\])\s*</(?P=tag)>',
    re.S)
# KaTeX's stylesheet lists woff2, woff and ttf for each font; only the woff2 files are vendored
# (every browser the theme supports reads woff2).
OTHER_FORMATS = re.compile(r',url\([^)]*\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)')


@functools.cache
def katex():
    import quickjs

    context = quickjs.Context()
    context.eval("var self = globalThis;")
    context.eval(KATEX.read_text(encoding="utf-8"))
    return context.eval("(function (tex, display) { return katex.renderToString(tex, "
                        "{output: 'htmlAndMathml', displayMode: display, throwOnError: true}); })")


def stylesheet() -> str:
    return OTHER_FORMATS.sub("", (VENDOR / "katex.min.css").read_text(encoding="utf-8"))


def render(match: re.Match, where: str) -> str:
    tex = html.unescape(match["tex"]).strip()
    display = match["open"] == "\\["
    try:
        typeset = katex()(tex, display)
    except Exception as exc:  # quickjs.JSException: KaTeX's ParseError with its message
        log.warning(f"{where}: KaTeX cannot typeset {tex!r}: {str(exc).splitlines()[0]}")
        return match[0]
    # A wide formula scrolls sideways in its .katex-display box; like Material's code blocks,
    # that box takes keyboard focus so that it can be scrolled without a mouse.
    if display:
        typeset = typeset.replace('class="katex-display"', 'class="katex-display" tabindex="0"', 1)
    return f'<{match["tag"]} class="arithmatex">{typeset}</{match["tag"]}>'


# After static-i18n's on_files (priority -100), which rebuilds the file list of each language's
# build from the files on disk. Every language's pages link the same files at the site root.
@event_priority(-110)
def on_files(files, config):
    files.append(File.generated(config, f"{ASSETS}/katex.min.css", content=stylesheet()))
    for font in sorted((VENDOR / "fonts").glob("*.woff2")):
        files.append(File.generated(config, f"{ASSETS}/fonts/{font.name}", abs_src_path=str(font)))
    return files


def on_page_content(html_text, page, config, files):
    if 'class="arithmatex"' not in html_text:
        return html_text
    # overrides/main.html loads KaTeX's stylesheet and preloads its main fonts on this page.
    page.meta["katex"] = {"stylesheet": f"{ASSETS}/katex.min.css",
                          "preload": [f"{ASSETS}/fonts/{name}" for name in PRELOAD]}
    return FORMULA.sub(lambda m: render(m, page.file.src_uri), html_text)
