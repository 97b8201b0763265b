# Correct for every required check, but @once_differentiable forbids double
# backward.
import torch
from torch.autograd.function import once_differentiable


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output * (input > 0)
