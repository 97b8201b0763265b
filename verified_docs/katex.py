"""KaTeX at build time (hooks/math.py is its MkDocs entry point): formulas typeset to KaTeX's
HTML and MathML by the vendored KaTeX (vendor/katex/katex.min.js, run in QuickJS from PyPI's
`quickjs`), and KaTeX's stylesheet and woff2 fonts (vendor/katex) cut to what the site uses.

Each font is cut (fontTools' subsetter, woff2 via `brotli`) to the characters the site's formulas
are set in: every formula of every page of every language is typeset once per build process
(`used_characters`), and a font with none of those characters is left out of the site and out of
the stylesheet. A formula KaTeX cannot parse is a warning naming the page and the formula, so
`mkdocs build --strict` fails on it.
"""


from __future__ import annotations

import functools
import html
import html.parser
import io
import logging
import pathlib
import re

from verified_docs.site import ROOT

# A logger under "mkdocs": its warnings fail `mkdocs build --strict`.
log = logging.getLogger("mkdocs.hooks.math")

VENDOR = ROOT / "vendor" / "katex"
KATEX = VENDOR / "katex.min.js"
# pymdownx.arithmatex in generic mode: \( … \) in a span, \[ … \] in a div.
FORMULA = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*(?P<open>\\\(|\\\[)(?P<tex>.*?)(?:\\\)|\\\])\s*</(?P=tag)>',
    re.S)
# KaTeX's stylesheet lists woff2, woff and ttf for each font; only the woff2 files are vendored
# (every browser the theme supports reads woff2).
OTHER_FORMATS = re.compile(r',url\([^)]*\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)')
FONT_FACE = re.compile(r'@font-face\{[^}]*url\(fonts/(?P<file>[^)]+\.woff2)\)[^}]*\}')
# Set by the stylesheet itself, not by a formula: equation numbers, "(" counter(...) ")".
STYLESHEET_CHARACTERS = "0123456789()"


@functools.cache
def katex():
    import quickjs

    context = quickjs.Context()
    context.eval("var self = globalThis;")
    context.eval(KATEX.read_text(encoding="utf-8"))
    return context.eval("(function (tex, display) { return katex.renderToString(tex, "
                        "{output: 'htmlAndMathml', displayMode: display, throwOnError: true}); })")


def stylesheet(fonts=None) -> str:
    """KaTeX's stylesheet with woff2 sources only and, given the names of the fonts shipped,
    no @font-face for the others."""
    text = OTHER_FORMATS.sub("", (VENDOR / "katex.min.css").read_text(encoding="utf-8"))
    if fonts is not None:
        text = FONT_FACE.sub(lambda m: m[0] if m["file"] in fonts else "", text)
    return text


class _Glyphs(html.parser.HTMLParser):
    """The characters KaTeX's HTML sets in its fonts: the text inside .katex-html (the MathML
    next to it is for screen readers and is not drawn)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0  # > 0 inside a .katex-html element: the depth of open tags there
        self.characters = set()

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "hr", "input", "meta", "link", "wbr", "col", "area", "source"):
            return
        if self.depth or "katex-html" in (dict(attrs).get("class") or "").split():
            self.depth += 1

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.characters.update(data)


def characters(typeset_html: str) -> set[str]:
    """The characters drawn by KaTeX's rendered HTML (of one formula or a whole page)."""
    parser = _Glyphs()
    parser.feed(typeset_html)
    parser.close()
    return parser.characters


def formulas(markdown_text: str, config) -> list[tuple[str, bool]]:
    """(TeX, display?) of each formula on a page, as this hook finds them in the page's HTML."""
    import markdown

    # Formulas are never in snippets/ (code): leave includes unexpanded, so a page whose
    # snippet is missing is reported by the page's own build, not here.
    extensions = [e for e in config["markdown_extensions"] if e != "pymdownx.snippets"]
    md = markdown.Markdown(extensions=extensions, extension_configs={
        name: options for name, options in config["mdx_configs"].items() if name in extensions})
    return [(html.unescape(m["tex"]).strip(), m["open"] == "\\[")
            for m in FORMULA.finditer(md.convert(markdown_text))]


_USED: dict[str, frozenset[str]] = {}


def used_characters(config) -> frozenset[str]:
    """Every character KaTeX sets for the formulas of every page of every language (all of
    docs_dir), plus the stylesheet's own (equation numbers). Once per build process: each
    language's build pass of mkdocs-static-i18n ships the same fonts."""
    docs_dir = str(config["docs_dir"])
    if docs_dir not in _USED:
        used = set(STYLESHEET_CHARACTERS)
        for source in sorted(pathlib.Path(docs_dir).rglob("*.md")):
            for tex, display in formulas(source.read_text(encoding="utf-8"), config):
                try:
                    used |= characters(katex()(tex, display))
                except Exception:  # reported, with the page's name, when the page renders
                    pass
        _USED[docs_dir] = frozenset(used)
    return _USED[docs_dir]


def cmap(font) -> set[str]:
    return {chr(code) for code in font.getBestCmap()}


@functools.cache
def subset_fonts(used: frozenset[str]) -> dict[str, bytes]:
    """{file name: woff2 bytes} of every vendored font cut to the characters `used`; a font that
    has none of them is left out."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    fonts = {}
    for path in sorted((VENDOR / "fonts").glob("*.woff2")):
        font = TTFont(str(path), recalcTimestamp=False)  # same bytes on every build
        keep = cmap(font) & used
        if not keep:
            continue
        options = subset.Options()
        options.flavor = "woff2"
        options.layout_features = ["*"]
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(map(ord, keep)))
        subsetter.subset(font)
        out = io.BytesIO()
        font.save(out)
        fonts[path.name] = out.getvalue()
    return fonts


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
