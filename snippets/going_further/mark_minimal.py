import torch


class ReLUWithMask(torch.autograd.Function):
    @staticmethod
    def forward(input):
        return input.clamp(min=0), (input > 0).to(input.dtype)

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, mask = output
        ctx.save_for_backward(mask)
        ctx.mark_non_differentiable(mask)

    @staticmethod
    def backward(ctx, grad_output, grad_mask):  # one gradient per output
        mask, = ctx.saved_tensors
        return grad_output * mask


x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
out, mask = ReLUWithMask.apply(x)
print("out.requires_grad: ", out.requires_grad)
print("mask.requires_grad:", mask.requires_grad)
