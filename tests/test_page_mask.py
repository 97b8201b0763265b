"""Facts behind the mask page (docs/*/mask.md), asserted on the snippets' values."""

import math

import pytest
import torch

from snippets import (
    chain_rule_mask,
    exact_zeros,
    exact_zeros_minimal,
    gradcheck_at_kink,
    gradcheck_at_kink_minimal,
    kink_composition,
    mask_chain_rule_minimal,
    mask_half_right,
    mask_nonfinite_gradient,
    mask_value_at_zero,
    mask_value_at_zero_minimal,
    relu_clamp_at_nan,
)
from snippets.my_relu import MyReLU

RELEASE = tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2])
NAN = float("nan")


def same(a, b):
    """Lists equal, NaN equal to NaN."""
    return len(a) == len(b) and all(x == y or (math.isnan(x) and math.isnan(y))
                                    for x, y in zip(a, b))


# ---- the chain rule -----------------------------------------------------------------------

def test_minimal_chain_rule_tutorial_mask_and_relu_differ_at_zero_and_products_fail_at_nan():
    m = mask_chain_rule_minimal
    assert m.grad_input.tolist() == [0.0, 20.0, 30.0, 40.0]
    assert m.x.grad.tolist() == [0.0, 0.0, 30.0, 40.0]
    assert (m.g * (m.x >= 0)).tolist() == [0.0, 20.0, 30.0, 0.0]
    assert (m.g * (m.x > 0)).tolist() == [0.0, 0.0, 30.0, 0.0]
    assert math.isnan(m.x[3].item())


def test_chain_rule_myrelu_zeroes_where_x_lt_0_and_relu_where_x_le_0():
    mine = chain_rule_mask.backprop(MyReLU.apply)
    theirs = chain_rule_mask.backprop(torch.relu)
    assert same(mine, chain_rule_mask.zeroed_upstream(lambda x: x < 0))
    assert same(theirs, chain_rule_mask.zeroed_upstream(lambda x: x <= 0))
    differs = [i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b]
    assert differs == [chain_rule_mask.X.index(0.)]


def test_chain_rule_products_equal_the_backwards_except_at_nan():
    nan_at = next(i for i, v in enumerate(chain_rule_mask.X) if math.isnan(v))
    for relu, product in ((MyReLU.apply, lambda x: x >= 0), (torch.relu, lambda x: x > 0)):
        grad = chain_rule_mask.backprop(relu)
        masked = chain_rule_mask.masked_upstream(product)
        assert [i for i, (a, b) in enumerate(zip(grad, masked)) if a != b] == [nan_at]
        assert grad[nan_at] == chain_rule_mask.UPSTREAM[nan_at] and masked[nan_at] == 0.0


def test_nonfinite_incoming_gradient_only_the_product_turns_into_nan():
    m = mask_nonfinite_gradient
    assert m.x.grad.tolist() == [0.0, 0.0, 0.0, 5.0]  # torch.relu
    assert m.grad_input.tolist() == [0.0, 0.0, math.inf, 5.0]  # slope 1 at 0
    product = (m.g * (m.x > 0)).tolist()
    assert all(math.isnan(v) for v in product[:3]) and product[3] == 5.0
    for selected in (m.g.masked_fill(m.x <= 0, 0), torch.where(m.x > 0, m.g, 0)):
        assert selected.tolist() == m.x.grad.tolist()


def test_every_comparison_with_nan_is_false_except_not_equal():
    nan = torch.tensor([NAN])
    for compare in (torch.lt, torch.le, torch.gt, torch.ge, torch.eq):
        assert compare(nan, 0).tolist() == [False]
    assert torch.ne(nan, 0).tolist() == [True] and (nan != nan).tolist() == [True]


def test_clamp_drops_the_gradient_at_nan_like_the_products_unlike_relu():
    assert relu_clamp_at_nan.grad_at(lambda x: x.clamp(min=0), NAN) == 0.0
    assert relu_clamp_at_nan.grad_at(torch.relu, NAN) == 1.0


