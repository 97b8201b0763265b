# Wrong: saves the input it never reads and keeps the mask as a module-level name.
import torch

last_mask = None


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        global last_mask
        ctx.save_for_backward(input)
        last_mask = input > 0
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(last_mask, grad_output, 0.)
