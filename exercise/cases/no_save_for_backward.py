# Wrong: keeps the input as a ctx attribute instead of ctx.save_for_backward.
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.input = input
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(ctx.input > 0, grad_output, 0.)
