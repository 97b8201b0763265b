"""The seed's -38, measured by autograd at every stage of the network instead of by hand."""
import torch
import torch.nn.functional as F

# The Q&A's data, unchanged.
x = torch.tensor([[3, 2, 1],
                  [1, 0, 2],
                  [4, 1, 2],
                  [0, 0, 1]], dtype=torch.float)
W1 = torch.tensor([[1, 2],
                   [0, 1],
                   [4, 0]], dtype=torch.float)
W2 = torch.tensor([[-1, 1],
                   [-2, 3]], dtype=torch.float)

ACTIVATIONS = {"relu": F.relu, "clamp": lambda h: h.clamp(min=0)}


def run(activation):
    """One forward and backward pass; return the gradient at each stage."""
    w1 = W1.clone().requires_grad_()
    w2 = W2.clone().requires_grad_()
    h = x.mm(w1)  # pre-activation
    a = activation(h)
    y_hat = a.mm(w2)
    for t in (h, a, y_hat):
        t.retain_grad()
    (y_hat - torch.ones_like(y_hat)).pow(2).sum().backward()
    return {"dL/dy_hat": y_hat.grad, "dL/da": a.grad, "dL/dh": h.grad,
            "w1.grad": w1.grad, "w2.grad": w2.grad}


def differing_entries(relu_run, clamp_run, stage):
    """[row, column] of every entry where the two runs disagree at this stage."""
    return (relu_run[stage] != clamp_run[stage]).nonzero().tolist()


def scalar_at_zero(activation):
    """The check from the comments: d/dx (activation(x) - 1)^2 at x = 0."""
    x0 = torch.tensor(0., requires_grad=True)
    (activation(x0) - 1.0).pow(2).backward()
    return x0.grad.item()


if __name__ == "__main__":
    relu_run, clamp_run = run(ACTIVATIONS["relu"]), run(ACTIVATIONS["clamp"])
    for stage in ("dL/dy_hat", "dL/da", "dL/dh", "w1.grad", "w2.grad"):
        print(f"{stage:<10} differs at {differing_entries(relu_run, clamp_run, stage)}")
    (row, unit), = differing_entries(relu_run, clamp_run, "dL/dh")
    print(f"dL/dy_hat[{row}] = {relu_run['dL/dy_hat'][row].tolist()} in both runs")
    print(f"dL/da[{row}]     = {relu_run['dL/da'][row].tolist()} in both runs")
    print(f"dL/dh[{row},{unit}]   relu {relu_run['dL/dh'][row, unit].item()}"
          f"   clamp {clamp_run['dL/dh'][row, unit].item()}")
    print(f"x[{row}] = {x[row].tolist()}")
    print(f"w1.grad[:, {unit}]  relu {relu_run['w1.grad'][:, unit].tolist()}"
          f"   clamp {clamp_run['w1.grad'][:, unit].tolist()}")
    print("scalar x = 0, d/dx (f(x) - 1)^2:   relu", scalar_at_zero(ACTIVATIONS["relu"]),
          "  clamp", scalar_at_zero(ACTIVATIONS["clamp"]))
