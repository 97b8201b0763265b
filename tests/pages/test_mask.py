"""Facts behind the mask page (docs/*/mask.md) that its outputs do not print, asserted on the
snippets' values; what an output fence prints, the page's own run compares."""

import pytest
import torch

from snippets.mask import (
    exact_zeros_minimal,
    gradcheck_at_kink_minimal,
    kink_composition,
    value_at_zero,
)
from snippets.shared.my_relu import MyReLU
from tests.repo import RELEASE

NAN = float("nan")


def test_every_comparison_with_nan_is_false_except_not_equal():
    nan = torch.tensor([NAN])
    for compare in (torch.lt, torch.le, torch.gt, torch.ge, torch.eq):
        assert compare(nan, 0).tolist() == [False]
    assert torch.ne(nan, 0).tolist() == [True] and (nan != nan).tolist() == [True]


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
    assert grad_at_zero(odd(MyReLU.apply)) == 2.0
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


def test_fixed_mask_keeps_the_clone():
    """The `<=` variant still copies: the caller's gradient survives."""
    x = torch.tensor([-1., 0., 2.], requires_grad=True)
    g = torch.ones(3)
    value_at_zero.MaskAtMostZeroReLU.apply(x).backward(g)
    assert g.tolist() == [1.0, 1.0, 1.0] and x.grad.tolist() == [0.0, 0.0, 1.0]


@pytest.mark.parametrize("values", [[-1.0, 0.0, -0.0, 2.0, NAN], [-3.5, 1e-30, -1e-30]])
def test_the_pages_stand_in_has_the_tutorials_gradient(values):
    """`torch.where(h < 0, 0.0, h)`, used in the short examples, backpropagates like MyReLU."""
    stand_in = exact_zeros_minimal.relus["slope 1 at 0 (tutorial)"]
    assert stand_in is not None
    grads = []
    for relu in (stand_in, MyReLU.apply):
        x = torch.tensor(values, requires_grad=True)
        relu(x).backward(torch.arange(1.0, len(values) + 1))
        grads.append(x.grad)
    torch.testing.assert_close(*grads, rtol=0, atol=0, equal_nan=True)
    assert gradcheck_at_kink_minimal.relus["slope 1 at 0 (tutorial)"](
        torch.tensor([-1.0, 0.0, 2.0])).tolist() == [0.0, 0.0, 2.0]
