import json

import pytest

from tests.helpers import build
from tests.repo import ROOT, SITE
from verified_docs import fences

pytest_plugins = ["pytester"]
# The tiny site is input to tests/test_plugins.py, not pages of this site.
collect_ignore = ["fixtures"]

# The date the site's test build is verified on: not today, so that a footer showing it comes
# from this record, not from a run of the pages.
VERIFIED = "2026-03-05"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if "site" in item.fixturenames:
            item.add_marker("built_site")


def pytest_configure(config):
    config.addinivalue_line("markers", "built_site: reads the site built for the session")


@pytest.fixture(scope="session")
def provenance_record(tmp_path_factory) -> dict:
    """What the test build's footers show: every page with code verified on every release on
    VERIFIED, but the last one, which says "not yet verified"."""
    with_code = [f"{lang}/{page}" for lang in SITE.locales for page in SITE.pages(SITE.default)
                 if fences.python_fences(SITE.docs / SITE.default / page)]
    torch = list(SITE.torch.ascending())
    entry = {"torch": torch, "verified": VERIFIED}
    pending = SITE.pages(SITE.default)[-1]
    return {"run": entry, "with_code": with_code,
            "pages": {page: entry for page in with_code if not page.endswith("/" + pending)}}


@pytest.fixture(scope="session")
def site(tmp_path_factory, provenance_record):
    """The site built once per test session by the real `mkdocs build --strict`, its footers
    from `provenance_record`."""
    site_dir = tmp_path_factory.mktemp("site")
    record = tmp_path_factory.mktemp("provenance") / "provenance.json"
    record.write_text(json.dumps(provenance_record), encoding="utf-8")
    result = build(ROOT, site_dir, VERIFIED_DOCS_PROVENANCE=str(record))
    if result.returncode != 0:
        # Every test left reads the site: one report of the build's log, not one per test.
        problems = "\n".join(line for line in result.stderr.splitlines()
                             if line.strip() and not line.startswith(("INFO", "DEBUG")))
        pytest.exit(f"mkdocs build --strict failed, so the tests that read the built site did "
                    f"not run:\n{problems}", returncode=pytest.ExitCode.TESTS_FAILED)
    return site_dir


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist, which `-p no:xdist` leaves out
def pytest_xdist_make_scheduler(config, log):
    """`make test` shares the tests out between two pytest-xdist workers (`-n 2 --dist
    loadscope`): the tests of the browser go to one worker whole, so that the site is built and
    every page visited once; every other file is a scope of its own."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Scopes(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            file = nodeid.split("::")[0]
            return "tests/browser" if file.startswith("tests/browser/") else file

    return Scopes(config, log)
