"""Facts behind the relu-vs-clamp and going-further pages, asserted on the snippets' functions."""

import pytest
import torch
import torch.nn.functional as F

from snippets import (clamp_boundaries, clamp_seed_arithmetic, further_gradcheck,
                      further_mark_non_differentiable, further_setup_context, further_vmap)
from snippets.my_relu import MyReLU


# ---- relu-vs-clamp.md -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def seed_runs():
    return (clamp_seed_arithmetic.run(clamp_seed_arithmetic.ACTIVATIONS["relu"]),
            clamp_seed_arithmetic.run(clamp_seed_arithmetic.ACTIVATIONS["clamp"]))


def test_seed_has_one_exact_zero_preactivation():
    h = clamp_seed_arithmetic.x.mm(clamp_seed_arithmetic.W1)
    assert (h == 0).nonzero().tolist() == [[3, 1]]


def test_seed_runs_differ_only_at_the_zero_and_its_weight(seed_runs):
    relu_run, clamp_run = seed_runs
    differs = lambda stage: clamp_seed_arithmetic.differing_entries(relu_run, clamp_run, stage)
    assert differs("dL/dy_hat") == [] and differs("dL/da") == [] and differs("w2.grad") == []
    assert differs("dL/dh") == [[3, 1]]
    assert differs("w1.grad") == [[2, 1]]


def test_seed_minus_38_arithmetic(seed_runs):
    relu_run, clamp_run = seed_runs
    upstream = relu_run["dL/dy_hat"][3]
    assert upstream.tolist() == [-10.0, 6.0]
    # dL/da[3, 1] = dL/dy_hat[3] . W2[1] = (-10)(-2) + 6 * 3 = 38, the same in both runs
    assert (upstream @ clamp_seed_arithmetic.W2[1]).item() == 38.0
    assert relu_run["dL/da"][3, 1].item() == clamp_run["dL/da"][3, 1].item() == 38.0
    assert relu_run["dL/dh"][3, 1].item() == 0.0
    assert clamp_run["dL/dh"][3, 1].item() == 38.0
    assert clamp_seed_arithmetic.x[3].tolist() == [0.0, 0.0, 1.0]
    difference = relu_run["w1.grad"] - clamp_run["w1.grad"]
    assert difference.tolist() == [[0.0, 0.0], [0.0, 0.0], [0.0, -38.0]]


def test_seed_scalar_check_from_comments():
    assert clamp_seed_arithmetic.scalar_at_zero(F.relu) == 0.0
    assert clamp_seed_arithmetic.scalar_at_zero(clamp_seed_arithmetic.ACTIVATIONS["clamp"]) == -2.0


@pytest.mark.parametrize("name, at, expected", [
    ("x.clamp(min=0)", 0., 1.0), ("F.relu(x)", 0., 0.0),
    ("x.clamp(0, 6)", 0., 1.0), ("x.clamp(0, 6)", 6., 1.0),
    ("F.relu6(x)", 0., 0.0), ("F.relu6(x)", 6., 0.0),
    ("x.clamp(max=6)", 6., 1.0),
])
def test_scalar_boundary_gradients_in_this_torch(name, at, expected):
    assert clamp_boundaries.grad_at(clamp_boundaries.SCALAR_BOUNDS[name], at) == expected


@pytest.mark.parametrize("name, expected", [
    ("torch.clamp_min(a, b)", (1.0, 0.0)),
    ("torch.clamp(a, min=b)", (1.0, 0.0)),
    ("torch.maximum(a, b)", (0.5, 0.5)),
])
def test_tensor_bound_ties_in_this_torch(name, expected):
    assert clamp_boundaries.tie_grads(clamp_boundaries.TENSOR_BOUNDS[name]) == expected


def test_recorded_with_torch_2_13():
    # The pages state their values for this version; a new torch must be re-checked by hand.
    assert torch.__version__.startswith("2.13.")


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


@pytest.mark.parametrize("module", ["clamp_seed_arithmetic", "clamp_boundaries",
                                    "further_setup_context", "further_vmap", "further_gradcheck",
                                    "further_mark_non_differentiable"])
def test_snippet_runs_quietly(module):
    import subprocess
    import sys
    from verified_docs.site import ROOT
    result = subprocess.run([sys.executable, "-W", "default", "-m", f"snippets.{module}"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and result.stderr == "", result.stderr
