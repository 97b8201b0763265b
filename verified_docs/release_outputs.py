"""Outputs that differ between releases shown side by side (a piece of the build,
verified_docs/plugin.py).

`make outputs` writes one ```output fence per distinct output after a code fence, each titled
with its releases, the lines that differ marked (verified_docs/outputs.py). Here each run of two
or more such blocks becomes one `release-outputs` box, which extra.css lays out as columns on a
wide screen and stacks on a phone: every release's output in view at once, none behind a tab.
"""

from __future__ import annotations

import re

CLASS = "release-outputs"
# pymdownx.highlight with `pygments_lang_class` marks a fence's language on its box; a box holds
# no <div> of its own (its code is escaped), so the first </div> closes it, and a block never
# reaches past it (or the run would take in everything up to a later output).
BLOCK = r'<div class="language-output highlight">(?:(?!</div>).)*</div>'
RUN = re.compile(rf"{BLOCK}(?:\s*{BLOCK})+", re.S)


def side_by_side(html_text: str) -> str:
    """The page's HTML with every run of adjacent output blocks in one `release-outputs` box."""
    return RUN.sub(lambda run: f'<div class="{CLASS}">{run[0]}</div>', html_text)
