"""What each runtime imports: the build and the shared model neither pytest nor torch (`make
serve` needs neither), a page's worker process nothing of the project (a page's code runs as in a
reader's Python)."""

import subprocess
import sys

from tests.repo import ROOT
from verified_docs.pytest.runner import WORKER

MODEL = [f"verified_docs.model.{p.stem}" for p in (ROOT / "verified_docs" / "model").glob("*.py")]


def imported(code: str) -> set[str]:
    """The top-level packages a fresh interpreter holds after `code`."""
    report = "import sys; print(*{m.split('.')[0] for m in sys.modules})"
    return set(subprocess.run([sys.executable, "-c", f"{code}\n{report}"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.split())


def test_the_build_and_the_model_import_neither_pytest_nor_torch():
    found = imported(f"import verified_docs.build.plugin, {', '.join(MODEL)}") & {
        "pytest", "_pytest", "pytest_markdown_docs", "torch"}
    assert not found, (f"the build or verified_docs/model/ imports {sorted(found)}: import it "
                       "where it is used (verified_docs/pytest/), not in the build or the model")


def test_the_page_worker_imports_nothing_of_the_project():
    found = imported(f"import runpy; runpy.run_path({WORKER!r}, run_name='worker')") & {
        "verified_docs", "snippets", "exercise", "tests"}
    assert not found, (f"{WORKER} imports {sorted(found)}: a page's process imports the "
                       "standard library and torch only")
