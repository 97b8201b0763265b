import torch

w = torch.tensor([1.0, -1.0, 2.0], requires_grad=True)  # weights before ReLU
x = torch.tensor([[3.0, 3.0, -1.0],    # example 1
                  [1.0, -2.0, -1.0]])  # example 2
h = w * x  # pre-activations, one row per example
print("h      =", h.tolist())
torch.relu(h).sum().backward()
print("w.grad =", w.grad.tolist())
