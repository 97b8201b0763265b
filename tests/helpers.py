"""Shared by the tests: a scratch copy of the repo to break on purpose, and its strict build."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

from tests.repo import ROOT


def scratch_copy(tmp_path: pathlib.Path) -> pathlib.Path:
    """The repo as a fresh clone has it, plus uncommitted edits: no virtualenv, build output,
    git data or local caches (.cache holds test records and npm tools)."""
    dest = tmp_path / "repo"
    shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns(
        ".venv", "site", ".git", "__pycache__", ".pytest_cache", ".cache", "*.egg-info"))
    # The other PyTorch releases stay where `make` installed them: the copy uses them in place.
    (dest / ".venv").mkdir()
    for installed in (ROOT / ".venv").glob("torch-*"):
        (dest / ".venv" / installed.name).symlink_to(installed)
    return dest


def build(repo: pathlib.Path, site_dir: pathlib.Path, **environ: str) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` of the site at `repo`, in a child, output captured as text."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1", **environ}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                           str(site_dir)], cwd=repo, env=env, capture_output=True, text=True,
                          timeout=600)