def test_half_right_no_gradient_through_masked_elements_but_per_example():
    m = mask_half_right
    h = m.h.tolist()
    assert h == [[3.0, -3.0, -2.0], [1.0, 2.0, -2.0]]
    assert all(row[2] < 0 for row in h) and m.w.grad[2].item() == 0.0  # masked everywhere
    assert h[0][1] < 0 < h[1][1] and m.w.grad[1].item() == m.x[1, 1].item() != 0
    assert m.w.grad.tolist() == [4.0, -2.0, 0.0]


# ---- compositions: no fixed slope at 0 is right everywhere -----------------------------------

def grad_at_zero(f):
    x = torch.tensor(0.0, requires_grad=True)
    f(x).backward()
    return x.grad.item()


def test_relu_x_minus_relu_minus_x_gets_twice_the_slope_at_zero():
    """relu(x) - relu(-x) == x, derivative 1; autograd gives 2s: 2 for the tutorial's slope
    (the stand-in and MyReLU itself), 0 for torch.relu, clamp's 2 up to 2.13 and 0 since 2.14."""
    def odd(relu):
        return lambda x: relu(x) - relu(-x)
    relus = kink_composition.relus
    x = torch.linspace(-2, 2, 9)
    assert all(torch.equal(odd(relu)(x), x) for relu in relus.values())
    assert grad_at_zero(odd(relus["slope 1 at 0 (tutorial)"])) == 2.0
    assert grad_at_zero(odd(MyReLU.apply)) == 2.0
    assert grad_at_zero(odd(relus["torch.relu"])) == 0.0
    assert grad_at_zero(odd(relus["x.clamp(min=0)"])) == (2.0 if RELEASE < (2, 14) else 0.0)


@pytest.mark.parametrize("half", [lambda t: torch.maximum(t, torch.zeros_like(t)),
                                  lambda t: (t + t.abs()) / 2], ids=["maximum", "abs"])
def test_slope_one_half_fixes_that_composition_and_fails_another(half):
    assert grad_at_zero(half) == 0.5
    assert grad_at_zero(lambda x: half(x) - half(-x)) == 1.0
    # relu(x - relu(x)) is 0 everywhere; autograd gives s(1 - s) at 0.
    assert torch.equal(half(torch.linspace(-2, 2, 9) - half(torch.linspace(-2, 2, 9))),
                       torch.zeros(9))
    assert grad_at_zero(lambda x: half(x - half(x))) == 0.25
    for relu in (torch.relu, MyReLU.apply):
        assert grad_at_zero(lambda x: relu(x - relu(x))) == 0.0


# ---- the value at 0 ---------------------------------------------------------------------------

def test_minimal_value_at_zero_lt_keeps_both_zeros_le_zeroes_them():
    m = mask_value_at_zero_minimal
    assert m.x.tolist() == [-1.0, 0.0, -0.0, 1.0] and math.copysign(1, m.x[2].item()) == -1
    assert m.tutorial.tolist() == [0.0, 1.0, 1.0, 1.0]
    assert m.fixed.tolist() == [0.0, 0.0, 0.0, 1.0]


def test_value_at_zero():
    gradient, relus = mask_value_at_zero.gradient, mask_value_at_zero.RELUS
    assert mask_value_at_zero.X[2] == 0.0
    assert gradient(relus["MyReLU: input < 0"]) == [0.0, 0.0, 1.0, 1.0, 1.0]
    assert gradient(relus["torch.relu"]) == mask_value_at_zero.EXERCISE_GRAD
    assert gradient(relus["MyReLU with input <= 0"]) == mask_value_at_zero.EXERCISE_GRAD
    assert gradient(MyReLU.apply, [-0.0]) == [1.0]


def test_value_at_zero_clamp_follows_the_tutorial_up_to_2_13_and_relu_since_2_14():
    gradient, relus = mask_value_at_zero.gradient, mask_value_at_zero.RELUS
    clamp = gradient(relus["x.clamp(min=0)"])
    if RELEASE < (2, 14):
        assert clamp == gradient(relus["MyReLU: input < 0"])
        assert clamp != mask_value_at_zero.EXERCISE_GRAD
    else:
        assert clamp == mask_value_at_zero.EXERCISE_GRAD


