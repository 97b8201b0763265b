# Wrong: saves the input it never reads; the mask waits in a suspended
# generator's local variable.
import torch


def keep(mask):
    while True:
        yield mask


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        ctx.mask = keep(input > 0)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(next(ctx.mask), grad_output, 0.)
