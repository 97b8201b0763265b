"""`<!-- release-changes -->` on a page becomes, for each pair of consecutive verified releases,
the sentences that say what changed, most important first, then every example whose output
differs between them: its page and section (a link to its block, in the page's language), what
each changed value went from and to, and the changed lines with a line of context, old then new.
`<!-- release-changes-summary -->` becomes a bullet per pair.

Which examples differ, and their lines, are read from the default language's output fences, which
`make outputs` writes: a new release or a new output changes the page by itself. An example whose
outputs differ only by the release numbers they print is no change. What a change means is
written, once per language, in the page's front matter, in the order of importance:

    changes:
      "2.13.0 → 2.14.1":
        snippets/index/grad_at_zero.py: the gradient of `x.clamp(min=0)` at 0 goes from 1 to 0
        mask.md#subgradient: …      (an example written on the page: page and section id)

Examples that change for one reason share its sentence (a YAML anchor, `&name` then `*name`):
the page lists them under it, not the sentence once per example.

A changed example without its sentence, or a sentence for an example that does not exist or
does not change in that pair, is an error naming the file and line (the strict build fails).
"""

from __future__ import annotations

import dataclasses
import difflib
import html
import os
import re

from mkdocs.plugins import get_plugin_logger
from mkdocs.utils import get_relative_url

from verified_docs.model import outputs
from verified_docs.model.fences import PYTHON_LANGS, Fence, heading_above, page_fences
from verified_docs.model.site import Site, location

log = get_plugin_logger(__name__)

PLACEHOLDER = "<!-- release-changes -->"
SUMMARY = "<!-- release-changes-summary -->"
PYTHON_BLOCK = re.compile(r'<div class="language-(?:py|python|python3) highlight"')
# A line between two runs of changed lines that are more than a context line apart.
GAP = "…"
# Where a label ends in an output line ("x=0: ", "w1.grad = ", two spaces between columns),
# and where a value ends (a column gap).
SEPARATOR = re.compile(r"[:=] +| {2,}")
GAP_AFTER = re.compile(r" {2,}")


