"""Formulas typeset at build time in KaTeX's own fonts: pages ship no math script.

Every formula pymdownx.arithmatex marks is rendered to KaTeX's HTML and MathML (for screen
readers) by the vendored katex.min.js, run in QuickJS. A page with math loads KaTeX's stylesheet
(overrides/main.html) and the fonts its formulas use; a page without loads nothing for math.

Each font is cut (fontTools, woff2) to the characters of every formula of every page of every
language, typeset once per build; a font with none of them is left out of the site and the
stylesheet. A formula KaTeX cannot parse, or a character outside the cut, is a warning naming
the page, so the strict build fails. The MathML's TeX source is left out of the search index,
so a result shows the formula once, as the reader sees it.
"""

from __future__ import annotations

import functools
import html
import html.parser
import io
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
FONT_FACE = re.compile(r'@font-face\{[^}]*url\(fonts/(?P<file>[^)]+\.woff2)\)[^}]*\}')
STYLESHEET_CHARACTERS = "0123456789()"  # equation numbers: "(" counter(...) ")"


# Cached for the process: it depends on vendor/katex alone, and saves each serve rebuild
# evaluating KaTeX again.
@functools.cache
def katex():
    import quickjs

    context = quickjs.Context()
    context.eval("var self = globalThis;")
    context.eval((VENDOR / "katex.min.js").read_text(encoding="utf-8"))
    return context.eval("(function (tex, display) { return katex.renderToString(tex, "
                        "{output: 'htmlAndMathml', displayMode: display, throwOnError: true}); })")


class _Glyphs(html.parser.HTMLParser):
    """The text inside .katex-html: what KaTeX draws (the MathML beside it is not drawn)."""

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
        self.depth = max(self.depth - 1, 0)

    def handle_data(self, data):
        if self.depth:
            self.characters.update(data)


def characters(typeset_html: str) -> set[str]:
    """The characters KaTeX's HTML draws (of one formula or a whole page)."""
    parser = _Glyphs()
    parser.feed(typeset_html)
    parser.close()
    return parser.characters


def used_characters(config) -> frozenset[str]:
    """Every character the formulas of all of docs_dir are drawn with, and the stylesheet's."""
    import markdown

    # Formulas are never in snippets/: a page whose snippet is missing is its own build's error.
    extensions = [e for e in config["markdown_extensions"] if e != "pymdownx.snippets"]
    md = markdown.Markdown(extensions=extensions, extension_configs={
        name: options for name, options in config["mdx_configs"].items() if name in extensions})
    used = set(STYLESHEET_CHARACTERS)
    for source in sorted(pathlib.Path(config["docs_dir"]).rglob("*.md")):
        for m in FORMULA.finditer(md.reset().convert(source.read_text(encoding="utf-8"))):
            try:
                used |= characters(katex()(html.unescape(m["tex"]).strip(), m["open"] == "\\["))
            except Exception:  # reported, with the page's name, when the page renders
                pass
    return frozenset(used)


def cmap(font) -> set[str]:
    return {chr(code) for code in font.getBestCmap()}


# Cached for the process: a serve rebuild whose formulas use the same characters need not cut
# again (over a second here).
@functools.cache
def subset_fonts(used: frozenset[str]) -> dict[str, bytes]:
    """{file name: woff2 bytes} of every vendored font that has some of `used`, cut to them."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    fonts = {}
    for path in sorted((VENDOR / "fonts").glob("*.woff2")):
        font = TTFont(str(path), recalcTimestamp=False)  # same bytes on every build
        keep = cmap(font) & used
        if keep:
            options = subset.Options()
            options.flavor, options.layout_features = "woff2", ["*"]
            subsetter = subset.Subsetter(options)
            subsetter.populate(unicodes=sorted(map(ord, keep)))
            subsetter.subset(font)
            out = io.BytesIO()
            font.save(out)
            fonts[path.name] = out.getvalue()
    return fonts


def assets(config, used: frozenset[str]) -> list[File]:
    """The stylesheet (woff2 only, @font-face of shipped fonts only) and the fonts cut to `used`,
    at ASSETS, which every language's pages link."""
    fonts = subset_fonts(used)
    css = OTHER_FORMATS.sub("", (VENDOR / "katex.min.css").read_text(encoding="utf-8"))
    css = FONT_FACE.sub(lambda m: m[0] if m["file"] in fonts else "", css)
    return [File.generated(config, f"{ASSETS}/katex.min.css", content=css),
            *(File.generated(config, f"{ASSETS}/fonts/{name}", content=data)
              for name, data in fonts.items())]


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


def typeset_page(html_text: str, page, used: frozenset[str]) -> str:
    """The page's HTML with every formula typeset; a character outside `used` is a warning."""
    if 'class="arithmatex"' not in html_text:
        return html_text
    # Its fonts are not preloaded: a preload competes with the page's text on a slow connection.
    page.meta["katex"] = {"stylesheet": f"{ASSETS}/katex.min.css"}
    html_text = FORMULA.sub(lambda m: render(m, page.file.src_uri), html_text)
    missing = characters(html_text) - used
    if missing:
        log.warning(f"{page.file.src_uri}: formulas use {''.join(sorted(missing))!r}, which the "
                    "KaTeX fonts were not cut to: verified_docs/katex.py's used_characters() did "
                    "not find this page's formulas in docs_dir")
    return html_text
