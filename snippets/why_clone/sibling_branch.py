"""(b) y = a + b hands one gradient tensor to both branches."""
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


x = torch.tensor([-1., 2.], requires_grad=True)
w = torch.ones(2, requires_grad=True)  # w.grad should be [3.0, 3.0]
(w * 3 + NoCloneReLU.apply(x)).backward(torch.ones(2))
print("y = w * 3 + relu(x):  w.grad =", w.grad.tolist())
w.grad = None
(NoCloneReLU.apply(x) + w * 3).backward(torch.ones(2))
print("y = relu(x) + w * 3:  w.grad =", w.grad.tolist())
