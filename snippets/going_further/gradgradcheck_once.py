"""Why gradgradcheck reports a Jacobian mismatch, not the documented error,
for a backward marked @once_differentiable."""
import torch
from torch.autograd import gradgradcheck
from torch.autograd.gradcheck import GradcheckError

from snippets.going_further.gradcheck import (
    AWAY_FROM_ZERO, OnceDifferentiableReLU, short_error)

x = torch.tensor(AWAY_FROM_ZERO, dtype=torch.float64, requires_grad=True)
g = torch.ones(4, dtype=torch.float64, requires_grad=True)


def first_derivative(g):
    """What gradgradcheck differentiates: the gradient, recorded as a graph."""
    y = OnceDifferentiableReLU.apply(x)
    gx, = torch.autograd.grad(y, x, g, create_graph=True, allow_unused=True)
    return gx


def numerical_diagonal(h=1e-6):
    """d gx_i / d g_i by central differences, as gradgradcheck computes it."""
    rows = []
    for i in range(len(g)):
        step = torch.zeros_like(g)
        step[i] = h
        difference = first_derivative(g + step) - first_derivative(g - step)
        rows.append((difference[i] / (2 * h)).item())
    return rows


if __name__ == "__main__":
    gx = first_derivative(g)
    node = gx.grad_fn
    leaf = node.next_functions[0][0].variable
    print("gx.grad_fn:", node.name())
    print("    its one input is a leaf of its own; is it x?", leaf is x,
          " g?", leaf is g)
    grads = torch.autograd.grad(gx.sum(), (x, g), allow_unused=True)
    print("d(sum gx)/d(x, g), allow_unused=True:", grads)
    # gx_i depends on g_i alone, so d(sum gx)/d g is the diagonal of d gx/d g
    analytical = [0.0] * len(g) if grads[1] is None else grads[1].tolist()
    print("d gx/d g, diagonal: analytical (None counts as 0)", analytical)
    print("                    numerical                   ",
          [round(v, 6) for v in numerical_diagonal()])
    try:
        gradgradcheck(OnceDifferentiableReLU.apply, (x,), (g,))
    except GradcheckError as error:
        print("gradgradcheck:", short_error(error))
