"""Math in the built site (verified_docs/build/katex.py), typeset at build time, in the fonts shipped:
a formula never falls back to a system font for want of a file."""

import re

from verified_docs.build import katex


def test_the_stylesheet_names_exactly_the_shipped_katex_fonts(site):
    css = (site / "assets" / "katex" / "katex.min.css").read_text(encoding="utf-8")
    named = set(re.findall(r"url\(fonts/([^)]+)\)", css))
    shipped = {p.name: p.read_bytes() for p in (site / "assets" / "katex" / "fonts").glob("*")}
    vendored = {p.name: p.read_bytes() for p in (katex.VENDOR / "fonts").glob("*.woff2")}
    assert named == set(shipped), (
        f"katex.min.css names {sorted(named - set(shipped))}, which the site does not ship, or "
        f"the site ships {sorted(set(shipped) - named)}, which it does not name "
        "(verified_docs/build/katex.py, assets)")
    assert shipped == vendored, (
        "the site's KaTeX fonts are not verified_docs/vendor/katex/fonts/*.woff2 as vendored")


def test_every_formula_is_typeset_at_build_time(site):
    pages = {p: p.read_text(encoding="utf-8") for p in site.rglob("*.html")}
    with_math = [p for p, text in pages.items() if 'class="arithmatex"' in text]
    assert with_math, "no built page has a formula: is pymdownx.arithmatex in mkdocs.yml?"
    raw = [p.relative_to(site).as_posix() for p in with_math if katex.FORMULA.search(pages[p])]
    assert not raw, f"formulas left as TeX, not typeset by KaTeX (verified_docs/build/katex.py): {raw}"
