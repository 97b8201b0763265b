# Wrong: saves the input it never reads and keeps the mask in an object with
# __slots__ (no __dict__, no weak references).
import torch


class Box:
    __slots__ = ("mask",)


box = Box()


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        box.mask = input > 0
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(box.mask, grad_output, 0.)
