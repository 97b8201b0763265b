import torch

x = torch.tensor(0., requires_grad=True)
for name, y in [("torch.relu(x)", torch.relu(x)),
                ("x.clamp(min=0)", x.clamp(min=0))]:
    grad, = torch.autograd.grad(y, x)
    print(f"{name:<15} grad at 0: {grad.item()}")
