import torch

x = torch.tensor([-1.0, 0.0, -0.0, 1.0])
g = torch.ones(4)  # the incoming gradient

tutorial = g.clone()
tutorial[x < 0] = 0  # 0.0 < 0 and -0.0 < 0 are both False
fixed = g.clone()
fixed[x <= 0] = 0
print("x          =", x.tolist())
print("input < 0 :", tutorial.tolist())
print("input <= 0:", fixed.tolist())
