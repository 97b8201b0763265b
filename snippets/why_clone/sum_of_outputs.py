"""(c) After .sum() the incoming gradient is a stride-0 view of one number."""
import warnings

import torch


class NoCloneReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad):
        print("incoming gradient: stride", grad.stride(),
              "  its clone: stride", grad.clone().stride())
        grad[ctx.saved_tensors[0] < 0] = 0  # no clone
        return grad


x = torch.tensor([-1., 2., -3.], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    NoCloneReLU.apply(x).sum().backward()
print("x.grad =", x.grad.tolist(), "  (right: [0.0, 1.0, 0.0])")
for warning in caught:  # the first sentence of each warning
    first = str(warning.message).split(". ")[0]
    print(f"{type(warning.message).__name__}: {first}.")
