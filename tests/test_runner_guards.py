"""The pytest plugin's side of running the pages, on a scratch copy of the repo: how a failure
reads in pytest's output (page:line and release), what `--update-outputs` writes (outputs grouped
by what was printed, nothing for a block that failed, a fixed point), and bad input named by
page and line. What the runner itself guarantees is tested in process in test_runner.py.

The pages are collected only when they lie in the docs folder of the repository the package is
imported from (`site.ROOT`), so pytest's `pytester` directory cannot hold them: a scratch copy
does. All pages share one copy and three child runs: a check, `--update-outputs`, a re-check.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from tests.helpers import run, scratch_copy
from verified_docs.outputs import title
from tests.repo import SITE

LANG = SITE.default
RELEASES = SITE.torch.ascending()
OLDEST, NEWEST = RELEASES[0], RELEASES[-1]
EVERY = ", ".join(RELEASES)
PRINT_RELEASE = "import torch\nprint(torch.__version__.split('+')[0])"
TIMEOUT = ("--block-timeout", "2")
SEPARATOR = re.compile(r"^(_{3,}|={3,}) ", re.MULTILINE)  # pytest's section headers


def page(repo, name, *fences):
    """A page of Python fences, each given as (info, code, outputs): outputs is None, or one
    (title, text) or a list of them; returns its path relative to the repo and the line of each
    fence."""
    lines, starts = [f"# {name}", ""], []
    for info, code, outputs in fences:
        starts.append(len(lines) + 1)
        lines += [f"```{info}", *code.splitlines(), "```", ""]
        for shown, text in [outputs] if isinstance(outputs, tuple) else outputs or []:
            lines += [f'```output title="{shown}"', *text.splitlines(), "```", ""]
    path = repo / SITE.docs.name / LANG / f"{name}.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path.relative_to(repo).as_posix(), starts


def one_output_per_release(extra=""):
    """(title, text) of each release for code that prints its release, then `extra`."""
    return [(title(LANG, [r]), f"{r}\n{extra}".strip()) for r in RELEASES]


def wrong_in(release):
    """Outputs of code that prints its release and 4, showing 5 for `release` only."""
    shown = one_output_per_release("4")
    i = RELEASES.index(release)
    shown[i] = (shown[i][0], f"{release}\n5")
    return shown


DIFFER = f"import torch\nprint('same')\nprint(torch.__version__.startswith('{OLDEST}'))"
LATER = RELEASES[1:]
DIFFER_OUTPUTS = [(title(LANG, [OLDEST]), "same\nTrue"), (title(LANG, LATER), "same\nFalse")]


@dataclasses.dataclass
class Session:
    """The scratch copy, its pages (name -> (path, fence lines)), and the three runs."""
    repo: object
    pages: dict
    checked: object
    before: dict        # path -> text, before --update-outputs
    updated: object
    after: dict         # path -> text, after it
    rechecked: object

    def where(self, name, fence=0):
        path, lines = self.pages[name]
        return f"{path}:{lines[fence]}"

    def report(self, result, name, fence=0):
        """The failure report of one fence in a run's output: from the line its message starts
        on to pytest's next section header."""
        match = re.search(rf"^{re.escape(self.where(name, fence))}: ", result.stdout, re.MULTILINE)
        assert match, f"{self.where(name, fence)} is not reported:\n{result.stdout[-3000:]}"
        end = SEPARATOR.search(result.stdout, match.start())
        return result.stdout[match.start():end.start() if end else None]


# Every page fails the first check; all but these pass once --update-outputs has run.
STAYS_BROKEN = {"loop", "flood", "unknown"}


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    repo = scratch_copy(tmp_path_factory.mktemp("guards"))
    pages = {
        "loop": page(repo, "loop", ("python", "while True:\n    pass", None)),
        "flood": page(repo, "flood", ("python", "print('x' * 10_000_000)", None)),
        "unknown": page(repo, "unknown", ('{.python torch="1.0"}', "print(1)", None)),
        "split": page(repo, "split", ("python", "print(4)",
                                      [(title(LANG, [r]), "4") for r in RELEASES])),
        "left-its-group": page(repo, "left-its-group", ("python", DIFFER, [
            DIFFER_OUTPUTS[0], (title(LANG, LATER[1:]), "same\nFalse")])),
        **{f"drift-{r}": page(repo, f"drift-{r}", ("python", PRINT_RELEASE + "\nprint(2 + 2)",
                                                   wrong_in(r))) for r in RELEASES},
        "differ": page(repo, "differ", ("python", DIFFER, None)),
        "newest": page(repo, "newest", (f'{{.python torch=">={NEWEST}"}}', PRINT_RELEASE, None)),
    }
    paths = [path for path, _ in pages.values()]

    def texts():
        return {path: (repo / path).read_text(encoding="utf-8") for path in paths}

    checked = run_pages(repo, *paths, options=TIMEOUT)
    before = texts()
    updated = run_pages(repo, *paths, options=(*TIMEOUT, "--update-outputs"))
    after = texts()
    right = [path for name, (path, _) in pages.items() if name not in STAYS_BROKEN]
    return Session(repo, pages, checked, before, updated, after, run_pages(repo, *right))


