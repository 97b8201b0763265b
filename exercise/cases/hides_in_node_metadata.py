# Wrong: saves the input it never reads and keeps the mask in the graph node's
# metadata, a dict that autograd keeps in C++.
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        ctx.metadata["mask"] = input > 0
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(ctx.metadata["mask"], grad_output, 0.)
