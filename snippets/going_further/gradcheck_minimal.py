import torch
from torch.autograd import gradcheck, gradgradcheck


class ReLU(torch.autograd.Function):
    @staticmethod
    def forward(input):
        return input.clamp(min=0)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0)


x = torch.tensor([-1.5, -0.5, 0.5, 1.5], dtype=torch.float64,
                 requires_grad=True)  # float64, away from the kink at 0
print("gradcheck    ", gradcheck(ReLU.apply, (x,)))
print("gradgradcheck", gradgradcheck(ReLU.apply, (x,)))
