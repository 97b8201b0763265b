"""@once_differentiable does not make an in-place edit of grad_output safe."""
import textwrap

import torch
from torch.autograd.function import once_differentiable


class OnceDifferentiableNoCloneReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output
        grad_input[input < 0] = 0
        return grad_input


def backprop_two_branches(relu):
    """y = w * 3 + relu(x): relu's node, recorded last, runs first in backward
    and shares AddBackward0's gradient tensor with the multiplication."""
    x = torch.tensor([-1., 2.], requires_grad=True)
    w = torch.tensor([1., 1.], requires_grad=True)
    (w * 3 + relu(x)).backward(torch.ones(2))
    return x.grad.tolist(), w.grad.tolist()


def double_backward_error():
    """Return the first line of the error raised by a second differentiation."""
    x = torch.tensor([-1., 2.], requires_grad=True)
    y = OnceDifferentiableNoCloneReLU.apply(x)
    grad_x, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
    try:
        grad_x.sum().backward()
    except RuntimeError as error:
        return str(error).splitlines()[0]
    return None


if __name__ == "__main__":
    # The shared AddBackward0 gradient is still corrupted: the decorator only
    # switches grad mode off, it does not copy anything.
    x_grad, w_grad = backprop_two_branches(OnceDifferentiableNoCloneReLU.apply)
    _, correct_w_grad = backprop_two_branches(torch.relu)
    print(f"x.grad = {x_grad}   w.grad = {w_grad}")
    print(f"    (torch.relu gives w.grad = {correct_w_grad})")
    print("double backward: RuntimeError:")
    print(textwrap.fill(double_backward_error(), 78, initial_indent="    ",
                        subsequent_indent="    "))
