"""Benchmark of the executable docs: `make bench`.

For each PyTorch release of requirements-torch.txt: the median wall time of the docs tests on
that release (`pytest docs --torch-release R`) next to its floor, one plain Python process on
that release that runs the code of every page of the default language once with no test
machinery (no isolation, no limits, no comparison). Both run pinned to the same one core: the
tests start a worker process beside pytest, and on two free cores they would be timed against a
floor that uses one (they came out at 0.8x their floor).
Then the median `mkdocs build` time of the whole site next to the default language alone.
The last lines are `ratio <release>: <docs tests / floor>`.
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

from verified_docs.fences import python_fences
from verified_docs.site import Site


def page_code(site: Site, release: str) -> list[tuple[str, bool]]:
    """The Python fences of the default language's pages (the only ones the tests run) that run
    on `release`, expanded as the tests expand them, in page order."""
    return [(f.source(), f.continued) for page in site.pages(site.default)
            for f in python_fences(site.docs / site.default / page) if release in f.releases]


def floor_script(site: Site, directory: str, release: str) -> pathlib.Path:
    """The floor: a plain script holding that code; a `continuation` fence keeps the namespace
    of the one before."""
    blocks = page_code(site, release)
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
    return script


def one_core() -> None:
    """Run on the lowest core this process may use; children inherit it."""
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def median_seconds(site: Site, command: list[str], runs: int, env=None) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, cwd=site.root, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, preexec_fn=one_core)
        if done.returncode:
            sys.exit(f"bench: `{' '.join(command[1:])}` failed; the bench times passing runs "
                     f"only (run `make test`):\n{done.stdout[-3000:]}")
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def default_language_only_config(site: Site) -> pathlib.Path:
    """mkdocs.yml with static-i18n told to build the default language alone."""
    text = (site.root / "mkdocs.yml").read_text(encoding="utf-8")
    marker = "      docs_structure: folder\n"
    assert marker in text, "bench: cannot find the i18n plugin's docs_structure in mkdocs.yml"
    path = site.root / f".bench-{os.getpid()}.yml"  # beside mkdocs.yml: relative paths hold
    only = f"      build_only_locale: {site.default}\n"
    path.write_text(text.replace(marker, marker + only), "utf-8")
    return path


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m verified_docs bench",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    here = Site.at(pathlib.Path.cwd())  # the commands run in the site's folder (Makefile)

    py = sys.executable
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    ratios = {}
    with tempfile.TemporaryDirectory() as out:
        for release in here.torch.ascending():
            if not page_code(here, release):
                print(f"PyTorch {release}: no page has code blocks for it")
                continue
            tests = median_seconds(here, [py, "-m", "pytest", "-q", "docs", "--torch-release", release],
                                   args.runs, env)
            # cwd is the repo root, as for the tests, so `import snippets…` works the same way
            floor = median_seconds(here, [py, str(floor_script(here, out, release))],
                                   args.runs, here.torch.environ(release, env))
            ratios[release] = (tests, floor)
        build = [py, "-m", "mkdocs", "build", "--strict", "-d", out]
        whole = median_seconds(here, build, args.runs, env)
        config = default_language_only_config(here)
        try:
            english = median_seconds(here, [*build, "-f", str(config)], args.runs, env)
        finally:
            config.unlink()

    print(f"runs per figure:      {args.runs} (medians)")
    for release, (tests, floor) in ratios.items():
        print(f"PyTorch {release}: docs tests {tests:6.2f} s, floor (plain run) {floor:6.2f} s")
    print(f"mkdocs build, all:    {whole:6.2f} s")
    print(f"mkdocs build, {here.default}:     {english:6.2f} s   "
          f"(all / {here.default} = {whole / english:.2f})")
    for release, (tests, floor) in ratios.items():
        print(f"ratio {release}: {tests / floor:.2f}")


if __name__ == "__main__":
    main()
