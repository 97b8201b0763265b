"""Hazard 2: AddBackward0 hands one gradient tensor to both of its inputs."""
import torch

from snippets.my_relu import MyReLU
from snippets.no_clone_relu import NoCloneReLU

RELUS = {"torch.relu": torch.relu, "MyReLU": MyReLU.apply, "NoCloneReLU": NoCloneReLU.apply}


def add_shares_its_gradient():
    """Call an AddBackward0 node directly and compare the two tensors it returns."""
    a = torch.ones(2, requires_grad=True)
    b = torch.ones(2, requires_grad=True)
    node = (a + b).grad_fn
    grad_a, grad_b = node(torch.ones(2))
    return type(node).__name__, grad_a is grad_b


def backprop_two_branches(relu):
    """y = w * 3 + relu(x); return (x.grad, w.grad) as lists."""
    x = torch.tensor([-1., 2.], requires_grad=True)
    w = torch.tensor([1., 1.], requires_grad=True)
    # The relu branch is recorded last, so the engine runs its backward first
    # and the multiplication's backward sees whatever relu left in the tensor.
    branch = w * 3
    y = branch + relu(x)
    y.backward(torch.ones(2))
    return x.grad.tolist(), w.grad.tolist()


if __name__ == "__main__":
    name, same = add_shares_its_gradient()
    print(f"{name} gives both inputs the same tensor object: {same}")
    for name, relu in RELUS.items():
        x_grad, w_grad = backprop_two_branches(relu)
        print(f"{name:<11} x.grad = {x_grad}   w.grad = {w_grad}")
