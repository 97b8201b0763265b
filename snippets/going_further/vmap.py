"""vmap over a custom Function: which backward can be batched, which cannot."""
import torch
from torch.func import grad, jacrev, vmap

from snippets.going_further.setup_context import first_line_of_error, show


class ReLUForward(torch.autograd.Function):
    """Shared forward and setup_context; subclasses differ in backward."""

    @staticmethod
    def forward(input):
        return input.clamp(min=0)

    @staticmethod
    def setup_context(ctx, inputs, output):
        input, = inputs
        ctx.save_for_backward(input)


class NoVmapRuleReLU(ReLUForward):
    """Neither a vmap staticmethod nor generate_vmap_rule."""

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0)


class BoolMaskReLU(ReLUForward):
    """The tutorial's backward: clone, then `grad_input[input < 0] = 0`."""

    generate_vmap_rule = True

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


class WhereReLU(NoVmapRuleReLU):
    """torch.where backward, with the rule generated."""

    generate_vmap_rule = True


BATCH = [[-1., 0., 2.],
         [3., -4., 5.]]
# Per-sample gradients of a bias shared by every example (no exact zeros).
BIAS = [0.5, -1., 1.]
EXAMPLES = [[1., 3., -2.],
            [2., -2., 4.]]
JACREV_AT = [-1., 0.5, 2.]


def batched_forward(relu):
    return vmap(relu.apply)(torch.tensor(BATCH)).tolist()


def per_sample_grads(relu):
    """vmap(grad(loss), in_dims=(None, 0)): the bias's gradient per example."""
    def loss(bias, example):
        return relu.apply(example + bias).sum()
    return vmap(grad(loss), in_dims=(None, 0))(torch.tensor(BIAS),
                                               torch.tensor(EXAMPLES)).tolist()


def summed_grad(relu):
    """One .backward() over the batch: the sum of the per-sample rows."""
    bias = torch.tensor(BIAS, requires_grad=True)
    relu.apply(torch.tensor(EXAMPLES) + bias).sum().backward()
    return bias.grad.tolist()


def jacobian(relu, values):
    """jacrev vmaps backward over the identity's rows, not over the input."""
    return jacrev(relu.apply)(torch.tensor(values)).tolist()


def report(name, call):
    """Print what `call` returns, or its RuntimeError's first line."""
    error = first_line_of_error(call)
    if error is None:
        print(f"  {name:<15} {call()}")
    else:
        print(f"  {name}")
        show(error)


if __name__ == "__main__":
    print("vmap(forward):")
    for relu in (NoVmapRuleReLU, BoolMaskReLU, WhereReLU):
        report(relu.__name__, lambda: batched_forward(relu))
    print("per-sample gradients of a shared bias, vmap(grad(loss)):")
    for relu in (BoolMaskReLU, WhereReLU):
        report(relu.__name__, lambda: per_sample_grads(relu))
    print("the same with one .backward(), summed over the batch:")
    for relu in (BoolMaskReLU, WhereReLU):
        report(relu.__name__, lambda: summed_grad(relu))
    print(f"jacrev at {JACREV_AT}:")
    for relu in (BoolMaskReLU, WhereReLU):
        report(relu.__name__, lambda: jacobian(relu, JACREV_AT))
