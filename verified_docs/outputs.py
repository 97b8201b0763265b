"""Output fences: their titles, comparing them with a run, and rewriting them (`make outputs`)."""

from __future__ import annotations

import dataclasses
import difflib
import pathlib

from verified_docs import site
from verified_docs.fences import OUTPUT_LANG, Fence, output_fence, page_fences


class OutputMismatch(AssertionError):
    pass


def title(lang: str, release: str) -> str:
    """"Output · PyTorch 2.15.0": `extra.output_title` of the page's language, and the release."""
    return f"{site.extra(lang).get('output_title', 'Output')} · PyTorch {release}"


def expected_title(code: Fence) -> str:
    return title(site.language_of(code.path), code.release)


def normalise(text: str) -> str:
    return "".join(line.rstrip() + "\n" for line in text.rstrip().splitlines())


def check(code: Fence, printed: str) -> None:
    """Raise OutputMismatch, naming page:line, unless the page shows exactly what was printed."""
    shown, actual = output_fence(code), normalise(printed)
    if shown is None:
        if actual:
            raise OutputMismatch(
                f"{code.where}: the code prints (PyTorch {code.release}), but no ```output fence "
                f"follows it.\nAdd one by running `make outputs`. It prints:\n{actual}")
        return
    if normalise(shown.content) != actual:
        diff = difflib.unified_diff(
            normalise(shown.content).splitlines(keepends=True), actual.splitlines(keepends=True),
            f"{site.relative(code.path)}:{shown.open_line} (shown on the page)",
            f"what the code prints now on PyTorch {code.release}")
        raise OutputMismatch(
            f"{code.where}: the output shown on the page differs from what the code prints on "
            f"PyTorch {code.release}.\n{''.join(diff)}\n"
            "If the new output is right, run `make outputs` and review the diff.")
    if shown.title != expected_title(code):
        raise OutputMismatch(
            f"{site.relative(code.path)}:{shown.open_line}: the output's title is "
            f"{shown.title!r}, but the code above it runs on PyTorch {code.release}: "
            f"expected {expected_title(code)!r}. `make outputs` writes it.")


@dataclasses.dataclass(frozen=True)
class Update:
    code: Fence
    printed: str


def fence_lines(code: Fence, printed: str) -> list[str]:
    ticks = "`" * max([3, *(len(run) + 1 for run in printed.split() if set(run) == {"`"})])
    return [f'{ticks}{OUTPUT_LANG} title="{expected_title(code)}"\n', printed, ticks + "\n"]


def rewrite(path: pathlib.Path, updates: list[Update]) -> int:
    """Replace, insert or drop output fences, bottom-up so line numbers stay valid.
    Returns how many output fences changed."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    changed = 0
    for update in sorted(updates, key=lambda u: -u.code.open_line):
        code, actual = update.code, normalise(update.printed)
        shown = output_fence(code)
        if shown is not None and normalise(shown.content) == actual \
                and shown.title == expected_title(code):
            continue
        if shown is None and not actual:
            continue  # prints nothing, shows nothing
        changed += 1
        if shown is not None and actual:
            lines[shown.open_line - 1:shown.close_line] = fence_lines(code, actual)
        elif shown is not None:  # no longer prints: drop the fence and the blank line before it
            del lines[code.close_line:shown.close_line]
        else:
            lines[code.close_line:code.close_line] = ["\n", *fence_lines(code, actual)]
    if changed:
        path.write_text("".join(lines), encoding="utf-8")
        page_fences.cache_clear()
    return changed
