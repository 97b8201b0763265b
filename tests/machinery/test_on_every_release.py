"""The snippet tests on every other release of requirements-torch.txt: a child pytest each, whose
torch is that release (verified_docs.model.versions), all started with the module's first test."""

import subprocess
import sys
import tempfile

import pytest

from tests.repo import ROOT, SITE

# Tests of what the snippets compute; tests of the built site (`site` fixture) are not re-run.
# Nor is tests/exercise/: the exercise page runs the checker on the solution and on each wrong
# solution on every release (docs/*/exercise.md, outputs compared), and the rest of that module
# tests the checker's own process handling and messages, which no release changes.
FACT_TESTS = sorted(p.relative_to(ROOT).as_posix()
                    for p in (ROOT / "tests" / "pages").glob("test_*.py"))
OTHERS = SITE.torch.all[1:]


@pytest.fixture(scope="module")
def children():
    """release -> (its child pytest, the file of its output), for every installed release."""
    started = {}
    for release in OTHERS:
        if not SITE.torch.missing(release):
            out = tempfile.TemporaryFile(mode="w+")
            started[release] = (subprocess.Popen(
                [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o",
                 "addopts=", "-m", "not built_site", *FACT_TESTS],
                cwd=ROOT, env={**SITE.torch.environ(release), "OMP_NUM_THREADS": "1"},
                stdout=out, stderr=subprocess.STDOUT, text=True), out)
    yield started
    for process, out in started.values():
        process.kill()
        out.close()


@pytest.mark.parametrize("release", OTHERS)
def test_snippet_tests_pass_on(release, children):
    assert not SITE.torch.missing(release), SITE.torch.missing(release)
    process, out = children[release]
    returncode = process.wait(timeout=1200)
    out.seek(0)
    assert returncode == 0, (
        f"the snippet tests fail on PyTorch {release} (run them alone with "
        f"`PYTHONPATH={SITE.torch.site_packages(release)} .venv/bin/python -m pytest -o addopts= "
        f"-m 'not built_site' {' '.join(FACT_TESTS)}`):\n{out.read()[-6000:]}")
