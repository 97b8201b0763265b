"""Output fences, compared with a run and rewritten from one (`make outputs`): one per distinct
output, oldest release first, titled with the releases that print it, the lines that differ from
another group's marked (`hl_lines`; the build shows them side by side, release_outputs.py)."""

from __future__ import annotations

import dataclasses
import difflib
import itertools
import pathlib
import re

from verified_docs import versions
from verified_docs.fences import OUTPUT_LANG, Fence, output_fences, page_fences, python_fences
from verified_docs.site import Site

RELEASE = re.compile(r"\d+(?:\.\d+)+")


class OutputMismatch(AssertionError):
    pass


@dataclasses.dataclass(frozen=True)
class Group:
    releases: tuple[str, ...]
    text: str                   # normalised: every line stripped on the right, "\n"-ended
    marked: tuple[int, ...]     # 1-based lines that differ from another group's output


def title(site, lang: str, releases) -> str:
    """"Output · PyTorch 2.14.1, 2.15.0", in the language's `extra.output_title`."""
    return (f"{site.extra(lang).get('output_title', 'Output')} · PyTorch "
            + ", ".join(sorted(releases, key=versions.key)))


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
    """The releases an output fence's title names (after "PyTorch")."""
    return tuple(RELEASE.findall((fence.title or "").rpartition("PyTorch")[2]))


def shown_on(code: Fence, release: str) -> Fence | None:
    """The output fence after `code` that shows what `release` prints, if there is one."""
    return next((o for o in output_fences(code) if release in shown_releases(o)), None)


def info_line(site, lang: str, group: Group) -> str:
    marks = f' hl_lines="{" ".join(map(str, group.marked))}"' if group.marked else ""
    return f'{OUTPUT_LANG} title="{title(site, lang, group.releases)}"{marks}'


def check(code: Fence, printed: dict[str, str]) -> None:
    """OutputMismatch, naming page:line and release, unless the page shows what each release of
    `printed` (all, or `--torch-release`'s) printed, as `make outputs` writes it."""
    site = code.site
    shown, lang = output_fences(code), site.language_of(code.path)
    where_shown = {release: fence for fence in shown for release in shown_releases(fence)}
    problems = []
    for release in sorted(printed, key=versions.key):
        actual, fence = normalise(printed[release]), where_shown.get(release)
        if fence is None:
            if actual or shown:
                problems.append(
                    f"{code.where}: no output fence is titled with PyTorch {release}, which "
                    f"prints:\n{actual or '(nothing)'}")
            continue
        if normalise(fence.content) != actual:
            diff = difflib.unified_diff(
                normalise(fence.content).splitlines(keepends=True),
                actual.splitlines(keepends=True),
                f"{site.relative(code.path)}:{fence.open_line} (shown on the page for "
                f"PyTorch {', '.join(shown_releases(fence))})",
                f"what the code prints now on PyTorch {release}")
            problems.append(
                f"{code.where}: the output shown on the page differs from what the code prints "
                f"on PyTorch {release}.\n{''.join(diff)}")
    if problems:
        raise OutputMismatch("\n".join(problems)
                             + "\nIf the new output is right, run `make outputs` and review the "
                             "diff.")
    if set(printed) != set(code.releases):
        return  # the grouping can only be judged with every release's output
    # Byte for byte what `make outputs` writes, so that it is a fixed point on every page.
    found = groups(printed)
    shown_text = "".join(code.path.read_text(encoding="utf-8").splitlines(keepends=True)[
        outputs_span(code)])
    written = block(site, lang, found)
    if shown_text != written:
        at = next(i for i, (a, b) in enumerate(itertools.zip_longest(
            shown_text.splitlines(), written.splitlines())) if a != b)
        raise OutputMismatch(
            f"{code.where}: the output fences after this code should be, in this order:\n"
            + "\n".join(f"  ```{info_line(site, lang, group)}" for group in found)
            + "\nbut they are:\n" + "\n".join(f"  ```{fence.info.strip()}" for fence in shown)
            + f"\n(from line {code.close_line + 1 + at}; one fence per distinct output, titled "
            "with the releases that print it, the lines that differ marked, a blank line before "
            "each, enough backticks). `make outputs` writes them.")


def completed(code: Fence, printed: dict[str, str]) -> dict[str, str]:
    """The run's output, and the page's for a release that did not run (`--torch-release`)."""
    shown = {release: fence.content for fence in reversed(output_fences(code))
             for release in shown_releases(fence) if release in code.releases}
    return {**shown, **printed}


def outputs_span(code: Fence) -> slice:
    """The lines after `code` that `make outputs` rewrites: its output fences, blank lines."""
    shown = output_fences(code)
    return slice(code.close_line, shown[-1].close_line if shown else code.close_line)


def ticks(text: str) -> str:
    """Enough backticks to fence `text`: more than any run of them in it."""
    return "`" * max([3, *(len(run) + 1 for run in re.findall(r"`+", text))])


def block(site, lang: str, found: list[Group]) -> str:
    """The text `make outputs` puts after a code fence: a blank line and a fence per group."""
    text = ""
    for group in found:
        fence = ticks(group.text)
        text += f"\n{fence}{info_line(site, lang, group)}\n{group.text}{fence}\n"
    return text


def rewrite(path: pathlib.Path, updates: list[tuple[Fence, dict[str, str]]]
            ) -> dict[pathlib.Path, int]:
    """Each code fence's outputs written into the page `path` and, in their language, its
    translations (parity holds their code fences to it): per file, how many fences changed."""
    site = Site.containing(path)
    written = {path: [(code, groups(completed(code, printed))) for code, printed in updates]}
    english = python_fences(path)
    for lang in site.locales[1:]:
        translation = site.docs / lang / path.relative_to(site.docs / site.default)
        if translation.exists():
            theirs = python_fences(translation)
            if len(theirs) == len(english):
                written[translation] = [(theirs[english.index(code)], found)
                                        for code, found in written[path]]
    return {file: write(site, file, pending) for file, pending in written.items()}


def write(site: Site, path: pathlib.Path, pending: list[tuple[Fence, list[Group]]]) -> int:
    """Bottom-up, so that line numbers stay valid."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lang, changed = site.language_of(path), 0
    for code, found in sorted(pending, key=lambda item: -item[0].open_line):
        span, new = outputs_span(code), block(site, lang, found)
        if "".join(lines[span]) != new:
            changed += 1
            lines[span] = [new]
    if changed:
        path.write_text("".join(lines), encoding="utf-8")
        page_fences.cache_clear()
    return changed
