"""The facts each snippet demonstrates, asserted on return values (not printed text)."""
import ast
import math
import re
import runpy
import sys
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest
import torch
import torch.nn.functional as F
from torch import nn

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from snippets import (  # noqa: E402
    exercise,
    exercise_solution,
    exercise_starter,
    grad_at_zero_table,
    grad_mode_in_backward,
    hazard_expanded_gradient,
    hazard_shared_gradient,
    hazard_user_gradient,
    mark_dirty,
    max_is_a_reduction,
    my_relu,
    no_clone_relu,
    once_differentiable_no_fix,
    out_of_place_backward,
    relu_vs_clamp_seed,
)

MyReLU = my_relu.MyReLU
NoCloneReLU = no_clone_relu.NoCloneReLU
SNIPPET_MODULES = sorted(p.stem for p in (ROOT / "snippets").glob("*.py") if p.stem != "__init__")


# -- my_relu / no_clone_relu ---------------------------------------------------------

def test_my_relu_output_and_gradient_keep_one_at_zero():
    x = torch.tensor([-2., -1., 0., 1., 2.], requires_grad=True)
    y = MyReLU.apply(x)
    y.sum().backward()
    assert y.tolist() == [0.0, 0.0, 0.0, 1.0, 2.0]
    assert x.grad.tolist() == [0.0, 0.0, 1.0, 1.0, 1.0]


def test_my_relu_backward_returns_a_copy_and_no_clone_returns_grad_output_itself():
    ctx = SimpleNamespace(saved_tensors=(torch.tensor([-1., 2.]),))
    g = torch.ones(2)
    assert MyReLU.backward(ctx, g) is not g
    assert g.tolist() == [1.0, 1.0]
    assert NoCloneReLU.backward(ctx, g) is g
    assert g.tolist() == [0.0, 1.0]


def test_no_clone_relu_looks_right_with_a_private_gradient():
    x = torch.tensor([-2., -1., 0., 1., 2.], requires_grad=True)
    NoCloneReLU.apply(x).backward(torch.ones(5))
    assert x.grad.tolist() == [0.0, 0.0, 1.0, 1.0, 1.0]


# -- the three hazards -----------------------------------------------------------------

def test_hazard_user_gradient_only_no_clone_overwrites_the_callers_tensor():
    run = hazard_user_gradient.backprop_user_gradient
    assert run(torch.relu) == ([0.0, 1.0, 0.0], [1.0, 1.0, 1.0])
    assert run(MyReLU.apply) == ([0.0, 1.0, 0.0], [1.0, 1.0, 1.0])
    assert run(NoCloneReLU.apply) == ([0.0, 1.0, 0.0], [0.0, 1.0, 0.0])


def test_hazard_shared_gradient_add_backward_hands_out_one_tensor():
    assert hazard_shared_gradient.add_shares_its_gradient() == ("AddBackward0", True)


def test_hazard_shared_gradient_corrupts_the_sibling_branch_silently():
    run = hazard_shared_gradient.backprop_two_branches
    correct = run(torch.relu)
    assert correct == ([0.0, 1.0], [3.0, 3.0])
    assert run(MyReLU.apply) == correct
    x_grad, w_grad = run(NoCloneReLU.apply)
    assert x_grad == correct[0]
    assert w_grad == [0.0, 3.0]


def test_hazard_expanded_gradient_is_stride_zero_and_breaks_no_clone():
    run = hazard_expanded_gradient.backprop_sum
    grad, stride, lines = run(MyReLU.apply)
    assert (grad, stride, lines) == ([0.0, 1.0, 0.0], (0,), [])
    grad, stride, lines = run(NoCloneReLU.apply)
    assert stride == (0,)
    assert grad == [0.0, 0.0, 0.0]
    assert lines and all("on expanded tensors is deprecated" in line for line in lines)
    assert not any("Triggered internally" in line for line in lines)


# -- grad mode inside backward -----------------------------------------------------------

def test_grad_mode_in_backward_nothing_is_recorded_without_create_graph():
    x = torch.tensor([-1., 2.], requires_grad=True)
    seen, grad = grad_mode_in_backward.first_derivative(x, create_graph=False)
    assert list(seen.values()) == [False, False, None]
    assert not grad.requires_grad


def test_grad_mode_in_backward_create_graph_records_the_clone_and_index_put():
    x = torch.tensor([-1., 2.], requires_grad=True)
    seen, grad = grad_mode_in_backward.first_derivative(x, create_graph=True)
    assert list(seen.values()) == [True, True, "IndexPutBackward0"]
    assert grad.requires_grad
    assert grad_mode_in_backward.second_derivative(x).tolist() == [0.0, 2.0]


def test_grad_mode_in_backward_gradcheck_and_gradgradcheck_pass_away_from_zero():
    assert grad_mode_in_backward.checks_away_from_zero() == (True, True)


# -- out-of-place backward ---------------------------------------------------------------

STRICT = [out_of_place_backward.MultiplyMaskReLU, out_of_place_backward.MaskedFillReLU,
          out_of_place_backward.WhereReLU]


