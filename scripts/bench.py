"""Benchmark of the executable docs: `make bench` (`python scripts/bench.py [--runs N]`, in the
site's folder); a measurement of the machinery, not part of it.

Per PyTorch release, the median time of the docs tests on that release (`pytest docs
--torch-release R`) next to its floor, one plain Python that runs the same code once with no test
machinery (no isolation, no limits, no comparison). Both run on the same one core: on two, the
tests, which start a worker beside pytest, would be timed against a floor that uses one. The last
lines are `ratio <release>: <docs tests / floor>`.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

from verified_docs.model.fences import python_fences
from verified_docs.model.site import Site


def floor_script(site: Site, directory: str, release: str) -> pathlib.Path | None:
    """A plain script of the code the tests run on `release` (the default language's fences,
    expanded as the tests expand them); a `continuation` fence keeps the namespace before it.
    None when no fence runs there."""
    blocks = [(f.source(), f.continued) for page in site.pages(site.default)
              for f in python_fences(site, site.docs / site.default / page) if release in f.releases]
    script = pathlib.Path(directory) / f"floor-{release}.py"
    script.write_text(
        "import contextlib, io, sys\n"
        f"sys.path.insert(0, {str(site.root)!r})  # as pytest puts the repo root first\n"
        f"BLOCKS = {blocks!r}\n"
        "namespace = {}\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    for code, continued in BLOCKS:\n"
        "        namespace = namespace if continued else {'__name__': '__main__'}\n"
        "        exec(code, namespace)\n", encoding="utf-8")
    return script if blocks else None


def median_seconds(site: Site, command: list[str], runs: int, env: dict) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(
            command, cwd=site.root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, preexec_fn=lambda: os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}))
        if done.returncode:
            sys.exit(f"bench: `{' '.join(command[1:])}` failed; the bench times passing runs "
                     f"only (run `make test`):\n{done.stdout[-3000:]}")
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python scripts/bench.py",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args(argv).runs
    here = Site.load(pathlib.Path(__file__).resolve().parents[1])
    py, env = sys.executable, {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    ratios = {}
    with tempfile.TemporaryDirectory() as out:
        for release in here.torch.ascending():
            script = floor_script(here, out, release)
            if script is None:
                print(f"PyTorch {release}: no page has code blocks for it")
                continue
            tests = [py, "-m", "pytest", "-q", "docs", "--torch-release", release]
            ratios[release] = (median_seconds(here, tests, runs, env), median_seconds(
                here, [py, str(script)], runs, here.torch.environ(release)))
    print(f"runs per figure:      {runs} (medians)")
    for release, (tests, floor) in ratios.items():
        print(f"PyTorch {release}: docs tests {tests:6.2f} s, floor (plain run) {floor:6.2f} s")
    for release, (tests, floor) in ratios.items():
        print(f"ratio {release}: {tests / floor:.2f}")


if __name__ == "__main__":
    main()
