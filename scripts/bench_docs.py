"""Benchmark of the executable docs: `make bench`.

Prints the median wall time of the docs tests (`pytest docs`) next to the floor, one Python
process that imports torch and runs the same code once with no test machinery, and the median
`mkdocs build` time of the whole site next to the default language alone. The last line is
`ratio: <docs tests / floor>`.
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

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def floor_script(directory: str) -> pathlib.Path:
    """The floor: a plain script holding every Python fence of every page, expanded as the tests
    expand them, run in page order; a `continuation` fence keeps the namespace of the one before."""
    from tests.executable_docs import PYTHON_LANGS, expand_snippets, page_fences
    from tests.helpers import all_pages

    blocks = [(expand_snippets(f.content, str(page)), "continuation" in f.options)
              for page in all_pages() for f in page_fences(page)
              if f.lang in PYTHON_LANGS and "notest" not in f.options]
    script = pathlib.Path(directory) / "floor.py"
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
        subprocess.run(command, cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def default_language_only_config() -> pathlib.Path:
    """mkdocs.yml with static-i18n told to build the default language alone."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    marker = "      docs_structure: folder\n"
    assert marker in text, "bench: cannot find the i18n plugin's docs_structure in mkdocs.yml"
    path = ROOT / f".bench-{os.getpid()}.yml"  # beside mkdocs.yml: relative paths stay valid
    path.write_text(text.replace(marker, marker + "      build_only_locale: en\n"), "utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    py = sys.executable
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    tests = median_seconds([py, "-m", "pytest", "-q", "docs"], args.runs, env)
    with tempfile.TemporaryDirectory() as site:
        # cwd is the repo root, as for the tests, so `import snippets…` works the same way
        floor = median_seconds([py, str(floor_script(site))], args.runs, env)
        build = [py, "-m", "mkdocs", "build", "--strict", "-d", site]
        whole = median_seconds(build, args.runs, env)
        config = default_language_only_config()
        try:
            english = median_seconds([*build, "-f", str(config)], args.runs, env)
        finally:
            config.unlink()

    print(f"runs per figure:      {args.runs} (medians)")
    print(f"docs tests:           {tests:6.2f} s")
    print(f"floor (plain run):    {floor:6.2f} s")
    print(f"mkdocs build, all:    {whole:6.2f} s")
    print(f"mkdocs build, en:     {english:6.2f} s   (all / en = {whole / english:.2f})")
    print(f"ratio: {tests / floor:.2f}")


if __name__ == "__main__":
    main()
