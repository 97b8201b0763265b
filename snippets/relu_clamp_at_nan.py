import torch


def grad_at(f, value):
    x = torch.tensor(value, requires_grad=True)
    f(x).backward()
    return x.grad.item()


nan = float("nan")
relus = {"torch.relu(x)": torch.relu,
         "x.clamp(min=0)": lambda x: x.clamp(min=0)}
for name, f in relus.items():
    at_zero, at_nan = grad_at(f, 0.), grad_at(f, nan)
    print(f"{name:<15} gradient at 0: {at_zero}   at nan: {at_nan}")

# fmax returns the number when the other input is NaN: which input gets
# the gradient?
a = torch.tensor(nan, requires_grad=True)
b = torch.tensor(0., requires_grad=True)
torch.fmax(a, b).backward()
print("torch.fmax(nan, 0): gradient for nan", a.grad.item(),
      "for 0", b.grad.item())
