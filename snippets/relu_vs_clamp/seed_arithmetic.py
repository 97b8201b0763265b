"""The seed's network: the gradient at every stage, with relu and with clamp."""
import torch
import torch.nn.functional as F

# The question's data, unchanged.
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
STAGES = ("dL/dy_hat", "dL/da", "dL/dh", "w1.grad", "w2.grad")


def run(activation):
    """One forward and backward pass; return the gradient at each stage."""
    w1 = W1.clone().requires_grad_()
    w2 = W2.clone().requires_grad_()
    h = x.mm(w1)  # the input of the activation
    a = activation(h)
    y_hat = a.mm(w2)
    for t in (h, a, y_hat):
        t.retain_grad()
    (y_hat - torch.ones_like(y_hat)).pow(2).sum().backward()
    return {"dL/dy_hat": y_hat.grad, "dL/da": a.grad, "dL/dh": h.grad,
            "w1.grad": w1.grad, "w2.grad": w2.grad}


def differing_entries(relu_run, clamp_run, stage):
    """[row, column] of every entry where the two runs disagree at `stage`."""
    return (relu_run[stage] != clamp_run[stage]).nonzero().tolist()


def exact_zeros():
    """[row, unit] of every input of the activation that is exactly 0."""
    return (x.mm(W1) == 0).nonzero().tolist()


def scalar_at_zero(activation):
    """The check from the comments: d/dx (activation(x) - 1)^2 at x = 0."""
    x0 = torch.tensor(0., requires_grad=True)
    (activation(x0) - 1.0).pow(2).backward()
    return x0.grad.item()


def compare(relu_run, clamp_run, stage, index):
    """One entry (or row) of a stage in both runs, as the report prints it."""
    a, b = relu_run[stage][index], clamp_run[stage][index]
    if torch.equal(a, b):
        return f"{a.tolist()} in both runs"
    return f"relu {a.tolist()}   clamp {b.tolist()}"


def report():
    relu, clamp = run(ACTIVATIONS["relu"]), run(ACTIVATIONS["clamp"])
    print("x.mm(w1) =", x.mm(W1).tolist())
    print("exactly 0 at", exact_zeros())
    for stage in STAGES:
        print(f"{stage:<10} differs at {differing_entries(relu, clamp, stage)}")
    for row, unit in exact_zeros():
        print(f"dL/dy_hat[{row}]  {compare(relu, clamp, 'dL/dy_hat', row)}")
        print(f"dL/da[{row}]      {compare(relu, clamp, 'dL/da', row)}")
        print(f"dL/dh[{row},{unit}]    "
              f"{compare(relu, clamp, 'dL/dh', (row, unit))}")
        print(f"x[{row}] = {x[row].tolist()}")
        print(f"w1.grad[:, {unit}] "
              f"{compare(relu, clamp, 'w1.grad', (slice(None), unit))}")
    print("d/dx (f(x) - 1)^2 at x = 0:",
          "relu", scalar_at_zero(ACTIVATIONS["relu"]),
          "  clamp", scalar_at_zero(ACTIVATIONS["clamp"]))


if __name__ == "__main__":
    report()
