"""The pytest plugin on the tiny site (tests/tiny.py), in process through `pytest.main`, in three
runs the module shares (a check, `--update-outputs`, a re-check), each a worker per release."""

import contextlib
import io
import json
import re

import pytest

from tests.repo import SITE
from tests.tiny import NEWEST, OLDEST, PRINT_RELEASE, RELEASES, tiny_site, write_page
from verified_docs.model.outputs import title
from verified_docs.model.site import Site

LATER = RELEASES[1:]
DIFFER = f"import torch\nprint('same')\nprint(torch.__version__.startswith('{OLDEST}'))"
SEPARATOR = re.compile(r"^(_{3,}|={3,}) ", re.MULTILINE)  # pytest's section headers


def out_title(releases, lang="en") -> str:
    return title(SITE, lang, releases)


def out_fence(releases, text) -> tuple[str, str]:  # (info string, text), as write_page takes
    return f'output title="{out_title(releases)}"', text


def wrong_in(release):
    """Outputs of code that prints its release and 4, showing 5 for `release` only."""
    return [out_fence([r], f"{r}\n{5 if r == release else 4}") for r in RELEASES]


def drift_said(release):
    """The report of wrong_in(release): that release, the page's diff, the digit."""
    return [f"{{where}}: what the code prints on PyTorch {release} differs from the output "
            "shown", "--- {path} (the page)", "-5\n+4"]


# name: (info, code, its output fences, or None when it stays broken, and what its report says
# in the first run, "{where}" standing for its page:3, "{path}" for its page)
ON_NEWEST = f'{{.python torch=">={NEWEST}"}}'  # a costly failure, reported as on any release
PAGES = {
    "loop": (ON_NEWEST, "while True:\n    pass", None,
             ["{where}: the code block did not finish within 2 s"]),
    "flood": (ON_NEWEST, "print('x' * 1_000_000)", None,
              ["{where}: the code block wrote 1,000,001 bytes to stdout"]),
    "unknown": ('{.python torch="1.0"}', "print(1)", None,
                ['{where}: torch="1.0" names no single release']),
    "raises": ("python", 'raise ValueError("boom")', None,
               ["{where}: the code block raised on PyTorch", "ValueError: boom"]),
    "exit": ("python", "import sys\nsys.exit(3)", None,  # an error, its line the page's
             ["{where}: the code block raised on PyTorch", 'exit.md", line 5', "SystemExit: 3"]),
    "syntax": ("python", "print(1 +)", None,
               ["{where}: the code block raised on PyTorch", "SyntaxError"]),
    "stderr": ("python", 'import warnings\nwarnings.warn("careful")', None,
               ["{where}: the code wrote to stderr", "UserWarning: careful"]),
    "missing": ("python", '--8<-- "snippets/no_such_file.py"', None,
                ["{where}: cannot include snippet"]),
    "bad-utf8": ("python", r"print('\xff')", None, ["{path}:4: not valid UTF-8"]),
    "split": ("python", "print(4)", [out_fence([r], "4") for r in RELEASES],
              ["are not as `make outputs` writes them",
               f'+```output title="{out_title(RELEASES)}"\n']),
    "left-its-group": ("python", DIFFER, [out_fence([OLDEST], "same\nTrue"),
                                          out_fence(LATER[1:], "same\nFalse")],
                       [f"what the code prints on PyTorch {LATER[0]} differs"]),
    **{f"drift-{r}": ("python", PRINT_RELEASE + "\nprint(2 + 2)", wrong_in(r), drift_said(r))
       for r in RELEASES},
    "differ": ("python", DIFFER, [], []),
    "newest": (ON_NEWEST, PRINT_RELEASE, [], []),
}
STAYS_BROKEN = [name for name, (_, _, shown, _) in PAGES.items() if shown is None]


def run_pytest(root, *args) -> tuple[int, str]:
    """pytest run in process in the folder `root`; the page that cannot be read stops no run."""
    out = io.StringIO()
    with contextlib.chdir(root), contextlib.redirect_stdout(out):
        code = pytest.main(["-p", "no:xdist", "--block-timeout", "2",
                            "--continue-on-collection-errors", *args])
    return int(code), out.getvalue()


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    """{"root", "paths", per run its (code, output), the texts "before" and "after" the update}."""
    root = tiny_site(tmp_path_factory.mktemp("tiny"))
    paths, site = {name: f"docs/en/{name}.md" for name in [*PAGES, "index"]}, Site.load(root)
    for name, (info, code, shown, _) in PAGES.items():  # the code on line 3
        write_page(site, root / paths[name], (info, code), *shown or [])
    bad = root / paths["bad-utf8"]  # its line 4 made not UTF-8
    bad.write_bytes(bad.read_bytes().replace(rb"\xff", b"\xff"))
    for lang in ("en", "ru"):  # the English run's outputs are written into the translation
        index = root / "docs" / lang / "index.md"
        index.write_text(index.read_text("utf-8").replace("\n42\n", "\n43\n", 1), "utf-8")

    def texts():
        return {p: (root / p).read_text("utf-8", "replace")
                for p in [*paths.values(), "docs/ru/index.md"]}

    # Run in this order; the first two collect docs/ (the site's testpaths), translations included.
    return {"root": root, "paths": paths, "checked": run_pytest(root), "before": texts(),
            "updated": run_pytest(root, "--update-outputs"), "after": texts(),
            "rechecked": run_pytest(root, *[p for n, p in paths.items() if n not in STAYS_BROKEN])}