@pytest.mark.parametrize("relu", STRICT, ids=lambda relu: relu.__name__)
def test_out_of_place_backward_gives_zero_at_zero_and_keeps_grad_output(relu):
    assert out_of_place_backward.gradient(relu, [-1., 0., 1.]) == [0.0, 0.0, 1.0]
    x = torch.tensor([-1., 0., 1.], requires_grad=True)
    g = torch.ones(3)
    relu.apply(x).backward(g)
    assert g.tolist() == [1.0, 1.0, 1.0]
    x64 = torch.tensor([-1.5, 0.5], dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradgradcheck(relu.apply, (x64,))


def test_out_of_place_backward_at_least_zero_variant_gives_one_at_zero():
    relu = out_of_place_backward.WhereAtLeastZeroReLU
    assert out_of_place_backward.gradient(relu, [-1., 0., 1.]) == [0.0, 1.0, 1.0]


# -- once_differentiable / mark_dirty ------------------------------------------------------

def test_once_differentiable_no_fix_still_corrupts_the_shared_gradient():
    relu = once_differentiable_no_fix.OnceDifferentiableNoCloneReLU
    assert hazard_shared_gradient.backprop_two_branches(relu.apply)[1] == [0.0, 3.0]


def test_once_differentiable_no_fix_makes_double_backward_raise():
    message = once_differentiable_no_fix.double_backward_error()
    assert message is not None and "once_differentiable" in message


def test_mark_dirty_fixes_the_history_of_an_input_changed_in_place():
    expected = mark_dirty.plain_gradient(lambda t: (2 * t) * (2 * t))
    assert expected == 24.0
    assert mark_dirty.use_after_inplace(declare=True) == expected
    assert mark_dirty.use_after_inplace(declare=False) == 12.0


def test_mark_dirty_turns_a_hidden_write_into_an_error():
    assert mark_dirty.plain_gradient(lambda t: t * t) == 6.0
    assert mark_dirty.stale_saved_tensor(declare=False) == 8.0
    error = mark_dirty.stale_saved_tensor(declare=True)
    assert isinstance(error, str) and "modified by an inplace operation" in error


# -- the value at 0 --------------------------------------------------------------------------

def test_relu_vs_clamp_seed_reproduces_the_minus_38():
    dw1, dw2 = relu_vs_clamp_seed.gradient_differences()
    expected = torch.zeros(3, 2)
    expected[2, 1] = -38.
    assert torch.equal(dw1, expected)
    assert torch.equal(dw2, torch.zeros(2, 2))


def test_relu_vs_clamp_seed_explains_the_minus_38():
    h, row, unit = relu_vs_clamp_seed.zero_preactivation()
    assert (row, unit) == (3, 1) and h[row, unit] == 0
    upstream, weights = relu_vs_clamp_seed.upstream_factors(row, unit)
    dl_dh = sum(u * w for u, w in zip(upstream, weights))
    assert dl_dh == 38.0
    dw1, _ = relu_vs_clamp_seed.gradient_differences()
    assert torch.equal(dw1[:, unit], -relu_vs_clamp_seed.X[row] * dl_dh)


# -- the table ---------------------------------------------------------------------------

# Values from the fact-check table (torch 2.13); the snippet computes its own.
EXPECTED_AT_ZERO = {
    "torch.relu(x)": 0.0, "F.relu(x)": 0.0, "nn.ReLU()(x)": 0.0, "x.clamp(min=0)": 1.0,
    "torch.clamp_min(x, 0)": 1.0, "torch.clamp_min(x, zeros)": 1.0,
    "torch.clamp(x, min=zeros)": 1.0, "torch.maximum(x, zeros)": 0.5,
    "torch.max(x, zeros)": 0.5, "torch.fmax(x, zeros)": 1.0,
    "torch.where(x > 0, x, 0.)": 0.0, "torch.where(x >= 0, x, 0.)": 1.0,
    "x * (x > 0)": 0.0, "x * (x >= 0)": 1.0, "(x + x.abs()) / 2": 0.5,
    "F.threshold(x, 0., 0.)": 0.0, "F.leaky_relu(x, 0.)": 0.0, "F.leaky_relu(x)": 0.01,
    "F.hardtanh(x, 0., math.inf)": 0.0, "F.relu6(x)": 0.0, "F.prelu(x, torch.zeros(1))": 0.0,
    "F.rrelu(x)": (1 / 8 + 1 / 3) / 2, "F.elu(x)": 1.0, "F.celu(x, alpha=2.)": 1.0,
    "F.selu(x)": 1.0507009873554805 * 1.6732632423543772, "F.gelu(x)": 0.5,
    "F.gelu(x, approximate='tanh')": 0.5, "F.softplus(x)": 0.5, "F.silu(x)": 0.5,
    "MyReLU.apply(x)": 1.0,
}


def test_grad_at_zero_table_headline_values():
    assert grad_at_zero_table.grad_at_zero(torch.relu) == 0.0
    assert grad_at_zero_table.grad_at_zero(lambda x: x.clamp(min=0)) == 1.0
    assert grad_at_zero_table.grad_at_zero(lambda x: torch.maximum(x, torch.zeros_like(x))) == 0.5
    assert grad_at_zero_table.grad_at_zero(MyReLU.apply) == 1.0
    assert grad_at_zero_table.grad_fn_name(MyReLU.apply) == "MyReLUBackward"
    assert grad_at_zero_table.grad_fn_name(torch.relu) == "ReluBackward0"


@pytest.mark.parametrize("row", grad_at_zero_table.FORMULATIONS, ids=lambda row: row[0])
def test_grad_at_zero_table_row_matches_facts_and_its_printed_code(row):
    code, formulation, rule = row
    assert grad_at_zero_table.grad_at_zero(formulation) == pytest.approx(EXPECTED_AT_ZERO[code],
                                                                         abs=1e-6)
    # The printed code, evaluated, must be the same computation as the callable.
    x = torch.tensor(0., requires_grad=True)
    namespace = {"torch": torch, "F": F, "nn": nn, "math": math, "MyReLU": MyReLU,
                 "x": x, "zeros": torch.zeros_like(x)}
    eval(code, namespace).backward()
    assert x.grad.item() == grad_at_zero_table.grad_at_zero(formulation)
    assert rule and all(len(line) <= 46 for line in rule.splitlines())


def test_grad_at_zero_table_covers_twenty_rows_and_negative_zero_agrees():
    rows = grad_at_zero_table.FORMULATIONS
    assert len(rows) >= 20 and len({code for code, _, _ in rows}) == len(rows)
    for _, formulation, _ in rows:
        assert grad_at_zero_table.grad_at_zero(formulation, -0.0) == \
            grad_at_zero_table.grad_at_zero(formulation)


def test_grad_at_zero_table_fits_110_columns():
    lines = grad_at_zero_table.table_lines()
    assert max(len(line) for line in lines) <= 110
    assert len(lines) >= 2 + len(grad_at_zero_table.FORMULATIONS)


def test_grad_at_zero_table_relu6_is_zero_at_six_too():
    assert grad_at_zero_table.grad_at_zero(F.relu6, 6.0) == 0.0
    assert grad_at_zero_table.grad_at_zero(lambda x: x.clamp(0, 6), 6.0) == 1.0


def test_max_is_a_reduction_returns_values_and_indices():
    x = torch.tensor([[-1., 2.], [3., -4.]])
    result = max_is_a_reduction.max_over_dim_zero(x)
    assert type(result).__name__ == "max"
    assert result.values.tolist() == [3.0, 2.0] and result.indices.tolist() == [1, 0]
    assert torch.equal(max_is_a_reduction.elementwise_max_with_zero(x), torch.relu(x))


# -- the exercise files ----------------------------------------------------------------------

def test_exercise_solution_returns_the_expected_dict():
    assert exercise_solution.solution() == {"output": exercise.EXPECTED_OUTPUT,
                                            "grad": exercise.EXPECTED_GRAD}


def test_exercise_starter_is_a_function_with_todos():
    assert issubclass(exercise_starter.CustomReLU, torch.autograd.Function)
    with pytest.raises(NotImplementedError):
        exercise_starter.solution()


# -- every module is tested, runs cleanly and prints the same thing twice -------------------

def imported_snippets(test_file):
    """Names of the snippets modules that a test file imports."""
    names = set()
    for node in ast.walk(ast.parse(test_file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "snippets":
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("snippets."):
            names.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            names |= {a.name.split(".")[1] for a in node.names if a.name.startswith("snippets.")}
    return names


def test_every_snippet_module_is_imported_by_a_test():
    # Other pages' snippets are tested in their own files, so look at every test file.
    imported = set()
    for test_file in sorted((ROOT / "tests").glob("test_*.py")):
        imported |= imported_snippets(test_file)
    untested = [name for name in SNIPPET_MODULES if name not in imported]
    assert not untested, f"snippets modules that no tests/test_*.py imports: {untested}"


@pytest.mark.parametrize("name", SNIPPET_MODULES)
def test_snippet_main_is_clean_and_deterministic(name, capfd, monkeypatch, tmp_path):
    # Run where stray files cannot land in the repository (a figure script writes SVGs).
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [f"snippets/{name}.py"])
    outputs = []
    for _ in range(2):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            runpy.run_path(str(ROOT / "snippets" / f"{name}.py"), run_name="__main__")
        out, err = capfd.readouterr()
        assert err == "", f"{name} wrote to stderr: {err}"
        assert [str(w.message) for w in caught] == [], f"{name} emitted warnings"
        outputs.append(out)
    assert outputs[0].strip(), f"{name} printed nothing"
    assert outputs[0] == outputs[1], f"{name} printed different output on a second run"
    assert not re.search(r"0x[0-9a-f]{6,}", outputs[0]), f"{name} printed a memory address"
    assert str(ROOT) not in outputs[0] and str(tmp_path) not in outputs[0]
