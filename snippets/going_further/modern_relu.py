import torch


class ReLU(torch.autograd.Function):
    @staticmethod
    def forward(input):  # no ctx: only the computation
        return input.clamp(min=0)

    @staticmethod
    def setup_context(ctx, inputs, output):  # only ctx, no computation
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0)  # a new tensor


x = torch.tensor([-1.0, 0.0, 2.0])
print(torch.func.grad(lambda t: ReLU.apply(t).sum())(x).tolist())
