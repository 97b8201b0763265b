"""Math, typeset at build time in KaTeX's own fonts (a piece of the build,
verified_docs/plugin.py): formulas typeset to KaTeX's HTML and MathML by the vendored KaTeX
(verified_docs/vendor/katex/katex.min.js, run in QuickJS from PyPI's `quickjs`), and KaTeX's stylesheet and
woff2 fonts (verified_docs/vendor/katex) cut to what the site uses.

Every formula pymdownx.arithmatex marks on a page is rendered to KaTeX's HTML, laid out in its
woff2 fonts, with the MathML next to it for screen readers. Pages ship no math script: a page with
math loads KaTeX's stylesheet (overrides/main.html) and the few fonts its formulas use, a page
without math loads nothing for math. A display formula wider than the column scrolls inside its
own box (overrides/assets/stylesheets/extra.css), never the page.

The stylesheet and the fonts are added to the site under assets/katex/, from verified_docs/vendor/katex: one
copy of KaTeX in the repository. Each font is cut (fontTools' subsetter, woff2 via `brotli`) to
the characters the site's formulas are set in: every formula of every page of every language is
typeset once per build (`used_characters`; the plugin keeps the result for every language's
pass), and a font with none of those characters is left out of the site and out of the
stylesheet. A formula KaTeX cannot parse, and a page whose formulas need a character outside the
cut (a formula the reading of the sources missed), are warnings naming the page, so
`mkdocs build --strict` fails on them.

The search index would hold every formula twice, the rendered symbols and the TeX source that
the MathML carries in an `<annotation>`; `searchable` marks the annotation `data-search-exclude`
(Material's search skips it and strips the marker from the page afterwards), so results show the
formula once, as the reader sees it.
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

# Where the stylesheet and fonts are in the built site (overrides/main.html links them).
ASSETS = "assets/katex"
VENDOR = pathlib.Path(__file__).parent / "vendor" / "katex"  # the package's own data
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


# Cached for the process, unlike the build's state: it depends on vendor/katex alone, which no
# edit during `make serve` changes, and it saves each rebuild evaluating KaTeX again.
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
    """(TeX, display?) of each formula on a page, as `typeset_page` finds them in its HTML."""
    import markdown

    # Formulas are never in snippets/ (code): leave includes unexpanded, so a page whose
    # snippet is missing is reported by the page's own build, not here.
    extensions = [e for e in config["markdown_extensions"] if e != "pymdownx.snippets"]
    md = markdown.Markdown(extensions=extensions, extension_configs={
        name: options for name, options in config["mdx_configs"].items() if name in extensions})
    return [(html.unescape(m["tex"]).strip(), m["open"] == "\\[")
            for m in FORMULA.finditer(md.convert(markdown_text))]


def used_characters(config) -> frozenset[str]:
    """Every character KaTeX sets for the formulas of every page of every language (all of
    docs_dir), plus the stylesheet's own (equation numbers), as the pages read now. The plugin
    asks once per build: each language's build pass of mkdocs-static-i18n ships the same fonts."""
    used = set(STYLESHEET_CHARACTERS)
    for source in sorted(pathlib.Path(config["docs_dir"]).rglob("*.md")):
        for tex, display in formulas(source.read_text(encoding="utf-8"), config):
            try:
                used |= characters(katex()(tex, display))
            except Exception:  # reported, with the page's name, when the page renders
                pass
    return frozenset(used)


def cmap(font) -> set[str]:
    return {chr(code) for code in font.getBestCmap()}


# Cached for the process: the cut depends only on `used` and vendor/katex, and a serve rebuild
# whose formulas use the same characters need not cut again (over a second here).
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


def assets(config, used: frozenset[str]) -> list[File]:
    """The stylesheet and the fonts cut to `used`, as files of the site at ASSETS. Every
    language's pages link the same files at the site root."""
    fonts = subset_fonts(used)
    files = [File.generated(config, f"{ASSETS}/katex.min.css", content=stylesheet(fonts))]
    files += [File.generated(config, f"{ASSETS}/fonts/{name}", content=data)
              for name, data in fonts.items()]
    return files


def typeset_page(html_text: str, page, used: frozenset[str]) -> str:
    """The page's HTML with every formula typeset; a character outside `used` (the characters
    the fonts were cut to) is a warning naming the page."""
    if 'class="arithmatex"' not in html_text:
        return html_text
    # overrides/main.html loads KaTeX's stylesheet on this page. Its fonts are not preloaded:
    # on a slow connection a preload competes with the page's text, and the browser fetches
    # each font anyway as soon as a formula on screen needs it.
    page.meta["katex"] = {"stylesheet": f"{ASSETS}/katex.min.css"}
    html_text = FORMULA.sub(lambda m: render(m, page.file.src_uri), html_text)
    missing = characters(html_text) - used
    if missing:
        log.warning(f"{page.file.src_uri}: formulas use {''.join(sorted(missing))!r}, which the "
                    "KaTeX fonts were not cut to: verified_docs/katex.py's used_characters() did "
                    "not find this page's formulas in docs_dir")
    return html_text


ANNOTATION = '<annotation encoding="application/x-tex">'


def searchable(html_text: str) -> str:
    """The page's HTML with each formula's TeX source left out of the search index."""
    return html_text.replace(ANNOTATION,
                             '<annotation encoding="application/x-tex" data-search-exclude="true">')
