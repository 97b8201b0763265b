"""`make add-release` (verified_docs/commands/add_release.py) and what the release watch does
with it, offline but for PyPI: where a release's line goes, the dry run against the real index
in a scratch folder, and the review and pull request description of a run, read from the pages
as `make outputs` left them (they are the pages of a run that added their newest release)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from tests.machinery.test_changes import expected as changed_examples
from tests.repo import ROOT, SITE
from verified_docs.commands import add_release
from verified_docs.model import versions
from verified_docs.model.fences import page_fences

RANGE = re.compile(r"\b(?:from|since|up to|until|after|before) (?:PyTorch )?\d+\.\d+")
LISTED = (ROOT / versions.LIST_NAME).read_text(encoding="utf-8")
RELEASES = SITE.torch.all


def without(text: str, release: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True)
                   if line.strip() != f"torch=={release}")


@pytest.mark.parametrize("release", RELEASES)
def test_a_release_taken_out_goes_back_in_its_place(release):
    """The line of each verified release, the default's too, goes back where it was."""
    assert add_release.placed(without(LISTED, release), release) == LISTED


def test_a_newer_release_becomes_the_default_and_the_old_one_joins_the_others():
    text = add_release.placed(LISTED, "9.0.0")
    pins = [m[1] for line in text.splitlines() if (m := versions.PIN.match(line))]
    assert pins[0] == "9.0.0"
    assert pins[1:] == sorted(RELEASES, key=versions.key), pins
    assert text.replace("torch==", "").count("#") == LISTED.count("#")  # comments kept


def test_the_newest_release_is_taken_only_when_newer_than_every_verified_one():
    assert add_release.newest(["2.13.0", "2.15.0"], ["2.14.1", "2.15.0", "2.16.0"]) == "2.16.0"
    assert add_release.newest(["2.13.0", "2.15.0"], ["2.14.1", "2.15.0"]) is None
    assert add_release.newest(["2.15.0"], ["2.14.2"]) is None  # an older line's fix


