"""Where a pre-activation is exactly 0 in practice, so relu'(0) decides."""
import torch
from torch import nn

from snippets.shared.my_relu import MyReLU


def padded_batch_bias_grad(relu, mask_padding=False):
    """Zero-padded rows meet a zero-initialised bias: their pre-activations
    are exactly 0. With `mask_padding` the loss leaves the padding rows out,
    as a masked loss does."""
    layer = nn.Linear(3, 2)
    with torch.no_grad():
        layer.weight.copy_(torch.tensor([[1., -1., 0.5], [-0.5, 1., 1.]]))
    nn.init.zeros_(layer.bias)
    real = torch.tensor([[1., 2., 3.], [2., 0., -1.]])
    batch = torch.cat([real, torch.zeros(2, 3)])  # two padding rows
    keep = torch.ones(4, 1)
    if mask_padding:
        keep[2:] = 0  # the two padding rows
    (relu(layer(batch)) * keep).sum().backward()
    return layer.bias.grad.tolist()


def integer_inputs_weight_grad(relu):
    """Small integers add up to exactly 0: 1 * 2 + 2 * (-1) == 0."""
    x = torch.tensor([[1., 2.], [3., 1.]])
    w = torch.tensor([[2.], [-1.]], requires_grad=True)
    relu(x @ w).sum().backward()
    return w.grad.flatten().tolist()


def zeroed_unit_weight_grad(relu):
    """A unit whose weights and bias are all zero (pruned, or zero-init)."""
    w = torch.zeros(2, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    x = torch.tensor([[1., 2.], [3., -1.]])
    relu(x @ w + b).sum().backward()
    # With a zero gradient at 0 the unit never moves away from zero.
    return w.grad.tolist()


RELUS = (("MyReLU", MyReLU.apply), ("torch.relu", torch.relu))


if __name__ == "__main__":
    experiments = {
        "padded rows, bias.grad": padded_batch_bias_grad,
        "padded rows left out of the loss, bias.grad":
            lambda relu: padded_batch_bias_grad(relu, mask_padding=True),
        "integer values, w.grad": integer_inputs_weight_grad,
        "all-zero unit, w.grad": zeroed_unit_weight_grad,
    }
    for title, experiment in experiments.items():
        print(title)
        for name, relu in RELUS:
            print(f"    {name:<10} {experiment(relu)}")
