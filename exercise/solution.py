"""A reference solution for the CustomReLU exercise."""
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        # torch.where builds a new tensor, so grad_output is never written to;
        # "input > 0" sends 0 back at x == 0, the subgradient torch.relu uses;
        # and where() is differentiable, so double backward works too.
        return torch.where(input > 0, grad_output, 0.)


def solution():
    x = torch.tensor([-2., -1., 0., 1., 2.], requires_grad=True)
    y = CustomReLU.apply(x)
    y.sum().backward()
    return {"output": y.tolist(), "grad": x.grad.tolist()}


if __name__ == "__main__":
    print(solution())
