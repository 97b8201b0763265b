import torch

x = torch.tensor(0., requires_grad=True)
relu_grad, = torch.autograd.grad(torch.relu(x), x)
clamp_grad, = torch.autograd.grad(x.clamp(min=0), x)
print("at x = 0:  relu", relu_grad.item(), "  clamp(min=0)", clamp_grad.item())
