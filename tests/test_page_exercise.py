"""The exercise page's snippets: the reference solution, the starter, and the example of why
ctx.save_for_backward matters (the checker is tests/test_exercise.py)."""
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


def test_stashed_input_gives_the_right_gradient_when_nothing_changes_it():
    x = torch.tensor([-1., 2.], requires_grad=True)
    saved_versions.Stashed.apply(x).sum().backward()
    assert x.grad.tolist() == [0.0, 1.0]
