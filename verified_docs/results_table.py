"""`<!-- results-table: NAME -->` on a page becomes the HTML table of snippets/results/NAME.json
(verified_docs.results: {release: [[formulation, value, grad_fn], ...]}, oldest first).

A row per formulation: its code, its value on each release (a column per release under
"<gradient at 0> · PyTorch", in bold where the releases differ) and its backward node. The
headers are the `extra.strings` keys the `results_tables` option names; values use the
language's `decimal_separator`.
"""

from __future__ import annotations

import json

from markupsafe import Markup
from mkdocs.plugins import get_plugin_logger

from verified_docs.includes import location
from verified_docs.results import FOLDER as RESULTS
from verified_docs.results import PLACEHOLDER
from verified_docs.site import Site, interface_text

log = get_plugin_logger(__name__)
M = Markup  # the templates below, their values escaped

# --releases: the number of value columns, for the phone's layout of the table (extra.css).
TABLE = M('<table class="results-table" data-results="{name}" style="--releases: {count}">\n'
          '<thead>\n<tr><th scope="col" rowspan="2">{first}</th>'
          '<th scope="colgroup" colspan="{count}">{values} · PyTorch</th>'
          '<th scope="col" rowspan="2">{last}</th></tr>\n<tr>{releases}</tr>\n</thead>\n'
          '<tbody>\n{body}\n</tbody>\n</table>')


def table(name: str, config, where: str, headers: dict) -> str:
    path = Site.of(config).root / RESULTS / f"{name}.json"
    if name not in headers or not path.exists():
        log.warning(f"{where}: results-table: no table {name!r} (snippets/results/{name}.json "
                    "and the `results_tables` option of verified-docs in mkdocs.yml); run "
                    "`make outputs`.")
        return ""
    results = json.loads(path.read_text(encoding="utf-8"))
    releases = list(results)
    separator = (config.extra.get("strings") or {}).get("decimal_separator", ".")
    by_release = [{row[0]: row for row in results[r]} for r in releases]
    body = []
    for code, *_ in results[releases[0]]:
        rows = [rows_of.get(code) for rows_of in by_release]
        cells = [f"{r[1]:g}".replace(".", separator) if r else "–" for r in rows]
        differs = len(set(cells)) > 1
        cell = M('<td class="results-value"><strong>{}</strong></td>' if differs
                 else '<td class="results-value">{}</td>')
        nodes = {r[2] for r in rows if r}
        node = " / ".join(f"{r[2]} ({v})" for r, v in zip(rows, releases) if r
                          ) if len(nodes) > 1 else nodes.pop()
        body.append(M("<tr{}><td><code>{}</code></td>{}<td><code>{}</code></td></tr>").format(
            M(' class="results-differ"') if differs else "", code,
            M("").join(cell.format(c) for c in cells), node))
    first, values, last = (interface_text(config, key) for key in headers[name])
    return TABLE.format(name=name, count=len(releases), first=first, values=values, last=last,
                        releases=M("").join(M('<th scope="col">{}</th>').format(r)
                                            for r in releases),
                        body=M("\n").join(body))


def tables_in(markdown: str, page, config, headers: dict) -> str:
    return PLACEHOLDER.sub(
        lambda m: table(m[1], config, location(page, config, markdown, m.start()), headers),
        markdown)
