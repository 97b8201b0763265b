"""What autograd records inside MyReLU.backward, with and without create_graph."""
import torch
from torch.autograd import gradcheck, gradgradcheck

from snippets.my_relu import MyReLU


class ObservedReLU(MyReLU):
    """MyReLU whose backward also reports what it saw."""

    last_seen = None

    @staticmethod
    def backward(ctx, grad_output):
        grad_input = MyReLU.backward(ctx, grad_output)
        node = grad_input.grad_fn
        ObservedReLU.last_seen = {
            "torch.is_grad_enabled()": torch.is_grad_enabled(),
            "grad_output.requires_grad": grad_output.requires_grad,
            "grad_input.grad_fn": type(node).__name__ if node is not None else None,
        }
        return grad_input


def first_derivative(x, create_graph):
    """d/dx sum(relu(x)**2); return (what backward saw, the gradient)."""
    y = ObservedReLU.apply(x)
    grad_x, = torch.autograd.grad((y * y).sum(), x, create_graph=create_graph)
    return ObservedReLU.last_seen, grad_x


def second_derivative(x):
    """d/dx of sum(first derivative): needs the graph recorded during backward."""
    _, grad_x = first_derivative(x, create_graph=True)
    grad2_x, = torch.autograd.grad(grad_x.sum(), x)
    return grad2_x


def checks_away_from_zero():
    """gradcheck and gradgradcheck on float64 inputs that stay clear of the kink."""
    x = torch.tensor([-1.5, -0.5, 0.5, 1.5], dtype=torch.float64, requires_grad=True)
    return gradcheck(MyReLU.apply, (x,)), gradgradcheck(MyReLU.apply, (x,))


if __name__ == "__main__":
    x = torch.tensor([-1., 2.], requires_grad=True)
    for create_graph in (False, True):
        seen, grad_x = first_derivative(x, create_graph)
        print(f"create_graph={create_graph}")
        for what, value in seen.items():
            print(f"    {what:<26}= {value}")
        print(f"    gradient: {grad_x.tolist()}, requires_grad={grad_x.requires_grad}")
    print("second derivative =", second_derivative(x).tolist())
    print("gradcheck, gradgradcheck:", checks_away_from_zero())
