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
# The texts the runtime reads (TEXTS[key]), each the `extra.strings.output_check_<key>` of the
# notebook's language.
KEYS = ("intro", "matches", "differs", "yours", "torch", "count", "unchecked", "same", "differ",
        "report", "issue_title", "issue_body")
PLACEHOLDERS = re.compile(r"^(VERIFIED: dict = \{\}|TEXTS: dict = \{\}|PAGE = \"\"|REPORT = \"\")\n",
                          re.M)
INSTANCE = "check_output = OutputCheck()"


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


def setup_source(checked: dict[int, list], strings, page_url: str, repo_url: str | None) -> str:
    """The cell before the examples: the runtime's code from its imports on, without its
    placeholders, then the values it reads, then the instance."""
    text = RUNTIME.read_text(encoding="utf-8")
    code = PLACEHOLDERS.sub("", text[text.index("import difflib"):]).removesuffix(INSTANCE + "\n")
    code = re.sub(r"\n{4,}", "\n\n\n", code).rstrip()
    texts = {key: strings(f"output_check_{key}") for key in KEYS}
    values = "\n".join(f"{name} = {pprint.pformat(value, width=99, sort_dicts=False)}"
                       for name, value in (("VERIFIED", checked), ("TEXTS", texts),
                                           ("PAGE", page_url), ("REPORT", repo_url or "")))
    intro = "\n".join(f"# {line}" for line in texts["intro"].splitlines())
    return f"{intro}\n{code}\n\n\n{values}\n\n{INSTANCE}"
