"""The take-home notebook checks the reader's torch: a cell before the examples holds what every
verified release prints in each of them and the code that compares (output_check_cell.py); a
`check_output(N)` cell after each example whose output the page shows says which release the
reader's output matches, or how it differs; the last cell sums up and, when the site has a
repository (REPO_URL), links a prefilled issue. The script download carries the same cells.

An example is numbered as on the page and on the changes page (`#example-N`: every Python block
of the page, in order), so the summary links each one that differs.
"""

from __future__ import annotations

import pathlib
import pprint
import re

from verified_docs.model import outputs
from verified_docs.model.fences import PYTHON_LANGS, Fence, output_fences, page_fences

TAG = "output-check"
RUNTIME = pathlib.Path(__file__).with_name("output_check_cell.py")
# The runtime's TEXTS key -> the `extra.strings` key of the notebook's language.
TEXTS = {key: f"output_check_{key}" for key in (
    "intro", "matches", "differs", "yours", "torch", "count", "unchecked", "same", "differ",
    "report", "issue_title", "issue_body")}
PLACEHOLDERS = re.compile(r"^(VERIFIED: dict = \{\}|TEXTS: dict = \{\}|PAGE = \"\"|REPORT = \"\")\n",
                          re.M)


def number(fence: Fence) -> int:
    """The example's number on its page (`#example-N`)."""
    python = [f for f in page_fences(fence.site, fence.path) if f.lang in PYTHON_LANGS]
    return python.index(fence) + 1


def verified(fence: Fence) -> list[list]:
    """[[releases, output]] of each distinct output the page shows after `fence`, and "" for
    the releases it runs on that print nothing (no output fence names them)."""
    groups = [[list(outputs.shown_releases(shown)), outputs.normalise(shown.content)]
              for shown in output_fences(fence)]
    silent = [r for r in fence.releases if not any(r in releases for releases, _ in groups)]
    return groups + [[silent, ""]] * bool(silent)


def runtime() -> str:
    """The comparing code, without its docstring, placeholders and last line (the instance,
    made after the values)."""
    text = RUNTIME.read_text(encoding="utf-8")
    code = re.sub(r"\n{4,}", "\n\n\n", PLACEHOLDERS.sub("", text[text.index("import difflib"):]))
    code = code.rstrip().splitlines()
    assert code[-1] == "check_output = OutputCheck()", code[-1]
    return "\n".join(code[:-1]).rstrip() + "\n"


def setup_source(checked: dict[int, list], strings, page_url: str, repo_url: str | None) -> str:
    texts = {key: strings(name) for key, name in TEXTS.items()}
    values = "\n".join(f"{name} = {pprint.pformat(value, width=99, sort_dicts=False)}"
                       for name, value in (("VERIFIED", checked), ("TEXTS", texts),
                                           ("PAGE", page_url), ("REPORT", repo_url or "")))
    intro = "\n".join(f"# {line}" for line in texts["intro"].splitlines())
    return f"{intro}\n{runtime()}\n\n{values}\n\ncheck_output = OutputCheck()"


def cells(checked: dict[int, list], strings, page_url: str, repo_url: str | None):
    """(the cell before the examples, the last cell)."""
    from nbformat import v4

    hidden = {"tags": [TAG], "jupyter": {"source_hidden": True}}
    return (v4.new_code_cell(setup_source(checked, strings, page_url, repo_url),
                             metadata=hidden),
            v4.new_code_cell("check_output.summary()", metadata={"tags": [TAG]}))


def check_cell(example: int):
    from nbformat import v4

    return v4.new_code_cell(f"check_output({example})", metadata={"tags": [TAG]})
