"""Hazard 3: after .sum() the incoming gradient is an expanded, stride-0 view."""
import warnings

import torch

from snippets.my_relu import MyReLU
from snippets.no_clone_relu import NoCloneReLU

RELUS = {"torch.relu": torch.relu, "MyReLU": MyReLU.apply, "NoCloneReLU": NoCloneReLU.apply}


def backprop_sum(relu):
    """relu(x).sum().backward(); return (x.grad, incoming stride, warning lines)."""
    x = torch.tensor([-1., 2., -3.], requires_grad=True)
    y = relu(x)
    strides = []
    y.register_hook(lambda grad: strides.append(grad.stride()))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        y.sum().backward()
    # Keep the first two sentences; the rest names a build-specific source path.
    lines = [type(w.message).__name__ + ": " + ". ".join(str(w.message).split(". ")[:2]) + "."
             for w in caught]
    return x.grad.tolist(), strides[0], lines


if __name__ == "__main__":
    for name, relu in RELUS.items():
        x_grad, stride, lines = backprop_sum(relu)
        print(f"{name:<11} incoming stride = {stride}   x.grad = {x_grad}")
        for line in lines:
            print("    " + line)
