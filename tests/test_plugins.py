"""Both plugins on the tiny site (tests/tiny.py), in process: the pytest plugin through
pytest's `pytester`, the build plugin through MkDocs' own `build()`.

The pytest side: every kind of bad fence fails naming page:line (and release), none stops the
others; `--update-outputs` writes grouped outputs into the page and its translation, nothing for
a block that failed, and is a fixed point; a page that passed is recorded for the footer in
every language. The pages share one site and three runs (a check, `--update-outputs`, a
re-check): each run starts a worker per release. What the runner itself guarantees is tested in
test_runner.py.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import logging
import re

import pytest

from tests.repo import SITE
from tests.tiny import build, tiny_site
from verified_docs.i18n.parity import page_set_problems
from verified_docs.outputs import title
from verified_docs.site import Site

RELEASES = SITE.torch.ascending()
OLDEST, NEWEST = RELEASES[0], RELEASES[-1]
LATER = RELEASES[1:]
PRINT_RELEASE = "import torch\nprint(torch.__version__.split('+')[0])"
DIFFER = f"import torch\nprint('same')\nprint(torch.__version__.startswith('{OLDEST}'))"
SEPARATOR = re.compile(r"^(_{3,}|={3,}) ", re.MULTILINE)  # pytest's section headers


def out_title(releases, lang="en") -> str:
    return title(SITE, lang, releases).replace("Output", "Вывод" if lang == "ru" else "Output")


def page(root, name, *fences):
    """docs/en/<name>.md of Python fences, each (info, code, outputs): outputs is None, or one
    (title, text) or a list of them; returns (path relative to the site, each fence's line)."""
    lines, starts = [f"# {name}", ""], []
    for info, code, outputs in fences:
        starts.append(len(lines) + 1)
        lines += [f"```{info}", *code.splitlines(), "```", ""]
        for shown, text in [outputs] if isinstance(outputs, tuple) else outputs or []:
            lines += [f'```output title="{shown}"', *text.splitlines(), "```", ""]
    path = root / "docs" / "en" / f"{name}.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path.relative_to(root).as_posix(), starts


def one_output_per_release(extra=""):
    return [(out_title([r]), f"{r}\n{extra}".strip()) for r in RELEASES]


def wrong_in(release):
    """Outputs of code that prints its release and 4, showing 5 for `release` only."""
    shown = one_output_per_release("4")
    i = RELEASES.index(release)
    shown[i] = (shown[i][0], f"{release}\n5")
    return shown


def bump_first_output(path) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\n42\n", "\n43\n", 1), encoding="utf-8")


@dataclasses.dataclass
class Session:
    root: object
    pages: dict         # name -> (path, fence lines)
    checked: str        # pytest's output of each run
    before: dict        # path -> text, before --update-outputs
    updated: str
    after: dict
    rechecked: str
    outcomes: tuple     # (check, update, recheck) return codes

    def where(self, name, fence=0):
        path, lines = self.pages[name]
        return f"{path}:{lines[fence]}"

    def report(self, output, name, fence=0):
        """A fence's failure report: from its message's first line to the next section."""
        match = re.search(rf"^{re.escape(self.where(name, fence))}: ", output, re.MULTILINE)
        assert match, f"{self.where(name, fence)} is not reported:\n{output[-3000:]}"
        end = SEPARATOR.search(output, match.start())
        return output[match.start():end.start() if end else None]


STAYS_BROKEN = {"loop", "flood", "unknown", "raises", "syntax", "stderr", "missing"}


def run_pytest(root, *args) -> tuple[int, str]:
    """pytest run in process in the folder `root`, as `pytester.runpytest_inprocess` runs it
    (a fixture of a test's own scope, where these runs are shared by the module's tests)."""
    out = io.StringIO()
    with contextlib.chdir(root), contextlib.redirect_stdout(out):
        code = pytest.main(["-p", "no:xdist", "--block-timeout", "2", *args])
    return int(code), out.getvalue()


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    root = tiny_site(tmp_path_factory.mktemp("tiny"))
    pages = {
        "loop": page(root, "loop", ("python", "while True:\n    pass", None)),
        "flood": page(root, "flood", ("python", "print('x' * 10_000_000)", None)),
        "unknown": page(root, "unknown", ('{.python torch="1.0"}', "print(1)", None)),
        "raises": page(root, "raises", ("python", 'raise ValueError("boom")', None)),
        "syntax": page(root, "syntax", ("python", "print(1 +)", None)),
        "stderr": page(root, "stderr", ("python", 'import warnings\nwarnings.warn("careful")',
                                        None)),
        "missing": page(root, "missing", ("python", '--8<-- "snippets/no_such_file.py"',
                                          None)),
        "split": page(root, "split", ("python", "print(4)",
                                      [(out_title([r]), "4") for r in RELEASES])),
        "left-its-group": page(root, "left-its-group", ("python", DIFFER, [
            (out_title([OLDEST]), "same\nTrue"), (out_title(LATER[1:]), "same\nFalse")])),
        **{f"drift-{r}": page(root, f"drift-{r}", ("python", PRINT_RELEASE + "\nprint(2 + 2)",
                                                   wrong_in(r))) for r in RELEASES},
        "differ": page(root, "differ", ("python", DIFFER, None)),
        "newest": page(root, "newest", (f'{{.python torch=">={NEWEST}"}}', PRINT_RELEASE,
                                        None)),
        "index": ("docs/en/index.md", [3]),
    }
    for lang in ("en", "ru"):
        bump_first_output(root / "docs" / lang / "index.md")
    paths = [path for path, _ in pages.values()]

    def texts():
        return {p: (root / p).read_text(encoding="utf-8")
                for p in [*paths, "docs/ru/index.md"]}

    def run(*args):
        return run_pytest(root, *args)

    (check, checked), before = run(*paths), texts()
    (update, updated), after = run("--update-outputs", *paths), texts()
    right = [path for name, (path, _) in pages.items() if name not in STAYS_BROKEN]
    recheck, rechecked = run(*right)
    yield Session(root, pages, checked, before, updated, after, rechecked,
                  (check, update, recheck))


def test_each_broken_page_fails_once_and_none_stops_the_others(session):
    assert session.outcomes[0] == 1
    summary = session.checked.strip().splitlines()[-1]
    assert f"{len(session.pages)} failed" in summary and "error" not in summary, session.checked


def test_an_endless_block_fails_naming_page_and_line(session):
    assert session.report(session.checked, "loop").startswith(
        f"{session.where('loop')}: the code block did not finish within 2 s")


def test_a_flooding_block_fails_with_a_short_report(session):
    report = session.report(session.checked, "flood")
    assert report.startswith(f"{session.where('flood')}: the code block wrote 10,000,001 bytes "
                             "to stdout")
    assert len(report) < 20_000, f"the report quotes the flood: {len(report):,} characters"


@pytest.mark.parametrize("kind, error", [("raises", "ValueError: boom"),
                                         ("syntax", "SyntaxError")])
def test_a_failing_block_names_page_line_and_error(session, kind, error):
    report = session.report(session.checked, kind)
    assert "the code block raised on PyTorch" in report and error in report, report


def test_a_block_writing_to_stderr_fails(session):
    report = session.report(session.checked, "stderr")
    assert "the code wrote to stderr" in report and "UserWarning: careful" in report, report


def test_a_missing_snippet_names_page_and_line(session):
    assert f"{session.where('missing')}: cannot include snippet" in session.checked
    assert "INTERNALERROR" not in session.checked


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
    assert f'```output title="{out_title(RELEASES)}"\nbut they are:' in session.report(
        session.checked, "split")


def test_a_release_that_left_its_group_is_named(session):
    assert f"no output fence is titled with PyTorch {LATER[0]}" in session.report(
        session.checked, "left-its-group")


def test_an_unknown_release_label_is_named(session):
    assert session.report(session.checked, "unknown").startswith(
        f'{session.where("unknown")}: torch="1.0" names no single release')


def test_update_writes_nothing_for_a_block_that_failed(session):
    assert session.outcomes[1] == 1
    for name in sorted(STAYS_BROKEN):
        path, _ = session.pages[name]
        assert session.after[path] == session.before[path], f"--update-outputs changed {path}"


def test_update_writes_one_fence_titled_with_every_release_that_prints_the_same(session):
    text = session.after[session.pages["split"][0]]
    assert text.count("```output") == 1 and f'title="{out_title(RELEASES)}"\n4\n' in text


def test_update_groups_differing_outputs_oldest_first_with_the_lines_that_differ_marked(session):
    expected = (f'```output title="{out_title([OLDEST])}" hl_lines="2"\nsame\nTrue\n```\n\n'
                f'```output title="{out_title(LATER)}" hl_lines="2"\nsame\nFalse\n```')
    for name in ("differ", "left-its-group"):
        assert expected in session.after[session.pages[name][0]], name


def test_update_titles_a_restricted_fence_with_its_releases_only(session):
    text = session.after[session.pages["newest"][0]]
    assert text.count("```output") == 1
    assert f'title="{out_title([NEWEST])}"\n{NEWEST}\n' in text


def test_update_writes_the_translation_from_the_english_run_in_its_language(session):
    """The translation's code is not run: its outputs are the English groups, titled in its
    language, and the drifted value is written back in both."""
    assert "\n42\n" in session.after["docs/en/index.md"]
    text = session.after["docs/ru/index.md"]
    assert f'```output title="{out_title(RELEASES, "ru")}"\n42\n```' in text, text
    assert "docs/ru/index.md" not in session.checked, "a translation's code ran as a test"


def test_update_names_what_it_rewrote_and_is_a_fixed_point(session):
    rewritten = [p for p in session.after if session.after[p] != session.before[p]]
    assert sorted(rewritten) == sorted(
        [path for name, (path, _) in session.pages.items() if name not in STAYS_BROKEN]
        + ["docs/ru/index.md"])
    assert f"make outputs: rewrote {len(rewritten)} output fence(s) in {len(rewritten)} " \
           "file(s)" in session.updated
    assert session.outcomes[2] == 0, "the outputs --update-outputs wrote fail the next check:\n" \
        + session.rechecked


def test_a_page_that_passed_is_recorded_in_every_language(session):
    record = json.loads((session.root / ".cache" / "provenance.json").read_text("utf-8"))
    for page in ("en/index.md", "ru/index.md", "en/split.md"):
        assert record["pages"][page]["torch"] == list(RELEASES), (page, record)
    assert "en/loop.md" not in record["pages"], "a page that failed is recorded as verified"


def test_invalid_utf8_names_page_and_line(pytester):
    root = tiny_site(pytester.path)
    path = root / "docs" / "en" / "index.md"
    path.write_bytes(path.read_bytes() + b"\nline \xff\n")
    line = path.read_bytes().count(b"\n")
    result = pytester.runpytest_inprocess("docs/en/index.md")
    assert result.ret != 0
    assert f"docs/en/index.md:{line}: not valid UTF-8" in result.stdout.str(), result.stdout.str()


# ---- the build ---------------------------------------------------------------------------------

def test_a_missing_include_fails_the_build_naming_its_line_under_a_banner(tmp_path):
    """The Russian page is not stamped, so it is built with a banner above its text: the line
    named is still the file's."""
    root = tiny_site(tmp_path / "tiny")
    path = root / "docs" / "ru" / "index.md"
    text = path.read_text(encoding="utf-8").replace("snippets/double.py", "snippets/gone.py")
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index('--8<-- "snippets/gone.py"') + 1
    passed, log = build(root, tmp_path / "site")
    assert not passed
    assert f"docs/ru/index.md:{line}: cannot include a snippet" in log, log


def test_a_broken_anchor_fails_the_build():
    """MkDocs checks anchors itself; the site's config makes a broken one a warning, which the
    strict build fails on."""
    assert SITE.config["validation"]["links"]["anchors"] == logging.WARNING


def test_a_page_in_one_language_only_fails_parity(tmp_path):
    root = tiny_site(tmp_path / "tiny")
    (root / "docs" / "ru" / "only-here.md").write_text("# Only here\n", encoding="utf-8")
    problems = page_set_problems(Site(root), "ru")
    assert "docs/ru/ has ['only-here.md'], which docs/en/ lacks" in problems, problems
