"""The publishing workflow (.github/workflows/pages.yml), checked offline: check-jsonschema's
built-in copy of SchemaStore's workflow schema, zizmor's offline audits, pins, `make test`."""

import pathlib
import re
import shutil
import subprocess
import sys

import pytest
import yaml

from tests.repo import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
BIN = pathlib.Path(sys.executable).parent
USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$", re.M)


def checker(*command):
    return lambda path: subprocess.run([BIN / command[0], *command[1:], str(path)],
                                       capture_output=True, text=True, timeout=120)


schema = checker("check-jsonschema", "--builtin-schema", "vendor.github-workflows")
zizmor = checker("zizmor", "--offline", "--min-severity", "high", "--format", "plain")


def test_every_action_is_pinned_to_a_commit_with_its_tag_named():
    found = USES.findall(WORKFLOW.read_text(encoding="utf-8"))
    assert found
    for ref, comment in found:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", ref), (
            f"{WORKFLOW.name}: {ref} is not pinned to a full commit SHA")
        assert re.fullmatch(r"\s*#\s*v\d+\.\d+\.\d+\s*", comment), (
            f"{WORKFLOW.name}: {ref} names no release tag (`# vX.Y.Z`) beside its SHA")


def test_the_workflow_runs_the_readme_test_command_before_deploying():
    jobs = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]
    runs = [step.get("run") for step in jobs["build"]["steps"]]
    assert "make test" in runs and "make build" in runs
    assert runs.index("make test") < runs.index("make build")
    assert "make test" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert jobs["deploy"]["needs"] == "build"


@pytest.mark.parametrize("old, new, check", [
    ("", "", schema),
    ("", "", zizmor),
    ("        run: make test\n", "        run: echo ${{ github.event.head_commit.message }}\n",
     zizmor),
    ("    needs: build\n", "    needs: {build: true}\n", schema),
], ids=["valid-schema", "zizmor-clean", "template-injection", "bad-needs"])
def test_the_checks_pass_the_workflow_and_fail_a_broken_one(tmp_path, old, new, check):
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text
    copy = tmp_path / ".github" / "workflows" / "pages.yml"
    copy.parent.mkdir(parents=True)
    copy.write_text(text.replace(old, new, 1), encoding="utf-8")
    shutil.copy(ROOT / "README.md", tmp_path)
    result = check(copy)
    assert (result.returncode == 0) == (not old), (
        f"the check passes a workflow with {new!r}" if old else result.stdout + result.stderr)
