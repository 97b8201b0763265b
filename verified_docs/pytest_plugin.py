"""pytest plugin (entry point `pytest11`): every Python fence of every page is a test.

pytest-markdown-docs collects the fences with their options; this plugin runs each one in a
child interpreter on every PyTorch release it runs on (verified_docs.runner), then compares what
each printed with the ```output fences after it, or with `--update-outputs` rewrites them.
Anything written to stderr, warnings included, fails the fence. When every fence of a page has
passed, the page's provenance record is updated for the footer.
"""

from __future__ import annotations

import pathlib
import time
import traceback
from collections import Counter

import pytest
# The one use of pytest-markdown-docs' private runner API (tests/test_docs_collection.py guards
# it): the default runner is replaced, so every fence runs here.
from pytest_markdown_docs._runners import DefaultRunner, register_runner

from verified_docs import outputs, provenance, site, versions
from verified_docs.fences import fence_at
from verified_docs.runner import (DEFAULT_LIMIT, DEFAULT_TIMEOUT, BlockFailed, Runner,
                                  preloaded_modules)
from verified_docs.site import PageError, read_text

RUNNER = pytest.StashKey[Runner]()
UPDATES = pytest.StashKey[dict]()


class WroteToStderr(AssertionError):
    pass


def is_page(path) -> bool:
    return pathlib.Path(path).suffix == ".md" and site.language_of(path) is not None


@register_runner(default=True)
class DocsRunner(DefaultRunner):
    config: pytest.Config | None = None  # set for the session by pytest_configure

    def runtest(self, test, args, *, asyncio_runner=None):
        path = pathlib.Path(test.source_path)
        if not is_page(path):  # a fence in a docstring: pytest-markdown-docs' own way
            return super().runtest(test, args, asyncio_runner=asyncio_runner)
        if test.fixture_names:
            raise PageError(f"{site.relative(path)}:{test.start_line}: `fixture:` options are "
                            "not supported: a page's code runs in its own interpreter")
        fence = fence_at(path, test.start_line)
        results = self.config.stash[RUNNER].run(fence, wanted_releases(self.config))
        for release, result in results.items():
            if result.error:
                raise BlockFailed(f"{fence.where}: the code block raised on PyTorch "
                                  f"{release}\n{result.error}")
            if result.stderr:
                raise WroteToStderr(
                    f"{fence.where}: the code wrote to stderr on PyTorch {release}:\n"
                    f"{result.stderr}\nA page shows warnings explicitly: catch them with "
                    "warnings.catch_warnings(record=True) and print them.")
        printed = {release: result.stdout for release, result in results.items()}
        updates = self.config.stash.get(UPDATES, None)
        if updates is not None:
            updates.setdefault(path, []).append(outputs.Update(fence, printed))
        else:
            outputs.check(fence, printed)

    def repr_failure(self, test, excinfo, style=None):
        if isinstance(excinfo.value, (BlockFailed, WroteToStderr, PageError,
                                      outputs.OutputMismatch)):
            return str(excinfo.value)
        return "".join(traceback.format_exception(excinfo.value))


