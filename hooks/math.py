"""Math, typeset at build time: every formula pymdownx.arithmatex marks on a page is rendered by
KaTeX (vendored: vendor/katex/katex.min.js, run in QuickJS from PyPI's `quickjs`) to MathML,
which the browser lays out natively. Pages ship no math script, stylesheet or font, so they stay
as light and as fast as pages without math, and work offline.

A formula KaTeX cannot parse is a warning naming the page and the formula, so `mkdocs build
--strict` fails on it.
"""

from __future__ import annotations

import functools
import html
import logging
import pathlib
import re

log = logging.getLogger("mkdocs.hooks.math")

KATEX = pathlib.Path(__file__).resolve().parent.parent / "vendor" / "katex" / "katex.min.js"
# pymdownx.arithmatex in generic mode: \( … \) in a span, \[ … \] in a div.
FORMULA = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*(?P<open>\\\(|\\\[)(?P<tex>.*?)(?:\\\)|\\\])\s*</(?P=tag)>',
    re.S)


@functools.cache
def katex():
    import quickjs

    context = quickjs.Context()
    context.eval("var self = globalThis;")
    context.eval(KATEX.read_text(encoding="utf-8"))
    return context.eval("(function (tex, display) { return katex.renderToString(tex, "
                        "{output: 'mathml', displayMode: display, throwOnError: true}); })")


def render(match: re.Match, where: str) -> str:
    tex = html.unescape(match["tex"]).strip()
    display = match["open"] == "\\["
    try:
        mathml = katex()(tex, display)
    except Exception as exc:  # quickjs.JSException: KaTeX's ParseError with its message
        log.warning(f"{where}: KaTeX cannot typeset {tex!r}: {str(exc).splitlines()[0]}")
        return match[0]
    # A wide formula scrolls sideways; like Material's code blocks it takes keyboard focus so
    # that it can be scrolled without a mouse.
    focus = ' tabindex="0"' if display else ""
    return f'<{match["tag"]} class="arithmatex"{focus}>{mathml}</{match["tag"]}>'


def on_page_content(html_text, page, config, files):
    if 'class="arithmatex"' not in html_text:
        return html_text
    return FORMULA.sub(lambda m: render(m, page.file.src_uri), html_text)
