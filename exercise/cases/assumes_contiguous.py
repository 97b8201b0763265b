# Wrong: backward flattens grad_output with .view(-1), which works only for a
# contiguous incoming gradient.
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        flat = torch.where(input.reshape(-1) > 0, grad_output.view(-1), 0.)
        return flat.view(input.shape)
