import math

import torch
import torch.nn.functional as F

x = torch.tensor([math.nan, -math.inf, math.inf, 3e38, -1.0, -0.0])
zeros = torch.zeros_like(x)
relus = {
    "torch.relu(x)": torch.relu(x),
    "F.threshold(x, 0., 0.)": F.threshold(x, 0., 0.),
    "torch.where(x > 0, x, 0.)": torch.where(x > 0, x, 0.),
    "torch.where(x >= 0, x, 0.)": torch.where(x >= 0, x, 0.),
    "x * (x > 0)": x * (x > 0),
    "x * (x >= 0)": x * (x >= 0),
    "F.leaky_relu(x, 0.)": F.leaky_relu(x, 0.),
    "F.prelu(x, torch.zeros(1))": F.prelu(x, torch.zeros(1)),
    "F.hardtanh(x, 0., math.inf)": F.hardtanh(x, 0., math.inf),
    "x.clamp(min=0)": x.clamp(min=0),
    "torch.clamp_min(x, 0)": torch.clamp_min(x, 0),
    "torch.maximum(x, zeros)": torch.maximum(x, zeros),
    "torch.fmax(x, zeros)": torch.fmax(x, zeros),
    "(x + x.abs()) / 2": (x + x.abs()) / 2,
}


def shown(t):
    return " ".join(f"{v:<5g}" for v in t.tolist())


print(f"{'x':<28} {shown(x)}".rstrip())
for name, y in relus.items():
    mark = "" if shown(y) == shown(relus["torch.relu(x)"]) else "  differs"
    print(f"{name:<28} {shown(y)}{mark}".rstrip())
