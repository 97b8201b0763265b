"""The PyTorch releases the pages are verified on, and how to run code on each of them.

requirements-torch.txt lists them, default first. The default release is installed in the
project's virtualenv; every other one in `.venv/torch-<release>/`, put in front of it with
PYTHONPATH, so the same interpreter and the same tools run every release.
"""

from __future__ import annotations

import os
import pathlib
import re
import sys
from functools import cache

from verified_docs.site import ROOT

LIST = ROOT / "requirements-torch.txt"
PIN = re.compile(r"^torch==(\d+(?:\.\d+)*)\s*(?:#.*)?$")


class UnknownRelease(ValueError):
    pass


@cache
def releases() -> tuple[str, ...]:
    """('2.15.0', '2.13.0'): the pinned releases, the site's default first."""
    found = []
    for number, line in enumerate(LIST.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = PIN.match(line)
        if not match:
            raise UnknownRelease(f"{LIST.name}:{number}: expected `torch==<release>`, got {line!r}")
        found.append(match[1])
    if not found:
        raise UnknownRelease(f"{LIST.name}: lists no `torch==<release>` line")
    return tuple(found)


def default() -> str:
    return releases()[0]


def key(release: str) -> tuple[int, ...]:
    return tuple(int(part) for part in release.split("."))


def ascending(some=None) -> tuple[str, ...]:
    """Releases oldest first, the order pages show them in (all verified releases by default)."""
    return tuple(sorted(releases() if some is None else some, key=key))


def resolve(label: str) -> str:
    """The listed release a label means: "2.13" or "2.13.0" -> "2.13.0"."""
    matches = [r for r in releases() if r == label or r.startswith(label + ".")]
    if len(matches) != 1:
        raise UnknownRelease(
            f'torch="{label}" names no single release of {LIST.name} '
            f"({', '.join(ascending())}); use one of them")
    return matches[0]


def select(labels: str | None) -> tuple[str, ...]:
    """The releases a fence's `torch="…"` runs on, oldest first: every verified release when
    it has none; `torch="2.15"` that one; `torch=">=2.14"` that one and every later one;
    several labels separated by spaces add up."""
    if labels is None:
        return ascending()
    chosen: set[str] = set()
    for label in labels.split():
        if label.startswith(">="):
            if not re.fullmatch(r"\d+(\.\d+)*", label[2:]):
                raise UnknownRelease(f'torch="{labels}": {label!r} is not `>=` and a release '
                                     'number, such as ">=2.15"')
            chosen.update(r for r in releases() if key(r) >= key(label[2:]))
        else:
            chosen.add(resolve(label))
    if not chosen:
        raise UnknownRelease(f'torch="{labels}" names no release; leave it out to run on every '
                             f"release of {LIST.name}")
    return ascending(chosen)


def short(release: str) -> str:
    """"2.13.0" -> "2.13", the label pages write."""
    return ".".join(release.split(".")[:2])


def site_packages(release: str) -> pathlib.Path | None:
    """Where a non-default release is installed (None for the default: the venv itself)."""
    return None if release == default() else ROOT / ".venv" / f"torch-{release}"


def environ(release: str, base: dict | None = None) -> dict:
    """Environment for a child interpreter that imports `release` as torch, whichever release
    the current process runs on (another release's folder inherited on PYTHONPATH is dropped)."""
    env = dict(os.environ if base is None else base)
    others = {str(site_packages(r)) for r in releases() if r != release and r != default()}
    kept = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p not in others]
    path = site_packages(release)
    if path is not None and str(path) not in kept:
        kept.insert(0, str(path))
    if kept:
        env["PYTHONPATH"] = os.pathsep.join(kept)
    else:
        env.pop("PYTHONPATH", None)
    return env


def python() -> str:
    return sys.executable


def release_of(version: str) -> str:
    """"2.15.0+cu132" -> "2.15.0": pages show the release, never the build flavour."""
    return version.split("+")[0]


def missing(release: str) -> str | None:
    """Why `release` cannot run here, or None."""
    path = site_packages(release)
    if path is not None and not (path / "torch" / "__init__.py").exists():
        return (f"PyTorch {release} is not installed in {path.relative_to(ROOT)}; "
                "`make test` (or `make outputs`) installs every release of "
                f"{LIST.name}")
    return None
