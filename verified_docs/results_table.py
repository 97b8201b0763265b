"""`<!-- results-table: NAME -->` on a page becomes an HTML table of
snippets/results/NAME.json, the results `make outputs` recorded on each verified PyTorch
release (verified_docs.results: {release: [[formulation, value, grad_fn], ...]}).

One row per formulation: its code, its value under each release (one column per release, headed
by its number under "<gradient at 0> · PyTorch", oldest first as the file has them; the values
in bold where the releases differ) and its backward node.
Header texts come from `extra.strings` (`table_formulation`, `table_grad_at_zero`,
`table_grad_fn`), translated per language, and `decimal_separator` for the values.
The build (verified_docs/plugin.py) fills in each page's placeholders before it is rendered.
"""

from __future__ import annotations

import html
import json

from mkdocs.plugins import get_plugin_logger

from verified_docs.includes import location
from verified_docs.results import FOLDER as RESULTS
from verified_docs.results import PLACEHOLDER
from verified_docs.site import Site, interface_text

log = get_plugin_logger(__name__)



def number(value, config) -> str:
    separator = (config.extra.get("strings") or {}).get("decimal_separator", ".")
    return f"{value:g}".replace(".", separator)


def table(name: str, config, where: str, headers: dict) -> str:
    """`headers`: the plugin's `results_tables` option, {table: the `extra.strings` keys of its
    first column, its value columns and its last column}."""
    path = Site.of(config).root / RESULTS / f"{name}.json"
    if name not in headers or not path.exists():
        log.warning(f"{where}: results-table: no table {name!r} (snippets/results/{name}.json "
                    "and the `results_tables` option of verified-docs in mkdocs.yml); run "
                    "`make outputs`.")
        return ""
    results = json.loads(path.read_text(encoding="utf-8"))
    versions = list(results)
    first, values, last = (html.escape(interface_text(config, key)) for key in headers[name])
    by_version = [{row[0]: row for row in results[v]} for v in versions]
    head = (f'<tr><th scope="col" rowspan="2">{first}</th>'
            f'<th scope="colgroup" colspan="{len(versions)}">{values} · PyTorch</th>'
            f'<th scope="col" rowspan="2">{last}</th></tr>\n<tr>'
            + "".join(f'<th scope="col">{html.escape(v)}</th>' for v in versions)
            + "</tr>")
    body = []
    for code, *_ in results[versions[0]]:
        rows = [rows_of.get(code) for rows_of in by_version]
        cells = [number(r[1], config) if r else "–" for r in rows]
        differs = len(set(cells)) > 1
        if differs:
            cells = [f"<strong>{c}</strong>" for c in cells]
        names = {r[2] for r in rows if r}
        node = " / ".join(
            f"{html.escape(r[2])} ({html.escape(v)})" for r, v in zip(rows, versions) if r
        ) if len(names) > 1 else html.escape(names.pop())
        attrs = ' class="results-differ"' if differs else ""
        body.append(f"<tr{attrs}><td><code>{html.escape(code)}</code></td>"
                    + "".join(f'<td class="results-value">{c}</td>' for c in cells)
                    + f"<td><code>{node}</code></td></tr>")
    # --releases: the number of value columns, for the phone's layout of the table (extra.css).
    return (f'<table class="results-table" data-results="{html.escape(name)}" '
            f'style="--releases: {len(versions)}">\n'
            f"<thead>\n{head}\n</thead>\n<tbody>\n" + "\n".join(body)
            + "\n</tbody>\n</table>")


def tables_in(markdown: str, page, config, headers: dict) -> str:
    """The page's Markdown with each placeholder replaced by its table."""
    return PLACEHOLDER.sub(
        lambda m: table(m[1], config, location(page, config, markdown, m.start()), headers),
        markdown)
