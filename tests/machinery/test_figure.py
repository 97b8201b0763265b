"""The mask page's figure (snippets/mask/figure.py), drawn at build time in the page's language."""

import logging
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from snippets.mask import figure as figure_relu
from tests.repo import ROOT, SITE
from verified_docs.build import figures
from verified_docs.model import versions
from verified_docs.model.outputs import printed_rows
from verified_docs.model.site import Site

DOCS = SITE.docs
SVG = "{http://www.w3.org/2000/svg}"
LOGGER = "mkdocs.plugins.verified_docs.build.figures"
FIGURE = "assets/figures/relu.svg"


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


def test_ticks_labels_captions_and_the_stacked_drawing():
    ru, en = texts(figure_relu.svg("ru")), texts(figure_relu.svg("en"))
    assert "0,5" in ru and "0.5" not in ru and "0.5" in en and "0,5" not in en, "decimal separator"
    assert "\u22121" in ru, "a real minus sign, as matplotlib writes it"
    assert "субдифференциал в 0: [0, 1]" in ru and "производная ReLU" in ru, (
        f"snippets/mask/figure.py: LABELS['ru'] should be Russian; the figure says {ru}")
    assert set(figure_relu.CAPTIONS) == set(figure_relu.LABELS), "a caption for every language"
    assert not figure_relu.has_labels("xx")
    assert figure_relu.svg("xx") == figure_relu.svg("en"), "xx has no labels: the English figure"
    assert figure_relu.caption("xx") == figure_relu.caption("en"), "no labels: the English ones"
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
        f"snippets/mask/figure.py: size({narrow}) is {size}, the SVG is {drawn} px")
    assert all(float(v).is_integer() for v in size), (
        f"snippets/mask/figure.py: size({narrow}) is {size}: the page reserves whole pixels "
        "(HTML's width and height), so the drawing must be whole pixels too, or the page moves "
        "when it loads")
    if dark:
        assert texts(svg) == texts(figure_relu.svg("en", narrow)), (
            "the two schemes' drawings say different things")
        background = root.find(f"{SVG}g/{SVG}g/{SVG}path")  # matplotlib's figure patch
        assert "fill: none" in (background.get("style") or ""), (
            f"the dark drawing's background is {background.get('style')!r}: it should let the "
            "page's show through")


def labels_of(lang):
    """The language whose labels the figure of `lang` has: its own, else English."""
    return lang if lang in figure_relu.LABELS else list(SITE.locales)[0]


@pytest.mark.parametrize("lang", list(SITE.locales))
def test_figure_has_the_labels_of_its_language(lang):
    drawn, mine = set(texts(figure_relu.svg(lang))), figure_relu.drawn_labels(labels_of(lang))
    theirs = set().union(*map(figure_relu.drawn_labels, figure_relu.LABELS)) - mine
    assert mine <= drawn and not theirs & drawn, (
        f"the {lang} figure lacks {mine - drawn} or shows another language's {theirs & drawn}")


def test_figure_names_who_takes_which_value_at_zero_as_measured_on_every_release():
    """The labels and the caption come from the page's output fences, release by release."""
    recorded = printed_rows(SITE, "grad_at_zero_table")
    measured = {code: {release: next(v for c, v, _ in rows if c == code)
                       for release, rows in recorded.items()} for code in figure_relu.NAMES}
    for code, by_release in measured.items():
        for release, value in by_release.items():
            name = figure_relu.NAMES[code]
            shown = [n for n in figure_relu.picks()[value] if n.split(" (")[0] == name]
            assert len(shown) == 1, f"the figure does not say that {code} takes {value}"
            if len(set(by_release.values())) > 1:
                assert release in shown[0], f"{shown[0]!r}: {release} gives {value}"
    for lang in figure_relu.LABELS:
        assert {line for label in figure_relu.pick_labels(lang).values()
                for line in label.splitlines()} <= set(texts(figure_relu.svg(lang)))
        for names in figure_relu.picks().values():
            assert all(name in figure_relu.caption(lang) for name in names)


