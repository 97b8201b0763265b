"""The KaTeX fonts the site ships are cut to the characters its formulas use
(verified_docs/katex.py): every character of every formula on every built page is still in each
shipped font that had it, the stylesheet names only fonts that are shipped, and a cut font is
smaller than KaTeX's and the same bytes on every build."""

import re

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import _h_e_a_d

from verified_docs import katex


def fonts(folder) -> dict[str, set[str]]:
    return {path.name: katex.cmap(TTFont(str(path))) for path in sorted(folder.glob("*.woff2"))}


def test_the_shipped_fonts_have_every_formula_character_and_no_more_fonts(site):
    """Whichever KaTeX font a character is set in, the site's cut of that font has it: a new
    formula with a new symbol must not fall back to a system font."""
    vendored, shipped = fonts(katex.VENDOR / "fonts"), fonts(site / "assets" / "katex" / "fonts")
    pages = sorted(p for p in site.rglob("*.html") if 'class="katex-html"' in p.read_text("utf-8"))
    assert pages, "no built page has a KaTeX formula: is verified-docs in mkdocs.yml's plugins?"
    problems = []
    for page in pages:
        used = katex.characters(page.read_text(encoding="utf-8"))
        for name, had in vendored.items():
            lost = sorted((used & had) - shipped.get(name, set()))
            if lost:
                problems.append(f"{page.relative_to(site)}: {name} lacks {''.join(lost)!r} "
                                f"(U+{', U+'.join(f'{ord(c):04X}' for c in lost)})")
    assert not problems, (
        "characters of these pages' formulas are missing from the KaTeX fonts the site ships "
        "(verified_docs/katex.py, used_characters and subset_fonts):\n" + "\n".join(problems))
    css = (site / "assets" / "katex" / "katex.min.css").read_text(encoding="utf-8")
    named = set(re.findall(r"url\(fonts/([^)]+)\)", css))
    assert named == set(shipped), (
        f"katex.min.css names {sorted(named - set(shipped))} that are not shipped, or the site "
        f"ships {sorted(set(shipped) - named)} that it does not name")
    assert all(len(shipped[name]) < len(vendored[name]) for name in shipped), (
        "a shipped font has all of KaTeX's characters: the cut is the point")


def test_the_cut_fonts_are_the_same_bytes_on_every_build(monkeypatch):
    """A font whose bytes change on every build makes every reader download it again after each
    deploy; fontTools stamps the save time into the font's `head` table unless told not to."""
    cut = katex.subset_fonts.__wrapped__
    first = cut(frozenset("x"))
    monkeypatch.setattr(_h_e_a_d, "timestampNow", lambda: 4_000_000_000)  # a later save
    assert cut(frozenset("x")) == first, "a later build cut different font bytes"
