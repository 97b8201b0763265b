# Wrong: saves the input it never reads and copies the mask into a buffer made
# at import.
import torch

buffer = torch.zeros(64, dtype=torch.bool)


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        buffer[:input.numel()] = (input > 0).reshape(-1)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        mask = buffer[:grad_output.numel()].reshape(grad_output.shape)
        return torch.where(mask, grad_output, 0.)
