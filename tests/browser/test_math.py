"""Math: the formulas on the pages reach the reader typeset (MathML from KaTeX at build time,
hooks/math.py), laid out by the browser, never as raw TeX."""

import pytest

from tests.browser.site import languages

LANGS = [lang.locale for lang in languages()]


@pytest.mark.parametrize("lang", LANGS)
def test_math_is_typeset(visits, lang):
    mine = [v for v in visits.values() if v.page.lang.locale == lang]
    assert any(v.math_total for v in mine), (
        f"no page in {lang!r} has a formula (pymdownx.arithmatex: \\( … \\) or \\[ … \\]), "
        "so there is nothing to show typeset. The pages explain derivatives; write at least one.")
    raw = {v.url: v.raw_math for v in mine if v.raw_math}
    assert not raw, (
        "raw TeX shown to readers (is hooks/math.py listed under hooks: in mkdocs.yml, and "
        "vendor/katex/katex.min.js present?):\n"
        + "\n".join(f"  {page}: {texts[:3]}" for page, texts in raw.items()))
    flat = {v.url: f"{v.math_rendered}/{v.math_total}" for v in mine
            if v.math_rendered < v.math_total}
    assert not flat, f"formulas the browser did not lay out (with a size / all): {flat}"
