"""Every snippet module is used on its page, and runs cleanly as `__main__`, twice with the
same output (tests/machinery/test_on_every_release.py runs this module on every release). Each
page's facts are in tests/pages/test_<page>.py."""
import ast
import re
import runpy
import sys
import warnings
from pathlib import Path

import pytest

from tests.repo import ROOT, SITE
from verified_docs.model.fences import INCLUDE_LINE

FIGURES = SITE.config["plugins"]["verified-docs"].config.figures
# The snippets, and the exercise's files a reader copies (its starter, solution and saved
# versions; not the checker, nor the wrong solutions in cases/, several of which fail on purpose).
SNIPPET_MODULES = sorted(
    [p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
     for p in (ROOT / "snippets").glob("*/*.py") if p.stem != "__init__"]
    + [f"exercise.{name}" for name in ("starter", "solution", "saved_versions")])


def used_on(page: Path) -> set[Path]:
    """The files the page includes, the figures it shows (the build's `figures` option), and
    every module of snippets/ those import, and those in turn."""
    text = page.read_text(encoding="utf-8")
    found = {ROOT / m[2].strip("\"'") for m in map(INCLUDE_LINE.match, text.splitlines()) if m}
    found |= {ROOT / snippet for image, snippet in FIGURES.items() if image in text}
    stack = [path for path in found if path.suffix == ".py"]
    while stack:
        for node in ast.walk(ast.parse(stack.pop().read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [f"{names[0]}.{alias.name}" for alias in node.names] if names else []
            for name in (n for n in names if n.startswith("snippets.")):
                path = ROOT / (name.replace(".", "/") + ".py")
                if path.is_file() and path not in found:
                    found.add(path)
                    stack.append(path)
    return found


@pytest.mark.parametrize("name", SNIPPET_MODULES)
def test_every_snippet_is_used_on_its_page(name):
    """snippets/<page>/ holds its page's code (snippets/shared/, any page's): each module is
    included there, drawn as its figure, or imported by a module that is."""
    path = ROOT / f"{name.replace('.', '/')}.py"
    folder = path.parent.name
    pages = (sorted((ROOT / "docs" / "en").glob("*.md")) if folder == "shared"
             else [ROOT / "docs" / "en" / f"{folder.replace('_', '-')}.md"])
    assert any(path in used_on(page) for page in pages if page.exists()), (
        f"{path.relative_to(ROOT)}: no page uses it ({', '.join(p.name for p in pages)} neither "
        "includes it nor a module it includes imports it): show it on its page, or delete it")


@pytest.mark.parametrize("name", SNIPPET_MODULES)
def test_snippet_main_is_clean_and_deterministic(name, capfd, monkeypatch, tmp_path):
    # Run where stray files cannot land in the repository (a figure script writes SVGs).
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [f"{name.replace('.', '/')}.py"])
    outputs = []
    for _ in range(2):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            runpy.run_path(str(ROOT / f"{name.replace('.', '/')}.py"),
                           run_name="__main__")
        out, err = capfd.readouterr()
        assert err == "", f"{name} wrote to stderr: {err}"
        assert [str(w.message) for w in caught] == [], f"{name} emitted warnings"
        outputs.append(out)
    assert outputs[0].strip(), f"{name} printed nothing"
    assert outputs[0] == outputs[1], f"{name} printed different output on a second run"
    assert not re.search(r"0x[0-9a-f]{6,}", outputs[0]), f"{name} printed a memory address"
    assert str(ROOT) not in outputs[0] and str(tmp_path) not in outputs[0]
