import pytest

from tests.helpers import build
from verified_docs.site import ROOT


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """Tests of the built site run last, so the one build of the session shows in its footers
    the provenance the docs tests have just recorded (verified_docs.provenance)."""
    items.sort(key=lambda item: "site" in item.fixturenames)  # stable: order kept otherwise
    for item in items:
        if "site" in item.fixturenames:
            item.add_marker("built_site")


def pytest_configure(config):
    config.addinivalue_line("markers", "built_site: reads the site built for the session")


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The site built once per test session by the real `mkdocs build --strict`."""
    site_dir = tmp_path_factory.mktemp("site")
    result = build(ROOT, site_dir)
    if result.returncode != 0:
        # Every test left reads the site (they run last): one report of the build's log, not
        # the same log once per test.
        problems = "\n".join(line for line in result.stderr.splitlines()
                             if line.strip() and not line.startswith(("INFO", "DEBUG")))
        pytest.exit(f"mkdocs build --strict failed, so the tests that read the built site did "
                    f"not run:\n{problems}", returncode=pytest.ExitCode.TESTS_FAILED)
    return site_dir


def pytest_collection_finish(session):
    """The other releases' runs of the fact tests (tests/test_on_every_release.py) take a minute
    each: when the session runs those tests, they start now and run beside the tests before;
    so do the runs of the pages' notebooks and scripts (tests/test_take_home.py)."""
    if any(item.nodeid.startswith("tests/test_on_every_release.py") for item in session.items):
        from tests import test_on_every_release

        test_on_every_release.start()
    # Likewise every page's notebook and script, run outside the repository (a few minutes of
    # runs, two at a time).
    runs = [item.nodeid for item in session.items
            if item.nodeid.startswith(("tests/test_take_home.py::test_notebook",
                                       "tests/test_take_home.py::test_script"))]
    if runs:
        from tests import test_take_home

        test_take_home.start(runs)
