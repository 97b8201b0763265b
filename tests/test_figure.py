"""The mask page's figure as drawn (snippets/figure_relu.py): legends clear of the curves, the
language's decimal separator on the axes, both layouts, and a language without labels."""

import logging
import re
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from snippets import figure_relu
from verified_docs import figures

SVG = "{http://www.w3.org/2000/svg}"
LOGGER = "mkdocs.plugins.verified_docs.figures"


def texts(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(SVG + "text")]


@pytest.mark.parametrize("narrow", [False, True], ids=["wide", "narrow"])
@pytest.mark.parametrize("lang", sorted(figure_relu.LABELS))
def test_legends_and_notes_do_not_cover_the_curves(lang, narrow):
    fig = figure_relu.figure(lang, narrow)
    FigureCanvasAgg(fig).draw()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:
        boxes = [ax.get_legend().get_window_extent(renderer)]
        boxes += [t.get_window_extent(renderer) for t in ax.texts]
        for line in ax.lines:
            xy = line.get_xydata()
            # points along every segment, in pixels
            dense = np.concatenate([np.linspace(a, b, 200) for a, b in zip(xy[:-1], xy[1:])]
                                   or [xy])
            pixels = ax.transData.transform(dense)
            for box in boxes:
                inside = ((pixels[:, 0] > box.x0) & (pixels[:, 0] < box.x1)
                          & (pixels[:, 1] > box.y0) & (pixels[:, 1] < box.y1))
                assert not inside.any(), (
                    f"{lang} {'narrow' if narrow else 'wide'}: {line.get_label()!r} runs under "
                    f"a legend or note at {box}")


def test_ticks_captions_and_the_stacked_drawing():
    ru, en = texts(figure_relu.svg("ru")), texts(figure_relu.svg("en"))
    assert "0,5" in ru and "0.5" not in ru and "0.5" in en and "0,5" not in en, "decimal separator"
    assert "\u22121" in ru, "a real minus sign, as matplotlib writes it"
    assert set(figure_relu.CAPTIONS) == set(figure_relu.LABELS), "a caption for every language"
    assert figure_relu.caption("xx") == figure_relu.caption("en")
    assert not figure_relu.has_labels("xx")
    fig = figure_relu.figure("en", narrow=True)
    FigureCanvasAgg(fig).draw()
    top, bottom = (ax.get_position() for ax in fig.axes)
    assert top.y0 > bottom.y1 and fig.get_figwidth() < fig.get_figheight(), "narrow: stacked"
    assert figure_relu.svg("en", narrow=True) != figure_relu.svg("en")


@pytest.mark.parametrize("locale, level", [("xx", logging.WARNING), ("en", logging.INFO)],
                         ids=["translated", "untranslated"])
def test_a_page_in_a_language_without_figure_labels(caplog, locale, level):
    """The build shows the English figure and says where the missing labels go: a warning on a
    page of its own in xx, a note on the English page shown in its place (static-i18n)."""
    page = SimpleNamespace(file=SimpleNamespace(src_uri=f"{locale}/mask.md", locale=locale))
    with caplog.at_level(logging.INFO, logger=LOGGER):
        html = figures.captioned_figures('<p><img alt="ReLU" src="../assets/figures/relu.svg" /></p>',
                                         page, "xx", {"assets/figures/relu.svg": figure_relu})
    assert re.search(r"<figcaption>ReLU and its derivative", html)
    assert 'srcset="../assets/figures/relu-narrow.svg"' in html
    [record] = [r for r in caplog.records if r.name == LOGGER]
    assert record.levelno == level and "CAPTIONS['xx']" in record.getMessage(), (
        f"a figure without labels in xx on {locale}/mask.md should log at "
        f"{logging.getLevelName(level)}, naming CAPTIONS['xx']: {record.getMessage()!r}")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("narrow", [False, True], ids=["wide", "narrow"])
def test_each_drawing_is_the_size_the_page_reserves_in_its_scheme(narrow, dark):
    """The page gives each <img> and <source> figure_relu.size(): the SVG's own size (points,
    4/3 px each), in whole pixels, so nothing moves when the lazily loaded drawing arrives. The
    dark drawing says what the light one says, light text on no background."""
    svg = figure_relu.svg("en", narrow, dark=dark)
    root = ET.fromstring(svg)
    drawn = tuple(float(root.get(k).removesuffix("pt")) * 4 / 3 for k in ("width", "height"))
    size = figure_relu.size(narrow)
    assert size == pytest.approx(drawn), (
        f"snippets/figure_relu.py: size({narrow}) is {size}, the SVG is {drawn} px")
    assert all(float(v).is_integer() for v in size), (
        f"snippets/figure_relu.py: size({narrow}) is {size}: the page reserves whole pixels "
        "(HTML's width and height), so the drawing must be whole pixels too, or the page moves "
        "when it loads")
    if dark:
        assert texts(svg) == texts(figure_relu.svg("en", narrow)), (
            "the two schemes' drawings say different things")
        background = root.find(f"{SVG}g/{SVG}g/{SVG}path")  # matplotlib's figure patch
        assert "fill: none" in (background.get("style") or ""), (
            f"the dark drawing's background is {background.get('style')!r}: it should let the "
            "page's show through")
