"""Facts behind the home page (docs/*/index.md), asserted on the snippets' values."""

import torch

from snippets.index import grad_at_zero


def test_home_myrelu_backward_clones_and_leaves_the_incoming_gradient_alone():
    x = torch.tensor([-1.0, 0.0, 1.0], requires_grad=True)
    g = torch.ones(3)
    grad_at_zero.MyReLU.apply(x).backward(g)
    assert g.tolist() == [1.0, 1.0, 1.0]

