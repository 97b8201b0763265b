"""Facts behind the going-further page (docs/*/going-further.md), asserted on the snippets."""

import pathlib

import pytest
import torch
from torch.autograd.gradcheck import GradcheckError

from snippets import (further_gradcheck, further_gradcheck_minimal, further_mark_minimal,
                      further_mark_non_differentiable, further_modern_relu, further_per_sample,
                      further_setup_context, further_vmap, further_vmap_mask_forms)
from snippets.my_relu import MyReLU

ROOT = pathlib.Path(__file__).resolve().parents[1]
RELEASE = tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2])


# ---- setup_context ----------------------------------------------------------------------------

def test_modern_relu_gives_zero_at_zero_under_torch_func_grad():
    relu = further_modern_relu.ReLU
    assert torch.func.grad(lambda t: relu.apply(t).sum())(
        torch.tensor([-1.0, 0.0, 2.0])).tolist() == [0.0, 0.0, 1.0]


def test_setup_context_style_works_with_autograd_and_torch_func():
    relu = further_setup_context.ReLU
    assert further_setup_context.autograd_grad(relu, [-1., 0., 2.]) == [0.0, 0.0, 1.0]
    assert further_setup_context.func_grad(relu, [-1., 0., 2.]) == [0.0, 0.0, 1.0]


def test_combined_style_fails_under_torch_func():
    assert further_setup_context.autograd_grad(MyReLU, [-1., 0., 2.]) == [0.0, 1.0, 1.0]
    error = further_setup_context.first_line_of_error(
        lambda: further_setup_context.func_grad(MyReLU, [-1., 0., 2.]))
    assert error.startswith("RuntimeError: In order to use an autograd.Function with functorch")
    assert "must override the setup_context staticmethod" in error


# ---- vmap -------------------------------------------------------------------------------------

