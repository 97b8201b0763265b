"""The PyTorch releases a site's pages are verified on (`requirements-torch.txt`, default first)
and how to run code on each: the default one is in the site's virtualenv, every other one in
`.venv/torch-<release>/`, put in front of it on PYTHONPATH, so one interpreter runs them all.
"""

from __future__ import annotations

import os
import pathlib
import re
from functools import cached_property

PIN = re.compile(r"^torch==(\d+(?:\.\d+)*)\s*(?:#.*)?$")
LIST_NAME = "requirements-torch.txt"


class UnknownRelease(ValueError):
    pass


def key(release: str) -> tuple[int, ...]:
    return tuple(int(part) for part in release.split("."))


def release_of(version: str) -> str:
    """"2.15.0+cu132" -> "2.15.0": pages show the release, never the build flavour."""
    return version.split("+")[0]


class Releases:
    """The releases of the site at `root`: its requirements-torch.txt and its `.venv/`."""

    def __init__(self, root: pathlib.Path):
        self.root = pathlib.Path(root)
        self.list = self.root / LIST_NAME

    @cached_property
    def all(self) -> tuple[str, ...]:
        """('2.15.0', '2.13.0'): the pinned releases, the site's default first."""
        found = []
        for number, line in enumerate(self.list.read_text(encoding="utf-8").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            match = PIN.match(line)
            if not match:
                raise UnknownRelease(f"{LIST_NAME}:{number}: expected `torch==<release>`, "
                                     f"got {line!r}")
            found.append(match[1])
        if not found:
            raise UnknownRelease(f"{LIST_NAME}: lists no `torch==<release>` line")
        return tuple(found)

    @property
    def default(self) -> str:
        return self.all[0]

    def ascending(self, some=None) -> tuple[str, ...]:
        """Releases oldest first, the order pages show them in (all of them by default)."""
        return tuple(sorted(self.all if some is None else some, key=key))

    def resolve(self, label: str) -> str:
        """The listed release a label means: "2.13" or "2.13.0" -> "2.13.0"."""
        matches = [r for r in self.all if r == label or r.startswith(label + ".")]
        if len(matches) != 1:
            raise UnknownRelease(
                f'torch="{label}" names no single release of {LIST_NAME} '
                f"({', '.join(self.ascending())}); use one of them")
        return matches[0]

    def select(self, labels: str | None) -> tuple[str, ...]:
        """The releases a fence's `torch="…"` runs on, oldest first: every release when it has
        none; `torch="2.15"` that one; `torch=">=2.14"` that one and every later one; several
        labels separated by spaces add up."""
        if labels is None:
            return self.ascending()
        chosen: set[str] = set()
        for label in labels.split():
            if label.startswith(">="):
                if not re.fullmatch(r"\d+(\.\d+)*", label[2:]):
                    raise UnknownRelease(f'torch="{labels}": {label!r} is not `>=` and a '
                                         'release number, such as ">=2.15"')
                chosen.update(r for r in self.all if key(r) >= key(label[2:]))
            else:
                chosen.add(self.resolve(label))
        if not chosen:
            raise UnknownRelease(f'torch="{labels}" names no release; leave it out to run on '
                                 f"every release of {LIST_NAME}")
        return self.ascending(chosen)

    def site_packages(self, release: str) -> pathlib.Path | None:
        """Where a non-default release is installed (None for the default: the venv itself)."""
        return None if release == self.default else self.root / ".venv" / f"torch-{release}"

    def environ(self, release: str) -> dict:
        """Environment for a child interpreter that imports `release` as torch, whichever
        release the current process runs on (another release's folder inherited on PYTHONPATH
        is dropped)."""
        path = self.site_packages(release)
        others = {str(self.site_packages(r)) for r in self.all if r != release}
        kept = [str(path)] * (path is not None) + [
            p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and p not in others]
        env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
        return {**env, "PYTHONPATH": os.pathsep.join(kept)} if kept else env

    def missing(self, release: str) -> str | None:
        """Why `release` cannot run here, or None."""
        path = self.site_packages(release)
        if path is not None and not (path / "torch" / "__init__.py").exists():
            return (f"PyTorch {release} is not installed in {path.relative_to(self.root)}; "
                    f"`make test` (or `make outputs`) installs every release of {LIST_NAME}")
        return None
