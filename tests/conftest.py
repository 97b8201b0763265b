import pytest

from tests.helpers import build
from verified_docs import site as model
from verified_docs.pytest_plugin import is_page, wait_for_the_pages
from verified_docs.site import ROOT


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """The pages' code blocks run first and the tests of the built site last, so the one build
    of the session shows in its footers the provenance the pages have just recorded
    (verified_docs.provenance). Under pytest-xdist this is also the order in which the tests are
    handed out (see pytest_xdist_make_scheduler)."""
    items.sort(key=lambda item: ("site" in item.fixturenames, not is_page(item.path)))
    for item in items:
        if "site" in item.fixturenames:
            item.add_marker("built_site")


def pytest_configure(config):
    config.addinivalue_line("markers", "built_site: reads the site built for the session")


@pytest.fixture(scope="session")
def site(tmp_path_factory, pytestconfig):
    """The site built once per test session by the real `mkdocs build --strict`, once every
    page's code blocks have run (under pytest-xdist, some of them on the other worker)."""
    wait_for_the_pages(pytestconfig)
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


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist, which `-p no:xdist` leaves out
def pytest_xdist_make_scheduler(config, log):
    """`make test` shares the tests out between two pytest-xdist workers (`-n 2 --dist loadscope
    --no-loadscope-reorder`), one scope at a time, in the collection's order. A scope goes to one
    worker whole, so what it sets up once is set up once: each page with its translations (the
    runner runs code they share once), every test of the browser (they share one visit of every
    page), every other test file on its own. (Not `--dist loadgroup` with `xdist_group` marks:
    on pytest 9.2 they no longer group, pytest-dev/pytest-xdist#1386.)"""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Scopes(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return scope_of(config.rootpath, nodeid)

    return Scopes(config, log)


def scope_of(rootpath, nodeid: str) -> str:
    file = rootpath / nodeid.split("::")[0]
    lang = model.language_of(file)
    if lang is not None:
        page = file.resolve().relative_to((model.docs_dir() / lang).resolve())
        return f"page {page.as_posix()}"
    if file.resolve().is_relative_to((rootpath / "tests" / "browser").resolve()):
        return "tests/browser"
    return nodeid.split("::")[0]
