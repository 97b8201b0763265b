"""The mask page's figure as a reader sees it: a visible caption in the page's language, sizes in
whole pixels, on a phone the narrow drawing at a size its labels stay readable at, in each scheme
its own drawing on the page's background, labels legible (verified_docs/build/figures.py)."""

import re

import pytest

from tests.browser.conftest import LANGS, PHONE
from tests.repo import SITE

LABEL_PT = 10                 # snippets/figure_relu.RC font.size
SMALLEST_LABEL_PX = 11        # what a phone reader can still read


@pytest.mark.parametrize("lang", LANGS)
def test_figure_on_a_desktop_and_a_phone(visits, phone_visits, lang):
    caption = SITE.snippet("snippets/mask/figure.py").caption(lang)
    desktop = [(v.url, f) for v in visits.of(lang) for f in v.figures]
    phone = [(v.url, f) for v in phone_visits.of(lang) for f in v.figures]
    assert desktop and phone, f"no page in {lang!r} shows a <figure>"
    problems = []
    for url, f in desktop:
        bad = [s for s in f["sizes"] if not all(re.fullmatch(r"\d+", v or "") for v in s[1:])]
        checks = [(f["src"].endswith("-narrow.svg"), f"a desktop gets {f['src']}"),
                  (not f["captionShown"], "the figure has no visible <figcaption>"),
                  (f["caption"] != caption, f"caption {f['caption']!r}, not {caption!r}"),
                  (bad or len(f["sizes"]) < 2, "these figure elements' width/height are not "
                   f"whole pixels (or missing): {bad}; the W3C validator reports a fraction as "
                   "an error (verified_docs/build/figures.py writes them from the snippet's size())")]
        problems += [f"{url}: {message}" for failed, message in checks if failed]
    for url, f in phone:
        label_px = LABEL_PT * 4 / 3 * f["width"] / f["natural"]
        checks = [(not f["src"].endswith("-narrow.svg"), f"a phone gets {f['src']}"),
                  (label_px < SMALLEST_LABEL_PX, f"the figure is shown at {f['width']:.0f} of "
                   f"its {f['natural']} px, so its labels are {label_px:.1f} px high on a "
                   f"phone (at least {SMALLEST_LABEL_PX} wanted)"),
                  (f["left"] < 0 or max(f["right"], f["page"]) > PHONE["width"],
                   f"on a phone the figure spans {f['left']:.0f} to {f['right']:.0f} px, the "
                   f"page {f['page']} px")]
        problems += [f"{url}: {message}" for failed, message in checks if failed]
    assert not problems, "\n  ".join(["the figure:", *problems])


@pytest.mark.parametrize("scheme", ["visits", "dark_visits"])
@pytest.mark.parametrize("lang", LANGS)
def test_figure_follows_the_colour_scheme(request, scheme, lang):
    want = "slate" if scheme == "dark_visits" else "default"
    seen = [(v.url, f) for v in request.getfixturevalue(scheme).of(lang) for f in v.figure_colours]
    assert seen, f"no page in {lang!r} shows a <figure>"
    for url, f in seen:
        where = f"{url} ({want}, {f['screen']} px)"
        assert f["scheme"] == want, f"{where}: the page is in the {f['scheme']} scheme"
        assert len(f["shown"]) == 1, f"{where}: drawings shown: {f['shown']}"
        background, page = tuple(f["drawn_on"]), tuple(f["background"])
        assert max(abs(a - b) for a, b in zip(background, page)) <= 8, (
            f"{where}: {f['src']} shows on {background}, the page is {page} "
            "(snippets/mask/figure.py SCHEMES, verified_docs/build/figures.py)")
        faint = [label for label in f["labels"] if label[2] < 4.5]
        assert not faint, f"{where}: labels under 4.5:1 on {background}: {faint}"
