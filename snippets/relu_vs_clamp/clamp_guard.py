import torch

GUARDS = {  # clamp in front of a function singular at the bound; (f, the bound)
    "x.clamp(min=0).sqrt()": (lambda x: x.clamp(min=0).sqrt(), 0.),
    "x.clamp(-1, 1).acos()": (lambda x: x.clamp(-1, 1).acos(), 1.),
    "x.clamp(min=1e-8).log()": (lambda x: x.clamp(min=1e-8).log(), 1e-8),
    "torch.relu(x).sqrt()": (lambda x: torch.relu(x).sqrt(), 0.),
}


def grad_on_bound(f, at):
    x = torch.tensor(at, dtype=torch.float64, requires_grad=True)
    f(x).backward()
    return x.grad.item()


if __name__ == "__main__":
    for name, (f, at) in GUARDS.items():
        print(f"{name:<24} at x = {at:g}: {grad_on_bound(f, at):g}")
