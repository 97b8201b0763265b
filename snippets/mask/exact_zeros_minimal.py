import torch

x = torch.tensor([[1.0, 2.0], [2.0, -1.0],   # two real rows
                  [0.0, 0.0], [0.0, 0.0]])   # two rows of zero padding
keep = torch.tensor([[1.0], [1.0], [0.0], [0.0]])
w = torch.tensor([[1.0, -0.5], [-1.0, 1.0]])
relus = {"slope 1 at 0 (tutorial)": lambda h: torch.where(h < 0, 0.0, h),
         "torch.relu": torch.relu}
for name, relu in relus.items():
    b = torch.zeros(2, requires_grad=True)  # bias initialised to 0
    relu(x @ w + b).sum().backward()  # the padding reaches the loss
    every_row, b.grad = b.grad.tolist(), None
    relu(x @ w + b).mul(keep).sum().backward()  # the loss skips it
    print(f"{name:<24} b.grad = {every_row}, padding masked: "
          f"{b.grad.tolist()}")
