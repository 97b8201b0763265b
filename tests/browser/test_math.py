"""Math: the formulas on the pages are typeset by the vendored KaTeX, not left as raw TeX."""

import pytest

from tests.browser.site import languages

LANGS = [lang.locale for lang in languages()]


@pytest.mark.parametrize("lang", LANGS)
def test_math_is_typeset(visits, lang):
    mine = [v for v in visits.values() if v.page.lang.locale == lang]
    assert any(v.math_total for v in mine), (
        f"no page in {lang!r} has a formula (pymdownx.arithmatex: \\( … \\) or $$ … $$), "
        "so there is nothing to show typeset. The pages explain derivatives; write at least one.")
    raw = {v.url: v.raw_math for v in mine if v.raw_math}
    assert not raw, (
        "raw TeX shown to readers (KaTeX did not typeset it; is "
        "overrides/assets/vendor/katex/ present and overrides/main.html loading it?):\n"
        + "\n".join(f"  {page}: {texts[:3]}" for page, texts in raw.items()))
    untypeset = {v.url: f"{v.math_rendered}/{v.math_total}" for v in mine
                 if v.math_rendered < v.math_total}
    assert not untypeset, f"formulas not typeset (typeset/total): {untypeset}"
