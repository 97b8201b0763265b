# Wrong: saves the input, but backward reads the copy of the reference kept in
# a module-level list, which the version counter does not guard.
import torch

inputs = []


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        inputs.append(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(inputs.pop() > 0, grad_output, 0.)