def run_pages(repo, *paths, options=()):
    return run(repo, "pytest", "-p", "no:cacheprovider", *options, *paths, timeout=600)


def test_each_broken_page_fails_once_and_none_stops_the_others(session):
    assert session.checked.returncode == 1
    summary = session.checked.stdout.strip().splitlines()[-1]
    assert f"{len(session.pages)} failed" in summary and "error" not in summary, session.checked.stdout


def test_an_endless_block_fails_naming_page_and_line(session):
    assert session.report(session.checked, "loop").startswith(
        f"{session.where('loop')}: the code block did not finish within 2 s")


def test_a_flooding_block_fails_with_a_short_report(session):
    report = session.report(session.checked, "flood")
    assert report.startswith(f"{session.where('flood')}: the code block wrote 10,000,001 bytes "
                             "to stdout")
    assert len(report) < 20_000, f"the report quotes the flood: {len(report):,} characters"


@pytest.mark.parametrize("release", RELEASES)
def test_a_wrong_digit_fails_naming_page_line_and_release(session, release):
    name = f"drift-{release}"
    report = session.report(session.checked, name)
    path, (line,) = session.pages[name]
    assert f"the output shown on the page differs from what the code prints on PyTorch " \
           f"{release}." in report
    output_line = line + 6 + 5 * RELEASES.index(release)  # code: 5 lines, a blank; outputs: 4, 1
    assert f"--- {path}:{output_line} (shown on the page for PyTorch {release})" in report
    assert "-5\n+4" in report
    others = [r for r in RELEASES if r != release and f"on PyTorch {r}." in report]
    assert not others, f"the report also names {others}:\n{report}"


def test_the_same_output_on_every_release_must_be_one_fence_titled_with_all(session):
    assert f'```output title="{title(LANG, RELEASES)}"\nbut they are:' in session.report(
        session.checked, "split")


def test_a_release_that_left_its_group_is_named(session):
    assert f"no output fence is titled with PyTorch {LATER[0]}" in session.report(
        session.checked, "left-its-group")


def test_an_unknown_release_label_is_named(session):
    assert session.report(session.checked, "unknown").startswith(
        f'{session.where("unknown")}: torch="1.0" names no single release')


def test_update_writes_nothing_for_a_block_that_failed(session):
    assert session.updated.returncode == 1
    for name in sorted(STAYS_BROKEN):
        path, _ = session.pages[name]
        assert session.after[path] == session.before[path], f"--update-outputs changed {path}"
    assert session.report(session.updated, "loop").startswith(
        f"{session.where('loop')}: the code block did not finish within 2 s")
    assert f"{session.where('flood')}: the code block wrote 10,000,001 bytes to stdout" in \
        session.updated.stdout


def test_update_writes_one_fence_titled_with_every_release_that_prints_the_same(session):
    text = session.after[session.pages["split"][0]]
    assert text.count("```output") == 1 and f'title="{title(LANG, RELEASES)}"\n4\n' in text


def test_update_groups_differing_outputs_oldest_first_with_the_lines_that_differ_marked(session):
    expected = (f'```output title="{title(LANG, [OLDEST])}" hl_lines="2"\nsame\nTrue\n```\n\n'
                f'```output title="{title(LANG, LATER)}" hl_lines="2"\nsame\nFalse\n```')
    for name in ("differ", "left-its-group"):
        assert expected in session.after[session.pages[name][0]], name


def test_update_titles_a_restricted_fence_with_its_releases_only(session):
    text = session.after[session.pages["newest"][0]]
    assert text.count("```output") == 1 and f'title="{title(LANG, [NEWEST])}"\n{NEWEST}\n' in text


def test_update_names_what_it_rewrote_and_is_a_fixed_point(session):
    rewritten = [name for name in session.pages
                 if session.after[session.pages[name][0]] != session.before[session.pages[name][0]]]
    assert sorted(rewritten) == sorted(set(session.pages) - STAYS_BROKEN)
    assert f"make outputs: rewrote {len(rewritten)} output fence(s) in {len(rewritten)} " \
           "file(s)" in session.updated.stdout
    assert session.rechecked.returncode == 0, (
        "the outputs --update-outputs wrote fail the next check:\n" + session.rechecked.stdout)
    assert f"{len(rewritten)} passed" in session.rechecked.stdout


def test_invalid_utf8_names_page_and_line(tmp_path):
    repo = scratch_copy(tmp_path)
    path, _ = page(repo, "bytes", ("python", "print(1)", None))
    (repo / path).write_bytes((repo / path).read_bytes() + b"\nline \xff\n")
    line = (repo / path).read_bytes().count(b"\n")
    result = run_pages(repo, path)
    assert result.returncode != 0
    assert f"{path}:{line}: not valid UTF-8" in result.stdout + result.stderr, result.stdout
