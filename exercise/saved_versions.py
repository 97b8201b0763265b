import textwrap

import torch


class Saved(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0.)


class Stashed(Saved):
    @staticmethod
    def forward(ctx, input):
        ctx.input = input  # a plain attribute: autograd does not track it
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.where(ctx.input > 0, grad_output, 0.)


for relu in (Saved, Stashed):
    leaf = torch.tensor([-1., 2.], requires_grad=True)
    x = leaf * 1  # not a leaf, so it may be changed in place
    y = relu.apply(x)
    x.neg_()  # after forward: x is now [1., -2.]
    try:
        y.sum().backward()
        right = (leaf > 0).double().tolist()  # ReLU's gradient at [-1., 2.]
        print(f"{relu.__name__}: gradient {leaf.grad.tolist()}, not {right}")
    except RuntimeError as error:
        message = str(error).split(" Hint:")[0]
        print(textwrap.fill(f"{relu.__name__}: RuntimeError: {message}", 78))
