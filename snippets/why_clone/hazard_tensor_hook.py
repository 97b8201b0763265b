"""Hazard 4: a tensor hook on y keeps the tensor y's backward receives."""
import torch

from snippets.shared.my_relu import MyReLU
from snippets.shared.no_clone_relu import NoCloneReLU

RELUS = {"torch.relu": torch.relu, "MyReLU": MyReLU.apply,
         "NoCloneReLU": NoCloneReLU.apply}


def backprop_with_hook(relu):
    """Return (dL/dy as a hook kept it, y.grad, x.grad) as lists.

    dL/dy = [5, 6, 7] is made by the multiplication's backward, a fresh
    tensor; register_hook keeps that very tensor, retain_grad a copy of it.
    """
    x = torch.tensor([-1., 2., -3.], requires_grad=True)
    y = relu(x)
    kept = []
    y.register_hook(kept.append)
    y.retain_grad()
    (y * torch.tensor([5., 6., 7.])).sum().backward()
    return kept[0].tolist(), y.grad.tolist(), x.grad.tolist()


if __name__ == "__main__":
    for name, relu in RELUS.items():
        kept, y_grad, x_grad = backprop_with_hook(relu)
        print(f"{name:<11} kept dL/dy = {kept}   y.grad = {y_grad}")
        print(f"{'':<11} x.grad = {x_grad}")