def dry_run(listed: str, tmp_path) -> tuple[subprocess.CompletedProcess, str]:
    """The command with DRY_RUN in a scratch folder holding only the list."""
    (tmp_path / versions.LIST_NAME).write_text(listed, encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    result = subprocess.run([sys.executable, "-m", "verified_docs", "add-release", "--dry-run"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert sorted(p.name for p in tmp_path.iterdir()) == before, "the dry run made a file"
    assert (tmp_path / versions.LIST_NAME).read_text(encoding="utf-8") == listed, (
        "the dry run changed the list")
    assert result.returncode == 0, result.stderr[-3000:]
    return result, result.stdout


@pytest.fixture(scope="module")
def on_index():
    """The final releases PyPI lists now (the tests install from it: it is reachable)."""
    return add_release.index_releases()


def test_the_dry_run_names_the_newest_release_of_the_real_index(tmp_path, on_index):
    """With the default's line taken out, the dry run names the index's newest release (the
    default itself while no newer one is out) and installs and writes nothing."""
    newest = max(on_index, key=versions.key)
    assert versions.key(newest) >= versions.key(SITE.torch.default)
    _, said = dry_run(without(LISTED, SITE.torch.default), tmp_path)
    assert f"The package index has PyTorch {newest}" in said, said
    assert f"1. {versions.LIST_NAME}: add torch=={newest}, first: the new default" in said, said
    assert "freeze again" in said, said


def test_the_dry_run_on_the_list_says_whether_a_newer_release_exists(tmp_path, on_index):
    newer = add_release.newest(RELEASES, on_index)
    _, said = dry_run(LISTED, tmp_path)
    if newer is None:
        assert said.startswith("No release on the package index is newer than every verified "
                               "one"), said
    else:
        assert f"The package index has PyTorch {newer}" in said, said


@pytest.fixture(scope="module")
def run_review():
    """The review of a run that added the newest non-default release, from today's pages."""
    release = max(RELEASES[1:], key=versions.key)
    return add_release.review(SITE, release)


def test_the_review_lists_prose_lines_as_page_and_line(run_review):
    listed = re.findall(r"^- \[ \] `(docs/en/[\w-]+\.md):(\d+)`: (.+)$",
                        add_release.described(run_review), re.M)
    assert listed, run_review["prose"]
    for page, line, sentence in listed:
        text = (ROOT / page).read_text(encoding="utf-8").splitlines()[int(line) - 1]
        assert sentence.split(" ")[0] in text, f"{page}:{line}: {sentence!r} is not that line"
        assert re.search(r"(?<![\w.])\d+\.\d+(\.\d+)?(?![\w])", sentence), sentence
    # Every range a page's prose states is listed; no line of figures alone is.
    at = {(page, int(line)) for page, line, _ in listed}
    for page in SITE.pages(SITE.default):
        path = SITE.docs / SITE.default / page
        fenced = {n for f in page_fences(SITE, path) for n in range(f.open_line, f.close_line + 1)}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if number not in fenced and RANGE.search(line):
                assert (f"docs/{SITE.default}/{page}", number) in at, (
                    f"docs/{SITE.default}/{page}:{number} states a range of releases and is "
                    f"not listed for review: {line}")
    assert not any(re.fullmatch(r"[\[\]\d., ]+", s) for _, _, s in listed), listed


def test_the_review_gives_each_facts_branch_its_side_on_the_release(run_review):
    release = run_review["release"]
    label = tuple(versions.key(release)[:2])
    branches = run_review["facts"]
    assert branches
    for file, line, condition, said in branches:
        source = (ROOT / file).read_text(encoding="utf-8").splitlines()[line - 1]
        assert condition.split(" ")[0] in source and "RELEASE" in condition
        literal = re.fullmatch(r"RELEASE (<|>=|==) \((\d+), (\d+)\)", condition)
        if literal:
            op, value = literal[1], (int(literal[2]), int(literal[3]))
            truth = {"<": label < value, ">=": label >= value, "==": label == value}[op]
            assert said.startswith(f"{truth} on {release}"), (condition, said)
        else:
            assert "read it" in said, (condition, said)


def test_the_pull_request_lists_every_changed_example_per_page(run_review):
    body = add_release.described(run_review)
    assert len(body) < 65536, "longer than GitHub takes as a pull request's description"
    for pair in run_review["changed"]:
        old, new = pair.split(" → ")
        section = body.split(f"## Examples that print differently, {pair}")[1].split("\n## ")[0]
        listed = {(page, int(number)) for page, block in re.findall(
            r"### docs/en/(\S+)\n(.*?)(?=\n### |\Z)", section, re.S)
            for number in re.findall(r"\(example (\d+)\)", block)}
        assert listed == changed_examples(old, new)[0], pair
    review = body.split("## To review")[1]
    assert f"`{run_review['new'][0][0]}:{run_review['new'][0][1]}`" in review, (
        "an example whose output no other release prints is not listed")


def test_the_make_target_passes_its_variables(tmp_path):
    """DRY_RUN=1 and BODY reach the command (make -n prints it, running nothing)."""
    make = shutil.which("make")
    result = subprocess.run([make, "-n", "--no-print-directory", "add-release", "RELEASE=2.99.0",
                             "DRY_RUN=1", f"BODY={tmp_path / 'b.md'}"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    line = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr
    assert "verified_docs add-release 2.99.0" in result.stdout and "--dry-run" in \
        result.stdout and f"--body {tmp_path / 'b.md'}" in result.stdout, line
    off = subprocess.run([make, "-n", "--no-print-directory", "add-release", "DRY_RUN=0"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "--dry-run" not in off.stdout, off.stdout


def test_a_new_default_is_frozen_with_the_comment_lines_and_without_the_build_specific_pins():
    """What `refreeze` writes from `pip freeze`: requirements.txt's comment lines kept, the
    CUDA libraries and triton left out (they follow the build of torch a machine installs)."""
    old = (ROOT / add_release.FROZEN).read_text(encoding="utf-8")
    freeze = "attrs==26.1.0\nnvidia-cublas==13.1.0\ncuda-bindings==13.0.1\ntriton==3.6.0\n" \
             "zipp==3.23.0\n"
    head, pins = add_release.frozen(old, freeze).split("\nattrs==")
    assert head and all(line.startswith("#") for line in head.splitlines()), head
    assert old.startswith(head + "\n") and pins == "26.1.0\nzipp==3.23.0\n", pins
    assert not [line for line in old.splitlines() if add_release.BUILD_SPECIFIC.match(line)]


def test_the_review_after_a_run_reads_the_list_and_the_pages_afresh(tmp_path, monkeypatch):
    """The command reads the list before the run: its review reads the one it wrote, and so
    lists the examples the added release prints something new in (the install and the outputs'
    run left out: the pages are already as they leave them)."""
    copy = tmp_path / "site"
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    copy.mkdir()
    subprocess.run(["tar", "-x", "-C", str(copy)], input=archive, check=True)
    release = max(RELEASES[1:], key=versions.key)
    (copy / versions.LIST_NAME).write_text(without(LISTED, release), encoding="utf-8")
    ran = []
    monkeypatch.setattr(add_release.subprocess, "run", lambda command, **_: ran.append(command))
    assert add_release.main([release, "--body", str(tmp_path / "body.md")], copy) == 0
    assert [command[1] for command in ran] == ["--no-print-directory", "-m"], ran
    body, new = (tmp_path / "body.md").read_text(encoding="utf-8"), \
        add_release.review(SITE, release)["new"]
    assert new and all(f"- [ ] `{file}:{line}`" in body for file, line, _ in new), body
