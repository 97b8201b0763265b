"""Results of snippets measured on every PyTorch release, recorded as JSON for tables.

`snippets/results/<module>.json` holds what `python -m snippets.<module> --json` prints on each
verified release: `{release: rows}`, oldest first. The build shows it as a table
(results_table.py), the tests re-measure it, `make outputs` (`--update`) rewrites it.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import subprocess
import sys

from verified_docs import versions
from verified_docs.site import Site

FOLDER = pathlib.Path("snippets") / "results"  # in the site's folder


class Drift(AssertionError):
    pass


PLACEHOLDER = re.compile(r"<!-- results-table: ([\w-]+) -->")


def recorded(site: Site) -> list[str]:
    """The snippet modules whose results are recorded or shown as a table (so `make outputs`
    writes a new table's first record)."""
    shown = {name for page in site.all_pages() for name in PLACEHOLDER.findall(
        site.read_text(page))}
    return sorted(shown | {p.stem for p in (site.root / FOLDER).glob("*.json")})


def measure(site: Site, module: str, release: str) -> list:
    """The rows `snippets.<module> --json` prints on `release`, in a child process."""
    child = subprocess.run([sys.executable, "-m", f"snippets.{module}", "--json"], cwd=site.root,
                           env=site.torch.environ(release), capture_output=True, text=True,
                           timeout=600)
    if child.returncode or child.stderr:
        raise Drift(f"snippets/{module}.py --json on PyTorch {release} failed "
                    f"(exit {child.returncode}):\n{child.stderr[-3000:]}")
    result = json.loads(child.stdout)
    if versions.release_of(result["torch"]) != release:
        raise Drift(f"asked for PyTorch {release}, snippets.{module} ran on {result['torch']}")
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verified_docs results",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="rewrite the recorded results")
    args = parser.parse_args(argv)
    site, problems = Site.at(pathlib.Path.cwd()), []
    for module in recorded(site):
        fresh = {release: measure(site, module, release) for release in site.torch.ascending()}
        path = site.root / FOLDER / f"{module}.json"
        if not args.update:
            problems += [p for release, rows in fresh.items()
                         for p in differences(site, module, release, rows)]
        elif not path.exists() or path.read_text(encoding="utf-8") != dumps(fresh):
            path.write_text(dumps(fresh), encoding="utf-8")
            print(f"rewrote {site.relative(path)}; review with `git diff`")
    if problems:
        print(*problems, sep="\n", file=sys.stderr)
    return int(bool(problems))
