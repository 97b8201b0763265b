# Wrong: saves the input it never reads and keeps the mask as a class
# attribute.
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        CustomReLU.mask = input > 0
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(CustomReLU.mask, grad_output, 0.)
