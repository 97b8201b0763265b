"""Formulas typeset at build time by the vendored KaTeX, run in QuickJS, as HTML and MathML (for
screen readers): pages ship no math script, and a page without math loads nothing for it.

KaTeX's woff2 fonts ship whole, uncut: a browser fetches only the faces a page uses, and the
heaviest page stays within lighthouserc.yml's byte budget with them (`make bench-site` checks it).
"""

from __future__ import annotations

import functools
import html
import pathlib
import re

from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File

log = get_plugin_logger(__name__)

ASSETS = "assets/katex"  # in the built site (overrides/main.html links it)
VENDOR = pathlib.Path(__file__).parent / "vendor" / "katex"
# pymdownx.arithmatex in generic mode: \( … \) in a span, \[ … \] in a div.
FORMULA = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*(?P<open>\\\(|\\\[)(?P<tex>.*?)(?:\\\)|\\\])\s*</(?P=tag)>',
    re.S)
# Only the woff2 files are vendored (every browser the theme supports reads woff2).
OTHER_FORMATS = re.compile(r',url\([^)]*\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)')


# Cached for the process (it depends on vendor/katex alone): each serve rebuild reuses it.
@functools.cache
def katex():
    import quickjs

    context = quickjs.Context()
    context.eval("var self = globalThis;")
    context.eval((VENDOR / "katex.min.js").read_text(encoding="utf-8"))
    return context.eval("(function (tex, display) { return katex.renderToString(tex, "
                        "{output: 'htmlAndMathml', displayMode: display, throwOnError: true}); })")


def assets(config) -> list[File]:
    css = OTHER_FORMATS.sub("", (VENDOR / "katex.min.css").read_text(encoding="utf-8"))
    return [File.generated(config, f"{ASSETS}/katex.min.css", content=css),
            *(File.generated(config, f"{ASSETS}/fonts/{path.name}", abs_src_path=str(path))
              for path in sorted((VENDOR / "fonts").glob("*.woff2")))]


def render(match: re.Match, where: str) -> str:
    tex, display = html.unescape(match["tex"]).strip(), match["open"] == "\\["
    try:
        typeset = katex()(tex, display)
    except Exception as exc:  # quickjs.JSException: KaTeX's ParseError with its message
        log.warning(f"{where}: KaTeX cannot typeset {tex!r}: {str(exc).splitlines()[0]}")
        return match[0]
    # A wide formula scrolls in its .katex-display box, which takes keyboard focus to scroll
    # without a mouse (as Material's code blocks do). Material's search skips what is marked
    # data-search-exclude, and strips the marker.
    typeset = typeset.replace('class="katex-display"', 'class="katex-display" tabindex="0"', 1)
    typeset = typeset.replace('<annotation encoding="application/x-tex">',
                              '<annotation encoding="application/x-tex" data-search-exclude="true">')
    return f'<{match["tag"]} class="arithmatex">{typeset}</{match["tag"]}>'


def typeset_page(html_text: str, page) -> str:
    if 'class="arithmatex"' not in html_text:
        return html_text
    # Its fonts are not preloaded: a preload competes with the page's text on a slow connection.
    page.meta["katex"] = {"stylesheet": f"{ASSETS}/katex.min.css"}
    return FORMULA.sub(lambda m: render(m, page.file.src_uri), html_text)
