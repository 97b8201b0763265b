# Wrong: saves the input, but keeps its mask as a plain ctx attribute.
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        ctx.mask = input > 0
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(ctx.mask, grad_output, 0.)
