"""`<!-- release-changes -->` on a page becomes, for each pair of consecutive verified releases,
every example whose printed output differs between them (a piece of the build).

- Read from the default language's pages, from the output fences `make outputs` writes: a new
  release or a new output changes the page by itself.
- An example is a Python fence that runs on both releases of a pair; it is listed when the
  output shown for one differs from the other's, with its page and section, a link to the block
  (`#example-N`, N counting the page's Python fences, the same in every language) and the lines
  that changed, old beside new (as the pages show outputs that differ).
"""

from __future__ import annotations

import dataclasses
import difflib
import re

from markupsafe import Markup, escape

from verified_docs import outputs
from verified_docs.fences import PYTHON_LANGS, page_fences
from verified_docs.site import Site

PLACEHOLDER = "<!-- release-changes -->"
SUMMARY = "<!-- release-changes-summary -->"  # a line per pair, for the page's answer box
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{[^}]*\})?\s*$")
PYTHON_BLOCK = re.compile(r'<div class="language-(?:py|python|python3) highlight"')


@dataclasses.dataclass(frozen=True)
class Change:
    page: str            # "relu-vs-clamp.md"
    example: int         # its number among the page's Python fences, from 1
    section: str         # the heading above it
    title: str           # the code's title, its snippet, or its first line
    old: tuple[str, ...]  # the lines of the older release's output that the newer one lacks
    new: tuple[str, ...]  # and the other way round


def examples(site: Site, page: str):
    """(number, fence, section) of each Python fence of the default language's `page`."""
    path = site.docs / site.default / page
    lines = site.read_text(path).splitlines()
    number = 0
    for fence in page_fences(path):
        if fence.lang not in PYTHON_LANGS:
            continue
        number += 1
        section = next((HEADING.match(line)[2] for line in reversed(lines[:fence.open_line - 1])
                        if HEADING.match(line)), "")
        yield number, fence, section


def title_of(fence) -> str:
    first = next((line for line in fence.content.splitlines() if line.strip()), "")
    return fence.title or fence.include or first.strip()


def pair_changes(site: Site, old: str, new: str) -> tuple[list[Change], int]:
    """The examples whose output differs between releases `old` and `new`, and how many
    examples run on both."""
    found, count = [], 0
    for page in site.pages(site.default):
        for number, fence, section in examples(site, page):
            if "notest" in fence.options or not {old, new} <= set(fence.releases):
                continue
            count += 1
            shown = [outputs.shown_on(fence, release) for release in (old, new)]
            before, after = (outputs.normalise(o.content) if o else "" for o in shown)
            if before == after:
                continue
            a, b = before.splitlines(), after.splitlines()
            matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
            gone = [line for tag, i, j, _, _ in matcher.get_opcodes() if tag != "equal"
                    for line in a[i:j]]
            came = [line for tag, _, _, i, j in matcher.get_opcodes() if tag != "equal"
                    for line in b[i:j]]
            found.append(Change(page, number, section, title_of(fence), tuple(gone),
                                tuple(came)))
    return found, count


def pairs(site: Site) -> list[tuple[str, str]]:
    releases = site.torch.ascending()
    return list(zip(releases, releases[1:], strict=False))


def page_titles(config) -> dict[str, str]:
    """{page: its title in the nav of the language being built}."""
    titles = {}
    for item in config.nav or []:
        if isinstance(item, dict):
            for name, page in item.items():
                if isinstance(page, str):
                    titles[page] = name
    return titles


def fence(title: str, lines) -> str:
    body = "\n".join(lines) or "(—)"
    ticks = "`" * max([3, *(len(run) + 1 for run in re.findall(r"`+", body))])
    return f'{ticks}output title="{title}"\n{body}\n{ticks}\n'


def markdown(site: Site, config, page_url: str) -> str:
    """The Markdown of every pair's changes, in the language being built."""
    from mkdocs.utils import get_relative_url

    strings = config.extra.get("strings") or {}
    titles = page_titles(config)
    parts = []
    for old, new in pairs(site):
        found, count = pair_changes(site, old, new)
        parts.append(f"## {old} → {new} {{ #changes-{old.replace('.', '-')} }}\n")
        parts.append(strings.get("changes_count", "{changed} of {examples} examples print "
                                 "differently on {new} than on {old}.").format(
            changed=len(found), examples=count, old=old, new=new) + "\n")
        for change in found:
            target = change.page.removesuffix(".md")
            target = "" if target == "index" else target + "/"
            href = get_relative_url(target, page_url) + f"#example-{change.example}"
            link = Markup('<a href="{}"><code>{}</code></a>').format(href, change.title)
            where = escape(f"{titles.get(change.page, change.page)} › {change.section}")
            parts.append(Markup("**{}** — {}\n").format(where, link))
            label = strings.get("changes_release", "PyTorch {release}")
            parts.append(fence(label.format(release=old), change.old) + "\n"
                         + fence(label.format(release=new), change.new))
    return "\n".join(parts)


def summary(site: Site, config) -> str:
    """A bullet per pair: the count, the pages it is on, a link to the pair's section."""
    strings = config.extra.get("strings") or {}
    titles = page_titles(config)
    lines = []
    for old, new in pairs(site):
        found, count = pair_changes(site, old, new)
        pages = list(dict.fromkeys(titles.get(c.page, c.page) for c in found))
        sentence = strings.get("changes_count", "{changed} of {examples} examples print "
                               "differently on {new} than on {old}.").format(
            changed=len(found), examples=count, old=old, new=new)
        where = f" ({', '.join(pages)})" if pages else ""
        lines.append(f"- [**{old} → {new}**](#changes-{old.replace('.', '-')}): "
                     f"{sentence.rstrip('.')}{where}.")
    return "\n".join(lines)


def page_markdown(markdown_text: str, site: Site, config, page_url: str) -> str:
    if SUMMARY in markdown_text:
        markdown_text = markdown_text.replace(SUMMARY, summary(site, config))
    if PLACEHOLDER in markdown_text:
        markdown_text = markdown_text.replace(PLACEHOLDER, markdown(site, config, page_url))
    return markdown_text


def anchored(html_text: str) -> str:
    """Each Python code block of a page with its `example-N` anchor, for the links above."""
    numbers = iter(range(1, len(html_text)))
    return PYTHON_BLOCK.sub(lambda m: f'{m[0]} id="example-{next(numbers)}"', html_text)
