# Wrong: forward computes in float64 and returns float64 for a float32 input.
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.double().clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0.)
