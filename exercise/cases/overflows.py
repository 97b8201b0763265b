# Wrong: (x + |x|) / 2 is ReLU on paper, but x + |x| overflows to inf for huge
# float32 inputs (3e38 + 3e38 is past float32's largest value, about 3.4e38).
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return (input + input.abs()) / 2

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0.)
