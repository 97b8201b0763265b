"""mark_dirty gives the input object itself the history of the in-place op."""
import torch


class DoubleInPlace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, declare):
        a.mul_(2)
        if declare:
            ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * 2, None


for declare in (False, True):
    leaf = torch.tensor(3., requires_grad=True)
    a = leaf * 1  # a non-leaf, so it may be changed in place
    out = DoubleInPlace.apply(a, declare)
    print(f"mark_dirty={declare}")
    print(f"    out is a: {out is a}   a.grad_fn: {a.grad_fn.name()}")
    (a * a).backward()  # uses a, not out; the right answer is 24
    print("    d(a * a)/d leaf =", leaf.grad.item())
