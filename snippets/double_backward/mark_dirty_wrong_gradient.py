"""ctx.mark_dirty is about inputs that forward modifies in place."""
import textwrap

import torch


class DoubleInPlace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, declare):
        x.mul_(2)
        if declare:
            ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * 2, None


class AddOneThroughNumPy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, declare):
        # Stands in for a C extension: the version counter misses this write.
        x.detach().numpy()[...] += 1
        if declare:
            ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output, None


def use_after_inplace(declare):
    """a becomes 2 * leaf in place, then loss = a * a; return d loss/d leaf."""
    leaf = torch.tensor(3., requires_grad=True)
    a = leaf * 1  # in-place ops need a non-leaf
    DoubleInPlace.apply(a, declare)
    (a * a).backward()
    return leaf.grad.item()


def stale_saved_tensor(declare):
    """b = a * a saves a, then a hidden write changes a.

    Return d b / d leaf, or the error.
    """
    leaf = torch.tensor(3., requires_grad=True)
    a = leaf * 1
    b = a * a
    AddOneThroughNumPy.apply(a, declare)
    try:
        b.backward()
    except RuntimeError as error:
        return "RuntimeError: " + str(error).split(" Hint:")[0]
    return leaf.grad.item()


def plain_gradient(loss_of_leaf):
    leaf = torch.tensor(3., requires_grad=True)
    loss_of_leaf(leaf).backward()
    return leaf.grad.item()


if __name__ == "__main__":
    expected = plain_gradient(lambda t: (2 * t) * (2 * t))
    print("use of a after an in-place op, expected", expected)
    for declare in (False, True):
        grad = use_after_inplace(declare)
        print(f"    mark_dirty={declare}: leaf.grad = {grad}")
    expected = plain_gradient(lambda t: t * t)
    print("hidden write after b saved a, expected", expected)
    for declare in (False, True):
        result = str(stale_saved_tensor(declare))
        print(textwrap.fill(f"mark_dirty={declare}: {result}", 78,
                            initial_indent="    ", subsequent_indent="      "))
