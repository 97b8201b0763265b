# Wrong: saves the input it never reads and keeps the mask deep in containers.
import torch

cache = {"relu": [()]}


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        cache["relu"][0] = ({"mask": input > 0},)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(cache["relu"][0][0]["mask"], grad_output, 0.)
