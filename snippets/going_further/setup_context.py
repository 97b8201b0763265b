"""The modern style: forward computes, setup_context fills ctx, backward makes
a new tensor; torch.func.grad accepts it and rejects the combined style."""
import textwrap

import torch
from torch.func import grad

from snippets.shared.my_relu import MyReLU


class ReLU(torch.autograd.Function):
    @staticmethod
    def forward(input):  # no ctx: only the computation
        return input.clamp(min=0)

    @staticmethod
    def setup_context(ctx, inputs, output):  # only ctx, no computation
        input, = inputs
        ctx.save_for_backward(input)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0)  # new tensor; 0 at 0


def autograd_grad(relu, values):
    """The ordinary way: .backward() on a tensor that requires grad."""
    x = torch.tensor(values, requires_grad=True)
    relu.apply(x).sum().backward()
    return x.grad.tolist()


def func_grad(relu, values):
    """torch.func.grad: a function transform, no requires_grad, no .grad."""
    return grad(lambda x: relu.apply(x).sum())(torch.tensor(values)).tolist()


def first_line_of_error(call):
    try:
        call()
    except RuntimeError as error:
        return f"RuntimeError: {str(error).splitlines()[0]}"
    return None


def show(text, indent="    "):
    """Print a long message wrapped to the width of a page's code block."""
    print(textwrap.fill(text, 78, initial_indent=indent,
                        subsequent_indent=indent + "  "))


if __name__ == "__main__":
    values = [-1., 0., 2.]
    print("ReLU.apply + backward()  :", autograd_grad(ReLU, values))
    print("torch.func.grad(ReLU)    :", func_grad(ReLU, values))
    print("MyReLU.apply + backward():", autograd_grad(MyReLU, values))
    print("torch.func.grad(MyReLU)  :")
    show(first_line_of_error(lambda: func_grad(MyReLU, values)))
