"""The minimum norm is taken over every Tensor argument of the overload: one
Tensor argument gives 0 at the kink, two give (1/2, 1/2) at a tie."""
import torch


def grads_at_zero(f):
    x = torch.tensor(0.0, requires_grad=True)
    bound = torch.tensor(0.0, requires_grad=True)  # a Tensor argument
    f(x, bound).backward()
    if bound.grad is None:  # the bound is not an argument of this overload
        return f"x: {x.grad.item()}"
    return f"x: {x.grad.item()}, bound: {bound.grad.item()}"


print("one Tensor argument")
print("  torch.relu(x)          ", grads_at_zero(lambda x, b: torch.relu(x)))
print("  x.clamp(min=0)         ", grads_at_zero(lambda x, b: x.clamp(min=0)))
print("two Tensor arguments")
print("  torch.maximum(x, bound)", grads_at_zero(torch.maximum))
print("  x.clamp(min=bound)     ", grads_at_zero(lambda x, b: x.clamp(min=b)))
