"""ctx.mark_non_differentiable: an output without a gradient, such as a mask."""
import textwrap

import torch

RECEIVED = []  # what each backward call got for the mask output


class ReLUWithMask(torch.autograd.Function):
    """Returns relu(x) and the float mask of the units that are on (x > 0)."""

    @staticmethod
    def forward(input):
        return input.clamp(min=0), (input > 0).to(input.dtype)

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, mask = output
        ctx.save_for_backward(mask)
        ctx.mark_non_differentiable(mask)

    @staticmethod
    def backward(ctx, grad_output, grad_mask):  # one gradient per output
        RECEIVED.append(grad_mask)
        mask, = ctx.saved_tensors
        return grad_output * mask


class UnmarkedReLUWithMask(ReLUWithMask):
    @staticmethod
    def setup_context(ctx, inputs, output):
        _, mask = output
        ctx.save_for_backward(mask)


class NotMaterializedReLUWithMask(ReLUWithMask):
    @staticmethod
    def setup_context(ctx, inputs, output):
        ReLUWithMask.setup_context(ctx, inputs, output)
        ctx.set_materialize_grads(False)  # unused gradients arrive as None


def outputs_info(relu):
    x = torch.tensor([-1., 0., 2.], requires_grad=True)
    out, mask = relu.apply(x)
    node = mask.grad_fn
    return {"out.requires_grad": out.requires_grad,
            "mask.requires_grad": mask.requires_grad,
            "mask.grad_fn": type(node).__name__ if node is not None else None}


def backward_through_out(relu):
    """The loss uses only `out`; return (x.grad, what backward got for mask)."""
    x = torch.tensor([-1., 0., 2.], requires_grad=True)
    out, _ = relu.apply(x)
    (out * 3).sum().backward()
    grad_mask = RECEIVED[-1]
    return x.grad.tolist(), None if grad_mask is None else grad_mask.tolist()


def backward_through_mask(relu):
    """The loss uses only the mask; return x.grad or the error's first line."""
    x = torch.tensor([-1., 0., 2.], requires_grad=True)
    _, mask = relu.apply(x)
    try:
        mask.sum().backward()
    except RuntimeError as error:
        return f"RuntimeError: {str(error).splitlines()[0]}"
    return x.grad.tolist()


if __name__ == "__main__":
    relus = ReLUWithMask, UnmarkedReLUWithMask, NotMaterializedReLUWithMask
    for relu in relus:
        print(f"{relu.__name__}:")
        for what, value in outputs_info(relu).items():
            print(f"    {what:<19}= {value}")
        x_grad, grad_mask = backward_through_out(relu)
        print(f"    loss from out : x.grad = {x_grad}")
        print(f"                    backward got grad_mask = {grad_mask}")
        through_mask = f"loss from mask: {backward_through_mask(relu)}"
        print(textwrap.fill(through_mask, 78, initial_indent="    ",
                            subsequent_indent=" " * 20))
