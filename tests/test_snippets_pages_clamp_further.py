"""Facts behind the relu-vs-clamp page, asserted on the snippets' functions."""

import pytest
import torch
import torch.nn.functional as F

from snippets import clamp_boundaries, clamp_seed_arithmetic


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


@pytest.mark.parametrize("module", ["clamp_seed_arithmetic", "clamp_boundaries"])
def test_snippet_runs_quietly(module):
    import subprocess
    import sys
    from tests.executable_docs import ROOT
    result = subprocess.run([sys.executable, "-W", "default", "-m", f"snippets.{module}"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and result.stderr == "", result.stderr
