"""The page of what changed between releases (verified_docs/build/changes.py), in the built site."""

import html
import re
import shutil

import pytest

from tests.helpers import build
from tests.repo import ROOT, SITE
from verified_docs.build import changes
from verified_docs.model import outputs
from verified_docs.model.fences import PYTHON_LANGS, page_fences

LINK = re.compile(r'<a href="([^"#]*)#example-(\d+)"')


def expected(old: str, new: str) -> tuple[set[tuple[str, int]], int]:
    """{(page, example number)} whose output fences differ between the releases, other than by
    the release numbers they print, and how many examples run on both and print more than
    those."""
    differ, count = set(), 0
    for page in SITE.pages(SITE.default):
        python = [f for f in page_fences(SITE, SITE.docs / SITE.default / page)
                  if f.lang in PYTHON_LANGS]
        for number, fence in enumerate(python, 1):
            if "notest" in fence.options or not {old, new} <= set(fence.releases):
                continue
            shown = [outputs.shown_on(fence, r) for r in (old, new)]
            a, b = (outputs.normalise(o.content) if o else "" for o in shown)
            if a != b and a.replace(old, new) == b:
                continue
            count += 1
            if a != b:
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


def test_an_example_that_prints_only_its_release_is_no_change(site):
    """Home's version example prints "2.13.0" on 2.13.0: not a change between releases."""
    printing_release = [
        (page, n) for page in SITE.pages(SITE.default)
        for n, f in enumerate([f for f in page_fences(SITE, SITE.docs / SITE.default / page)
                               if f.lang in PYTHON_LANGS], 1)
        if all(getattr(outputs.shown_on(f, r), "content", "").strip() == r for r in f.releases)]
    assert printing_release, "no example prints only its release: test no longer tests anything"
    for lang in (lang.locale for lang in SITE.built_languages):
        for old, new in changes.pairs(SITE):
            body = sections(site, lang)[f"{old} → {new}"]
            listed = {(f"{href.strip('./').rpartition('/')[2] or 'index'}.md", int(n))
                      for href, n in LINK.findall(body)}
            assert not listed & set(printing_release), (
                f"changes.md ({lang}), {old} → {new} lists {sorted(listed & set(printing_release))},"
                " which print only the release number")


@pytest.mark.parametrize("lang", [lang.locale for lang in SITE.built_languages])
def test_each_pair_opens_with_a_sentence_per_change_then_shows_context(site, lang):
    """Each pair's section: the count, then each sentence of its front matter once, in order,
    linked to every example written under it; each example's old lines with their
    unchanged neighbours, the changed ones marked."""
    source = SITE.docs / lang / "changes.md"
    written = SITE.front_matter(source)[0]["changes"]
    for old, new in changes.pairs(SITE):
        body = sections(site, lang)[f"{old} → {new}"]
        intro = body[:body.index('<div class="release-outputs')]
        said = list(dict.fromkeys(str(text) for text in written[f"{old} → {new}"].values()))
        # The bullets, before the first example's own heading; each link to an example as ⟦⟧.
        bullets = html.unescape(re.sub(r"<[^>]+>", "", re.sub(
            r'<a href="[^"]*#example-\d+">', "⟦⟧", intro.split("<p><strong>")[0]))).lower()
        at = [bullets.find(html.unescape(text.replace("`", "")).rstrip(".")[:40].lower())
              for text in said]
        assert -1 not in at and at == sorted(at), (
            f"changes.md ({lang}), {old} → {new}: the section should open with the sentences of"
            f" {source.name}'s front matter, each once, in order; found at {at}: {bullets[:300]}")
        for text, start, end in zip(said, at, at[1:] + [len(bullets)]):
            examples = [k for k, t in written[f"{old} → {new}"].items() if str(t) == text]
            linked = bullets[start:end].count("⟦⟧")
            assert linked == len(examples), (
                f"changes.md ({lang}), {old} → {new}: {len(examples)} examples share the sentence "
                f"{text[:50]!r}, its bullet links {linked}")
        blocks = re.findall(r'<div class="language-output highlight">.*?</code>', body, re.S)
        rows = [re.findall(r'<span class="(hll )?output-line"', b) for b in blocks]
        assert any(len(r) > 1 and "" in r and "hll " in r for r in rows), (
            f"changes.md ({lang}), {old} → {new}: no output shows a changed line beside an "
            "unchanged one")


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A copy of the repository (pages, snippets, machinery) to break."""
    root = tmp_path_factory.mktemp("changes") / "repo"
    shutil.copytree(ROOT, root, ignore=shutil.ignore_patterns(
        ".git", ".venv", "site", ".cache", "__pycache__", "screenshots", ".pytest_cache"))
    return root


def test_a_changed_example_without_its_sentence_fails_the_build(scratch, tmp_path):
    page = scratch / "docs" / "ru" / "changes.md"
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    example = "snippets/going_further/backward_receives.py"
    gone = next(n for n, line in enumerate(lines) if f"{example}:" in line)
    pair = max(n for n, line in enumerate(lines[:gone]) if "→" in line) + 1
    page.write_text("".join(lines[:gone] + lines[gone + 1:]).replace(
        "snippets/mask/value_at_zero.py:", "snippets/mask/no_such_example.py:"), encoding="utf-8")
    done = build(scratch, tmp_path / "site")
    assert done.returncode != 0, "the strict build passed without a changed example's sentence"
    said = done.stdout + done.stderr
    assert (f"docs/ru/changes.md:{pair}: the output of `{example}` differs"
            in said), said[-3000:]
    assert re.search(r"docs/ru/changes\.md:\d+: `snippets/mask/no_such_example\.py` under "
                     r'"2\.13\.0 → 2\.14\.1" names no example', said), said[-3000:]


@pytest.mark.parametrize("sentence, expected", [
    ("the −38 is gone", "The −38 is gone"),
    ("now, clamp passes 0", "Now, clamp passes 0"),
    ("теперь, как и relu, 0", "Теперь, как и relu, 0"),
    ("`clamp` passes 0", "`clamp` passes 0"),
    ("−38 is gone", "−38 is gone"),
    ("d/dx at 0: 2 → 0", "d/dx at 0: 2 → 0"),
])
def test_a_sentence_starting_with_a_word_gets_a_capital(sentence, expected):
    assert changes.capitalised(sentence) == expected
