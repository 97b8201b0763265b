"""Math typeset by KaTeX at build time (verified_docs/build/katex.py), in KaTeX's fonts shipped with
the site, never raw TeX, never wider than a phone."""

import pytest

from tests.browser.conftest import LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_math_is_typeset_in_the_sites_katex_fonts(visits, lang):
    """From the site: a reader without a math font of their own still sees real math."""
    mine = visits.of(lang)
    assert any(v.math_total for v in mine), (
        f"no page in {lang!r} has a formula (pymdownx.arithmatex: \\( … \\) or \\[ … \\]), "
        "so there is nothing to show typeset. The pages explain derivatives; write at least one.")
    raw = {v.url: v.raw_math[:3] for v in mine if v.raw_math}
    assert not raw, (
        "raw TeX shown to readers (is verified-docs listed under plugins: in mkdocs.yml, and "
        f"verified_docs/vendor/katex/katex.min.js present?): {raw}")
    flat = {v.url: f"{v.math_rendered}/{v.math_total}" for v in mine
            if v.math_rendered < v.math_total}
    assert not flat, f"formulas the browser did not lay out (with a size / all): {flat}"
    for v in (v for v in mine if v.math_total):
        assert set(v.math_fonts) == {"KaTeX_Main"}, (
            f"{v.url}: formulas in {sorted(set(v.math_fonts))}, not KaTeX_Main: is KaTeX's "
            "stylesheet linked (overrides/main.html, page.meta.katex from verified_docs/build/katex.py)?")
        loaded = {(family, style) for family, style, _, status in v.katex_fonts
                  if status == "loaded"}
        assert {("KaTeX_Main", "normal"), ("KaTeX_Math", "italic")} <= loaded, (
            f"{v.url}: KaTeX fonts loaded: {sorted(loaded)}; font faces: {v.katex_fonts}")
    plain = [v.url for v in mine if not v.math_total and v.katex_fonts]
    assert not plain, f"pages without math load KaTeX's stylesheet: {plain}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_formula_is_wider_than_a_phone(phone_visits, lang):
    """At 390 px the page never scrolls sideways; a wide display formula scrolls in its own box."""
    for v in phone_visits.of(lang):
        width, screen = v.width
        assert width <= screen, f"{v.url} at 390 px scrolls sideways ({width} px wide)"
        for f in v.formulas:
            assert f["left"] >= -1 and f["right"] <= screen + 1, (
                f"{v.url}: formula {f['tex']!r} reaches past the screen: {f}")
            assert not f["scrolls"] or f["overflow"] in ("auto", "scroll"), (
                f"{v.url}: formula {f['tex']!r} is cut off, not scrollable")
