# Wrong: keeps the mask in a module-level list and hides it from the garbage
# collector's lists with gc.freeze().
import gc

import torch

last = []


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        last[:] = [input > 0]
        gc.freeze()
        gc.callbacks.append(lambda *args: gc.freeze())
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(last[0], grad_output, 0.)
