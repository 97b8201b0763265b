"""Double backward: a node that saved the shared gradient sees the write."""
import textwrap

import torch


class NoCloneReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad):
        grad[ctx.saved_tensors[0] < 0] = 0  # no clone
        return grad


class MyReLU(NoCloneReLU):
    @staticmethod
    def backward(ctx, grad):
        return NoCloneReLU.backward(ctx, grad.clone())  # the tutorial's clone


x = torch.tensor([-1., 2.], requires_grad=True)
w = torch.tensor([3., 5.], requires_grad=True)
for name, relu in [("torch.relu", torch.relu), ("MyReLU", MyReLU.apply),
                   ("NoCloneReLU", NoCloneReLU.apply)]:
    y = relu(x) + x * w  # x * w is recorded last: its backward runs first
    gx, = torch.autograd.grad(y, x, torch.ones(2), create_graph=True)
    print(f"{name:<12} gx = {gx.tolist()}")
    try:
        second, = torch.autograd.grad(gx.sum(), w)
        print("    d(sum gx)/dw =", second.tolist())
    except RuntimeError as error:
        message = str(error).split(" Hint")[0]
        print(textwrap.fill("RuntimeError: " + message, 74,
                            initial_indent="    ", subsequent_indent="      "))
