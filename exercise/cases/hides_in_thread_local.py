# Wrong: saves the input it never reads and keeps the mask in thread-local
# storage.
import threading

import torch

local = threading.local()


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        local.mask = input > 0
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(local.mask, grad_output, 0.)
