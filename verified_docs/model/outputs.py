"""Output fences, compared with a run and rewritten from one (`make outputs`): one per distinct
output, oldest release first, titled with the releases that print it, the lines that differ from
another group's marked (`hl_lines`; the build shows them side by side, release_outputs.py)."""

from __future__ import annotations

import dataclasses
import difflib
import pathlib
import re

from verified_docs.model import versions
from verified_docs.model.fences import OUTPUT_LANG, Fence, output_fences, page_fences, python_fences
from verified_docs.model.site import PageError, Site

RELEASE = re.compile(r"\d+(?:\.\d+)+")


class OutputMismatch(AssertionError):
    pass


@dataclasses.dataclass(frozen=True)
class Group:
    releases: tuple[str, ...]
    text: str                   # normalised: every line stripped on the right, "\n"-ended
    marked: tuple[int, ...]     # 1-based lines that differ from another group's output


def title(site: Site, lang: str, releases) -> str:
    """"Output · PyTorch 2.14.1, 2.15.0", in the language's `extra.output_title`."""
    name = site.extra(lang).get("output_title")
    if not name:
        raise PageError(f"mkdocs.yml: `extra.output_title` is missing for language {lang!r}; "
                        "add it (translated) to that language's `extra`.")
    return f"{name} · PyTorch " + ", ".join(sorted(releases, key=versions.key))


def normalise(text: str) -> str:
    return "".join(line.rstrip() + "\n" for line in text.rstrip().splitlines())


def marked_lines(text: str, others: list[str]) -> tuple[int, ...]:
    """Lines of `text` that are not matched, line for line, in every one of `others`."""
    lines, marked = text.splitlines(), set()
    for other in others:
        matcher = difflib.SequenceMatcher(None, lines, other.splitlines(), autojunk=False)
        for tag, start, end, _, _ in matcher.get_opcodes():
            if tag != "equal":
                marked.update(range(start + 1, end + 1))
    return tuple(sorted(marked))


def groups(printed: dict[str, str]) -> list[Group]:
    """The distinct outputs of {release: stdout}, oldest first; none when nothing is printed."""
    by_text: dict[str, list[str]] = {}
    for release in sorted(printed, key=versions.key):
        by_text.setdefault(normalise(printed[release]), []).append(release)
    if list(by_text) == [""]:
        return []
    texts = list(by_text)
    return [Group(tuple(by_text[text]), text,
                  marked_lines(text, [t for t in texts if t != text])) for text in texts]


def shown_releases(fence: Fence) -> tuple[str, ...]:
    return titled_releases(fence.title or "")


def titled_releases(title: str) -> tuple[str, ...]:
    """The releases an output's title names after "PyTorch" (its fence's, or in the HTML)."""
    return tuple(RELEASE.findall(title.rpartition("PyTorch")[2]))


def printed_rows(site: Site, name: str) -> dict[str, list[tuple[str, float, str]]]:
    """{release: [(first column, value, last column)]}, oldest first, of the table that
    `snippets/<page>/<name>.py` prints under its header line on the default language's page that
    includes it, read from its output fences; a line whose middle column is no number ends
    the rows."""
    for page in site.pages(site.default):
        for code in python_fences(site, site.docs / site.default / page):
            if code.include and pathlib.PurePosixPath(code.include).stem == name:
                found = {}
                for fence in output_fences(code):
                    rows = []
                    for line in fence.content.splitlines()[1:]:
                        first, value, last = [*line.rsplit(None, 2), "", ""][:3]
                        try:
                            rows.append((first, float(value), last))
                        except ValueError:
                            break
                    found.update(dict.fromkeys(shown_releases(fence), rows))
                return dict(sorted(found.items(), key=lambda item: versions.key(item[0])))
    raise PageError(f"no page of {site.relative(site.docs / site.default)}/ includes a "
                    f"snippets/<page>/{name}.py in a code block")


