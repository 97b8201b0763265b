"""The gradient each ReLU-like formulation passes back at exactly x = 0."""
import math

import torch
import torch.nn.functional as F
from torch import nn

from snippets.shared.my_relu import MyReLU

# (formulation as code, the same formulation as a callable)
FORMULATIONS = [
    ("torch.relu(x)", torch.relu),
    ("F.relu(x)", F.relu),
    ("nn.ReLU()(x)", lambda x: nn.ReLU()(x)),
    ("x.clamp(min=0)", lambda x: x.clamp(min=0)),
    ("torch.clamp_min(x, 0)", lambda x: torch.clamp_min(x, 0)),
    ("torch.clamp_min(x, zeros)",
     lambda x: torch.clamp_min(x, torch.zeros_like(x))),
    ("torch.clamp(x, min=zeros)",
     lambda x: torch.clamp(x, min=torch.zeros_like(x))),
    ("torch.maximum(x, zeros)",
     lambda x: torch.maximum(x, torch.zeros_like(x))),
    ("torch.max(x, zeros)", lambda x: torch.max(x, torch.zeros_like(x))),
    ("torch.fmax(x, zeros)", lambda x: torch.fmax(x, torch.zeros_like(x))),
    ("torch.where(x > 0, x, 0.)", lambda x: torch.where(x > 0, x, 0.)),
    ("torch.where(x >= 0, x, 0.)", lambda x: torch.where(x >= 0, x, 0.)),
    ("x * (x > 0)", lambda x: x * (x > 0)),
    ("x * (x >= 0)", lambda x: x * (x >= 0)),
    ("(x + x.abs()) / 2", lambda x: (x + x.abs()) / 2),
    ("F.threshold(x, 0., 0.)", lambda x: F.threshold(x, 0., 0.)),
    ("F.leaky_relu(x, 0.)", lambda x: F.leaky_relu(x, 0.)),
    ("F.leaky_relu(x)", F.leaky_relu),
    ("F.hardtanh(x, 0., math.inf)", lambda x: F.hardtanh(x, 0., math.inf)),
    ("F.relu6(x)", F.relu6),
    ("F.prelu(x, torch.zeros(1))", lambda x: F.prelu(x, torch.zeros(1))),
    ("F.rrelu(x)", F.rrelu),
    ("F.elu(x)", F.elu),
    ("F.celu(x, alpha=2.)", lambda x: F.celu(x, alpha=2.)),
    ("F.selu(x)", F.selu),
    ("F.gelu(x)", F.gelu),
    ("F.gelu(x, approximate='tanh')", lambda x: F.gelu(x, approximate="tanh")),
    ("F.softplus(x)", F.softplus),
    ("F.silu(x)", F.silu),
    ("MyReLU.apply(x)", MyReLU.apply),
]


def grad_at_zero(formulation, at=0.0):
    """d formulation / dx at x = `at` (0-d float32), upstream gradient 1."""
    x = torch.tensor(at, requires_grad=True)
    formulation(x).backward()
    return x.grad.item()


def grad_fn_name(formulation):
    y = formulation(torch.tensor(0., requires_grad=True))
    return type(y.grad_fn).__name__


def rows():
    """[(formulation, gradient at 0 rounded to 4 digits, grad_fn name)]."""
    return [(code, round(grad_at_zero(f), 4), grad_fn_name(f))
            for code, f in FORMULATIONS]


if __name__ == "__main__":
    print(f"{'formulation':<30}{'grad at 0':>9}  grad_fn")
    for code, grad, name in rows():
        print(f"{code:<30}{grad:>9g}  {name}")
    same = all(grad_at_zero(f, -0.0) == grad_at_zero(f)
               for _, f in FORMULATIONS)
    print(f"at x = -0.0 every row gives the same gradient: {same}")
