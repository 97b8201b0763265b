"""pytest plugin (entry point `pytest11`): every Python fence of the default language's pages
is a test.

- pytest-markdown-docs collects the fences with their options; each one runs in a child
  interpreter on every PyTorch release it runs on (verified_docs.runner), and what each printed
  is compared with the ```output fences after it, or with `--update-outputs` rewritten, in the
  page and in its translations.
- A translation's code is not run again: the translation checks hold its code and outputs to
  the English page's (verified_docs.i18n.parity).
- Anything written to stderr, warnings included, fails the fence.
- When every fence of a page has passed, the provenance record of the page, in every language,
  is updated for the footer.
"""

from __future__ import annotations

import pathlib
import traceback
from collections import Counter

import pytest

# The one use of pytest-markdown-docs' private runner API (tests/test_docs_collection.py guards
# it): the default runner is replaced, so every fence runs here.
from pytest_markdown_docs._runners import DefaultRunner, register_runner

from verified_docs import outputs, provenance
from verified_docs.fences import fence_at
from verified_docs.runner import DEFAULT_LIMIT, DEFAULT_TIMEOUT, BlockFailed, Runner
from verified_docs.site import PageError, Site

SITE = pytest.StashKey[Site]()
OUTER = pytest.StashKey["pytest.Config | None"]()
RUNNER = pytest.StashKey[Runner]()
UPDATES = pytest.StashKey[dict]()


class WroteToStderr(AssertionError):
    pass


def is_page(site: Site, path) -> bool:
    return pathlib.Path(path).suffix == ".md" and site.language_of(path) is not None


@register_runner(default=True)
class DocsRunner(DefaultRunner):
    config: pytest.Config | None = None  # the session's, from pytest_configure to unconfigure

    def runtest(self, test, args, *, asyncio_runner=None):
        path, site = pathlib.Path(test.source_path), self.config.stash[SITE]
        if not is_page(site, path):  # a fence in a docstring: pytest-markdown-docs' own way
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
    site = config.stash[SITE] = Site.at(config.rootpath)
    config.stash[OUTER] = DocsRunner.config  # a pytester session inside another one
    DocsRunner.config = config
    config.stash[RUNNER] = Runner(site, config.getoption("--block-timeout"),
                                  config.getoption("--output-limit"))
    if config.getoption("--update-outputs"):
        config.stash[UPDATES] = {}
    config.pluginmanager.register(ProvenanceRecorder(config), "verified-docs-provenance")
    # Importing torch overlaps with collection; not under pytest-xdist, where no worker knows
    # yet whether it gets the pages: each one starts a release on first use.
    if collects_pages(config) and not hasattr(config, "workerinput") \
            and getattr(config.option, "dist", "no") == "no":
        config.stash[RUNNER].start(wanted_releases(config) or site.torch.all)


def pytest_unconfigure(config):
    DocsRunner.config = config.stash.get(OUTER, None)


def is_translation(site: Site, path) -> bool:
    """A translation's fences are not tests: its code and outputs are the default language's
    (the translation checks), which `--update-outputs` writes into it."""
    lang = site.language_of(path)
    return lang is not None and lang != site.default


def pytest_ignore_collect(collection_path, config):
    return True if is_translation(config.stash[SITE], collection_path) else None


def wanted_releases(config) -> tuple[str, ...] | None:
    """The release `--torch-release` names, or None for all of them."""
    wanted = config.getoption("--torch-release")
    return (config.stash[SITE].torch.resolve(wanted),) if wanted else None


def collects_pages(config) -> bool:
    """Whether the paths this session collects include pages."""
    docs = config.stash[SITE].docs.resolve()
    for arg in config.args or config.getini("testpaths"):
        path = (config.invocation_params.dir / arg.split("::")[0]).resolve()
        if path == docs or path.is_relative_to(docs) or docs.is_relative_to(path):
            return True
    return False


def fence_of(item):
    definition = getattr(item, "test_definition", None)
    if definition is None or not is_page(item.config.stash[SITE], definition.source_path):
        return None
    return fence_at(pathlib.Path(definition.source_path), definition.start_line)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    # A translation named on the command line is collected all the same.
    translations = [i for i in items if is_translation(config.stash[SITE], i.path)]
    if translations:
        config.hook.pytest_deselected(items=translations)
        items[:] = [i for i in items if i not in translations]
    wanted = wanted_releases(config)
    if wanted:
        kept = [i for i in items if (f := fence_or_none(i)) is None or wanted[0] in f.releases]
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept
    fences = [f for f in map(fence_or_none, items) if f is not None]
    config.stash[RUNNER].keep({r for f in fences for r in f.releases if not wanted or r in wanted})


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
    site = DocsRunner.config.stash[SITE] if DocsRunner.config else None
    if site and report.failed and report.fspath and is_page(site, report.fspath):
        try:
            site.read_text(pathlib.Path(report.fspath))
        except PageError as exc:
            report.longrepr = str(exc)


def pytest_sessionfinish(session):
    config = session.config
    config.stash[RUNNER].close()
    updates = config.stash.get(UPDATES, None)
    if updates:
        changed = {}
        for path, pending in updates.items():
            changed.update(outputs.rewrite(path, pending))
        config.stash[UPDATES] = {path: n for path, n in changed.items() if n}


def pytest_terminal_summary(terminalreporter, config):
    changed = config.stash.get(UPDATES, None)
    if changed is None:
        return
    total = sum(changed.values())
    if total:
        terminalreporter.write_line(
            f"make outputs: rewrote {total} output fence(s) in {len(changed)} file(s): "
            + ", ".join(config.stash[SITE].relative(p) for p in changed)
            + "; review with `git diff`.")
    else:
        terminalreporter.write_line("make outputs: every output fence is up to date.")


class ProvenanceRecorder:
    """A page counts as verified, in every language, when all its fences ran and passed in
    this session."""

    def __init__(self, config):
        self.config = config
        self.site = config.stash[SITE]
        self.expected: Counter[str] = Counter()
        self.passed: Counter[str] = Counter()
        self.failed: set[str] = set()
        self.releases: dict[str, set[str]] = {}

    def page_of(self, path) -> str | None:
        """`mask.md` for docs/en/mask.md."""
        if path is None or self.site.language_of(path) != self.site.default:
            return None
        return pathlib.Path(path).resolve().relative_to(
            (self.site.docs / self.site.default).resolve()).as_posix()

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        wanted = wanted_releases(config)
        for item in items:
            page = self.page_of(item.path)
            if page:
                self.expected[page] += 1
                fence = fence_or_none(item)
                if fence is None:
                    self.failed.add(page)
                else:
                    self.releases.setdefault(page, set()).update(
                        r for r in fence.releases if not wanted or r in wanted)

    def pytest_runtest_logreport(self, report):
        page = self.page_of(report.fspath) if report.fspath else None
        if page is None or page not in self.expected:
            return
        if report.failed or report.skipped:
            self.failed.add(page)
        elif report.when == "call" and report.passed:
            self.passed[page] += 1
            if self.passed[page] == self.expected[page] and page not in self.failed:
                torch = self.site.torch
                verified = [r for r in torch.ascending() if r in self.releases[page]]
                with_code = {f"{lang}/{p}" for lang in self.site.locales for p in self.expected}
                provenance.record(provenance.path(self.site),
                                  [f"{lang}/{page}" for lang in self.site.locales
                                   if (self.site.docs / lang / page).exists()],
                                  verified, with_code, list(torch.ascending()))
