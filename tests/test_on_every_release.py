"""The snippet tests run on every PyTorch release of requirements-torch.txt, not only on the
default one this session imports: each other release gets its own pytest run, in a child process
whose torch is that release (verified_docs.versions)."""

import subprocess
import sys

import pytest

from verified_docs import versions
from verified_docs.site import ROOT

# Tests of what the snippets compute; tests of the built site (`site` fixture) are not re-run.
FACT_TESTS = sorted({p.relative_to(ROOT).as_posix() for pattern in
                     ("test_snippets*.py", "test_page_*.py", "test_exercise.py")
                     for p in (ROOT / "tests").glob(pattern)})


@pytest.mark.parametrize("release", versions.releases()[1:])
def test_snippet_tests_pass_on(release):
    assert not versions.missing(release), versions.missing(release)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
         "-m", "not built_site", *FACT_TESTS],
        cwd=ROOT, env=versions.environ(release), capture_output=True, text=True, timeout=1200)
    assert result.returncode == 0, (
        f"the snippet tests fail on PyTorch {release} (run them alone with "
        f"`PYTHONPATH={versions.site_packages(release)} .venv/bin/python -m pytest -o addopts= "
        f"-m 'not built_site' {' '.join(FACT_TESTS)}`):\n{result.stdout[-6000:]}")