def test_figure_follows_a_release_that_changes_a_value():
    recorded = printed_rows(SITE, "grad_at_zero_table")
    changed = {release: [[code, 0.0 if code == "MyReLU.apply(x)" else value, name]
                         for code, value, name in rows] for release, rows in recorded.items()}
    assert "MyReLU" in figure_relu.picks(changed)[0.0]
    assert "MyReLU" not in figure_relu.picks(changed).get(1.0, [])
    assert "MyReLU and" not in figure_relu.caption("en", changed).split("take 0")[1]


def test_figure_is_reproducible_and_not_committed(tmp_path):
    first = figure_relu.svg("en")
    assert first == figure_relu.svg("en")
    assert "<dc:date>" not in first
    figure_relu.draw(tmp_path / "relu.svg", "ru")
    assert (tmp_path / "relu.svg").read_text(encoding="utf-8") == figure_relu.svg("ru")
    tracked = subprocess.run(["git", "ls-files", "*.svg"], cwd=ROOT, capture_output=True,
                             text=True).stdout
    kept = [f"docs/{lang}/{FIGURE}" for lang in SITE.locales if (DOCS / lang / FIGURE).exists()]
    assert not kept and "figures/relu.svg" not in tracked, (
        f"the build draws the figure (verified_docs/build/figures.py); delete {kept or tracked}")


@pytest.mark.parametrize("lang", list(SITE.locales))
def test_built_mask_page_shows_the_figure_of_its_language(site, lang):
    html_path = SITE.built_html(site, lang, "mask.md")
    html = html_path.read_text(encoding="utf-8")
    # One image for each colour scheme (verified_docs/build/figures.py), hidden in the other one.
    images = re.findall(r'<img alt="([^"]*)" src="([^"#]*relu(?:-dark)?\.svg)#only-(\w+)"', html)
    assert [scheme for *_, scheme in images] == ["light", "dark"], (
        f"{html_path}: expected an <img> of relu.svg#only-light and one of relu-dark.svg#only-dark,"
        f" found {images}")
    default = list(SITE.locales)[0]
    for (alt, src, scheme), name in zip(images, (FIGURE, FIGURE.replace(".svg", "-dark.svg"))):
        figure = (html_path.parent / src).resolve()
        assert figure == (site if lang == default else site / lang).joinpath(name).resolve()
        drawn = set(texts(figure.read_text(encoding="utf-8")))
        assert figure_relu.drawn_labels(labels_of(lang)) <= drawn, (
            f"{figure} ({scheme}) lacks the {labels_of(lang)} labels (verified_docs/build/figures.py)")
        cyrillic = re.search("[а-яё]", alt, re.I) is not None
        assert cyrillic == (lang == "ru"), f"alt text of the {lang} figure: {alt!r}"



def test_the_figure_reads_the_table_of_the_site_the_build_gives_it(tmp_path):
    """`mkdocs build -f other.yml`: the figure names what that config's pages measure, not what
    the repository's mkdocs.yml reads."""
    shutil.copytree(SITE.docs, tmp_path / "docs")
    for name in ("overrides", "snippets", versions.LIST_NAME):
        (tmp_path / name).symlink_to(ROOT / name)
    page = tmp_path / "docs" / SITE.default / "relu-vs-clamp.md"
    text = page.read_text(encoding="utf-8")
    row = re.compile(r"^(MyReLU\.apply\(x\)\s+)1(\s)", re.M)
    assert row.search(text), "the table's MyReLU row is not where the test changes it"
    page.write_text(row.sub(r"\g<1>0\g<2>", text), encoding="utf-8")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "other.yml")
    site = Site.load(tmp_path, "other.yml")
    assert "MyReLU" in figure_relu.picks(figure_relu.measured(site))[0.0]
    assert "MyReLU" not in figure_relu.picks(figure_relu.measured(SITE))[0.0]
    assert figure_relu.caption("en", site=site) != figure_relu.caption("en")
    assert figure_relu.svg("en", site=site) != figure_relu.svg("en")
