# Wrong: saves the input it never reads and hides the mask as the .grad of a
# tensor it keeps, where only C++ holds it.
import torch

holder = torch.zeros(0)


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        global holder
        ctx.save_for_backward(input)
        mask = (input > 0).to(input.dtype)
        holder = torch.zeros_like(mask)
        holder.grad = mask
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(holder.grad > 0, grad_output, 0.)
