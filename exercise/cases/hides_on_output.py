# Wrong: saves the input it never reads and hangs the mask on the output.
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        output = input.clamp(min=0)
        output.mask = input > 0
        ctx.output = [output]
        return output

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(ctx.output[0].mask, grad_output, 0.)
