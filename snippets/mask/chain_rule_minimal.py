import torch

x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
g = torch.tensor([10.0, 20.0, 30.0])  # dL/dy from the later layers

grad_input = g.clone()
grad_input[x < 0] = 0  # the tutorial's line
print("tutorial's mask  ", grad_input.tolist())
print("g * (x >= 0)     ", (g * (x >= 0)).tolist())

torch.relu(x).backward(g)
print("torch.relu       ", x.grad.tolist())
print("g * (x > 0)      ", (g * (x > 0)).tolist())
print("zero where x <= 0", torch.where(x <= 0, 0.0, g).tolist())
