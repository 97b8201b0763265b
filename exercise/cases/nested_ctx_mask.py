# Wrong: saves the input, but keeps its mask deep inside a ctx attribute.
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        ctx.cache = {"masks": [input > 0]}
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(ctx.cache["masks"][0], grad_output, 0.)
