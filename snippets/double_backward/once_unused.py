"""@once_differentiable: gx hangs off a detached alias, not off w or x."""
import textwrap

import torch
from torch.autograd.function import once_differentiable


class OnceReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        grad = grad.clone()
        grad[ctx.saved_tensors[0] < 0] = 0
        return grad


x = torch.tensor([-1., 2.], requires_grad=True)
w = torch.tensor([3., 7.], requires_grad=True)
gx, = torch.autograd.grad(OnceReLU.apply(x), x, w * 1, create_graph=True)
leaf = gx.grad_fn.next_functions[0][0]
print("gx =", gx.tolist(), "  gx.grad_fn:", gx.grad_fn.name())
print("    its input:", leaf.name(), "of", leaf.variable.tolist())
print("    that leaf is w:", leaf.variable is w, "  is x:", leaf.variable is x)
print("    it shares gx's memory:", leaf.variable.data_ptr() == gx.data_ptr())
for options in ({}, {"allow_unused": True}, {"materialize_grads": True}):
    try:
        second, = torch.autograd.grad(gx.sum(), w, **options)
        print(f"d(sum gx)/dw, {options}: {second}")
    except RuntimeError as error:
        print(f"d(sum gx)/dw, {options}: RuntimeError:")
        print(textwrap.fill(str(error), 78,
                            initial_indent="    ", subsequent_indent="    "))
# No incoming gradient requires grad (.sum()'s constant): no Error node at all.
gx_sum, = torch.autograd.grad(OnceReLU.apply(x).sum(), x, create_graph=True)
print("after .sum(): gx.grad_fn:", gx_sum.grad_fn)
