"""The workflows (.github/workflows/), checked offline: check-jsonschema's built-in copy of
SchemaStore's workflow schema, zizmor's offline audits, pins; the publishing one runs `make test`,
the release watch `make add-release` and opens a pull request with the least permissions."""

import pathlib
import re
import shutil
import subprocess
import sys

import pytest
import yaml

from tests.repo import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
WATCH = ROOT / ".github" / "workflows" / "release-watch.yml"
BIN = pathlib.Path(sys.executable).parent
USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$", re.M)


def checker(*command):
    return lambda path: subprocess.run([BIN / command[0], *command[1:], str(path)],
                                       capture_output=True, text=True, timeout=120)


schema = checker("check-jsonschema", "--builtin-schema", "vendor.github-workflows")
zizmor = checker("zizmor", "--offline", "--min-severity", "high", "--format", "plain")


def test_the_workflows_are_the_publishing_one_and_the_release_watch():
    assert WORKFLOW in WORKFLOWS and WATCH in WORKFLOWS, [p.name for p in WORKFLOWS]


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_every_action_is_pinned_to_a_commit_with_its_tag_named(workflow):
    found = USES.findall(workflow.read_text(encoding="utf-8"))
    assert found
    pins: dict[str, set] = {}
    for other in WORKFLOWS:
        for ref, comment in USES.findall(other.read_text(encoding="utf-8")):
            pins.setdefault(ref.partition("@")[0], set()).add((ref, comment.strip()))
    for ref, comment in found:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", ref), (
            f"{workflow.name}: {ref} is not pinned to a full commit SHA")
        assert re.fullmatch(r"\s*#\s*v\d+\.\d+\.\d+\s*", comment), (
            f"{workflow.name}: {ref} names no release tag (`# vX.Y.Z`) beside its SHA")
        action = ref.partition("@")[0]
        assert len(pins[action]) == 1, (
            f"{workflow.name}: {action} is pinned differently across the workflows: "
            f"{sorted(pins[action])}; use one pin")


def test_the_watch_runs_weekly_and_by_hand_adds_the_release_and_opens_a_pull_request():
    workflow = yaml.safe_load(WATCH.read_text(encoding="utf-8"))
    on = workflow[True]  # YAML 1.1 reads the key `on` as True
    assert "workflow_dispatch" in on, "the watch cannot be run by hand"
    cron = on["schedule"][0]["cron"].split()
    assert cron[2:4] == ["*", "*"] and cron[4] not in ("*",), f"not weekly: {cron}"
    assert workflow["permissions"] == {}, "permissions beyond the jobs' own"
    jobs = workflow["jobs"]
    runs = {name: "\n".join(step.get("run", "") for step in job["steps"])
            for name, job in jobs.items()}
    adds = [name for name, run in runs.items() if re.search(r"^make add-release\b", run, re.M)]
    proposes = [name for name, run in runs.items() if re.search(r"^\s*gh pr create\b", run, re.M)]
    assert adds and proposes, runs
    for name in adds:  # runs the project's code and what pip installs: may only read
        assert jobs[name]["permissions"] == {"contents": "read"}, jobs[name]["permissions"]
    for name in proposes:  # may write: runs nothing of the project
        assert jobs[name]["permissions"] == {"contents": "write", "pull-requests": "write"}
        assert not re.search(r"^\s*(make|\S*python)\b", runs[name], re.M), runs[name]
        assert jobs[name]["needs"] == adds[0]


def test_the_workflow_runs_the_readme_test_command_before_deploying():
    jobs = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]
    runs = [step.get("run") for step in jobs["build"]["steps"]]
    assert "make test" in runs and "make build" in runs
    assert runs.index("make test") < runs.index("make build")
    assert "make test" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert jobs["deploy"]["needs"] == "build"


@pytest.mark.parametrize("workflow, old, new, check", [
    (WORKFLOW, "", "", schema),
    (WORKFLOW, "", "", zizmor),
    (WORKFLOW, "        run: make test\n",
     "        run: echo ${{ github.event.head_commit.message }}\n", zizmor),
    (WORKFLOW, "    needs: build\n", "    needs: {build: true}\n", schema),
    (WATCH, "", "", schema),
    (WATCH, "", "", zizmor),
    (WATCH, '          branch="pytorch-$RELEASE"\n',
     '          branch="${{ github.event.head_commit.message }}"\n', zizmor),
    (WATCH, '    - cron: "17 5 * * 1"\n', "    - cron: 17\n", schema),
], ids=["pages-valid-schema", "pages-zizmor-clean", "pages-template-injection",
        "pages-bad-needs", "watch-valid-schema", "watch-zizmor-clean",
        "watch-template-injection", "watch-bad-cron"])
def test_the_checks_pass_the_workflow_and_fail_a_broken_one(tmp_path, workflow, old, new, check):
    text = workflow.read_text(encoding="utf-8")
    assert old in text
    copy = tmp_path / ".github" / "workflows" / workflow.name
    copy.parent.mkdir(parents=True)
    copy.write_text(text.replace(old, new, 1), encoding="utf-8")
    shutil.copy(ROOT / "README.md", tmp_path)
    result = check(copy)
    assert (result.returncode == 0) == (not old), (
        f"the check passes a workflow with {new!r}" if old else result.stdout + result.stderr)
