"""pytest plugin: record which torch version and date each page's outputs were last verified with.

A page counts as verified when every one of its code blocks ran and passed in this session (its
outputs matched, or `make outputs` rewrote them from the run). Each time a page reaches that
point its entry in `.cache/provenance.json` is rewritten at once, so a site built later in the
same session (the browser tests run last) already shows it; hooks/provenance.py puts it in the
page footer. Pages that failed or did not run keep their previous entry.

File format:
    {"run": {"torch": "2.13.0+cpu", "verified": "2026-11-29"},        # last run with doc tests
     "with_code": ["en/index.md", ...],                               # pages that have code
     "pages": {"en/index.md": {"torch": "2.13.0+cpu", "verified": "2026-11-29"}, ...}}
"""

from __future__ import annotations

import datetime
import json
import os
import pathlib
from collections import Counter

import pytest

from tests.executable_docs import ROOT
from tests.helpers import DOCS as DOCS_DIR


PATH = ROOT / ".cache" / "provenance.json"  # hooks/provenance.py reads the same path
DOCS = DOCS_DIR.resolve()


def page_of(path) -> str | None:
    """`en/index.md` for a fence of docs/en/index.md, None for anything else."""
    path = pathlib.Path(path).resolve()
    if path.suffix != ".md" or not path.is_relative_to(DOCS):
        return None
    return path.relative_to(DOCS).as_posix()


class Provenance:
    def __init__(self):
        self.expected: Counter[str] = Counter()
        self.passed: Counter[str] = Counter()
        self.failed: set[str] = set()
        self.verified_now: set[str] = set()

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        for item in items:
            page = page_of(item.path)
            if page:
                self.expected[page] += 1

    def pytest_runtest_logreport(self, report):
        page = page_of(report.fspath) if report.fspath else None
        if page is None or page not in self.expected:
            return
        if report.failed or report.skipped:
            self.failed.add(page)
        elif report.when == "call" and report.passed:
            self.passed[page] += 1
            if self.passed[page] == self.expected[page] and page not in self.failed:
                self.verified_now.add(page)
                self.write(page)

    def write(self, page: str) -> None:
        import torch  # the docs tests imported it already

        stamp = {"torch": torch.__version__, "verified": datetime.date.today().isoformat()}
        try:
            data = json.loads(PATH.read_text(encoding="utf-8"))
            assert isinstance(data, dict)
        except (OSError, ValueError, AssertionError):
            data = {}
        data["run"] = stamp
        data["with_code"] = sorted(set(data.get("with_code", [])) | set(self.expected))
        data.setdefault("pages", {})[page] = stamp
        PATH.parent.mkdir(parents=True, exist_ok=True)
        tmp = PATH.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                       encoding="utf-8")
        os.replace(tmp, PATH)


def pytest_configure(config):
    config.pluginmanager.register(Provenance(), "provenance")