def pytest_addoption(parser):
    group = parser.getgroup("verified-docs", "the pages' code blocks")
    group.addoption("--update-outputs", action="store_true",
                    help="rewrite the ```output fences of the pages from real runs")
    group.addoption("--block-timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                    help=f"time limit of one code block (default {DEFAULT_TIMEOUT:g})")
    group.addoption("--output-limit", type=int, default=DEFAULT_LIMIT, metavar="BYTES",
                    help=f"most a code block may print (default {DEFAULT_LIMIT})")
    group.addoption("--torch-release", metavar="RELEASE",
                    help="run the code blocks on this PyTorch release only")


def pytest_configure(config):
    DocsRunner.config = config
    config.stash[RUNNER] = Runner(config.getoption("--block-timeout"),
                                  config.getoption("--output-limit"))
    if config.getoption("--update-outputs"):
        config.stash[UPDATES] = {}
    config.pluginmanager.register(ProvenanceRecorder(config), "verified-docs-provenance")
    # Importing torch overlaps with collection; not when pytest-xdist shares the tests out: no
    # worker knows yet whether it gets the pages, so each one starts a release on first use.
    if collects_pages(config) and not distributed(config):
        config.stash[RUNNER].start(wanted_releases(config) or versions.releases())


def distributed(config) -> bool:
    """Whether pytest-xdist runs this session's tests in workers (`make test`): true in its
    controller, which runs none, and in each worker (where xdist sets `dist` back to "no")."""
    return hasattr(config, "workerinput") or getattr(config.option, "dist", "no") != "no"


def finished_folder(config) -> pathlib.Path | None:
    """In a pytest-xdist worker, the folder in which every worker marks each page it finished:
    in the run's temporary folder, which the workers' own (basetemp) are in."""
    if not hasattr(config, "workerinput"):
        return None
    return pathlib.Path(config.option.basetemp).parent / "pages-finished"


def wait_for_the_pages(config, timeout: float = 1200) -> None:
    """Return once every page of this session has run all its code blocks (passed or not), on
    whichever worker ran it, so that a site built now shows what they recorded. In one process
    the pages run before the tests of the site (tests/conftest.py), so there is no waiting."""
    recorder = config.pluginmanager.get_plugin("verified-docs-provenance")
    folder = finished_folder(config)
    if recorder is None or folder is None:
        return
    deadline = time.monotonic() + timeout
    while missing := [page for page in recorder.expected
                      if not (folder / marker(page)).exists()]:
        if time.monotonic() > deadline:
            raise TimeoutError(f"after {timeout:g} s the code blocks of {', '.join(missing)} "
                               "have still not finished on the other pytest-xdist worker")
        time.sleep(0.5)


def marker(page: str) -> str:
    return page.replace("/", "%")


def wanted_releases(config) -> tuple[str, ...] | None:
    """The release `--torch-release` names, or None for all of them."""
    wanted = config.getoption("--torch-release")
    return (versions.resolve(wanted),) if wanted else None


def collects_pages(config) -> bool:
    """Whether the paths this session collects include pages."""
    docs = site.docs_dir().resolve()
    for arg in config.args or config.getini("testpaths"):
        path = (config.invocation_params.dir / arg.split("::")[0]).resolve()
        if path == docs or path.is_relative_to(docs) or docs.is_relative_to(path):
            return True
    return False


def fence_of(item):
    definition = getattr(item, "test_definition", None)
    if definition is None or not is_page(definition.source_path):
        return None
    return fence_at(pathlib.Path(definition.source_path), definition.start_line)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    wanted = wanted_releases(config)
    if wanted:
        kept = [i for i in items if (f := fence_or_none(i)) is None or wanted[0] in f.releases]
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept
    fences = [f for f in map(fence_or_none, items) if f is not None]
    needed = {r for f in fences for r in f.releases if not wanted or r in wanted}
    config.stash[RUNNER].keep(sorted(needed), preloaded_modules(fences),
                              start=not distributed(config))


def fence_or_none(item):
    """The item's fence; None for another test, or a fence whose bad input (an unknown release)
    its own test reports."""
    try:
        fence = fence_of(item)
        return fence if fence is not None and fence.releases else None
    except PageError:
        return None


@pytest.hookimpl(tryfirst=True)
def pytest_collectreport(report):
    """A page that cannot be read is named with its line, not as a decoder's byte offset."""
    if report.failed and report.fspath and is_page(report.fspath):
        try:
            read_text(pathlib.Path(report.fspath))
        except PageError as exc:
            report.longrepr = str(exc)


def pytest_sessionfinish(session):
    config = session.config
    config.stash[RUNNER].close()
    updates = config.stash.get(UPDATES, None)
    if updates:
        changed = {path: outputs.rewrite(path, pending) for path, pending in updates.items()}
        config.stash[UPDATES] = {path: n for path, n in changed.items() if n}


def pytest_terminal_summary(terminalreporter, config):
    changed = config.stash.get(UPDATES, None)
    if changed is None:
        return
    total = sum(changed.values())
    if total:
        terminalreporter.write_line(
            f"make outputs: rewrote {total} output fence(s) in {len(changed)} file(s): "
            + ", ".join(site.relative(p) for p in changed) + "; review with `git diff`.")
    else:
        terminalreporter.write_line("make outputs: every output fence is up to date.")


class ProvenanceRecorder:
    """A page counts as verified when all its fences ran and passed in this session."""

    def __init__(self, config):
        self.config = config
        self.expected: Counter[str] = Counter()
        self.passed: Counter[str] = Counter()
        self.failed: set[str] = set()
        self.releases: dict[str, set[str]] = {}
        self.torn_down: Counter[str] = Counter()  # items of a page done with, passed or not
        self.verified_now: dict[str, list[str]] = {}  # page -> the releases it passed on

    @staticmethod
    def page_of(path) -> str | None:
        if path is None or not is_page(path):
            return None
        return pathlib.Path(path).resolve().relative_to(site.docs_dir().resolve()).as_posix()

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        for item in items:
            page = self.page_of(item.path)
            if page:
                self.expected[page] += 1
                fence = fence_or_none(item)
                if fence is None:
                    self.failed.add(page)
                else:
                    wanted = wanted_releases(config)
                    self.releases.setdefault(page, set()).update(
                        r for r in fence.releases if not wanted or r in wanted)

    def pytest_runtest_logreport(self, report):
        page = self.page_of(report.fspath) if report.fspath else None
        if page is None or page not in self.expected:
            return
        if report.when == "teardown":
            self.torn_down[page] += 1
            folder = finished_folder(self.config)
            if folder is not None and self.torn_down[page] == self.expected[page]:
                folder.mkdir(exist_ok=True)
                (folder / marker(page)).touch()
        if report.failed or report.skipped:
            self.failed.add(page)
        elif report.when == "call" and report.passed:
            self.passed[page] += 1
            if self.passed[page] == self.expected[page] and page not in self.failed:
                order = versions.ascending()
                self.verified_now[page] = [r for r in order if r in self.releases[page]]
                provenance.record(page, self.verified_now[page], set(self.expected), list(order))
