"""Hazard 1: backward(g) passes the caller's own tensor g into the Function."""
import torch

from snippets.shared.my_relu import MyReLU
from snippets.shared.no_clone_relu import NoCloneReLU

RELUS = {"torch.relu": torch.relu, "MyReLU": MyReLU.apply,
         "NoCloneReLU": NoCloneReLU.apply}


def backprop_user_gradient(relu):
    """Return (x.grad, the caller's g after backward) as lists."""
    x = torch.tensor([-1., 2., -3.], requires_grad=True)
    g = torch.ones(3)
    relu(x).backward(g)
    return x.grad.tolist(), g.tolist()


if __name__ == "__main__":
    for name, relu in RELUS.items():
        x_grad, g_after = backprop_user_gradient(relu)
        print(f"{name:<11} x.grad = {x_grad}   g after backward = {g_after}")
