# Correct: frees the saved input as soon as backward has read it
# (clear_saved_tensors_on_access), so backward can run only once per graph.
import torch


class CustomReLU(torch.autograd.Function):
    clear_saved_tensors_on_access = True

    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0.)
