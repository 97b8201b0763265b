"""clamp's gradient at its bounds, next to relu, relu6 and maximum."""
import torch
import torch.nn.functional as F


def grad_at(f, at):
    """d f / dx at x = `at`, upstream gradient 1."""
    x = torch.tensor(at, requires_grad=True)
    f(x).backward()
    return x.grad.item()


def tie_grads(f):
    """Both inputs equal (a == b == 0); return (a.grad, b.grad)."""
    a = torch.tensor(0., requires_grad=True)
    b = torch.tensor(0., requires_grad=True)
    f(a, b).backward()
    return a.grad.item(), b.grad.item()


def two_bound_grads(x, low, high):
    """torch.clamp(x, min=low, max=high) with three tensors; their gradients."""
    x, low, high = (torch.tensor(v, requires_grad=True) for v in (x, low, high))
    torch.clamp(x, min=low, max=high).backward()
    return x.grad.item(), low.grad.item(), high.grad.item()


SCALAR_BOUNDS = {
    "x.clamp(min=0)": lambda x: x.clamp(min=0),
    "F.relu(x)": F.relu,
    "x.clamp(0, 6)": lambda x: x.clamp(0, 6),
    "F.relu6(x)": F.relu6,
    "x.clamp(max=6)": lambda x: x.clamp(max=6),
}

TWO_BOUNDS = {  # (x, min, max)
    "x == min < max": (0., 0., 6.),
    "min < max == x": (6., 0., 6.),
    "x == min == max": (0., 0., 0.),
}

TENSOR_BOUNDS = {
    "torch.clamp_min(a, b)": torch.clamp_min,
    "torch.clamp(a, min=b)": lambda a, b: torch.clamp(a, min=b),
    "torch.maximum(a, b)": torch.maximum,
}


if __name__ == "__main__":
    print("scalar bounds: gradient for x at x = 0 and at x = 6")
    for name, f in SCALAR_BOUNDS.items():
        print(f"    {name:<16} x=0: {grad_at(f, 0.)}   x=6: {grad_at(f, 6.)}")
    print("tensor bounds, a == b: (a.grad, b.grad)")
    for name, f in TENSOR_BOUNDS.items():
        print(f"    {name:<22} {tie_grads(f)}")
    print("torch.clamp(x, min=a, max=b), all tensors: (x.grad, a.grad, b.grad)")
    for name, values in TWO_BOUNDS.items():
        print(f"    {name:<22} {two_bound_grads(*values)}")
