"""`<!-- results-table: NAME -->` on a page becomes the HTML table of what `snippets/<page>/NAME.py`
prints on every verified release, read from the output fences of the page that includes it
(outputs.printed_rows: the tests verify them every run): a row per formulation, its value on
each release (in bold where the releases differ, in the language's `decimal_separator`) and its
backward node, under the `extra.strings` headers the plugin's `results_tables` option names.
"""

from __future__ import annotations

import re

from markupsafe import Markup
from mkdocs.plugins import get_plugin_logger

from verified_docs.build.includes import location
from verified_docs.model.outputs import printed_rows
from verified_docs.model.site import PageError, Site

log = get_plugin_logger(__name__)
PLACEHOLDER = re.compile(r"<!-- results-table: ([\w-]+) -->")
M = Markup  # the templates below, their values escaped
# --releases: the number of value columns, for the phone's layout of the table (extra.css).
TABLE = M('<table class="results-table" data-results="{name}" style="--releases: {count}">\n'
          '<thead>\n<tr><th scope="col" rowspan="2">{first}</th>'
          '<th scope="colgroup" colspan="{count}">{values} · PyTorch</th>'
          '<th scope="col" rowspan="2">{last}</th></tr>\n<tr>{releases}</tr>\n</thead>\n'
          '<tbody>\n{body}\n</tbody>\n</table>')


def table(name: str, site: Site, where: str, headers: dict) -> str:
    try:
        if name not in headers:
            raise PageError(f"no table {name!r} in the `results_tables` option of verified-docs "
                            "in mkdocs.yml")
        results = printed_rows(site, name)
    except PageError as exc:
        log.warning(f"{where}: results-table: {exc}")
        return ""
    releases = list(results)
    separator = site.text("decimal_separator")
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
    first, values, last = (site.text(key) for key in headers[name])
    return TABLE.format(name=name, count=len(releases), first=first, values=values, last=last,
                        releases=M("").join(M('<th scope="col">{}</th>').format(r)
                                            for r in releases),
                        body=M("\n").join(body))


def tables_in(markdown: str, page, site: Site, headers: dict) -> str:
    return PLACEHOLDER.sub(
        lambda m: table(m[1], site, location(page, site, markdown, m.start()), headers),
        markdown)
