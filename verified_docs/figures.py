"""The site's figures (a piece of the build, verified_docs/plugin.py): drawn during the build,
in the language being built, and shown as captioned figures that a phone can read.

mkdocs-static-i18n builds the default language first and then, from its on_post_build, runs the
whole build again for every other language, with the theme's language set to that one
(`site.build_languages`). `on_files` therefore runs once per language. Each run draws the
figures with that language's labels and adds them as generated files, so nothing drawn is kept
in the repository. The snippets that draw them are imported afresh once per build (`drawers`),
so an edit to their labels shows in the next `make serve` rebuild.

A page links to a figure relatively, as if it lived in its own language folder:
`docs/<lang>/mask.md` links `assets/figures/relu.svg`, which is `<lang>/assets/figures/relu.svg`
to MkDocs, and that is the src path the figure gets here, so strict link validation finds it.
Its output path sits next to that language's pages: the site root for the default language,
`<lang>/` for the others.

Each figure is drawn side by side (`relu.svg`, the file the page links) and stacked for
narrow screens (`relu-narrow.svg`), and both again for the dark scheme (`relu-dark.svg`,
`relu-narrow-dark.svg`: light text on no background, so the page's dark background shows
through). On the page, the image becomes a `<figure>` with two `<picture>`s, each with the
narrow drawing for screens up to NARROW_SCREEN wide: the light one's image ends in
`#only-light`, the dark one's in `#only-dark`, which Material's stylesheet hides in the other
scheme (so the header's toggle switches the figure too, which a `prefers-color-scheme` media
query would not); both load lazily, so the hidden one is not fetched. Under them a
`<figcaption>` with the snippet's caption in the page's language; the page's image text stays
the alt text.

A translated page whose language has no labels in the snippet shows the English figure, with a
build warning saying where to add them (`mkdocs build --strict` then fails); a page not yet
translated (the English page in its place: `page.file.locale` is not the language built) shows
English text anyway, and its figure too.
"""

from __future__ import annotations

import html
import pathlib
import posixpath
import re

from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File

from verified_docs import site
from verified_docs.site import Site

log = get_plugin_logger(__name__)

# The plugin's `figures` option: path of the figure inside a language folder -> the snippet
# that draws it. The snippet's `svg(lang, narrow, dark)` returns the SVG text, `size(narrow)` its
# width and height in px, `caption(lang)` the caption, `has_labels(lang)` says whether the
# language has its own.
# Screens up to this width get the stacked drawing (about where the side-by-side one would
# shrink its 10 pt text below 11 px).
NARROW_SCREEN = "(max-width: 50em)"
# A paragraph that is nothing but the image of a figure, as Python-Markdown writes it.
IMAGE = re.compile(r'<p>(?P<img><img alt="[^"]*" src="(?P<src>[^"]*)"[^>]*>)</p>')


def drawers(config, figures: dict[str, str]) -> dict:
    """{figure path: the snippet module that draws it}, each imported as the tests import it and
    re-executed if this process imported it before, so it draws with the labels it has now."""
    return {uri: Site.of(config).snippet(pathlib.Path(path).stem, fresh=True)
            for uri, path in figures.items()}


def narrow_name(uri: str) -> str:
    stem, ext = posixpath.splitext(uri)
    return f"{stem}-narrow{ext}"


def dark_name(uri: str) -> str:
    stem, ext = posixpath.splitext(uri)
    return f"{stem}-dark{ext}"


def drawings(uri: str) -> list[tuple[str, bool, bool]]:
    """[(name, narrow, dark)] of the four drawings of the figure `uri`."""
    return [(name, narrow, dark)
            for narrow, base in ((False, uri), (True, narrow_name(uri)))
            for dark, name in ((False, base), (True, dark_name(base)))]


def add_drawings(files, config, modules: dict):
    """Both drawings of every figure, in the language being built, added to `files`; `modules`
    are the figures' `drawers()`."""
    default, lang = site.build_languages(config)
    prefix = "" if lang == default else lang
    for uri, module in modules.items():
        for name, narrow, dark in drawings(uri):
            figure = File.generated(config, f"{lang}/{name}",
                                    content=module.svg(lang, narrow, dark=dark))
            figure.dest_uri = posixpath.join(prefix, name)
            files.append(figure)
    return files


def captioned_figures(html_text: str, page, lang: str, modules: dict) -> str:
    """Every figure image of the page as a `<figure>` with its narrow drawing and caption, in
    `lang`; `modules` are the figures' `drawers()`."""

    def captioned(match: re.Match) -> str:
        src = match["src"]
        uri = next((u for u in modules if src == u or src.endswith("/" + u)), None)
        if uri is None:
            return match[0]
        module = modules[uri]
        if not module.has_labels(lang):
            drawer = f"snippets/{module.__name__.rpartition('.')[2]}.py"
            message = (f"{page.file.src_uri}: {drawer} has no labels or caption in "
                       f"{lang!r}; the figure is shown in English. Add LABELS[{lang!r}] and "
                       f"CAPTIONS[{lang!r}] there.")
            if page.file.locale != lang:
                log.info(message)
            else:
                log.warning(message)
        folder, img = src[: -len(uri)], match["img"]
        pictures = []
        # Each drawing's size, so the page keeps its place before it loads (lazily) and does
        # not grow under the reader: the image's and, for the narrow one, its <source>'s.
        # Whole pixels: HTML's width and height are non-negative integers (the W3C validator
        # rejected height="345.6"); the drawings are drawn in whole pixels, so the box the page
        # reserves is the drawing's (tests/test_figure.py).
        (w, h), (nw, nh) = ((round(x) for x in module.size(n)) for n in (False, True))
        for wide, narrow, only in ((uri, narrow_name(uri), "only-light"),
                                   (dark_name(uri), dark_name(narrow_name(uri)), "only-dark")):
            shown = img.replace(f'src="{src}"', f'src="{folder}{wide}#{only}" width="{w}" '
                                f'height="{h}" loading="lazy"', 1)
            pictures.append(f'<picture><source media="{NARROW_SCREEN}" srcset="{folder}{narrow}" '
                            f'width="{nw}" height="{nh}">{shown}</picture>')
        return (f'<figure class="site-figure">{"".join(pictures)}'
                f'<figcaption>{html.escape(module.caption(lang))}</figcaption></figure>')

    return IMAGE.sub(captioned, html_text)
