"""pytest plugin (entry point `pytest11`): each Python fence of the default language's pages,
collected by pytest-markdown-docs, runs on its releases (verified_docs.pytest.runner); what each printed
must equal the ```output fences after it (`--update-outputs` writes them, in the page and its
translations). A translation's fences do not run: parity holds them to the English page's.
Anything on stderr fails the fence. A page whose fences all passed is recorded for the footer.
"""

from __future__ import annotations

import contextlib
import pathlib
import traceback

import pytest

# The one use of pytest-markdown-docs' private runner API (tests/lints/test_docs_collection.py guards
# it): the default runner is replaced, so every fence runs here.
from pytest_markdown_docs._runners import DefaultRunner, register_runner

from verified_docs.model import outputs, provenance
from verified_docs.model.fences import fence_at
from verified_docs.model.site import PageError, Site
from verified_docs.pytest.runner import DEFAULT_LIMIT, DEFAULT_TIMEOUT, BlockFailed, Runner

SITE = pytest.StashKey[Site]()
OUTER = pytest.StashKey["pytest.Config | None"]()
RUNNER = pytest.StashKey[Runner]()
UPDATES = pytest.StashKey[dict]()
PASSED = pytest.StashKey[dict]()    # (page, line) -> the releases its fence passed on


def is_page(site: Site, path) -> bool:
    return pathlib.Path(path).suffix == ".md" and site.language_of(path) is not None


@register_runner(default=True)
class DocsRunner(DefaultRunner):
    config: pytest.Config | None = None  # the session's, from pytest_configure to unconfigure

    def runtest(self, test, args, *, asyncio_runner=None):
        path, config = pathlib.Path(test.source_path), self.config
        site = config.stash[SITE]
        if not is_page(site, path):  # a fence in a docstring: pytest-markdown-docs' own way
            return super().runtest(test, args, asyncio_runner=asyncio_runner)
        if test.fixture_names:
            raise PageError(f"{site.relative(path)}:{test.start_line}: `fixture:` options are "
                            "not supported: a page's code runs in its own interpreter")
        fence = fence_at(site, path, test.start_line)
        results = config.stash[RUNNER].run(fence, wanted_releases(config))
        for release, result in results.items():
            if result.error:
                raise BlockFailed(f"{fence.where}: the code block raised on PyTorch "
                                  f"{release}\n{result.error}")
            if result.stderr:
                raise BlockFailed(
                    f"{fence.where}: the code wrote to stderr on PyTorch {release}:\n"
                    f"{result.stderr}\nA page shows warnings explicitly: catch them with "
                    "warnings.catch_warnings(record=True) and print them.")
        printed = {release: result.stdout for release, result in results.items()}
        if UPDATES in config.stash:
            config.stash[UPDATES].setdefault(path, []).append((fence, printed))
        else:
            outputs.check(fence, printed)
        config.stash[PASSED][path, test.start_line] = set(results)

    def repr_failure(self, test, excinfo, style=None):
        if isinstance(excinfo.value, (BlockFailed, PageError, outputs.OutputMismatch)):
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
    site = config.stash[SITE] = Site.load(config.rootpath)
    config.stash[OUTER] = DocsRunner.config  # a session inside another (tests/machinery/test_plugins.py)
    DocsRunner.config = config
    config.stash[RUNNER] = Runner(site, config.getoption("--block-timeout"),
                                  config.getoption("--output-limit"))
    config.stash[PASSED] = {}
    if config.getoption("--update-outputs"):
        config.stash[UPDATES] = {}


def pytest_unconfigure(config):
    DocsRunner.config = config.stash.get(OUTER, None)


def wanted_releases(config) -> tuple[str, ...] | None:  # None: every release
    wanted = config.getoption("--torch-release")
    return (config.stash[SITE].torch.resolve(wanted),) if wanted else None


def pytest_collect_file(file_path, parent):
    """At the first page: start importing torch. Not in a pytest-xdist worker, which does not
    know yet whether it gets the pages."""
    config, site = parent.config, parent.config.stash[SITE]
    if is_page(site, file_path) and site.language_of(file_path) == site.default \
            and not hasattr(config, "workerinput"):
        config.stash[RUNNER].start(wanted_releases(config) or site.torch.all)


def runs_on(item, release: str) -> bool:
    """False for a page's fence not run on `release` (kept: one whose test names its bad input)."""
    definition = getattr(item, "test_definition", None)
    site = item.config.stash[SITE]
    if definition and is_page(site, definition.source_path):
        with contextlib.suppress(PageError):
            return release in fence_at(site, pathlib.Path(definition.source_path),
                                       definition.start_line).releases
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """A translation's fences, and with `--torch-release` those not run there, deselected."""
    site, wanted = config.stash[SITE], wanted_releases(config)
    kept = [i for i in items if site.language_of(i.path) in (None, site.default)
            and (not wanted or runs_on(i, wanted[0]))]
    config.hook.pytest_deselected(items=[i for i in items if i not in kept])
    items[:] = kept


@pytest.hookimpl(tryfirst=True)
def pytest_collectreport(report):
    """A page that cannot be read is named with its line, not as a decoder's byte offset."""
    site = DocsRunner.config.stash[SITE] if DocsRunner.config else None
    if site and report.failed and report.fspath and is_page(site, report.fspath):
        try:
            site.read_text(pathlib.Path(report.fspath))
        except PageError as exc:
            report.longrepr = str(exc)


def pytest_sessionfinish(session):
    config, pages = session.config, {}
    config.stash[RUNNER].close()
    site, passed = config.stash[SITE], config.stash[PASSED]
    for definition in [getattr(item, "test_definition", None) for item in session.items]:
        path = pathlib.Path(definition.source_path) if definition else None
        if path and site.language_of(path) == site.default:
            pages.setdefault(path, []).append(passed.get((path, definition.start_line)))
    provenance.record(site, pages)
    if UPDATES in config.stash:  # then {file: how many of its code fences' outputs changed}
        config.stash[UPDATES] = {file: n for path, pending in config.stash[UPDATES].items()
                                 for file, n in outputs.rewrite(site, path, pending).items() if n}


def pytest_terminal_summary(terminalreporter, config):
    changed = config.stash.get(UPDATES, None)
    if changed:
        terminalreporter.write_line(
            f"make outputs: rewrote {sum(changed.values())} output fence(s) in {len(changed)} "
            f"file(s): {', '.join(config.stash[SITE].relative(p) for p in changed)}; review "
            "with `git diff`.")
    elif changed is not None:
        terminalreporter.write_line("make outputs: every output fence is up to date.")