def report(session, name) -> str:
    """A page's failure report in the first run, to the next section."""
    output, where = session["checked"][1], session["paths"][name]
    match = re.search(rf"^{re.escape(where)}:\d+: ", output, re.MULTILINE)
    assert match, f"{where} is not reported:\n{output[-3000:]}"
    end = SEPARATOR.search(output, match.start())
    return output[match.start():end.start() if end else None]


def test_each_broken_page_fails_once_and_none_stops_the_others(session):
    code, output = session["checked"]
    summary = output.strip().splitlines()[-1]  # bad-utf8 is not collected: the one error
    assert code == 1 and f"{len(session['paths']) - 1} failed" in summary \
        and " 1 error in" in summary, output
    assert "docs/ru/index.md" not in output, "a translation's code ran as a test"


@pytest.mark.parametrize("name", [name for name, (*_, said) in PAGES.items() if said])
def test_a_failure_is_reported_naming_page_and_line(session, name):
    text, path = report(session, name), session["paths"][name]
    for said in PAGES[name][3]:
        assert said.format(where=f"{path}:3", path=path) in text, (said, text)
    assert len(text) < 20_000, f"the report quotes the whole output: {len(text):,} characters"
    named = [r for r in RELEASES if f"on PyTorch {r}" in text]
    assert len(named) <= 1, f"the report names {named}, not the one release that failed:\n{text}"


GROUPED = (f'```output title="{out_title([OLDEST])}" hl_lines="2"\nsame\nTrue\n```\n\n'
           f'```output title="{out_title(LATER)}" hl_lines="2"\nsame\nFalse\n```')


@pytest.mark.parametrize("path, written, fences", [
    pytest.param("docs/en/split.md", f'\n```output title="{out_title(RELEASES)}"\n4\n```\n', 1,
                 id="the same output on every release: one fence titled with all"),
    pytest.param("docs/en/differ.md", GROUPED, 2,
                 id="differing outputs: oldest first, the lines that differ marked"),
    pytest.param("docs/en/left-its-group.md", GROUPED, 2, id="a release that left its group"),
    pytest.param("docs/en/newest.md", f'\n```output title="{out_title([NEWEST])}"\n{NEWEST}\n',
                 1, id="a restricted fence: titled with its releases only"),
    pytest.param("docs/en/index.md", f'```output title="{out_title(RELEASES)}"\n42\n```', 2,
                 id="the drifted value"),
    pytest.param("docs/ru/index.md", f'```output title="{out_title(RELEASES, "ru")}"\n42\n```',
                 2, id="the translation: the English run, titled in its language"),
])
def test_update_writes_outputs_grouped_by_what_each_release_printed(session, path, written,
                                                                    fences):
    text = session["after"][path]
    assert written in text and text.count("```output") == fences, text


def test_update_names_what_it_rewrote_and_is_a_fixed_point(session):
    rewritten = sorted(p for p in session["after"] if session["after"][p] != session["before"][p])
    expected = sorted([p for name, p in session["paths"].items() if name not in STAYS_BROKEN]
                      + ["docs/ru/index.md"])
    assert session["updated"][0] == 1 and rewritten == expected, (
        f"--update-outputs rewrote {rewritten}, not {expected}: every page whose blocks ran, and "
        f"nothing for a block that failed ({STAYS_BROKEN})")
    assert f"make outputs: rewrote {len(rewritten)} output fence(s) in {len(rewritten)} " \
           "file(s)" in session["updated"][1]
    assert session["rechecked"][0] == 0, \
        "the outputs --update-outputs wrote fail the next check:\n" + session["rechecked"][1]


def test_a_page_that_passed_is_recorded_in_every_language(session):
    record = json.loads((session["root"] / ".cache" / "provenance.json").read_text("utf-8"))
    for page in ("en/index.md", "ru/index.md", "en/split.md"):
        assert record["pages"][page]["torch"] == list(RELEASES), (page, record)
    assert record["pages"]["en/newest.md"]["torch"] == [NEWEST], record
    assert "en/loop.md" not in record["pages"], "a page that failed is recorded as verified"