def test_fixed_mask_keeps_the_clone():
    """The `<=` variant still copies: the caller's gradient survives."""
    x = torch.tensor([-1., 0., 2.], requires_grad=True)
    g = torch.ones(3)
    mask_value_at_zero.MaskAtMostZeroReLU.apply(x).backward(g)
    assert g.tolist() == [1.0, 1.0, 1.0] and x.grad.tolist() == [0.0, 0.0, 1.0]


# ---- exact zeros ------------------------------------------------------------------------------

@pytest.mark.parametrize("values", [[-1.0, 0.0, -0.0, 2.0, NAN], [-3.5, 1e-30, -1e-30]])
def test_the_pages_stand_in_has_the_tutorials_gradient(values):
    """`torch.where(h < 0, 0.0, h)`, used in the short examples, backpropagates like MyReLU."""
    stand_in = exact_zeros_minimal.relus["slope 1 at 0 (tutorial)"]
    assert stand_in is not None
    grads = []
    for relu in (stand_in, MyReLU.apply):
        x = torch.tensor(values, requires_grad=True)
        relu(x).backward(torch.arange(1.0, len(values) + 1))
        grads.append(x.grad.tolist())
    assert same(*grads)
    assert gradcheck_at_kink_minimal.relus["slope 1 at 0 (tutorial)"](
        torch.tensor([-1.0, 0.0, 2.0])).tolist() == [0.0, 0.0, 2.0]


def bias_grads(relu, keep):
    m = exact_zeros_minimal
    b = torch.zeros(2, requires_grad=True)
    (relu(m.x @ m.w + b) * keep).sum().backward()
    return b.grad.tolist()


def test_minimal_padding_changes_the_update_only_when_it_reaches_the_loss():
    m = exact_zeros_minimal
    assert (m.x[2:] == 0).all() and m.keep[2:].sum() == 0
    stand_in, relu = m.relus["slope 1 at 0 (tutorial)"], m.relus["torch.relu"]
    everything = torch.ones(4, 1)
    assert bias_grads(stand_in, everything) == [3.0, 3.0]
    assert bias_grads(relu, everything) == [1.0, 1.0]
    assert bias_grads(stand_in, m.keep) == bias_grads(relu, m.keep) == [1.0, 1.0]
    assert m.b.grad.tolist() == [1.0, 1.0]  # the module's last run: torch.relu, masked loss


def test_exact_zeros_padding_rows_reach_the_bias_only_with_my_relu():
    mine = exact_zeros.padded_batch_bias_grad(MyReLU.apply)
    theirs = exact_zeros.padded_batch_bias_grad(torch.relu)
    assert [a - b for a, b in zip(mine, theirs)] == [2.0, 2.0]  # two padding rows


def test_exact_zeros_masked_loss_makes_padding_irrelevant():
    run = exact_zeros.padded_batch_bias_grad
    assert run(MyReLU.apply, mask_padding=True) == run(torch.relu, mask_padding=True)
    assert run(torch.relu, mask_padding=True) == run(torch.relu)


def test_exact_zeros_integer_values_and_zeroed_unit_differ():
    run = exact_zeros.integer_inputs_weight_grad
    assert run(MyReLU.apply) != run(torch.relu)
    assert exact_zeros.zeroed_unit_weight_grad(torch.relu) == [0.0, 0.0]
    assert exact_zeros.zeroed_unit_weight_grad(MyReLU.apply) != [0.0, 0.0]


# ---- gradcheck at the kink --------------------------------------------------------------------

def test_gradcheck_at_kink_fails_for_both_conventions():
    assert gradcheck_at_kink.central_difference(MyReLU.apply) == pytest.approx(0.5)
    assert gradcheck_at_kink.central_difference(torch.relu) == pytest.approx(0.5)
    assert gradcheck_at_kink.analytical(MyReLU.apply) == 1.0
    assert gradcheck_at_kink.analytical(torch.relu) == 0.0
    for relu in (MyReLU.apply, torch.relu, *gradcheck_at_kink_minimal.relus.values()):
        assert not gradcheck_at_kink.passes_gradcheck(relu)
        assert gradcheck_at_kink.passes_gradcheck(relu, 0.5)