def shown_on(code: Fence, release: str) -> Fence | None:
    """The output fence after `code` that shows what `release` prints, if there is one."""
    return next((o for o in output_fences(code) if release in shown_releases(o)), None)


def check(code: Fence, printed: dict[str, str]) -> None:
    """OutputMismatch, with a diff of the page, unless the fences after `code` are byte for byte
    what `make outputs` writes from `printed` (a `--torch-release` run: the page's outputs for
    the other releases), so that `make outputs` is a fixed point on every page."""
    lines = code.path.read_text(encoding="utf-8").splitlines(keepends=True)
    fixed = with_outputs(lines, code, groups(completed(code, printed)))
    if fixed == lines:
        return
    wrong = [r for r in sorted(printed, key=versions.key)
             if normalise(printed[r]) != normalise(getattr(shown_on(code, r), "content", ""))]
    said = (f"what the code prints on PyTorch {', '.join(wrong)} differs from the output shown"
            if wrong else "the output fences after it are not as `make outputs` writes them "
            "(one per distinct output, oldest first, titled with the releases that print it, "
            "the lines that differ marked)")
    rel = code.site.relative(code.path)
    diff = difflib.unified_diff(lines, fixed, f"{rel} (the page)",
                                f"{rel} (what `make outputs` writes)")
    raise OutputMismatch(f"{code.where}: {said}:\n{''.join(diff)}If the new output is right, run "
                         "`make outputs` and review the diff.")


def completed(code: Fence, printed: dict[str, str]) -> dict[str, str]:
    """The run's output, and the page's for a release that did not run (`--torch-release`)."""
    shown = {release: fence.content for fence in reversed(output_fences(code))
             for release in shown_releases(fence) if release in code.releases}
    return {**shown, **printed}


def with_outputs(lines: list[str], code: Fence, found: list[Group]) -> list[str]:
    """The page's `lines` with the output fences after `code` (and the blank lines before them)
    replaced by a blank line and a fence per group of `found`."""
    shown = output_fences(code)
    end = shown[-1].close_line if shown else code.close_line
    lang, text = code.site.language_of(code.path), ""
    for group in found:
        fence = ticks(group.text)
        marks = f' hl_lines="{" ".join(map(str, group.marked))}"' if group.marked else ""
        text += (f'\n{fence}{OUTPUT_LANG} title="{title(code.site, lang, group.releases)}"'
                 f"{marks}\n{group.text}{fence}\n")
    return [*lines[:code.close_line], *text.splitlines(keepends=True), *lines[end:]]


def ticks(text: str) -> str:
    """Enough backticks to fence `text`: more than any run of them in it."""
    return "`" * max([3, *(len(run) + 1 for run in re.findall(r"`+", text))])


def rewrite(site: Site, path: pathlib.Path, updates: list[tuple[Fence, dict[str, str]]]
            ) -> dict[pathlib.Path, int]:
    """Each code fence's outputs written into the page `path` and, in their language, its
    translations (parity holds their code fences to it): per file, how many fences changed."""
    written = {path: [(code, groups(completed(code, printed))) for code, printed in updates]}
    english = python_fences(site, path)
    for lang in site.locales[1:]:
        translation = site.counterpart(path, lang)
        if translation.exists():
            theirs = python_fences(site, translation)
            if len(theirs) == len(english):
                written[translation] = [(theirs[english.index(code)], found)
                                        for code, found in written[path]]
    return {file: write(file, pending) for file, pending in written.items()}


def write(path: pathlib.Path, pending: list[tuple[Fence, list[Group]]]) -> int:
    """Bottom-up, so that line numbers stay valid."""
    lines, changed = path.read_text(encoding="utf-8").splitlines(keepends=True), 0
    for code, found in sorted(pending, key=lambda item: -item[0].open_line):
        fixed = with_outputs(lines, code, found)
        if fixed != lines:
            changed, lines = changed + 1, fixed
    if changed:
        path.write_text("".join(lines), encoding="utf-8")
        page_fences.cache_clear()
    return changed
