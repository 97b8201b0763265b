"""`<!-- release-changes -->` on a page becomes, for each pair of consecutive verified releases,
every example whose output differs between them (with its page, section, a link to its block and
the lines that changed, old beside new); `<!-- release-changes-summary -->` a bullet per pair.

Read from the default language's output fences, which `make outputs` writes: a new release or a
new output changes the page by itself.
"""

from __future__ import annotations

import difflib
import re

from markupsafe import Markup
from mkdocs.utils import get_relative_url

from verified_docs.model import outputs
from verified_docs.model.fences import PYTHON_LANGS, heading_above, page_fences
from verified_docs.model.site import Site, location

PLACEHOLDER = "<!-- release-changes -->"
SUMMARY = "<!-- release-changes-summary -->"
PYTHON_BLOCK = re.compile(r'<div class="language-(?:py|python|python3) highlight"')
LINK = Markup('**{}** — <a href="{}#example-{}"><code>{}</code></a>\n')


def pairs(site: Site) -> list[tuple[str, str]]:
    releases = site.torch.ascending()
    return list(zip(releases, releases[1:]))


def pair_changes(site: Site, old: str, new: str) -> tuple[list[tuple], int]:
    """[(page, example number, section, title, old lines, new lines)] of the examples whose
    output differs between releases `old` and `new`, and how many examples run on both."""
    found, count = [], 0
    for page in site.pages(site.default):
        path = site.docs / site.default / page
        python = [f for f in page_fences(site, path) if f.lang in PYTHON_LANGS]
        for number, fence in enumerate(python, 1):
            if "notest" in fence.options or not {old, new} <= set(fence.releases):
                continue
            count += 1
            shown = [outputs.shown_on(fence, release) for release in (old, new)]
            a, b = (outputs.normalise(o.content).splitlines() if o else [] for o in shown)
            if a == b:
                continue
            ops = [op for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
                   if op[0] != "equal"]
            heading = heading_above(fence)
            section = heading["text"] if heading else ""
            first = next((line.strip() for line in fence.content.splitlines() if line.strip()), "")
            found.append((page, number, section, fence.title or fence.include or first,
                          [line for _, i, j, _, _ in ops for line in a[i:j]],
                          [line for _, _, _, i, j in ops for line in b[i:j]]))
    return found, count


def fence(title: str, lines) -> str:
    body = "\n".join(lines) or "(—)"
    return f'{outputs.ticks(body)}output title="{title}"\n{body}\n{outputs.ticks(body)}\n'


def page_markdown(markdown: str, site: Site, page_url: str) -> str:
    if PLACEHOLDER not in markdown and SUMMARY not in markdown:
        return markdown
    titles = {page: name for item in site.config.nav or [] if isinstance(item, dict)
              for name, page in item.items() if isinstance(page, str)}
    label = site.text("changes_release")
    summary, parts = [], []
    for old, new in pairs(site):
        found, count = pair_changes(site, old, new)
        anchor = f"changes-{old.replace('.', '-')}"
        sentence = site.text("changes_count").format(
            changed=len(found), examples=count, old=old, new=new)
        pages = list(dict.fromkeys(titles.get(c[0], c[0]) for c in found))
        where = f" ({', '.join(pages)})" if pages else ""
        summary.append(f"- [**{old} → {new}**](#{anchor}): {sentence.rstrip('.')}{where}.")
        parts += [f"## {old} → {new} {{ #{anchor} }}\n", sentence + "\n"]
        for page, number, section, title, gone, came in found:
            href = get_relative_url(location(page), page_url)
            parts.append(LINK.format(f"{titles.get(page, page)} › {section}", href, number, title))
            parts.append(fence(label.format(release=old), gone) + "\n"
                         + fence(label.format(release=new), came))
    return markdown.replace(SUMMARY, "\n".join(summary)).replace(PLACEHOLDER, "\n".join(parts))


def anchored(html_text: str) -> str:
    """Each Python code block of a page with its `example-N` anchor, for the links above."""
    numbers = iter(range(1, len(html_text)))
    return PYTHON_BLOCK.sub(lambda m: f'{m[0]} id="example-{next(numbers)}"', html_text)
