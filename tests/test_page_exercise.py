"""The exercise page's snippets: the reference solution, the starter, and the example of why
ctx.save_for_backward matters (the checker is tests/test_exercise.py)."""
import contextlib
import io
import runpy

import pytest
import torch

from snippets import exercise
from snippets.exercise import saved_versions, solution, starter


def test_the_solution_returns_the_expected_dict_and_the_starter_is_a_function_with_todos():
    assert solution.solution() == {"output": exercise.EXPECTED_OUTPUT,
                                   "grad": exercise.EXPECTED_GRAD}
    assert issubclass(starter.CustomReLU, torch.autograd.Function)
    with pytest.raises(NotImplementedError):
        starter.solution()


def changed_after_forward(relu):
    """x.grad, or the error, when the input is changed in place after forward."""
    leaf = torch.tensor([-1., 2.], requires_grad=True)
    x = leaf * 1
    y = relu.apply(x)
    x.neg_()
    try:
        y.sum().backward()
    except RuntimeError as error:
        return str(error)
    return leaf.grad.tolist()


def test_saved_tensors_raise_after_an_in_place_change_where_one_kept_on_ctx_is_silently_wrong():
    error = changed_after_forward(saved_versions.Saved)
    assert "modified by an inplace operation" in error
    assert "is at version 1; expected version 0 instead" in error
    assert changed_after_forward(saved_versions.Stashed) == [1.0, 0.0]
    x = torch.tensor([-1., 2.], requires_grad=True)
    saved_versions.Stashed.apply(x).sum().backward()
    assert x.grad.tolist() == [0.0, 1.0]  # right when nothing changes the input


def test_saved_versions_prints_both_and_fits_the_page():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(saved_versions.__file__, run_name="__main__")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Saved: RuntimeError: one of the variables")
    assert lines[-1] == "Stashed: gradient [1.0, 0.0], not [0.0, 1.0]"
    assert max(map(len, lines)) <= 78
