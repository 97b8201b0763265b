"""Backward passes that build a new tensor instead of editing grad_output."""
import torch


class ReLUForward(torch.autograd.Function):
    """Shared forward; subclasses differ only in how backward masks."""

    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)


class MultiplyMaskReLU(ReLUForward):
    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output * (input > 0)


class MaskedFillReLU(ReLUForward):
    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output.masked_fill(input <= 0, 0)


class WhereReLU(ReLUForward):
    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0)


class WhereAtLeastZeroReLU(ReLUForward):
    """Same as WhereReLU but with >=: the boundary now passes the gradient."""

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input >= 0, grad_output, 0)


def gradient(relu, values):
    x = torch.tensor(values, requires_grad=True)
    # .sum() passes a stride-0 gradient: harmless when nothing writes to it.
    relu.apply(x).sum().backward()
    return x.grad.tolist()


if __name__ == "__main__":
    for relu in (MultiplyMaskReLU, MaskedFillReLU, WhereReLU,
                 WhereAtLeastZeroReLU):
        grad = gradient(relu, [-1., 0., 1.])
        print(f"{relu.__name__:<20} grad at [-1, 0, 1] = {grad}")
