"""The exercise's notebook is a workbook: a cell writes my_relu.py from the starter (the page's
language's), the next runs the downloaded checker on it in that language, and the reference
solution is not in it. Run in a fresh Jupyter kernel with the starter finished, it reports every
check passed."""
import nbformat
import pytest

from exercise import REQUIRED, messages
from tests.machinery.test_take_home import folder_for, made, run_notebook
from tests.repo import ROOT, SITE
from verified_docs.build import exercise_archive, notebooks

FINISHED = {  # each TODO of the starter, done as the page's solution does it
    '        raise NotImplementedError("CustomReLU.forward is not written yet")':
        "        ctx.save_for_backward(input)\n        return input.clamp(min=0)",
    '        raise NotImplementedError("CustomReLU.backward is not written yet")':
        "        input, = ctx.saved_tensors\n"
        "        return torch.where(input > 0, grad_output, 0.)",
}
SOLUTION = (ROOT / exercise_archive.PACKAGE / "solution.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", SITE.built_languages, ids=lambda lang: lang.locale)
def test_the_workbook_checks_the_learner_s_own_file_in_the_page_s_language(lang):
    nb = nbformat.reads(made(lang, exercise_archive.PAGE).notebook, as_version=4)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert not any(SOLUTION.strip() in cell.source for cell in code), (
        "the exercise notebook holds the reference solution")
    work = [cell for cell in code if notebooks.WORKBOOK_TAG in cell.metadata.get("tags", [])]
    assert len(work) == 2 and work[0].source.startswith("%%writefile my_relu.py\n"), work
    for todo, done in FINISHED.items():
        assert todo in work[0].source, f"the starter cell no longer has {todo.strip()!r}"
        work[0].source = work[0].source.replace(todo, done)
    setup = next(cell for cell in code if "urllib.request" in cell.source)
    nb.cells = [setup, *work]  # the checker's download, the learner's file, the check
    folder = folder_for()
    (folder / exercise_archive.NAME).write_bytes(exercise_archive.archive(SITE))
    run_notebook(nb, folder)
    errors = [o for cell in nb.cells for o in cell.outputs if o.output_type == "error"]
    assert not errors, errors
    printed = "".join(o.get("text", "") for o in work[1].outputs)
    summary = messages.translate(lang.locale, "summary", passed=len(REQUIRED),
                                 total=len(REQUIRED))
    assert summary in printed, f"the check cell printed:\n{printed}"
