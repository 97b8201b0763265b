import torch

inf, nan = float("inf"), float("nan")
x = torch.tensor([-1.0, -2.0, 0.0, 1.0], requires_grad=True)
g = torch.tensor([inf, nan, inf, 5.0])  # dL/dy after an overflow, say

torch.relu(x).backward(g)
print("torch.relu              ", x.grad.tolist())
grad_input = g.clone()
grad_input[x < 0] = 0  # the tutorial's line
print("tutorial's mask         ", grad_input.tolist())
print("g * (x > 0)             ", (g * (x > 0)).tolist())
print("g.masked_fill(x <= 0, 0)", g.masked_fill(x <= 0, 0).tolist())
print("torch.where(x > 0, g, 0)", torch.where(x > 0, g, 0).tolist())
