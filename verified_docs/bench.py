"""Benchmark of the executable docs: `make bench`.

For each PyTorch release of requirements-torch.txt: the median wall time of the docs tests on
that release (`pytest docs --torch-release R`) next to its floor, one plain Python process on
that release that runs the code of every distinct page once with no test machinery (no
isolation, no limits, no comparison).
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

from verified_docs import site
from verified_docs.fences import python_fences

ROOT = pathlib.Path.cwd()  # the commands run in the site's folder (Makefile)
SITE = site.Site.at(ROOT)


def page_code(release: str) -> list[list[tuple[str, bool]]]:
    """Each distinct page's Python fences that run on `release`, expanded as the tests expand
    them: a translation whose code is the English page's runs once, in the tests too."""
    distinct = []
    for page in SITE.all_pages():
        blocks = [(f.source(), f.continued) for f in python_fences(page) if release in f.releases]
        if blocks and blocks not in distinct:
            distinct.append(blocks)
    return distinct


def floor_script(directory: str, release: str) -> pathlib.Path:
    """The floor: a plain script holding the code of every distinct page on `release`, run in
    page order; a `continuation` fence keeps the namespace of the one before."""
    blocks = [block for page in page_code(release) for block in page]
    script = pathlib.Path(directory) / f"floor-{release}.py"
    script.write_text(
        "import contextlib, io, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})  # as pytest puts the repo root first\n"
        f"BLOCKS = {blocks!r}\n"
        "namespace = {}\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    for code, continued in BLOCKS:\n"
        "        namespace = namespace if continued else {'__name__': '__main__'}\n"
        "        exec(code, namespace)\n", encoding="utf-8")
    return script


def median_seconds(command: list[str], runs: int, env=None) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        if done.returncode:
            sys.exit(f"bench: `{' '.join(command[1:])}` failed; the bench times passing runs "
                     f"only (run `make test`):\n{done.stdout[-3000:]}")
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def default_language_only_config() -> pathlib.Path:
    """mkdocs.yml with static-i18n told to build the default language alone."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    marker = "      docs_structure: folder\n"
    assert marker in text, "bench: cannot find the i18n plugin's docs_structure in mkdocs.yml"
    path = ROOT / f".bench-{os.getpid()}.yml"  # beside mkdocs.yml: relative paths stay valid
    only = f"      build_only_locale: {SITE.default}\n"
    path.write_text(text.replace(marker, marker + only), "utf-8")
    return path


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m verified_docs bench",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)

    py = sys.executable
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    ratios = {}
    with tempfile.TemporaryDirectory() as out:
        for release in SITE.torch.ascending():
            if not page_code(release):
                print(f"PyTorch {release}: no page has code blocks for it")
                continue
            tests = median_seconds([py, "-m", "pytest", "-q", "docs", "--torch-release", release],
                                   args.runs, env)
            # cwd is the repo root, as for the tests, so `import snippets…` works the same way
            floor = median_seconds([py, str(floor_script(out, release))], args.runs,
                                   SITE.torch.environ(release, env))
            ratios[release] = (tests, floor)
        build = [py, "-m", "mkdocs", "build", "--strict", "-d", out]
        whole = median_seconds(build, args.runs, env)
        config = default_language_only_config()
        try:
            english = median_seconds([*build, "-f", str(config)], args.runs, env)
        finally:
            config.unlink()

    print(f"runs per figure:      {args.runs} (medians)")
    for release, (tests, floor) in ratios.items():
        print(f"PyTorch {release}: docs tests {tests:6.2f} s, floor (plain run) {floor:6.2f} s")
    print(f"mkdocs build, all:    {whole:6.2f} s")
    print(f"mkdocs build, {SITE.default}:     {english:6.2f} s   "
          f"(all / {SITE.default} = {whole / english:.2f})")
    for release, (tests, floor) in ratios.items():
        print(f"ratio {release}: {tests / floor:.2f}")


if __name__ == "__main__":
    main()
