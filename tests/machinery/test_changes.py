"""The page of what changed between releases (verified_docs/build/changes.py), in the built site."""

import html
import re

import pytest

from tests.repo import SITE
from verified_docs.build import changes
from verified_docs.model import outputs
from verified_docs.model.fences import PYTHON_LANGS, page_fences

LINK = re.compile(r'<a href="([^"#]*)#example-(\d+)"')


def expected(old: str, new: str) -> tuple[set[tuple[str, int]], int]:
    """{(page, example number)} whose output fences differ between the releases, and how many
    examples run on both."""
    differ, count = set(), 0
    for page in SITE.pages(SITE.default):
        python = [f for f in page_fences(SITE, SITE.docs / SITE.default / page)
                  if f.lang in PYTHON_LANGS]
        for number, fence in enumerate(python, 1):
            if "notest" in fence.options or not {old, new} <= set(fence.releases):
                continue
            count += 1
            shown = [outputs.shown_on(fence, r) for r in (old, new)]
            if len({outputs.normalise(o.content) if o else "" for o in shown}) > 1:
                differ.add((page, number))
    return differ, count


def sections(site, lang: str) -> dict[str, str]:
    """{"2.13.0 → 2.14.1": the HTML under that heading} of the built page."""
    text = SITE.built_html(site, lang, "changes.md").read_text(encoding="utf-8")
    parts = re.split(r"<h2[^>]*>(.*?)</h2>", text[text.index("<article"):text.index("</article>")])
    return {html.unescape(re.sub(r"<[^>]+>", "", head)).strip("¶ "): body
            for head, body in zip(parts[1::2], parts[2::2], strict=True)}


@pytest.mark.parametrize("lang", [lang.locale for lang in SITE.built_languages])
@pytest.mark.parametrize("old, new", changes.pairs(SITE))
def test_each_pair_lists_exactly_the_examples_that_print_differently(site, lang, old, new):
    found = sections(site, lang)
    assert f"{old} → {new}" in found, f"{lang}: no section for {old} → {new}: {list(found)}"
    body = found[f"{old} → {new}"]
    listed = {(f"{href.strip('./').rpartition('/')[2] or 'index'}.md", int(n))
              for href, n in LINK.findall(body)}
    differ, count = expected(old, new)
    assert listed == differ, (
        f"changes.md ({lang}), {old} → {new}: lists {sorted(listed - differ)} whose "
        f"outputs agree, misses {sorted(differ - listed)} whose outputs differ")
    first = html.unescape(re.sub(r"<[^>]+>", "", re.search(r"<p>(.*?)</p>", body, re.S)[1]))
    numbers = [int(n) for n in re.findall(r"(?<![\d.])\d+(?![\d.])", first)]
    assert numbers == [len(differ), count], (
        f"changes.md ({lang}): the count above {old} → {new} should name "
        f"{len(differ)} of {count}: {first!r}")
    for page, n in sorted(listed):
        target = SITE.built_html(site, lang, page).read_text(encoding="utf-8")
        assert re.search(rf'<div class="language-python highlight" id="example-{n}"', target), (
            f"changes.md ({lang}): the link to {page}#example-{n} leads to no Python block")


def test_the_known_changes_are_under_their_releases(site):
    """The −38 and clamp's gradient at 0 changed at 2.14.1; the node of the masked write at
    2.15.0: if a release moves them, the page must move them too."""
    found = {k: html.unescape(re.sub(r"<[^>]+>", "", v))
             for k, v in sections(site, SITE.default).items()}
    first, last = found.get("2.13.0 → 2.14.1", ""), found.get("2.14.1 → 2.15.0", "")
    assert "-38.0" in first and "x.clamp(min=0)" in first, first[:2000]
    assert "MaskedFillBackward0" in last, last[:2000]
