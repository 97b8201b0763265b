"""The site's figures: drawn during the build in the language being built (nothing drawn is kept
in the repository), shown as captioned figures a phone can read.

A page links a figure as if it lived in its own language folder, the drawing's src path, so strict
link validation finds it. Each is drawn wide and stacked (`-narrow`, up to NARROW_SCREEN), both
again for the dark scheme, as two `<picture>`s whose images end in `#only-light` and `#only-dark`,
which Material hides in the other scheme: the header's toggle switches the figure too, which a
media query would not.
"""

from __future__ import annotations

import posixpath
import re

from markupsafe import Markup
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File

log = get_plugin_logger(__name__)

# About where the side-by-side drawing would shrink its 10 pt text below 11 px.
NARROW_SCREEN = "(max-width: 50em)"
# A paragraph that is nothing but an image, as Python-Markdown writes it.
IMAGE = re.compile(r'<p><img alt="(?P<alt>[^"]*)" src="(?P<src>[^"]*)"[^>]*></p>')
# Whole pixels: HTML's width and height are integers, and the drawings are drawn in whole pixels,
# so the page reserves the drawing's box and does not move when it loads. Lazy: the other
# scheme's drawing, hidden, is not fetched.
PICTURE = Markup('<picture><source media="{media}" srcset="{narrow}" width="{nw}" height="{nh}">'
                 '<img alt="{alt}" src="{wide}" width="{w}" height="{h}" loading="lazy" />'
                 '</picture>')


def variant(uri: str, narrow: bool, dark: bool) -> str:
    stem, ext = posixpath.splitext(uri)
    return f"{stem}{'-narrow' if narrow else ''}{'-dark' if dark else ''}{ext}"


def add_drawings(files, site, modules: dict):
    default, lang = site.default, site.language
    for uri, module in modules.items():
        for narrow in (False, True):
            for dark in (False, True):
                name = variant(uri, narrow, dark)
                figure = File.generated(site.config, f"{lang}/{name}",
                                        content=module.svg(lang, narrow, dark=dark, site=site))
                figure.dest_uri = posixpath.join("" if lang == default else lang, name)
                files.append(figure)


def captioned_figures(html_text: str, page, lang: str, modules: dict, site=None) -> str:
    def captioned(match: re.Match) -> str:
        src = match["src"]
        uri = next((u for u in modules if src == u or src.endswith("/" + u)), None)
        if uri is None:
            return match[0]
        module = modules[uri]
        if not module.has_labels(lang):
            # The English page in place of a translation shows English text anyway.
            (log.info if page.file.locale != lang else log.warning)(
                f"{page.file.src_uri}: {module.__name__.replace('.', '/')}.py has no "
                f"labels or caption in {lang!r}; the figure is shown in English. Add "
                f"LABELS[{lang!r}] and CAPTIONS[{lang!r}] there.")
        folder = src[:-len(uri)]
        (w, h), (nw, nh) = ((round(x) for x in module.size(n)) for n in (False, True))
        pictures = [PICTURE.format(media=NARROW_SCREEN, alt=Markup(match["alt"]), w=w, h=h,
                                   nw=nw, nh=nh, wide=f"{folder}{variant(uri, False, dark)}#{only}",
                                   narrow=folder + variant(uri, True, dark))
                    for dark, only in ((False, "only-light"), (True, "only-dark"))]
        return Markup('<figure class="site-figure">{}{}<figcaption>{}</figcaption></figure>'
                      ).format(*pictures, module.caption(lang, site=site))

    return IMAGE.sub(captioned, html_text)
