"""Shared by the tests: a site's strict build in a child process."""

import os
import pathlib
import subprocess
import sys


def build(repo: pathlib.Path, site_dir: pathlib.Path, **environ: str) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` of the site at `repo`, in a child, output captured as text."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1", **environ}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                           str(site_dir)], cwd=repo, env=env, capture_output=True, text=True,
                          timeout=600)
