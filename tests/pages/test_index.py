"""Facts behind the home page (docs/*/index.md), asserted on the snippets' values."""

import torch

from snippets.index import (
    grad_at_zero,
)


def test_home_myrelu_backward_clones_and_leaves_the_incoming_gradient_alone():
    x = torch.tensor([-1.0, 0.0, 1.0], requires_grad=True)
    g = torch.ones(3)
    grad_at_zero.MyReLU.apply(x).backward(g)
    assert g.tolist() == [1.0, 1.0, 1.0]


def test_home_gradients_at_minus_one_zero_one_per_release():
    """The box: MyReLU passes 1 at 0 on every release, relu 0; clamp 1 up to 2.13, 0 since 2.14."""
    old_clamp = tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2]) < (2, 14)
    got = {}
    for name, relu in grad_at_zero.relus.items():
        x = torch.tensor([-1.0, 0.0, 1.0], requires_grad=True)
        relu(x).sum().backward()
        got[name] = x.grad.tolist()
    assert got == {"MyReLU": [0.0, 1.0, 1.0], "torch.relu": [0.0, 0.0, 1.0],
                   "x.clamp(min=0)": [0.0, 1.0 if old_clamp else 0.0, 1.0]}
