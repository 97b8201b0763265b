"""At the kink x = 0, gradcheck rejects both relu'(0) = 1 and relu'(0) = 0."""
import torch
from torch.autograd import gradcheck

from snippets.shared.my_relu import MyReLU

EPS = 1e-6  # gradcheck's default step


def central_difference(relu, at=0.0, eps=EPS):
    """The numerical derivative gradcheck compares against."""
    plus = relu(torch.tensor([at + eps], dtype=torch.float64))
    minus = relu(torch.tensor([at - eps], dtype=torch.float64))
    return ((plus - minus) / (2 * eps)).item()


def analytical(relu, at=0.0):
    x = torch.tensor([at], dtype=torch.float64, requires_grad=True)
    relu(x).backward(torch.ones(1, dtype=torch.float64))
    return x.grad.item()


def passes_gradcheck(relu, at=0.0):
    x = torch.tensor([at], dtype=torch.float64, requires_grad=True)
    return gradcheck(relu, (x,), eps=EPS, raise_exception=False)


if __name__ == "__main__":
    for name, relu in (("MyReLU", MyReLU.apply), ("torch.relu", torch.relu)):
        numerical = round(central_difference(relu), 6)
        print(f"{name:<10} at x = 0: numerical {numerical}"
              f"  analytical {analytical(relu)}"
              f"  gradcheck passes: {passes_gradcheck(relu)}")
    for name, relu in (("MyReLU", MyReLU.apply), ("torch.relu", torch.relu)):
        passes = passes_gradcheck(relu, 0.5)
        print(f"{name:<10} at x = 0.5: gradcheck passes: {passes}")
