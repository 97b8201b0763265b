"""Facts behind the going-further page, asserted on the snippets' functions."""

import pytest
import torch

from snippets import (further_gradcheck, further_mark_non_differentiable, further_setup_context,
                      further_vmap)
from snippets.my_relu import MyReLU


# ---- going-further.md -----------------------------------------------------------------------

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


def test_vmap_needs_a_rule():
    error = further_setup_context.first_line_of_error(
        lambda: further_vmap.batched_forward(further_vmap.NoVmapRuleReLU))
    assert "does not have vmap support" in error and "generate_vmap_rule=True" in error
    for relu in (further_vmap.BoolMaskReLU, further_vmap.WhereReLU):
        assert further_vmap.batched_forward(relu) == [[0.0, 0.0, 2.0], [3.0, 0.0, 5.0]]


def test_bool_mask_backward_cannot_be_vmapped_where_can():
    error = further_setup_context.first_line_of_error(
        lambda: further_vmap.per_sample_grads(further_vmap.BoolMaskReLU))
    assert "Attempting to batch over indexing with a boolean mask" in error
    assert further_vmap.per_sample_grads(further_vmap.WhereReLU) == [[0.0, 0.0, 1.0],
                                                                    [1.0, 0.0, 1.0]]


def test_jacrev_batches_grad_output_only_so_both_work():
    expected = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
    for relu in (further_vmap.BoolMaskReLU, further_vmap.WhereReLU):
        assert further_vmap.jacobian(relu, [-1., 0., 2.]) == expected


def test_gradcheck_verdicts():
    check = further_gradcheck.check
    assert check(torch.autograd.gradcheck, further_setup_context.ReLU) == (True, [])
    assert check(torch.autograd.gradgradcheck, further_setup_context.ReLU) == (True, [])
    result, caught = check(torch.autograd.gradcheck, further_setup_context.ReLU, torch.float32)
    assert result.startswith("GradcheckError: Jacobian mismatch for output 0 with respect to input 0")
    assert caught == ["UserWarning: Input #0 requires gradient and is not a double precision "
                      "floating point or complex."]
    result, _ = check(torch.autograd.gradcheck, further_gradcheck.MaskForgottenReLU)
    assert result.startswith("GradcheckError: Jacobian mismatch")
    assert check(torch.autograd.gradcheck, further_gradcheck.OnceDifferentiableReLU) == (True, [])
    result, _ = check(torch.autograd.gradgradcheck, further_gradcheck.OnceDifferentiableReLU)
    # gradgradcheck differentiates w.r.t. (inputs..., grad_outputs...): input 1 is grad_output
    assert result.startswith("GradcheckError: Jacobian mismatch for output 0 with respect to input 1")


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


@pytest.mark.parametrize("module", ["further_setup_context", "further_vmap", "further_gradcheck",
                                    "further_mark_non_differentiable"])
def test_snippet_runs_quietly(module):
    import subprocess
    import sys
    from verified_docs.site import ROOT
    result = subprocess.run([sys.executable, "-W", "default", "-m", f"snippets.{module}"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and result.stderr == "", result.stderr
