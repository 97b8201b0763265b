import torch

# The same bound, 0, as a number and as a 0-d tensor that needs no grad
calls = {
    "x.clamp(min=0)": lambda x: x.clamp(min=0),
    "x.clamp(min=torch.tensor(0.))": lambda x: x.clamp(min=torch.tensor(0.)),
    "torch.relu(x)": torch.relu,
}
for name, f in calls.items():
    x = torch.tensor(0., requires_grad=True)
    y = f(x)
    y.backward()
    print(f"{name:<30} grad at 0: {x.grad.item()}   {y.grad_fn.name()}")
