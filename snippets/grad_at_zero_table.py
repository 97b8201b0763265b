"""The gradient that each ReLU-like formulation passes back at exactly x = 0."""
import math
import torch
import torch.nn.functional as F
from torch import nn

from snippets.my_relu import MyReLU

# (formulation as code, the same formulation as a callable, the backward rule
# from derivatives.yaml or torch/_decomp that explains the value at 0)
FORMULATIONS = [
    ("torch.relu(x)", torch.relu,
     "threshold_backward(grad, result, 0):\nwhere(result <= 0, 0, grad)"),
    ("F.relu(x)", F.relu, "same op as torch.relu"),
    ("nn.ReLU()(x)", lambda x: nn.ReLU()(x), "calls F.relu"),
    ("x.clamp(min=0)", lambda x: x.clamp(min=0),
     "clamp_backward: where(self >= min, grad, 0)\n'we return the subgradient 1'"),
    ("torch.clamp_min(x, 0)", lambda x: torch.clamp_min(x, 0),
     "where(self >= min, grad, 0)"),
    ("torch.clamp_min(x, zeros)", lambda x: torch.clamp_min(x, torch.zeros_like(x)),
     "where(self >= min, grad, 0), no tie splitting"),
    ("torch.clamp(x, min=zeros)", lambda x: torch.clamp(x, min=torch.zeros_like(x)),
     "Tensor min: self >= min keeps grad, no split"),
    ("torch.maximum(x, zeros)", lambda x: torch.maximum(x, torch.zeros_like(x)),
     "where(self == other, grad / 2, grad),\nthen 0 where self < other"),
    ("torch.max(x, zeros)", lambda x: torch.max(x, torch.zeros_like(x)),
     "max.other dispatches to maximum"),
    ("torch.fmax(x, zeros)", lambda x: torch.fmax(x, torch.zeros_like(x)),
     "grad where self >= other: self wins the tie"),
    ("torch.where(x > 0, x, 0.)", lambda x: torch.where(x > 0, x, 0.),
     "where(condition, grad, 0); 0 > 0 is False"),
    ("torch.where(x >= 0, x, 0.)", lambda x: torch.where(x >= 0, x, 0.),
     "where(condition, grad, 0); 0 >= 0 is True"),
    ("x * (x > 0)", lambda x: x * (x > 0), "grad * other; the mask is 0 at x = 0"),
    ("x * (x >= 0)", lambda x: x * (x >= 0), "grad * other; the mask is 1 at x = 0"),
    ("(x + x.abs()) / 2", lambda x: (x + x.abs()) / 2,
     "abs: grad * self.sgn(); sgn(0) = 0, so (1+0)/2"),
    ("F.threshold(x, 0., 0.)", lambda x: F.threshold(x, 0., 0.),
     "where(self <= threshold, 0, grad)"),
    ("F.leaky_relu(x, 0.)", lambda x: F.leaky_relu(x, 0.),
     "where(self > 0, grad, grad * negative_slope)"),
    ("F.leaky_relu(x)", F.leaky_relu, "same, default negative_slope = 0.01"),
    ("F.hardtanh(x, 0., math.inf)", lambda x: F.hardtanh(x, 0., math.inf),
     "0 where self <= min_val or self >= max_val"),
    ("F.relu6(x)", F.relu6, "hardtanh(x, 0, 6): 0 at both 0 and 6"),
    ("F.prelu(x, torch.zeros(1))", lambda x: F.prelu(x, torch.zeros(1)),
     "where(self > 0, grad, weight * grad)"),
    ("F.rrelu(x)", F.rrelu, "eval: negative_slope = (lower + upper) / 2"),
    ("F.elu(x)", F.elu, "self <= 0 branch: alpha * exp(0) = alpha"),
    ("F.celu(x, alpha=2.)", lambda x: F.celu(x, alpha=2.),
     "elu_backward, input scale 1/alpha: gives 1"),
    ("F.selu(x)", F.selu, "self <= 0 branch: scale * alpha"),
    ("F.gelu(x)", F.gelu, "smooth: Phi(0) = 0.5"),
    ("F.gelu(x, approximate='tanh')", lambda x: F.gelu(x, approximate="tanh"),
     "smooth tanh approximation: also 0.5"),
    ("F.softplus(x)", F.softplus, "grad * z / (z + 1) with z = exp(0)"),
    ("F.silu(x)", F.silu, "smooth: sigmoid(0) = 0.5"),
    ("MyReLU.apply(x)", MyReLU.apply, "grad_input[input < 0] = 0 spares x == 0"),
]


def grad_at_zero(formulation, at=0.0):
    """d formulation / dx at x = `at` for a 0-d float32 input, upstream gradient 1."""
    x = torch.tensor(at, requires_grad=True)
    formulation(x).backward()
    return x.grad.item()


def grad_fn_name(formulation):
    return type(formulation(torch.tensor(0., requires_grad=True)).grad_fn).__name__


def table_lines():
    header = f"{'formulation':<30}{'grad@0':>7}  {'grad_fn':<25}rule"
    lines = [header, "-" * 110]
    for code, formulation, rule in FORMULATIONS:
        grad = f"{round(grad_at_zero(formulation), 4):g}"
        first, *rest = rule.splitlines()
        lines.append(f"{code:<30}{grad:>7}  {grad_fn_name(formulation):<25}{first}")
        lines.extend(" " * 64 + more for more in rest)
    return lines


if __name__ == "__main__":
    print("\n".join(table_lines()))
    same = all(grad_at_zero(f, -0.0) == grad_at_zero(f) for _, f, _ in FORMULATIONS)
    print(f"\nAt x = -0.0 every row gives the same gradient: {same}")
