import torch
import torch.nn.functional as F

kinks = {"F.selu(x) at 0": (F.selu, 0.),
         "F.elu(x, alpha=2.) at 0": (lambda x: F.elu(x, alpha=2.), 0.),
         "F.elu(x, alpha=.5) at 0": (lambda x: F.elu(x, alpha=.5), 0.),
         "F.hardtanh(x) at 1": (F.hardtanh, 1.),
         "F.hardtanh(x) at -1": (F.hardtanh, -1.)}
h = 1e-7
print(f"{'':<24}{'left':>7}{'right':>7}  kink     min-norm autograd")
for name, (f, at) in kinks.items():
    x = torch.tensor(at, dtype=torch.float64, requires_grad=True)
    f(x).backward()
    x0 = x.detach()
    left = ((f(x0) - f(x0 - h)) / h).item()
    right = ((f(x0 + h) - f(x0)) / h).item()
    kind = "convex" if left < right else "concave"
    low, high = sorted((left, right))  # the sub- or supergradients
    min_norm = 0.0 if low <= 0 <= high else min(low, high, key=abs)
    print(f"{name:<24}{left:7.4f}{right:7.4f}  {kind:<8}"
          f"{min_norm:9.4f}{x.grad.item():9.4f}")
