# Wrong: backward returns the gradient with an extra leading dimension of 2,
# which autograd sums away: every gradient comes back doubled.
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad = torch.where(input > 0, grad_output, 0.)
        return torch.stack([grad, grad])
