"""Results of snippets measured on every PyTorch release, recorded as JSON and shown as tables.

`snippets/results/<module>.json` holds what `python -m snippets.<module> --json` prints on each
verified release: `{release: [[formulation, value, grad_fn], ...]}`, oldest first. The tests
re-measure it, `make outputs` rewrites it, and `<!-- results-table: NAME -->` on a page becomes
its HTML table: a row per formulation, its value on each release (in bold where the releases
differ, in the language's `decimal_separator`) and its backward node, under the `extra.strings`
headers the plugin's `results_tables` option names.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import subprocess
import sys

from markupsafe import Markup
from mkdocs.plugins import get_plugin_logger

from verified_docs.build.includes import location
from verified_docs.model import versions
from verified_docs.model.site import Site

log = get_plugin_logger(__name__)
FOLDER = pathlib.Path("snippets") / "results"  # in the site's folder
PLACEHOLDER = re.compile(r"<!-- results-table: ([\w-]+) -->")
M = Markup  # the templates below, their values escaped
# --releases: the number of value columns, for the phone's layout of the table (extra.css).
TABLE = M('<table class="results-table" data-results="{name}" style="--releases: {count}">\n'
          '<thead>\n<tr><th scope="col" rowspan="2">{first}</th>'
          '<th scope="colgroup" colspan="{count}">{values} · PyTorch</th>'
          '<th scope="col" rowspan="2">{last}</th></tr>\n<tr>{releases}</tr>\n</thead>\n'
          '<tbody>\n{body}\n</tbody>\n</table>')


def recorded(site: Site) -> list[str]:
    """The snippet modules whose results are recorded or shown as a table (so `make outputs`
    writes a new table's first record)."""
    shown = {name for page in site.all_pages() for name in PLACEHOLDER.findall(
        site.read_text(page))}
    return sorted(shown | {p.stem for p in (site.root / FOLDER).glob("*.json")})


def measure(site: Site, module: str, release: str) -> list:
    """The rows `snippets.<module> --json` prints on `release`, in a child process."""
    path = next(site.root.glob(f"snippets/*/{module}.py"))
    dotted = path.relative_to(site.root).with_suffix("").as_posix().replace("/", ".")
    child = subprocess.run([sys.executable, "-m", dotted, "--json"], cwd=site.root,
                           env=site.torch.environ(release), capture_output=True, text=True,
                           timeout=600)
    if child.returncode or child.stderr:
        raise AssertionError(f"{site.relative(path)} --json on PyTorch {release} failed "
                             f"(exit {child.returncode}):\n{child.stderr[-3000:]}")
    result = json.loads(child.stdout)
    if versions.release_of(result["torch"]) != release:
        raise AssertionError(f"asked for PyTorch {release}, {dotted} ran on "
                             f"{result['torch']}")
    return result["rows"]


def read(site: Site, module: str) -> dict:
    return json.loads((site.root / FOLDER / f"{module}.json").read_text(encoding="utf-8"))


def dumps(results: dict) -> str:
    """JSON with one row per line, so a changed value is a one-line diff."""
    blocks = []
    for release, rows in results.items():
        lines = ",\n".join(f"    {json.dumps(row, ensure_ascii=False)}" for row in rows)
        blocks.append(f"  {json.dumps(release)}: [\n{lines}\n  ]")
    return "{\n" + ",\n".join(blocks) + "\n}\n"


def differences(site: Site, module: str, release: str, fresh: list) -> list[str]:
    """What differs between the record of `module` on `release` and a fresh measurement."""
    path = f"snippets/results/{module}.json"
    old = read(site, module).get(release)
    if old is None:
        return [f"{path} has no results for PyTorch {release}"]
    problems = [f"{path}, PyTorch {release}, row {i} ({new[0]}): recorded {was}, measured "
                f"now {new}" for i, (was, new) in enumerate(zip(old, fresh)) if was != new]
    if len(old) != len(fresh):
        problems.append(f"{path}, PyTorch {release}: {len(old)} rows recorded, {len(fresh)} "
                        "measured now")
    return problems


def table(name: str, site: Site, where: str, headers: dict) -> str:
    path = site.root / FOLDER / f"{name}.json"
    if name not in headers or not path.exists():
        log.warning(f"{where}: results-table: no table {name!r} (snippets/results/{name}.json "
                    "and the `results_tables` option of verified-docs in mkdocs.yml); run "
                    "`make outputs`.")
        return ""
    results = read(site, name)
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


def main(argv, root) -> int:
    """`make outputs`: every record measured afresh on every release and rewritten if it changed
    (test_recorded_results_match_a_fresh_run checks a record against a fresh run)."""
    argparse.ArgumentParser(prog="python -m verified_docs results",
                            description=__doc__.splitlines()[0]).parse_args(argv)
    site = Site.load(root)
    for module in recorded(site):
        fresh = dumps({release: measure(site, module, release)
                       for release in site.torch.ascending()})
        path = site.root / FOLDER / f"{module}.json"
        if not path.exists() or path.read_text(encoding="utf-8") != fresh:
            path.write_text(fresh, encoding="utf-8")
            print(f"rewrote {site.relative(path)}; review with `git diff`")
    return 0
