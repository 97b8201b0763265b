"""Hazard 3: after .sum() the incoming gradient is a stride-0 expanded view."""
import warnings

import torch

from snippets.shared.my_relu import MyReLU
from snippets.shared.no_clone_relu import NoCloneReLU

RELUS = {"torch.relu": torch.relu, "MyReLU": MyReLU.apply,
         "NoCloneReLU": NoCloneReLU.apply}


def backprop_sum(relu):
    """relu(x).sum().backward(); return (x.grad, incoming stride, warnings)."""
    x = torch.tensor([-1., 2., -3.], requires_grad=True)
    y = relu(x)
    strides = []
    y.register_hook(lambda grad: strides.append(grad.stride()))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        y.sum().backward()
    # The first sentence only; the rest names a build-specific source path.
    lines = [f"{type(w.message).__name__}: {str(w.message).split('. ')[0]}."
             for w in caught]
    return x.grad.tolist(), strides[0], lines


if __name__ == "__main__":
    for name, relu in RELUS.items():
        x_grad, stride, lines = backprop_sum(relu)
        print(f"{name:<11} incoming stride = {stride}   x.grad = {x_grad}"
              f"   warnings: {len(lines)}")
