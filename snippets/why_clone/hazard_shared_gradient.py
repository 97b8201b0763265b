"""Hazard 2: AddBackward0 hands one gradient tensor to both of its inputs."""
import torch

from snippets.shared.my_relu import MyReLU
from snippets.shared.no_clone_relu import NoCloneReLU

RELUS = {"torch.relu": torch.relu, "MyReLU": MyReLU.apply,
         "NoCloneReLU": NoCloneReLU.apply}


def add_shares_its_gradient():
    """Call an AddBackward0 node directly; do both inputs get one tensor?"""
    a = torch.ones(2, requires_grad=True)
    b = torch.ones(2, requires_grad=True)
    node = (a + b).grad_fn
    grad_a, grad_b = node(torch.ones(2))
    return type(node).__name__, grad_a is grad_b


def backprop_two_branches(relu, relu_last=True):
    """y = w * 3 + relu(x), or relu(x) + w * 3; return (x.grad, w.grad).

    The node recorded last runs first in backward: with relu_last, the
    multiplication's backward reads whatever relu's backward left in the
    shared tensor.
    """
    x = torch.tensor([-1., 2.], requires_grad=True)
    w = torch.tensor([1., 1.], requires_grad=True)
    if relu_last:
        y = w * 3 + relu(x)
    else:
        y = relu(x) + w * 3
    y.backward(torch.ones(2))
    return x.grad.tolist(), w.grad.tolist()


def backward_order(relu_last=True):
    """Names of the two branches' nodes in the order the engine runs them."""
    x = torch.tensor([-1., 2.], requires_grad=True)
    w = torch.tensor([1., 1.], requires_grad=True)
    y = w * 3 + torch.relu(x) if relu_last else torch.relu(x) + w * 3
    nodes = [node for node, _ in y.grad_fn.next_functions]
    ran = []
    for node in nodes:
        node.register_prehook(lambda grads, node=node: ran.append(node.name()))
    y.backward(torch.ones(2))
    return ran


if __name__ == "__main__":
    name, same = add_shares_its_gradient()
    print(f"{name} gives both inputs the same tensor object: {same}")
    for relu_last, formula in ((True, "w * 3 + relu(x)"),
                               (False, "relu(x) + w * 3")):
        print(f"y = {formula}: backward runs "
              + " then ".join(backward_order(relu_last)))
        for name, relu in RELUS.items():
            x_grad, w_grad = backprop_two_branches(relu, relu_last)
            print(f"    {name:<11} x.grad = {x_grad}   w.grad = {w_grad}")
