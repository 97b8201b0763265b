"""Executable docs: every Python fence on every page runs, and what it prints must match the
```output fence that follows it.

Built on pytest-markdown-docs, which collects the fences with their options (`continuation`,
`fixture:…`, `notest`) and runs fixtures. This plugin adds what the site needs on top:

* `--8<--` includes are expanded by the site's own pymdownx.snippets preprocessor, configured
  from mkdocs.yml, so a test runs exactly the code a reader sees;
* a `continuation` fence runs in the globals the fence before it left;
* stdout is compared with the page's output fence (failure: unified diff naming page:line);
  anything written to stderr, warnings included, fails the fence;
* `pytest --update-outputs` rewrites every output fence from real runs instead of comparing.
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import io
import pathlib
import re
import traceback
import warnings
from functools import cache

import markdown
import pytest
from markdown_it import MarkdownIt
from mkdocs.config import load_config
from pytest_markdown_docs._runners import DefaultRunner, register_runner
from pytest_markdown_docs.plugin import parse_superfences_block_info

ROOT = pathlib.Path(__file__).resolve().parent.parent
PYTHON_LANGS = ("py", "python", "python3")  # the languages pytest-markdown-docs runs
OUTPUT_LANG = "output"


# ---- the site's configuration, read from mkdocs.yml -------------------------------------------

@cache
def site_config():
    return load_config(str(ROOT / "mkdocs.yml"))


def languages() -> list[str]:
    """Locales of the static-i18n plugin, default language first."""
    langs = site_config()["plugins"]["i18n"].config.languages
    return [lang.locale for lang in sorted(langs, key=lambda lang: not lang.default)]


@cache
def snippet_preprocessor():
    config = site_config()
    md = markdown.Markdown(extensions=config["markdown_extensions"],
                           extension_configs=config["mdx_configs"])
    return md.preprocessors["snippet"]


SNIPPET_LINE = re.compile(r"-+8<-+")  # pymdownx.snippets' marker, any number of dashes


class SnippetError(Exception):
    pass


def expand_snippets(code: str, where: str) -> str:
    """Expand `--8<--` lines as the site does; `where` is page:line for the error message."""
    if not SNIPPET_LINE.search(code):
        return code
    try:
        lines = snippet_preprocessor().run(code.splitlines())
    except Exception as exc:  # pymdownx raises SnippetMissingError and others; all mean the same here
        raise SnippetError(f"{where}: cannot include snippet: {exc}") from None
    return "\n".join(lines) + "\n"


# ---- pages as the tests see them --------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Fence:
    lang: str
    options: tuple[str, ...]
    open_line: int      # 1-based line of the opening ``` in the page
    close_line: int     # 1-based line of the closing ```
    content: str        # as written on the page, `--8<--` lines unexpanded


def fence_parser() -> MarkdownIt:
    """The CommonMark parser pytest-markdown-docs uses by default.

    Fences indented under `!!! note` or `=== "Tab"` are indented code blocks to CommonMark and
    so are never run: pages use the flat `/// tab` and `/// details` blocks instead, and
    tests/test_docs_collection.py fails if any Python fence is left out.
    """
    return MarkdownIt("commonmark")


def relative(path) -> str:
    path = pathlib.Path(path).resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


@cache
def page_fences(path: pathlib.Path) -> tuple[Fence, ...]:
    fences = []
    for token in fence_parser().parse(path.read_text(encoding="utf-8")):
        if token.type == "fence":
            # Same reading of `{.python continuation}` as pytest-markdown-docs' superfences syntax.
            lang, *options = parse_superfences_block_info(token.info) or [""]
            fences.append(Fence(lang, tuple(options), token.map[0] + 1, token.map[1], token.content))
    return tuple(fences)


def output_fence(path: pathlib.Path, code: Fence) -> Fence | None:
    """The output fence right after `code` (only blank lines between), if any."""
    fences = page_fences(path)
    following = fences[fences.index(code) + 1:]
    if not following or following[0].lang != OUTPUT_LANG:
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    between = lines[code.close_line:following[0].open_line - 1]
    return following[0] if all(not line.strip() for line in between) else None


def continued_chain(path: pathlib.Path, open_line: int) -> list[Fence]:
    """The Python fence at `open_line`, preceded by the fences its `continuation` builds on."""
    python = [f for f in page_fences(path) if f.lang in PYTHON_LANGS and "notest" not in f.options]
    index = next(i for i, f in enumerate(python) if f.open_line == open_line)
    first = index
    while first > 0 and "continuation" in python[first].options:
        first -= 1
    return python[first:index + 1]


# ---- running a fence --------------------------------------------------------------------------

class OutputMismatch(AssertionError):
    pass


class WroteToStderr(AssertionError):
    pass


def normalise(text: str) -> str:
    return "".join(line.rstrip() + "\n" for line in text.rstrip().splitlines())


INCLUDE_ONLY = re.compile(r'^\s*-+8<-+\s+"([^"]+)"\s*$')


def compiled(path: pathlib.Path, fence: Fence):
    """Code object of a fence, its snippets expanded; tracebacks name the real file and line."""
    where = f"{relative(path)}:{fence.open_line}"
    include = INCLUDE_ONLY.match(fence.content.strip())
    if include:  # the whole fence is one snippet file: report its lines, not the page's
        return compile(expand_snippets(fence.content, where), include[1], "exec", dont_inherit=True)
    padded = "\n" * fence.open_line + expand_snippets(fence.content, where)
    return compile(padded, relative(path), "exec", dont_inherit=True)


@register_runner(default=True)
class DocsRunner(DefaultRunner):
    """Runs one fence and checks its output; see the module docstring.

    pytest-markdown-docs hands over the fence's location, fixtures and globals; the code itself
    is read from the page here, so that snippets expand with errors naming the page.
    """

    def __init__(self):
        # (page, fence, its globals): lets a `continuation` fence run in the globals the fence
        # before it left, instead of re-running the whole chain.
        self.last = (None, None, None)

    def runtest(self, test, args, *, asyncio_runner=None):
        path = pathlib.Path(test.source_path)
        *before, fence = continued_chain(path, test.start_line)
        if before and self.last[:2] == (path, before[-1]):
            args, before = self.last[2], []
        self.last = (None, None, None)
        with contextlib.redirect_stdout(io.StringIO()):
            for earlier in before:  # run on its own (e.g. with -k): replay the chain, unchecked
                exec(compiled(path, earlier), args)

        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr), \
                warnings.catch_warnings(record=True) as caught:
            # Recorded, because pytest would otherwise swallow them into its summary; the
            # "default" filter on a fresh registry shows each as a new interpreter would.
            warnings.simplefilter("default")
            exec(compiled(path, fence), args)
        self.last = (path, fence, args)

        where = f"{relative(path)}:{fence.open_line}"
        errors = stderr.getvalue() + "".join(
            warnings.formatwarning(w.message, w.category, w.filename, w.lineno) for w in caught)
        if errors:
            raise WroteToStderr(
                f"{where}: the code wrote to stderr:\n{errors}\n"
                "A page shows warnings explicitly: catch them with "
                "warnings.catch_warnings(record=True) and print them.")
        check_output(path, fence, stdout.getvalue(), where)

    def repr_failure(self, test, excinfo, style=None):
        where = f"{relative(test.source_path)}:{test.start_line}"
        if isinstance(excinfo.value, (OutputMismatch, WroteToStderr, SnippetError)):
            return str(excinfo.value)
        frames = traceback.extract_tb(excinfo.tb)
        own = [f for f in frames if not pathlib.Path(f.filename).is_absolute()]
        shown = frames[frames.index(own[0]):] if own else []
        return (f"{where}: the code block raised\nTraceback (most recent call last):\n"
                + "".join(traceback.format_list(shown)) + excinfo.exconly())


def check_output(path: pathlib.Path, code: Fence, actual: str, where: str) -> None:
    shown = output_fence(path, code)
    if UPDATES is not None:
        UPDATES.setdefault(path, []).append((code, shown, normalise(actual)))
        return
    expected = normalise(shown.content) if shown else ""
    if normalise(actual) == expected:
        return
    if shown is None:
        raise OutputMismatch(
            f"{where}: the code prints, but no ```output fence follows it.\n"
            f"Add one by running `make outputs`. It prints:\n{actual}")
    diff = difflib.unified_diff(
        expected.splitlines(keepends=True), normalise(actual).splitlines(keepends=True),
        f"{relative(path)}:{shown.open_line} (shown on the page)", "what the code prints now")
    raise OutputMismatch(
        f"{where}: the output shown on the page differs from what the code prints.\n"
        f"{''.join(diff)}\nIf the new output is right, run `make outputs` and review the diff.")


# ---- --update-outputs -------------------------------------------------------------------------

UPDATES: dict[pathlib.Path, list] | None = None


def rewrite_outputs(path: pathlib.Path, updates) -> None:
    """Replace, insert or drop output fences, bottom-up so line numbers stay valid."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for code, shown, actual in sorted(updates, key=lambda u: -u[0].open_line):
        if shown is not None:
            if actual:
                lines[shown.open_line:shown.close_line - 1] = [actual]
            else:  # the code no longer prints: drop the fence and the blank line before it
                del lines[code.close_line:shown.close_line]
        elif actual:
            fence = "`" * 3 + OUTPUT_LANG + output_title(path)
            lines[code.close_line:code.close_line] = ["\n", fence + "\n", actual, "`" * 3 + "\n"]
    path.write_text("".join(lines), encoding="utf-8")


def output_title(path: pathlib.Path) -> str:
    """` title="…"` from `extra.output_title` of the page's language in mkdocs.yml."""
    config = site_config()
    lang = path.resolve().relative_to(pathlib.Path(config["docs_dir"])).parts[0]
    extra = dict(config["extra"])
    for language in config["plugins"]["i18n"].config.languages:
        if language.locale == lang:
            extra.update(language.extra or {})
    title = extra.get("output_title")
    return f' title="{title}"' if title else ""


def pytest_addoption(parser):
    parser.addoption("--update-outputs", action="store_true",
                     help="rewrite the ```output fences of the pages from real runs")


def pytest_configure(config):
    global UPDATES
    UPDATES = {} if config.getoption("--update-outputs") else None


def pytest_sessionfinish(session):
    if UPDATES:
        for path, updates in UPDATES.items():
            rewrite_outputs(path, updates)
        page_fences.cache_clear()


def pytest_markdown_docs_globals():
    # A fence runs like `python file.py`, so an included snippet's `if __name__ == "__main__":`
    # block runs too.
    return {"__name__": "__main__"}
