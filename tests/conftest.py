"""The one strict build of the site per `make test` (the `site` fixture): the first pytest-xdist
worker to need it builds it under a file lock, the others read it; its footers from a provenance
record the fixture writes, so the built-site tests wait for no page run. And how `make test`
shares the tests out between two workers: the browser tests together, every other file apart."""
import json
import os

import pytest
from filelock import FileLock

from tests.helpers import build
from tests.repo import ROOT, SITE
from verified_docs.model import fences

# One thread for torch's operators in every process the tests start: two pytest-xdist workers
# share two cores, and torch's pool, one spinning thread per core in each, would have them wait
# on one another (a 0.2 s training loop took 28 s so).
os.environ["OMP_NUM_THREADS"] = "1"

# The tiny site (tests/tiny.py) is input to tests, not pages of this site.
collect_ignore = ["fixtures"]

# The date the site's test build is verified on: not today, so that a footer showing it comes
# from this record, not from a run of the pages.
VERIFIED = "2026-03-05"


# First: `-m "not built_site"` (the other releases' runs, tests/machinery/test_on_every_release.py) deselects
# in pytest's own hook of this name, which must see the mark.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if "site" in item.fixturenames:
            item.add_marker("built_site")


@pytest.fixture(scope="session")
def provenance_record(tmp_path_factory) -> dict:
    """What the test build's footers show: every page with code verified on every release on
    VERIFIED, but the last one, which says "not yet verified"."""
    with_code = [f"{lang}/{page}" for lang in SITE.locales for page in SITE.pages(SITE.default)
                 if fences.python_fences(SITE, SITE.docs / SITE.default / page)]
    entry = {"torch": list(SITE.torch.ascending()), "verified": VERIFIED}
    pending = SITE.pages(SITE.default)[-1]
    return {"run": entry, "with_code": with_code,
            "pages": {page: entry for page in with_code if not page.endswith("/" + pending)}}


@pytest.fixture(scope="session")
def site(tmp_path_factory, provenance_record):
    """The site built once per `make test` by the real `mkdocs build --strict`, its footers from
    `provenance_record`: the first pytest-xdist worker to need it builds it into the run's
    shared folder, the other waits for it and reads the same build."""
    shared = tmp_path_factory.getbasetemp()
    shared = shared.parent if os.environ.get("PYTEST_XDIST_WORKER") else shared
    site_dir, failed = shared / "site", shared / "site-build-failed.txt"
    with FileLock(shared / "site.lock"):
        if not site_dir.exists() and not failed.exists():
            record = shared / "provenance.json"
            record.write_text(json.dumps(provenance_record), encoding="utf-8")
            result = build(ROOT, site_dir, VERIFIED_DOCS_PROVENANCE=str(record))
            if result.returncode != 0:
                failed.write_text("\n".join(
                    line for line in result.stderr.splitlines()
                    if line.strip() and not line.startswith(("INFO", "DEBUG"))), "utf-8")
    if failed.exists():
        # Every test left reads the site: one report of the build's log, not one per test.
        pytest.exit(f"mkdocs build --strict failed, so the tests that read the built site did "
                    f"not run:\n{failed.read_text('utf-8')}", returncode=pytest.ExitCode.TESTS_FAILED)
    return site_dir


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist, which `-p no:xdist` leaves out
def pytest_xdist_make_scheduler(config, log):
    """`make test` shares the tests out between two pytest-xdist workers (`-n 2 --dist
    loadscope`): the tests of the browser go to one worker whole, so that one browser visits
    every page once; every other file is a scope of its own."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Scopes(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            file = nodeid.split("::")[0]
            return "tests/browser" if file.startswith("tests/browser/") else file

    return Scopes(config, log)