def test_per_sample_gradients_of_a_shared_bias_differ_from_one_backward():
    m = further_per_sample
    rows = m.per_sample.tolist()
    assert rows == [[1.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    assert len({tuple(row) for row in rows}) == 2  # really one gradient per example
    assert m.b.grad.tolist() == [sum(col) for col in zip(*rows)] == [2.0, 1.0, 1.0]
    assert not ((m.batch + m.b) == 0).any()  # no exact zeros: the value at 0 plays no part


def test_vmap_needs_a_rule():
    error = further_setup_context.first_line_of_error(
        lambda: further_vmap.batched_forward(further_vmap.NoVmapRuleReLU))
    assert "does not have vmap support" in error and "generate_vmap_rule=True" in error
    for relu in (further_vmap.BoolMaskReLU, further_vmap.WhereReLU):
        assert further_vmap.batched_forward(relu) == [[0.0, 0.0, 2.0], [3.0, 0.0, 5.0]]


def test_bool_mask_relu_is_the_tutorials_backward():
    x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
    further_vmap.BoolMaskReLU.apply(x).sum().backward()
    assert x.grad.tolist() == [0.0, 1.0, 1.0]  # `input < 0`: the entry at 0 is kept


def test_bool_mask_backward_is_batched_since_2_15_and_where_always():
    expected = [[1.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    assert further_vmap.per_sample_grads(further_vmap.WhereReLU) == expected
    if RELEASE < (2, 15):  # 2.13 and 2.14.1 alike
        error = further_setup_context.first_line_of_error(
            lambda: further_vmap.per_sample_grads(further_vmap.BoolMaskReLU))
        assert "Attempting to batch over indexing with a boolean mask" in error
    else:
        assert further_vmap.per_sample_grads(further_vmap.BoolMaskReLU) == expected


def test_only_the_number_assignment_form_batches_and_only_since_2_15():
    batches = {}
    for name, form in further_vmap_mask_forms.FORMS.items():
        error = further_vmap_mask_forms.error_of(form)
        batches[name] = error is None
        if error is not None:
            assert "Attempting to batch over indexing with a boolean mask" in error
    assert batches == {"y[x < 0] = 0": RELEASE >= (2, 15),
                       "y[x < 0] = torch.tensor(0.)": False,
                       "y.index_put_((x < 0,), ...)": False, "x[x > 0].sum()": False}
    if RELEASE >= (2, 15):
        assert further_vmap_mask_forms.batched(further_vmap_mask_forms.assign_number) == \
            [[0.0, 2.0], [3.0, 0.0]]


def test_one_backward_sums_the_per_sample_rows():
    for relu in (further_vmap.BoolMaskReLU, further_vmap.WhereReLU):
        assert further_vmap.summed_grad(relu) == [2.0, 1.0, 1.0]


def test_jacrev_batches_grad_output_only_so_both_work():
    expected = [[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    for relu in (further_vmap.BoolMaskReLU, further_vmap.WhereReLU):
        assert further_vmap.jacobian(relu, further_vmap.JACREV_AT) == expected


# ---- gradcheck --------------------------------------------------------------------------------

def test_minimal_gradcheck_passes_in_float64():
    x = torch.tensor([-1.5, 0.5], dtype=torch.float64, requires_grad=True)
    relu = further_gradcheck_minimal.ReLU
    assert torch.autograd.gradcheck(relu.apply, (x,))
    assert torch.autograd.gradgradcheck(relu.apply, (x,))


def test_gradcheck_verdicts():
    check = further_gradcheck.check
    assert check(torch.autograd.gradcheck, further_setup_context.ReLU) == (True, [])
    assert check(torch.autograd.gradgradcheck, further_setup_context.ReLU) == (True, [])
    result, caught = check(torch.autograd.gradcheck, further_setup_context.ReLU, torch.float32)
    assert result == "Jacobian mismatch, output 0, input 0"
    assert caught == ["UserWarning: Input #0 requires gradient and is not a double precision "
                      "floating point or complex."]
    result, _ = check(torch.autograd.gradcheck, further_gradcheck.MaskForgottenReLU)
    assert result == "Jacobian mismatch, output 0, input 0"
    assert check(torch.autograd.gradcheck, further_gradcheck.OnceDifferentiableReLU) == (True, [])
    result, _ = check(torch.autograd.gradgradcheck, further_gradcheck.OnceDifferentiableReLU)
    # gradgradcheck differentiates w.r.t. (inputs..., grad_outputs...): input 1 is grad_output
    assert result == "Jacobian mismatch, output 0, input 1"


def test_short_error_keeps_other_messages_whole():
    error = GradcheckError("Backward is not reentrant, i.e., ...")
    assert further_gradcheck.short_error(error) == (
        "GradcheckError: Backward is not reentrant, i.e., ...")


# ---- mark_non_differentiable ------------------------------------------------------------------

def test_minimal_mark_non_differentiable():
    assert further_mark_minimal.out.requires_grad and not further_mark_minimal.mask.requires_grad


def test_mark_non_differentiable():
    m = further_mark_non_differentiable
    assert m.outputs_info(m.ReLUWithMask) == {
        "out.requires_grad": True, "mask.requires_grad": False, "mask.grad_fn": None}
    assert m.outputs_info(m.UnmarkedReLUWithMask)["mask.requires_grad"] is True
    assert m.backward_through_out(m.ReLUWithMask) == ([0.0, 0.0, 3.0], [0.0, 0.0, 0.0])
    assert m.backward_through_out(m.NotMaterializedReLUWithMask) == ([0.0, 0.0, 3.0], None)
    assert m.backward_through_mask(m.ReLUWithMask).startswith(
        "RuntimeError: element 0 of tensors does not require grad")
    # Unmarked, the mask silently "differentiates" to zeros instead of failing.
    assert m.backward_through_mask(m.UnmarkedReLUWithMask) == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("name", ["further_setup_context", "further_vmap", "further_gradcheck",
                                  "further_mark_non_differentiable"])
def test_full_scripts_print_within_80_columns(name, capsys):
    import runpy
    runpy.run_path(str(ROOT / "snippets" / f"{name}.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert out and max(len(line) for line in out.splitlines()) <= 80
