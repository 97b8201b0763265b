"""Every snippet module is tested by some test module, and runs cleanly as `__main__`, twice
with the same output. Each page's facts are in tests/pages/test_<page>.py."""
import ast
import re
import runpy
import sys
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The snippets, and the exercise's files a reader copies (its starter, solution and saved
# versions; not the checker, nor the wrong solutions in cases/, several of which fail on purpose).
SNIPPET_MODULES = sorted(
    [p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
     for p in (ROOT / "snippets").glob("*/*.py") if p.stem != "__init__"]
    + [f"exercise.{name}" for name in ("starter", "solution", "saved_versions")])


def imported_snippets(test_file):
    """Names of the snippets modules that a test file imports, `snippets.` left out."""
    imported = set()
    for node in ast.walk(ast.parse(test_file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
    return {name for name in imported if name.split(".")[0] in ("snippets", "exercise")}


def test_every_snippet_module_is_imported_by_a_test():
    # Other pages' snippets are tested in their own files, so look at every test file.
    imported = set()
    for test_file in sorted((ROOT / "tests").rglob("test_*.py")):
        imported |= imported_snippets(test_file)
    untested = [name for name in SNIPPET_MODULES if name not in imported]
    assert not untested, f"snippets modules that no tests/**/test_*.py imports: {untested}"


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