@dataclasses.dataclass(frozen=True)
class Change:
    page: str            # in the language folder: "mask.md"
    number: int          # the example's place among the page's Python blocks (`example-N`)
    key: str             # what its sentence is written under: the snippet, or "page.md#section"
    old: list[str]       # the older release's output, normalised, one item per line
    new: list[str]

    def hunks(self) -> list[tuple[list[str], list[int], list[str], list[int]]]:
        """(old lines, which of them changed (1-based), new lines, which changed) per run of
        changed lines with a line of context on each side."""
        found = []
        matcher = difflib.SequenceMatcher(None, self.old, self.new, autojunk=False)
        for group in matcher.get_grouped_opcodes(1):
            a = range(group[0][1], group[-1][2])
            b = range(group[0][3], group[-1][4])
            changed_a = {i for tag, i1, i2, _, _ in group if tag != "equal" for i in range(i1, i2)}
            changed_b = {j for tag, _, _, j1, j2 in group if tag != "equal" for j in range(j1, j2)}
            found.append(([self.old[i] for i in a], [n + 1 for n, i in enumerate(a) if i in changed_a],
                          [self.new[j] for j in b], [n + 1 for n, j in enumerate(b) if j in changed_b]))
        return found

    def values(self) -> list[tuple[str, str, str]]:
        """(label, old value, new value) of each changed line that keeps its label and changes
        only a value after it: read from the measured outputs."""
        found = []
        matcher = difflib.SequenceMatcher(None, self.old, self.new, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "replace" and i2 - i1 == j2 - j1:
                found += filter(None, map(value_change, self.old[i1:i2], self.new[j1:j2]))
        return found


def value_change(before: str, after: str) -> tuple[str, str, str] | None:
    """("x=0", "1.0", "0.0") for "x=0: 1.0   x=6: 1.0" and "x=0: 0.0   x=6: 1.0": the text
    before the first difference up to its last separator, and what differs up to a column gap."""
    before, after = before.strip(), after.strip()
    n = len(os.path.commonprefix([before, after]))
    cut = max((m.end() for m in SEPARATOR.finditer(before[:n])), default=0)
    label = before[:cut].strip(" :=")
    rest_a, rest_b = before[cut:], after[cut:]
    m = len(os.path.commonprefix([rest_a[::-1], rest_b[::-1]]))
    tail = rest_a[len(rest_a) - m:] if m else ""
    gap = GAP_AFTER.search(tail)
    keep = m - (gap.start() if gap else m)
    a, b = rest_a[:len(rest_a) - keep].strip(), rest_b[:len(rest_b) - keep].strip()
    return (label, a, b) if label and a and b and a != b else None


def pairs(site: Site) -> list[tuple[str, str]]:
    releases = site.torch.ascending()
    return list(zip(releases, releases[1:]))


def pair_name(old: str, new: str) -> str:
    return f"{old} → {new}"


def key_of(fence: Fence) -> str:
    """The snippet a fence includes, or its page and section id."""
    if fence.include:
        return fence.include
    heading = heading_above(fence)
    section = (heading["id"] or "") if heading else ""
    site = fence.site
    page = fence.path.relative_to(site.docs / site.language_of(fence.path)).as_posix()
    return f"{page}#{section}" if section else page


def release_free(text: str, release: str) -> str:
    """The output with the release's own number taken out: an example that prints it differs
    on every release, and that is no change."""
    return re.sub(rf"(?<![\d.]){re.escape(release)}(?![\d.])", "<release>", text)


def pair_changes(site: Site, old: str, new: str) -> tuple[list[Change], int]:
    """The examples whose output differs between releases `old` and `new`, page by page, and
    how many examples run on both and print more than their release."""
    found, count = [], 0
    for page in site.pages(site.default):
        path = site.docs / site.default / page
        python = [f for f in page_fences(site, path) if f.lang in PYTHON_LANGS]
        for number, fence in enumerate(python, 1):
            if "notest" in fence.options or not {old, new} <= set(fence.releases):
                continue
            shown = [outputs.shown_on(fence, release) for release in (old, new)]
            a, b = (outputs.normalise(o.content) if o else "" for o in shown)
            if a != b and release_free(a, old) == release_free(b, new):
                continue  # it prints the release, nothing else differs
            count += 1
            if a != b:
                found.append(Change(page, number, key_of(fence), a.splitlines(), b.splitlines()))
    return found, count


def keys(site: Site) -> set[str]:
    """What a sentence may be written under: every example's key."""
    return {key_of(f) for page in site.pages(site.default)
            for f in page_fences(site, site.docs / site.default / page) if f.lang in PYTHON_LANGS}


def line_of(source, needle: str, after: int = 0) -> int:
    """The 1-based line of the first line after line `after` that holds `needle` (else `after`,
    or 1)."""
    lines = source.read_text(encoding="utf-8").splitlines()
    return next((n for n, line in enumerate(lines, 1) if n > after and needle in line), after or 1)


def sentences(site: Site, source, meta: dict) -> tuple[dict[str, dict[str, str]], list[str]]:
    """{pair: {key: sentence}} of the page's front matter `changes`, and the errors: each
    naming `source` and the line, for a pair that is not verified, a key that names no example,
    a sentence for an example that does not change in its pair, a changed example without one."""
    written, errors = meta.get("changes") or {}, []
    where = site.relative(source)
    examples = keys(site)
    result = {}
    for old, new in pairs(site):
        name = pair_name(old, new)
        given = written.get(name) or {}
        at = line_of(source, f'"{name}"') if name in written else line_of(source, "changes:")
        changed = list(dict.fromkeys(c.key for c in pair_changes(site, old, new)[0]))
        for key in given:
            line = line_of(source, f"{key}:", at)
            if key not in examples:
                errors.append(f"{where}:{line}: `{key}` under \"{name}\" names no example of the "
                              "site (a snippet a page includes, or page.md#section of a block "
                              "written on the page); rename or remove it")
            elif key not in changed:
                errors.append(f"{where}:{line}: `{key}` prints the same on {old} and {new}; "
                              f"remove its sentence under \"{name}\"")
        for key in changed:
            if key not in given:
                errors.append(f"{where}:{at}: the output of `{key}` differs between {old} and "
                              f"{new}: under `changes:` → \"{name}\" add `{key}: <one sentence "
                              "on what changed>`")
        result[name] = {key: str(text) for key, text in given.items() if key in changed}
    for name in written:
        if name not in result:
            errors.append(f"{where}:{line_of(source, name)}: \"{name}\" is not a pair of "
                          f"consecutive verified releases ({', '.join(result)})")
    return result, errors


def nav_titles(site: Site, lang: str) -> dict[str, str]:
    """{page: its title in the nav} in language `lang` (static-i18n's nav_translations)."""
    translations = next((language.nav_translations or {} for language
                         in site.i18n.config.languages if language.locale == lang), {})
    return {page: translations.get(name, name) for item in site.config.nav or []
            if isinstance(item, dict) for name, page in item.items() if isinstance(page, str)}


def section_title(site: Site, lang: str, change: Change) -> str:
    """The heading above the example in the page of `lang` (the default's if it has none)."""
    for folder in (lang, site.default):
        path = site.docs / folder / change.page
        python = [f for f in page_fences(site, path) if f.lang in PYTHON_LANGS] if path.exists() else []
        if len(python) >= change.number:
            heading = heading_above(python[change.number - 1])
            return heading["text"] if heading else ""
    return ""


def fence(title: str, lines: list[str], marked: list[int]) -> str:
    body = "\n".join(lines) or "(—)"
    marks = f' hl_lines="{" ".join(map(str, marked))}"' if marked else ""
    return f'{outputs.ticks(body)}output title="{title}"{marks}\n{body}\n{outputs.ticks(body)}\n'


def joined(parts: list[str], marks: list[list[int]]) -> tuple[list[str], list[int]]:
    """Hunks one after another, a GAP line between them, their marks renumbered."""
    lines, marked = [], []
    for part, mark in zip(parts, marks):
        if lines:
            lines.append(GAP)
        marked += [len(lines) + n for n in mark]
        lines += part
    return lines, marked


def capitalised(sentence: str) -> str:
    """The sentence with a capital if it starts with a word ("the −38" → "The −38"), as it is if
    it starts with code, a number or a formula (`clamp`, −38, d/dx)."""
    word = sentence.split(" ", 1)[0].rstrip(",;:.")
    return sentence[:1].upper() + sentence[1:] if word.isalpha() else sentence


def code(text: str) -> str:
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def page_markdown(markdown: str, site: Site, page_url: str) -> str:
    if PLACEHOLDER not in markdown and SUMMARY not in markdown:
        return markdown
    default, lang = site.default, site.language
    prefix = next((language.prefix for language in site.languages if language.locale == lang), "")
    name = page_url.removeprefix(prefix).strip("/") or "index"
    source = next((p for p in (site.docs / lang / f"{name}.md", site.docs / default / f"{name}.md",
                               site.docs / lang / name / "index.md") if p.exists()), None)
    meta = site.front_matter(source)[0] if source else {}
    written, errors = sentences(site, source, meta) if source else ({}, [])
    for error in errors:
        log.error(error)
    titles = nav_titles(site, lang)
    label = site.text("changes_release")
    summary, parts = [], []
    for old, new in pairs(site):
        found, count = pair_changes(site, old, new)
        said = written.get(pair_name(old, new), {})
        anchor = f"changes-{old.replace('.', '-')}"
        sentence = site.text("changes_count").format(
            changed=len(found), examples=count, old=old, new=new)
        # Most important first: the order the sentences are written in, then the pages' order.
        order = list(said)
        found.sort(key=lambda c: order.index(c.key) if c.key in order else len(order))

        def title(change: Change) -> str:
            return (f"{titles.get(change.page, change.page)} › "
                    f"{section_title(site, lang, change)}")

        def link(change: Change) -> str:
            # Raw HTML: the `example-N` anchors are added after Markdown, where MkDocs checks
            # a Markdown link's anchor.
            href = get_relative_url(prefix + location(change.page), page_url)
            return f'<a href="{html.escape(href)}#example-{change.number}">{title(change)}</a>'

        pair, headline = f"[**{pair_name(old, new)}**](#{anchor})", next(iter(said.values()), "")
        summary.append("- " + site.text("changes_summary" if found else "changes_none")
                       .format(pair=pair, changed=len(found), examples=count,
                               headline=headline.rstrip(".")))
        parts += [f"## {pair_name(old, new)} {{ #{anchor} }}\n", sentence + "\n"]
                # One bullet per sentence: the examples written under the same sentence (one cause)
        # are listed under it, not restated.
        linked = {}
        for change in found:
            if change.key in said:
                linked.setdefault(said[change.key], []).append(link(change))
        for text, links in linked.items():
            parts += ([f"- {capitalised(text).rstrip('.')} ({links[0]})."] if len(links) == 1
                      else [f"- {capitalised(text).rstrip('.')}:"] + [f"    - {a}" for a in links])
        parts.append("")
        for change in found:
            parts.append(f"**{link(change)}**\n")
            values = change.values()
            if values:
                parts += [f"- {code(what)}: {code(a)} → {code(b)}" for what, a, b in values]
                parts.append("")
            hunks = change.hunks()
            old_lines, old_marks = joined([h[0] for h in hunks], [h[1] for h in hunks])
            new_lines, new_marks = joined([h[2] for h in hunks], [h[3] for h in hunks])
            # The evidence is folded: with its folds closed the page is its sentences and values.
            fold = site.text("changes_outputs").format(example=title(change), old=old, new=new)
            parts += [f"/// details | {fold}",
                      fence(label.format(release=old), old_lines, old_marks) + "\n"
                      + fence(label.format(release=new), new_lines, new_marks), "///\n"]
    return markdown.replace(SUMMARY, "\n".join(summary)).replace(PLACEHOLDER, "\n".join(parts))


def anchored(html_text: str) -> str:
    """Each Python code block of a page with its `example-N` anchor, for the links above."""
    numbers = iter(range(1, len(html_text)))
    return PYTHON_BLOCK.sub(lambda m: f'{m[0]} id="example-{next(numbers)}"', html_text)
