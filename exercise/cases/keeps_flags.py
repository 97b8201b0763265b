# Correct: keeps only flags and numbers as ctx attributes, and the output with
# ctx.save_for_backward; forward returns a view of a tensor it made.
import torch

ZERO = torch.tensor(0.)


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.shape, ctx.dtype = input.shape, input.dtype
        ctx.count = input.numel()
        ctx.any_positive = bool((input > 0).any())
        ctx.scale = 1.0
        output = input.clamp(min=0).reshape(-1).view(input.shape)
        ctx.save_for_backward(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        output, = ctx.saved_tensors
        return torch.where(output > 0, grad_output, ZERO.to(grad_output.dtype))
