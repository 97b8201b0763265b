"""Shared by the tests: the repo's pages, and scratch copies of the repo to break on purpose."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

from tests.executable_docs import ROOT, languages, site_config

DOCS = pathlib.Path(site_config()["docs_dir"])


def pages(lang: str) -> list[str]:
    """Page paths of one language, relative to its folder."""
    return sorted(str(p.relative_to(DOCS / lang)) for p in (DOCS / lang).rglob("*.md"))


def all_pages() -> list[pathlib.Path]:
    return [DOCS / lang / page for lang in languages() for page in pages(lang)]


def built_html(site: pathlib.Path, lang: str, page: str) -> pathlib.Path:
    """Where the build puts `docs/<lang>/<page>`: static-i18n serves the default language at the
    root, and MkDocs turns `name.md` into `name/index.html`."""
    out = site if lang == languages()[0] else site / lang
    name = page.removesuffix(".md")
    name = "" if name == "index" else name.removesuffix("/index") + "/"
    return out / name / "index.html"


def scratch_copy(tmp_path: pathlib.Path) -> pathlib.Path:
    """The repo as a fresh clone has it, plus uncommitted edits: no virtualenv, build output,
    git data or local caches (.cache holds test records and npm tools)."""
    dest = tmp_path / "repo"
    shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns(
        ".venv", "site", ".git", "__pycache__", ".pytest_cache", ".cache"))
    return dest


def run(repo: pathlib.Path, *args: str) -> subprocess.CompletedProcess:
    """`python -m <args>` inside a scratch copy, output captured as text."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", *args], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=600)


def build(repo: pathlib.Path, site_dir: pathlib.Path) -> subprocess.CompletedProcess:
    return run(repo, "mkdocs", "build", "--strict", "--site-dir", str(site_dir))
