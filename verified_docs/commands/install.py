"""`python -m verified_docs install-release RELEASE [PIP ARGS…]`: install a PyTorch release
other than the default one into `.venv/torch-<release>/` (verified_docs.model.versions).

That folder goes in front of the virtualenv, so what the virtualenv has serves every release:
pip's resolver says what the release needs (`pip install --dry-run --report`), and torch and
what the virtualenv has no version of at all (2.14.1's `nvidia-curand`) go into the folder.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

from packaging.utils import canonicalize_name as canonical

from verified_docs.model import versions


def pip(releases: versions.Releases, *args: str) -> None:
    env = releases.environ(releases.default)  # resolve against the virtualenv alone
    subprocess.run([sys.executable, "-m", "pip", *args], check=True, env=env)


def needed(releases: versions.Releases, release: str, pip_args: list[str]) -> list[str]:
    """`name==version` of torch `release` and of every package it needs that the virtualenv
    has no version of."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        pip(releases, "install", "--quiet", "--dry-run", "--report", report, f"torch=={release}",
            *pip_args)
        with open(report, encoding="utf-8") as file:
            resolved = json.load(file)["install"]
    # This interpreter's own environment: the Makefile runs it with no release folder on the path.
    have = {canonical(d.metadata["Name"]) for d in importlib.metadata.distributions()
            if d.metadata["Name"]}
    return [f"{item['name']}=={item['version']}" for item in (i["metadata"] for i in resolved)
            if canonical(item["name"]) == "torch" or canonical(item["name"]) not in have]


def installed(target: pathlib.Path, release: str) -> bool:
    """Whether `target` already holds torch `release` (any build of it: `2.14.1+cpu` too), so
    that a list edited around it (`make add-release`) installs nothing again."""
    found = [d.version for d in importlib.metadata.distributions(path=[str(target)])
             if canonical(d.metadata["Name"] or "") == "torch"]
    return [v.split("+")[0] for v in found] == [release]


def main(argv: list[str], root: pathlib.Path) -> int:
    parser = argparse.ArgumentParser(prog="python -m verified_docs install-release",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("release")
    parser.add_argument("pip_args", nargs=argparse.REMAINDER,
                        help="passed to pip (the Makefile's PIP_ARGS)")
    args = parser.parse_args(argv)
    releases = versions.Releases(root)
    target = releases.site_packages(args.release)
    if target is None:
        parser.error(f"{args.release} is the default release: it is installed in the "
                     "virtualenv itself")
    if installed(target, args.release):
        print(f"PyTorch {args.release} is already in {target.name}/")
        return 0
    packages = needed(releases, args.release, args.pip_args)
    print(f"PyTorch {args.release} into {target.name}/: {', '.join(packages)}")
    shutil.rmtree(target, ignore_errors=True)
    pip(releases, "install", "--quiet", "--no-deps", "--target", str(target), *packages, *args.pip_args)
    return 0
