"""dL/dx = dL/dy * relu'(x): the backward mask is the local derivative."""
import torch

from snippets.shared.my_relu import MyReLU

X = [-2., -0.5, 0., 0.5, 3., float("nan")]
UPSTREAM = [10., 20., 30., 40., 50., 60.]  # dL/dy arriving from later layers


def backprop(relu):
    x = torch.tensor(X, requires_grad=True)
    relu(x).backward(torch.tensor(UPSTREAM))
    return x.grad.tolist()


def masked_upstream(mask):
    """Multiply the upstream gradient by a hand-written local derivative."""
    x = torch.tensor(X)
    return (torch.tensor(UPSTREAM) * mask(x)).tolist()


def zeroed_upstream(zero):
    """The upstream gradient with the entries where `zero(x)` holds set to 0."""
    x = torch.tensor(X)
    return torch.where(zero(x), 0.0, torch.tensor(UPSTREAM)).tolist()


if __name__ == "__main__":
    print("x                 =", X)
    print("g = dL/dy         =", UPSTREAM)
    print("MyReLU     dL/dx  =", backprop(MyReLU.apply))
    print("zero where x < 0  =", zeroed_upstream(lambda x: x < 0))
    print("g * (x >= 0)      =", masked_upstream(lambda x: x >= 0))
    print("torch.relu dL/dx  =", backprop(torch.relu))
    print("zero where x <= 0 =", zeroed_upstream(lambda x: x <= 0))
    print("g * (x > 0)       =", masked_upstream(lambda x: x > 0))
