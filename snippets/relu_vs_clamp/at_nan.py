import torch
import torch.nn.functional as F


def grad_at(f, value):
    x = torch.tensor(value, requires_grad=True)
    f(x).backward()
    return x.grad.item()


def both_grads(f, a, b):
    """f(a, b).backward(); return (a.grad, b.grad)."""
    a = torch.tensor(a, requires_grad=True)
    b = torch.tensor(b, requires_grad=True)
    f(a, b).backward()
    return a.grad.item(), b.grad.item()


nan = float("nan")
relus = {"torch.relu(x)": torch.relu,
         "x.clamp(min=0)": lambda x: x.clamp(min=0),
         "F.relu6(x)": F.relu6,
         "x.clamp(0, 6)": lambda x: x.clamp(0, 6)}
for name, f in relus.items():
    at_zero, at_nan = grad_at(f, 0.), grad_at(f, nan)
    print(f"{name:<15} gradient at 0: {at_zero}   at nan: {at_nan}")

# A tensor bound b = 0 and a = nan: the output is nan, from a. Which input
# gets the gradient? (fmax returns the number, 0, from b.)
print("a = nan, b = 0: (a.grad, b.grad)")
for name, f in {"torch.clamp_min(a, b)": torch.clamp_min,
                "torch.clamp(a, min=b)": lambda a, b: torch.clamp(a, min=b),
                "torch.maximum(a, b)": torch.maximum,
                "torch.fmax(a, b)": torch.fmax}.items():
    print(f"    {name:<22} {both_grads(f, nan, 0.)}")
