"""Math: the formulas on the pages reach the reader typeset by KaTeX at build time
(verified_docs/katex.py), in KaTeX's own fonts shipped with the site, never as raw TeX and never
wider than a phone."""

import pytest

from tests.repo import SITE

LANGS = [lang.locale for lang in SITE.built_languages]
PHONE = {"width": 390, "height": 844}


def of(visits, lang):
    return [v for v in visits.values() if v.page.lang.locale == lang]


@pytest.mark.parametrize("lang", LANGS)
def test_math_is_typeset(visits, lang):
    mine = of(visits, lang)
    assert any(v.math_total for v in mine), (
        f"no page in {lang!r} has a formula (pymdownx.arithmatex: \\( … \\) or \\[ … \\]), "
        "so there is nothing to show typeset. The pages explain derivatives; write at least one.")
    raw = {v.url: v.raw_math for v in mine if v.raw_math}
    assert not raw, (
        "raw TeX shown to readers (is verified-docs listed under plugins: in mkdocs.yml, and "
        "verified_docs/vendor/katex/katex.min.js present?):\n"
        + "\n".join(f"  {page}: {texts[:3]}" for page, texts in raw.items()))
    flat = {v.url: f"{v.math_rendered}/{v.math_total}" for v in mine
            if v.math_rendered < v.math_total}
    assert not flat, f"formulas the browser did not lay out (with a size / all): {flat}"


@pytest.mark.parametrize("lang", LANGS)
def test_formulas_are_set_in_the_sites_katex_fonts(visits, lang):
    """Each formula's font is KaTeX_Main, and the browser loaded it (and KaTeX's italic) from the
    site: a reader without a math font of their own still sees real math."""
    for v in (v for v in of(visits, lang) if v.math_total):
        assert set(v.math_fonts) == {"KaTeX_Main"}, (
            f"{v.url}: formulas in {sorted(set(v.math_fonts))}, not KaTeX_Main: is KaTeX's "
            "stylesheet linked (overrides/main.html, page.meta.katex from verified_docs/katex.py)?")
        loaded = {(family, style) for family, style, _, status in v.katex_fonts
                  if status == "loaded"}
        assert {("KaTeX_Main", "normal"), ("KaTeX_Math", "italic")} <= loaded, (
            f"{v.url}: KaTeX fonts loaded: {sorted(loaded)}; font faces: {v.katex_fonts}")
    plain = [v.url for v in of(visits, lang) if not v.math_total and v.katex_fonts]
    assert not plain, f"pages without math load KaTeX's stylesheet: {plain}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_formula_is_wider_than_a_phone(browser, server, visits, lang):
    """At 390 px the page never scrolls sideways; a wide display formula scrolls in its own box."""
    from tests.browser.conftest import Tab

    t = Tab(browser, viewport=PHONE)
    try:
        for v in (v for v in of(visits, lang) if v.math_total):
            t.goto(v.url)
            found = t.page.evaluate("""() => ({
              page: [document.documentElement.scrollWidth, innerWidth],
              formulas: [...document.querySelectorAll('.arithmatex .katex')].map(k => {
                const box = k.closest('.katex-display') || k.closest('.arithmatex');
                const r = box.getBoundingClientRect();
                return {tex: (k.querySelector('annotation') || {}).textContent || '',
                        left: r.left, right: r.right, overflow: getComputedStyle(box).overflowX,
                        scrolls: box.scrollWidth > box.clientWidth + 1};
              }),
            })""")
            width, viewport = found["page"]
            assert width <= viewport, f"{v.url} at 390 px scrolls sideways ({width} px wide)"
            for f in found["formulas"]:
                assert f["left"] >= -1 and f["right"] <= viewport + 1, (
                    f"{v.url}: formula {f['tex'][:60]!r} reaches past the screen: {f}")
                if f["scrolls"]:
                    assert f["overflow"] in ("auto", "scroll"), (
                        f"{v.url}: formula {f['tex'][:60]!r} is cut off, not scrollable")
    finally:
        t.close()
