"""Each kind of bad input, made on a scratch copy of the repo, fails with a message naming it.

These run the real tools (pytest, mkdocs build --strict) in a subprocess, as a contributor would:
once on one copy that holds every kind at once (each in a place of its own), and once more where
`--update-outputs` writes into the copy.
"""

import dataclasses
import re
import subprocess

import pytest

from tests.helpers import build, run, scratch_copy
from verified_docs.fences import OUTPUT_LANG, page_fences
from verified_docs.i18n.parity import page_set_problems
from verified_docs.site import Site
from tests.repo import SITE

DOCS = SITE.docs

# The home page in every language where it has text of its own (a stub shows the English page);
# a mistake is made in a translation where there is one.
DEFAULT = SITE.default
HOMES = [DEFAULT, *SITE.translated("index.md")]
TRANSLATED = HOMES[-1]


@pytest.fixture
def repo(tmp_path):
    return scratch_copy(tmp_path)


def append(path, text):
    """Append Markdown to a page; returns the 1-based line where it starts."""
    old = path.read_text(encoding="utf-8")
    path.write_text(old + "\n" + text, encoding="utf-8")
    return len(old.splitlines()) + 2


def home(repo, lang):
    return repo / DOCS.name / lang / "index.md"


def change_first_output(page):
    """Bump the first digit of the page's first output fence; returns that fence's line."""
    fence = next(f for f in page_fences(page) if f.lang == OUTPUT_LANG)
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    for i in range(fence.open_line, fence.close_line - 1):
        if re.search(r"\d", lines[i]):
            lines[i] = re.sub(r"\d", lambda m: str((int(m[0]) + 1) % 10), lines[i], count=1)
            break
    page.write_text("".join(lines), encoding="utf-8")
    return fence.open_line


BAD_CODE = {
    "raises": 'raise ValueError("boom")',
    "syntax": "print(1 +)",
    "stderr": 'import warnings\nwarnings.warn("careful")',
}
MISSING = "missing-snippet.md"


@dataclasses.dataclass
class Broken:
    lines: dict                         # what was broken -> the line it starts on
    tested: subprocess.CompletedProcess  # the docs tests of the broken pages
    built: subprocess.CompletedProcess   # the strict build of the broken copy

    def failure(self, page: str, line: int) -> str:
        """pytest's report of the fence at page:line."""
        # Each failure's section starts with a `____ [CodeFence#N][line:L] ____` header.
        sections = re.split(r"^_{3,} (?=\S)", self.tested.stdout, flags=re.M)
        found = [s for s in sections if f"[line:{line}]" in s.split("\n", 1)[0]
                 and f"{page}:{line}" in s]
        assert found, f"no failure reported for {page}:{line}:\n{self.tested.stdout[-3000:]}"
        return found[0]


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> Broken:
    """One scratch copy with every kind of bad input at once, each in a place of its own: the
    docs tests of its pages and the strict build run on it once, and each test reads its part."""
    folder = tmp_path_factory.mktemp("broken")
    repo = scratch_copy(folder)
    lines = {kind: append(home(repo, TRANSLATED), f"```python\n{code}\n```\n")
             for kind, code in BAD_CODE.items()}
    lines.update({f"output {lang}": change_first_output(home(repo, lang)) for lang in HOMES})
    lines["anchor"] = append(home(repo, TRANSLATED), "[nowhere](index.md#no-such-heading)\n")
    # Its own page: a snippet that cannot be read makes its whole page an error.
    (repo / DOCS.name / TRANSLATED / MISSING).write_text(
        '# Missing\n\n```python\n--8<-- "snippets/no_such_file.py"\n```\n', encoding="utf-8")
    tested = run(repo, "pytest", *(f"docs/{lang}/index.md" for lang in HOMES),
                 f"docs/{TRANSLATED}/{MISSING}")
    return Broken(lines, tested, build(repo, folder / "site"))


@pytest.mark.parametrize("kind, error", [("raises", "ValueError: boom"),
                                         ("syntax", "SyntaxError")])
def test_failing_fence_names_page_and_line(broken, kind, error):
    page = f"docs/{TRANSLATED}/index.md"
    assert broken.tested.returncode == 1
    report = broken.failure(page, broken.lines[kind])
    assert f"{page}:{broken.lines[kind]}" in report and error in report, report


def test_fence_writing_to_stderr_fails(broken):
    page = f"docs/{TRANSLATED}/index.md"
    report = broken.failure(page, broken.lines["stderr"])
    assert f"{page}:{broken.lines['stderr']}: the code wrote to stderr" in report, report
    assert "UserWarning: careful" in report, report


def test_missing_snippet_fails_build_and_tests(broken):
    built = broken.built.stderr + broken.built.stdout
    assert broken.built.returncode != 0 and "snippets/no_such_file.py" in built, built
    out = broken.tested.stdout
    assert f"docs/{TRANSLATED}/{MISSING}:3: cannot include snippet" in out, out
    assert "INTERNALERROR" not in out, f"a missing snippet stopped the whole run:\n{out[-3000:]}"


@pytest.mark.parametrize("lang", HOMES)
def test_changed_output_fails_with_diff(broken, lang):
    line = broken.lines[f"output {lang}"]
    out = broken.tested.stdout
    assert f"--- docs/{lang}/index.md:{line} (shown on the page for PyTorch " in out, out
    assert "+++ what the code prints now" in out


def test_broken_anchor_fails_build(broken):
    assert broken.built.returncode != 0 and "no-such-heading" in broken.built.stderr


def test_update_outputs_restores_pages(repo):
    """`make outputs` writes back what a drifted output should show. That it changes nothing on
    a page that is right is checked on every page by the docs tests themselves: each compares
    the page's output fences, byte for byte, with what `make outputs` would write
    (verified_docs/outputs.py)."""
    pages = [home(repo, lang) for lang in HOMES]
    originals = {p: p.read_text(encoding="utf-8") for p in (repo / DOCS.name).rglob("*.md")}
    for page in pages:
        change_first_output(page)
    paths = [p.relative_to(repo).as_posix() for p in pages]
    updated = run(repo, "pytest", "--update-outputs", *paths)
    assert updated.returncode == 0, updated.stdout
    changed = [str(p) for p, text in originals.items() if p.read_text(encoding="utf-8") != text]
    assert not changed, f"--update-outputs left pages different from the repo's: {changed}"


@pytest.mark.skipif(TRANSLATED == DEFAULT, reason="no translated home page")
def test_page_in_one_language_only_fails_parity(repo):
    (repo / DOCS.name / TRANSLATED / "only-here.md").write_text("# Only here\n", encoding="utf-8")
    problems = page_set_problems(Site(repo), TRANSLATED)
    assert f"docs/{TRANSLATED}/ has ['only-here.md'], which docs/{DEFAULT}/ lacks" in problems
