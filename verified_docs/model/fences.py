"""A page's fences as the tests see them, and the code a reader sees in them.

- Read with the CommonMark parser pytest-markdown-docs uses: a fence indented under `!!! note`
  or `=== "Tab"` never runs, so pages use the flat `///` blocks (tests/lints/test_docs_collection.py).
- `--8<--` includes are expanded by the site's own pymdownx.snippets, configured from
  mkdocs.yml, so a test runs exactly the code a reader sees.
"""

from __future__ import annotations

import dataclasses
import pathlib
import re
from functools import cache

from verified_docs.model import versions
from verified_docs.model.site import PageError, Site

PYTHON_LANGS = ("py", "python", "python3")  # the languages pytest-markdown-docs runs
OUTPUT_LANG = "output"
SNIPPET_LINE = re.compile(r"-+8<-+")  # pymdownx.snippets' marker, any number of dashes
# The one-line include, `--8<-- "snippets/x.py"`: group 1 its indent, group 2 what it names.
INCLUDE_LINE = re.compile(r"^(\s*)-+8<-+\s+(\S.*?)\s*$")
# Read from the whole info string: pytest-markdown-docs splits the options at every space, even
# inside quotes, so `torch="2.13 2.15"` would reach `options` as two halves of no attribute.
ATTRIBUTE = re.compile(r'(\w[\w-]*)="([^"]*)"')
# `## Text { #id .class }`: the text without the attributes, and the id among them
HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<text>.*?)\s*"
                     r"(?:\{(?:[^}#]*#(?P<id>[^}\s]+))?[^}]*\})?\s*$")


@dataclasses.dataclass(frozen=True)
class Fence:
    site: Site = dataclasses.field(repr=False)
    path: pathlib.Path
    lang: str
    options: tuple[str, ...]
    info: str           # the fence's whole info string
    open_line: int      # 1-based line of the opening ``` in the page
    close_line: int     # 1-based line of the closing ```
    content: str        # as written on the page, `--8<--` lines unexpanded

    @property
    def where(self) -> str:
        return f"{self.site.relative(self.path)}:{self.open_line}"

    @property
    def attributes(self) -> dict[str, str]:
        return dict(ATTRIBUTE.findall(self.info))

    @property
    def continued(self) -> bool:
        return "continuation" in self.options

    @property
    def releases(self) -> tuple[str, ...]:
        """Oldest first: every verified release, or those its `torch="…"` names."""
        try:
            return self.site.torch.select(self.attributes.get("torch"))
        except versions.UnknownRelease as exc:
            raise PageError(f"{self.where}: {exc}") from None

    @property
    def title(self) -> str | None:
        return self.attributes.get("title")

    @property
    def highlighted(self) -> tuple[int, ...]:
        """The lines `hl_lines` marks: numbers, and ranges such as `3-5` (pymdownx.highlight)."""
        found = []
        for part in self.attributes.get("hl_lines", "").split():
            first, _, last = part.partition("-")
            found += range(int(first), int(last or first) + 1)
        return tuple(found)

    @property
    def include(self) -> str | None:
        """The snippet file when the fence is a single `--8<--` line."""
        content = self.content.strip()
        match = INCLUDE_LINE.match(content) if "\n" not in content else None
        return match[2].strip("\"'") if match else None

    def source(self) -> str:
        """The code with its `--8<--` lines expanded, as the site shows it."""
        if not SNIPPET_LINE.search(self.content):
            return self.content
        try:
            lines = self.site.snippets.run(self.content.splitlines())
        except Exception as exc:  # pymdownx raises SnippetMissingError and others; all mean the same
            raise PageError(f"{self.where}: cannot include snippet: {exc}") from None
        return "\n".join(lines) + "\n"

    def runnable(self) -> tuple[str, str]:
        """The source, its line numbers the page's (or the included file's), and that file."""
        if self.include:
            return self.source(), self.include
        return "\n" * self.open_line + self.source(), self.site.relative(self.path)


def info_words(info: str) -> list[str]:
    """`{.python continuation}` or `python continuation` as [lang, *options]: pytest-markdown-docs'
    reading (its parse_superfences_block_info), the language the first word with a dot."""
    words = info.strip().removeprefix("{").removesuffix("}").split()
    if info.strip().startswith("{"):
        dotted = next((w for w in words if w.startswith(".")), None)
        if dotted:
            words = [dotted[1:], *(w for w in words if w is not dotted)]
    return words or [""]


@cache
def page_fences(site: Site, path: pathlib.Path) -> tuple[Fence, ...]:
    from markdown_it import MarkdownIt

    fences = []
    for token in MarkdownIt("commonmark").parse(site.read_text(path)):
        if token.type == "fence":
            lang, *options = info_words(token.info)
            fences.append(Fence(site, path, lang, tuple(options), token.info, token.map[0] + 1,
                                token.map[1], token.content))
    return tuple(fences)


def body_start(site: Site, path: pathlib.Path) -> int:
    """How many of the page's lines its front matter takes (none read when MkDocs' body is not
    the text's end: with CRLF line ends, MkDocs' reading of `key: value` lines gives LF)."""
    text, body = site.read_text(path), site.front_matter(path)[1]
    return text[:len(text) - len(body)].count("\n") if text.endswith(body) else 0


def headings(site: Site, path: pathlib.Path) -> dict[int, re.Match]:
    """The page's `#` headings by 1-based line: none in its front matter or in a fence (where
    `# ` starts a comment)."""
    fenced = {n for fence in page_fences(site, path)
              for n in range(fence.open_line, fence.close_line + 1)}
    lines = site.read_text(path).splitlines()
    return {n: heading for n in range(body_start(site, path) + 1, len(lines) + 1)
            if n not in fenced and (heading := HEADING.match(lines[n - 1]))}


def heading_above(fence: Fence) -> re.Match | None:
    """The nearest heading above `fence`: its section's, or the page's title before any."""
    return next((h for n, h in reversed(headings(fence.site, fence.path).items())
                 if n < fence.open_line), None)


def python_fences(site: Site, path: pathlib.Path) -> list[Fence]:
    return [f for f in page_fences(site, path)
            if f.lang in PYTHON_LANGS and "notest" not in f.options]


def fence_at(site: Site, path: pathlib.Path, open_line: int) -> Fence:
    for fence in python_fences(site, path):
        if fence.open_line == open_line:
            return fence
    raise PageError(f"{site.relative(path)}:{open_line}: no Python fence starts on this line")


def output_fences(code: Fence) -> list[Fence]:
    """The output fences right after `code`, one per group of releases that print the same,
    with only blank lines between them."""
    fences = page_fences(code.site, code.path)
    lines = code.site.read_text(code.path).splitlines()
    found, end = [], code.close_line
    for following in fences[fences.index(code) + 1:]:
        between = lines[end:following.open_line - 1]
        if following.lang != OUTPUT_LANG or any(line.strip() for line in between):
            break
        found.append(following)
        end = following.close_line
    return found


def chain(fence: Fence) -> list[Fence]:
    """`fence`, preceded by the fences its `continuation` builds on (all on the same
    releases)."""
    python = python_fences(fence.site, fence.path)
    first = index = python.index(fence)
    while first > 0 and python[first].continued:
        first -= 1
    links = python[first:index + 1]
    for earlier, later in zip(links, links[1:]):
        if earlier.releases != later.releases:
            raise PageError(
                f"{later.where}: this `continuation` fence runs on PyTorch "
                f"{', '.join(later.releases)}, but the fence it continues ({earlier.where}) "
                f"runs on {', '.join(earlier.releases)}; give both the same torch=\"…\"")
    return links
