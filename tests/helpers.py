"""Shared by the tests: a site's strict build in a child process; a page's snippet run as a
script."""

import os
import pathlib
import runpy
import subprocess
import sys


def build(repo: pathlib.Path, site_dir: pathlib.Path, **environ: str) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` of the site at `repo`, in a child, output captured as text."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1", **environ}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                           str(site_dir)], cwd=repo, env=env, capture_output=True, text=True,
                          timeout=600)


def run_snippet(folder: str, name: str, capsys) -> tuple[dict, str]:
    """`snippets/<folder>/<name>.py` run as `__main__`: its namespace and what it printed."""
    path = pathlib.Path(__file__).resolve().parents[1] / "snippets" / folder / f"{name}.py"
    namespace = runpy.run_path(str(path), run_name="__main__")
    return namespace, capsys.readouterr().out
