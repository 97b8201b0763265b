"""`make add-release [RELEASE=X.Y.Z] [DRY_RUN=1]`: verify the pages on one more PyTorch release.

Every mechanical step, in order: the release's line in requirements-torch.txt (first when it is
newer than the default: it becomes the default), requirements.txt frozen again when the default
changes, the install (the Makefile's `env`, verified_docs/commands/install.py) and every output
fence of every language (`make outputs`); the changes page, the results table and the figure
follow the output fences by themselves. Then the review no command can do, printed as Markdown
and, with BODY, written as the pull request's description: the prose lines that name a release,
the facts tests' release branches and the restricted fences the release falls into, and the
examples it prints something new in. Without a release, the newest one on the package index
newer than every verified one, if there is one.
"""

from __future__ import annotations

import argparse
import ast
import itertools
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import urllib.request

from verified_docs.build import changes
from verified_docs.model import outputs, versions
from verified_docs.model.fences import body_start, page_fences, python_fences
from verified_docs.model.site import Site

INDEX = "https://pypi.org/pypi/torch/json"  # PyPI's JSON API; TORCH_INDEX_JSON replaces it
RELEASE_ARG = re.compile(r"\d+\.\d+\.\d+")
FROZEN = "requirements.txt"
# Left out of the frozen pins: they follow the build of torch a machine installs.
BUILD_SPECIFIC = re.compile(r"^(nvidia-|cuda-|triton)", re.I)
# A release or a range's end in prose: "2.15.0", "2.13", "from 2.14.1 on", "up to 2.13".
NAMED = re.compile(r"(?<![\w.])(\d+)\.(\d+)(?:\.\d+)?(?![\w]|\.\d)")
SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[A-ZА-Я(«`*\[])")
FACTS = "tests/pages"
# Lines of one example's change in the pull request's description (GitHub takes 65,536 characters
# in all); the rest is in its diff.
DIFF_LINES = 16


# -- which release ---------------------------------------------------------------------------

def index_releases(url: str = "") -> list[str]:
    """The final releases of torch on the package index (not yanked, not pre-releases)."""
    from packaging.version import InvalidVersion, Version

    with urllib.request.urlopen(url or os.environ.get("TORCH_INDEX_JSON") or INDEX,
                                timeout=60) as answer:
        data = json.load(answer)
    found = []
    for number, files in data["releases"].items():
        try:
            version = Version(number)
        except InvalidVersion:
            continue
        if files and not all(f.get("yanked") for f in files) and not version.is_prerelease \
                and not version.is_devrelease and RELEASE_ARG.fullmatch(number):
            found.append(number)
    return sorted(found, key=versions.key)


def newest(verified, on_index) -> str | None:
    """The newest release of `on_index` newer than every one of `verified`."""
    newer = [r for r in on_index if versions.key(r) > max(map(versions.key, verified))]
    return max(newer, key=versions.key) if newer else None


# -- requirements-torch.txt -------------------------------------------------------------------

def placed(text: str, release: str) -> str:
    """requirements-torch.txt with `torch==release` in its place: first if it is newer than the
    default (the old default then joins the others), else among the other releases, oldest
    first, where their lines were. Comments and blank lines stay."""
    lines = [line if line.endswith("\n") else line + "\n" for line in text.splitlines()]
    at = [i for i, line in enumerate(lines) if versions.PIN.match(line.strip())]
    if not at:
        raise versions.UnknownRelease(f"{versions.LIST_NAME}: lists no `torch==<release>` line")
    pins = [versions.PIN.match(lines[i].strip())[1] for i in at]
    line_of = {**{r: lines[i] for i, r in zip(at, pins)}, release: f"torch=={release}\n"}
    default, others = pins[0], [*pins[1:], release]
    if versions.key(release) > versions.key(default):
        default, others = release, pins
    lines[at[0]] = line_of[default]
    for i in reversed(at[1:]):
        del lines[i]
    where = at[1] if len(at) > 1 else at[0] + 1
    lines[where:where] = [line_of[r] for r in sorted(others, key=versions.key)]
    return "".join(lines)


# -- requirements.txt ------------------------------------------------------------------------

def frozen(old: str, freeze: str) -> str:
    """requirements.txt from `pip freeze` of a fresh virtualenv: the old file's comment lines at
    the top kept, what follows the build of torch left out."""
    head = "".join(itertools.takewhile(lambda line: line.startswith("#"),
                                       old.splitlines(keepends=True)))
    return head + "".join(line + "\n" for line in freeze.splitlines()
                          if line.strip() and not BUILD_SPECIFIC.match(line))


def refreeze(root: pathlib.Path, release: str, pip_args: list[str]) -> None:
    """requirements.txt again from requirements.in and the new default, as CONTRIBUTING says."""
    with tempfile.TemporaryDirectory(prefix="freeze-") as tmp:
        subprocess.run([sys.executable, "-m", "venv", tmp], check=True)
        pip = [str(pathlib.Path(tmp) / "bin" / "pip")]
        subprocess.run([*pip, "install", "--quiet", "--upgrade", "-r", "requirements.in",
                        f"torch=={release}", *pip_args], cwd=root, check=True)
        freeze = subprocess.run([*pip, "freeze", "--all", "--exclude", "pip", "--exclude",
                                 "torch"], cwd=root, check=True, capture_output=True,
                                text=True).stdout
    path = root / FROZEN
    path.write_text(frozen(path.read_text(encoding="utf-8"), freeze), encoding="utf-8")


# -- the review ------------------------------------------------------------------------------

def prose_lines(site: Site) -> list[tuple[str, int, str]]:
    """(file, line, sentence) of every sentence of the default language's pages (and the
    README) that names a release or a range of releases; fenced code and front matter left out."""
    majors = {versions.key(r)[0] for r in site.torch.all}
    files = [site.docs / site.default / page for page in site.pages(site.default)]
    files += [site.root / "README.md"] if (site.root / "README.md").exists() else []
    found = []
    for path in files:
        skip = set(range(1, body_start(site, path) + 1)) if site.language_of(path) else set()
        skip |= {n for fence in page_fences(site, path)
                 for n in range(fence.open_line, fence.close_line + 1)}
        for number, line in enumerate(site.read_text(path).splitlines(), 1):
            said = [part for part in SENTENCE_END.split(line.strip()) if number not in skip
                    and any(int(m[1]) in majors for m in NAMED.finditer(part))]
            if said:
                found.append((site.relative(path), number, " ".join(said)))
    return found


def side(condition: ast.Compare, release: str) -> bool:
    """What a facts test's condition on RELEASE, (major, minor) as the tests read it, is on
    `release`; NameError when it compares with a name set elsewhere."""
    code = compile(ast.Expression(condition), "<condition>", "eval")
    return eval(code, {"__builtins__": {}}, {"RELEASE": versions.key(release)[:2]})  # noqa: S307


def facts_branches(site: Site, release: str) -> list[tuple[str, int, str, str]]:
    """(file, line, condition, what it is on `release` and on which other releases too) of every
    comparison of RELEASE in the facts tests."""
    found = []
    for path in sorted((site.root / FACTS).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare) or not any(
                    isinstance(n, ast.Name) and n.id == "RELEASE"
                    for n in [node.left, *node.comparators]):
                continue
            try:
                value = side(node, release)
                same = [r for r in site.torch.ascending()
                        if r != release and side(node, r) == value]
                said = f"{value} on {release}, as on {', '.join(same) or 'no other release'}"
            except NameError as exc:
                said = f"compares with a name set elsewhere ({exc.name}): read it"
            found.append((site.relative(path), node.lineno, ast.unparse(node), said))
    return sorted(found)


def review(site: Site, release: str) -> dict:
    """Everything the human review reads, from the pages as they are now: besides the prose and
    the facts tests' branches, the fences that name their releases and run on `release`, and
    the examples whose output on `release` no other verified release prints."""
    fences = [fence for page in site.pages(site.default)
              for fence in python_fences(site, site.docs / site.default / page)
              if release in fence.releases]
    new = [(fence, shown) for fence in fences if len(fence.releases) > 1
           and (shown := outputs.shown_on(fence, release)) is not None
           and outputs.shown_releases(shown) == (release,)]
    return {"release": release, "default": site.torch.default, "lang": site.default,
            "prose": prose_lines(site), "facts": facts_branches(site, release),
            "restricted": [(site.relative(f.path), f.open_line, f.attributes["torch"])
                           for f in fences if "torch" in f.attributes],
            "new": [(site.relative(f.path), f.open_line, outputs.normalise(shown.content))
                    for f, shown in new],
            "changed": {f"{old} → {new}": changed(site, old, new)
                        for old, new in changes.pairs(site) if release in (old, new)}}


def changed(site: Site, old: str, new: str) -> list[tuple]:
    """(page, example number, section, what it includes, lines gone, lines come) of each example
    the changes page lists for the pair."""
    found = []
    for change in changes.pair_changes(site, old, new)[0]:
        hunks = change.hunks()
        found.append((change.page, change.number, changes.section_title(site, site.default, change),
                      change.key, [line for h in hunks for n, line in enumerate(h[0], 1) if n in h[1]],
                      [line for h in hunks for n, line in enumerate(h[2], 1) if n in h[3]]))
    return found


def described(found: dict, index_url: str = INDEX) -> str:
    """The review as Markdown, printed by the command and the pull request's description: the
    changed examples per page, then the lines to review."""
    release = found["release"]
    out = [f"PyTorch {release} appeared on the package index ({index_url}). "
           f"`make add-release RELEASE={release}` added it"
           + (", as the new default" if found["default"] == release else "")
           + " and rewrote every output fence from real runs.", ""]
    for pair, examples in found["changed"].items():
        out += [f"## Examples that print differently, {pair}", ""] + ["None.", ""] * (
            not examples)
        pages: dict[str, list] = {}
        for example in examples:
            pages.setdefault(example[0], []).append(example)
        for page, listed in pages.items():
            out += [f"### docs/{found['lang']}/{page}", ""]
            for _, number, section, title, gone, came in listed:
                fence, diff = "```", [f"-{x}" for x in gone] + [f"+{x}" for x in came]
                more = len(diff) - DIFF_LINES
                out += [f"- **{section}** (example {number}): `{title}`", "",
                        f"  {fence}diff", *(f"  {x}" for x in diff[:DIFF_LINES]), f"  {fence}",
                        *([f"  ({more} more lines in the pull request's diff)"] if more > 0
                          else []), ""]
    out += ["## To review", "", "Nothing below is checked by a test: read each line against the "
            "new outputs, and fix what no longer holds in the same pull request.", "",
            "### Prose that names a release", ""]
    out += [f"- [ ] `{f}:{n}`: {t}" for f, n, t in found["prose"]] or ["None."]
    out += ["", "### Facts-test branches", ""]
    out += [f"- [ ] `{f}:{n}`: `{c}`: {s}" for f, n, c, s in found["facts"]] or ["None."]
    out += ["", "### Restricted fences that run on it", ""]
    out += [f'- [ ] `{f}:{n}`: `torch="{label}"`' for f, n, label in found["restricted"]] \
        or ["None."]
    out += ["", f"### Examples whose output on {release} no other release prints", ""]
    out += [f"- [ ] `{f}:{n}`" for f, n, _ in found["new"]] or ["None."]
    return "\n".join(out) + "\n"


# -- the command -----------------------------------------------------------------------------

def main(argv: list[str], root: pathlib.Path) -> int:
    parser = argparse.ArgumentParser(prog="python -m verified_docs add-release",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("release", nargs="?",
                        help="X.Y.Z; the newest release on the index newer than every verified "
                             "one when left out")
    parser.add_argument("--dry-run", action="store_true",
                        help="only say what would be done: no file changes, nothing installed")
    parser.add_argument("--body", type=pathlib.Path,
                        help="write the pull request's description here once a release is added")
    parser.add_argument("--pip-args", default="", help="passed to pip (the Makefile's PIP_ARGS)")
    args = parser.parse_args(argv)
    torch = versions.Releases(root)
    release = args.release
    if release is None:
        on_index = index_releases()
        release = newest(torch.all, on_index)
        if release is None:
            print(f"No release on the package index is newer than every verified one "
                  f"({', '.join(torch.ascending())}; the index's newest is "
                  f"{on_index[-1] if on_index else 'none'}): nothing to add.")
            return 0
        print(f"The package index has PyTorch {release}, newer than every verified release.")
    elif not RELEASE_ARG.fullmatch(release):
        parser.error(f"RELEASE={release}: give a release as X.Y.Z, such as 2.16.0")
    if release in torch.all:
        print(f"PyTorch {release} is verified already ({versions.LIST_NAME}).")
        return 0
    new_default = versions.key(release) > versions.key(torch.default)
    steps = [f"{versions.LIST_NAME}: add torch=={release}"
             + (f", first: the new default in place of {torch.default}" if new_default else ""),
             *([f"{FROZEN}: freeze again in a fresh virtualenv from requirements.in and "
                f"torch=={release}"] if new_default else []),
             "install it: make env (" + (f"{release} into .venv, {torch.default} into "
                                         f".venv/torch-{torch.default}/" if new_default
                                         else f"into .venv/torch-{release}/") + ")",
             "every output fence of every language: python -m pytest --update-outputs docs",
             "then list the prose, the facts-test branches, the restricted fences and the new "
             "outputs to review"]
    print(("Would do (DRY_RUN): " if args.dry_run else "Adding PyTorch " + release + ":")
          + "".join(f"\n  {n}. {s}" for n, s in enumerate(steps, 1)))
    if args.dry_run:
        return 0
    torch.list.write_text(placed(torch.list.read_text(encoding="utf-8"), release),
                          encoding="utf-8")
    if new_default:
        refreeze(root, release, args.pip_args.split())
    for command in (["make", "--no-print-directory", "env", f"PIP_ARGS={args.pip_args}"],
                    [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "--update-outputs",
                     "docs"]):
        print("+", " ".join(command), flush=True)
        subprocess.run(command, cwd=root, check=True)
    text = described(review(Site.load(root), release))  # the list and the pages, read afresh
    print("\n" + text, end="")
    if args.body:
        args.body.write_text(text, encoding="utf-8")
        print(f"\nThe pull request's description: {args.body}")
    return 0
