"""(a) The gradient a caller passes in is the tensor backward receives."""
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


x = torch.tensor([-1., 2., -3.], requires_grad=True)
g = torch.ones(3)
NoCloneReLU.apply(x).backward(gradient=g)
print("x.grad =", x.grad.tolist(), "  g after backward =", g.tolist())
v = torch.ones(3)
gx, = torch.autograd.grad(NoCloneReLU.apply(x), x, grad_outputs=v)
print("gx =", gx.tolist(), "  v after autograd.grad =", v.tolist())
