"""Facts behind the mask page, and the mask page's figure, drawn during the build."""

import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

from snippets import figure_relu
from tests.repo import ROOT, SITE
from verified_docs import results

DOCS = SITE.docs

SVG = "{http://www.w3.org/2000/svg}"
FIGURE = "assets/figures/relu.svg"


def svg_texts(svg: str) -> set[str]:
    return {"".join(text.itertext()) for text in ET.fromstring(svg).iter(SVG + "text")}


def own_labels(lang):
    """Labels that only this language's figure may contain."""
    others = {label for other in figure_relu.LABELS if other != lang
              for label in figure_relu.drawn_labels(other)}
    return figure_relu.drawn_labels(lang) - others


# ---- the figure ---------------------------------------------------------------------------

def labels_of(lang):
    """The labels the figure of `lang` has: its own, or, for a language that has none yet, the
    English ones (as its pages are English too)."""
    return lang if lang in figure_relu.LABELS else list(SITE.locales)[0]


@pytest.mark.parametrize("lang", list(SITE.locales))
def test_figure_has_the_labels_of_its_language(lang):
    texts = svg_texts(figure_relu.svg(lang))
    assert figure_relu.drawn_labels(labels_of(lang)) <= texts
    for other in figure_relu.LABELS:
        if other != labels_of(lang):
            assert not own_labels(other) & texts


def test_figure_names_who_takes_which_value_at_zero_as_measured_on_every_release():
    """The labels and the caption come from the recorded results, release by release."""
    recorded = results.read(SITE, "grad_at_zero_table")
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
        texts = svg_texts(figure_relu.svg(lang))
        assert {line for label in figure_relu.pick_labels(lang).values()
                for line in label.splitlines()} <= texts
        for names in figure_relu.picks().values():
            assert all(name in figure_relu.caption(lang) for name in names)


def test_figure_follows_a_release_that_changes_a_value():
    recorded = results.read(SITE, "grad_at_zero_table")
    changed = {release: [[code, 0.0 if code == "MyReLU.apply(x)" else value, name]
                         for code, value, name in rows] for release, rows in recorded.items()}
    assert "MyReLU" in figure_relu.picks(changed)[0.0]
    assert "MyReLU" not in figure_relu.picks(changed).get(1.0, [])
    assert "MyReLU and" not in figure_relu.caption("en", changed).split("take 0")[1]


def test_russian_figure_is_russian():
    texts = svg_texts(figure_relu.svg("ru"))
    assert "субдифференциал в 0: [0, 1]" in texts and "производная ReLU" in texts


def test_every_translated_mask_page_has_figure_labels():
    for lang in list(SITE.locales):
        page = DOCS / lang / "mask.md"
        if page.exists():  # a page not translated yet shows English
            assert lang in figure_relu.LABELS, (
                f"{page.relative_to(ROOT)} is translated, but snippets/figure_relu.py has no "
                f"LABELS[{lang!r}]: add the figure's labels in that language.")


def test_language_without_labels_gets_english_ones():
    assert figure_relu.svg("xx") == figure_relu.svg("en")


def test_figure_is_reproducible(tmp_path):
    first = figure_relu.svg("en")
    assert first == figure_relu.svg("en")
    assert "<dc:date>" not in first
    figure_relu.draw(tmp_path / "relu.svg", "ru")
    assert (tmp_path / "relu.svg").read_text(encoding="utf-8") == figure_relu.svg("ru")


def test_generated_figures_are_not_in_the_repository():
    for lang in list(SITE.locales):
        assert not (DOCS / lang / FIGURE).exists()
    tracked = subprocess.run(["git", "ls-files", "*.svg"], cwd=ROOT, capture_output=True,
                             text=True).stdout
    assert "figures/relu.svg" not in tracked


# ---- the built site -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", list(SITE.locales))
def test_built_mask_page_shows_the_figure_of_its_language(site, lang):
    html_path = SITE.built_html(site, lang, "mask.md")
    html = html_path.read_text(encoding="utf-8")
    # One image for each colour scheme (verified_docs/figures.py), hidden in the other one.
    images = re.findall(r'<img alt="([^"]*)" src="([^"#]*relu(?:-dark)?\.svg)#only-(\w+)"', html)
    assert [scheme for *_, scheme in images] == ["light", "dark"], (
        f"{html_path}: expected an <img> of relu.svg#only-light and one of relu-dark.svg#only-dark,"
        f" found {images}")
    default = list(SITE.locales)[0]
    for (alt, src, scheme), name in zip(images, (FIGURE, FIGURE.replace(".svg", "-dark.svg"))):
        figure = (html_path.parent / src).resolve()
        assert figure == (site if lang == default else site / lang).joinpath(name).resolve()
        texts = svg_texts(figure.read_text(encoding="utf-8"))
        assert figure_relu.drawn_labels(labels_of(lang)) <= texts, (
            f"{figure} ({scheme}) lacks the {labels_of(lang)} labels (verified_docs/figures.py)")
        cyrillic = re.search("[а-яё]", alt, re.I) is not None
        assert cyrillic == (lang == "ru"), f"alt text of the {lang} figure: {alt!r}"

