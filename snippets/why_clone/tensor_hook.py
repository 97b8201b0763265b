"""(d) A hook that keeps dL/dy holds the tensor backward receives."""
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
y = NoCloneReLU.apply(x)
kept = []
y.register_hook(kept.append)  # keep dL/dy, as gradient logging does
y.retain_grad()
(y * torch.tensor([5., 6., 7.])).sum().backward()  # dL/dy = [5, 6, 7]
print("kept dL/dy =", kept[0].tolist(), "  y.grad =", y.grad.tolist())
print("x.grad =", x.grad.tolist())
