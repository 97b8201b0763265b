"""Each kind of bad input, made on a scratch copy of the repo, fails with a message naming it.

These run the real tools (pytest, mkdocs build --strict) in a subprocess, as a contributor would.
"""

import re

import pytest

from tests.helpers import build, run, scratch_copy
from verified_docs.fences import OUTPUT_LANG, page_fences
from verified_docs.site import default_language, docs_dir, translated

DOCS = docs_dir()

# The home page in every language where it has text of its own (a stub shows the English page);
# a mistake is made in a translation where there is one.
DEFAULT = default_language()
HOMES = [DEFAULT, *translated("index.md")]
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


@pytest.mark.parametrize("code, error", [
    ('raise ValueError("boom")', "ValueError: boom"),
    ("print(1 +)", "SyntaxError"),
])
def test_failing_fence_names_page_and_line(repo, code, error):
    line = append(home(repo, TRANSLATED), f"```python\n{code}\n```\n")
    result = run(repo, "pytest", f"docs/{TRANSLATED}/index.md")
    assert result.returncode == 1
    assert f"docs/{TRANSLATED}/index.md:{line}" in result.stdout and error in result.stdout


def test_fence_writing_to_stderr_fails(repo):
    line = append(home(repo, TRANSLATED), '```python\nimport warnings\nwarnings.warn("careful")\n```\n')
    result = run(repo, "pytest", f"docs/{TRANSLATED}/index.md")
    assert result.returncode == 1
    assert f"docs/{TRANSLATED}/index.md:{line}: the code wrote to stderr" in result.stdout
    assert "UserWarning: careful" in result.stdout


def test_missing_snippet_fails_build_and_tests(repo, tmp_path):
    append(home(repo, TRANSLATED), '```python\n--8<-- "snippets/no_such_file.py"\n```\n')
    built = build(repo, tmp_path / "site")
    assert built.returncode != 0 and "snippets/no_such_file.py" in built.stderr + built.stdout
    tested = run(repo, "pytest", f"docs/{TRANSLATED}/index.md")
    assert tested.returncode != 0
    assert f"docs/{TRANSLATED}/index.md" in tested.stdout and "snippets/no_such_file.py" in tested.stdout


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


@pytest.mark.parametrize("lang", HOMES)
def test_changed_output_fails_with_diff(repo, lang):
    line = change_first_output(home(repo, lang))
    result = run(repo, "pytest", f"docs/{lang}/index.md")
    assert result.returncode == 1
    assert f"--- docs/{lang}/index.md:{line} (shown on the page for PyTorch " in result.stdout
    assert "+++ what the code prints now" in result.stdout


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
    result = run(repo, "pytest", "tests/test_translation_parity.py")
    assert result.returncode == 1
    assert f"docs/{TRANSLATED}/ has ['only-here.md'], which docs/{DEFAULT}/ lacks" in result.stdout


def test_broken_anchor_fails_build(repo, tmp_path):
    append(home(repo, TRANSLATED), "[nowhere](index.md#no-such-heading)\n")
    result = build(repo, tmp_path / "site")
    assert result.returncode != 0 and "no-such-heading" in result.stderr
