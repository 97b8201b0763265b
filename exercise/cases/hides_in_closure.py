# Wrong: saves the input it never reads and keeps the mask in a closure.
import torch


def make():
    mask = None

    class CustomReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, input):
            nonlocal mask
            ctx.save_for_backward(input)
            mask = input > 0
            return input.clamp(min=0)

        @staticmethod
        def backward(ctx, grad_output):
            return torch.where(mask, grad_output, 0.)

    return CustomReLU


CustomReLU = make()
