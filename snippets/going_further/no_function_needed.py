"""The value at 0 stated with built-in ops, no custom Function: autograd
differentiates each formulation, and each says what it passes at 0."""
import torch

formulations = {
    "torch.relu(x)": torch.relu,
    "torch.where(x > 0, x, 0.)": lambda x: torch.where(x > 0, x, 0.0),
    "torch.where(x >= 0, x, 0.)": lambda x: torch.where(x >= 0, x, 0.0),
}
for name, relu in formulations.items():
    x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
    relu(x).sum().backward()
    print(f"{name:<27} gradient at x = [-1, 0, 2]: {x.grad.tolist()}")
