"""ctx.mark_dirty is about inputs that forward modifies in place."""
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
        # Stands in for a C extension: autograd's version counter does not see this write.
        x.detach().numpy()[...] += 1
        if declare:
            ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output, None


def use_after_inplace(declare):
    """a becomes 2 * leaf in place, then loss = a * a; return d loss / d leaf."""
    leaf = torch.tensor(3., requires_grad=True)
    a = leaf * 1  # in-place ops need a non-leaf
    DoubleInPlace.apply(a, declare)
    (a * a).backward()
    return leaf.grad.item()


def stale_saved_tensor(declare):
    """b = a * a saves a before a hidden write changes it; return d b / d leaf or the error."""
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
    print("use after an in-place op, expected", plain_gradient(lambda t: (2 * t) * (2 * t)))
    for declare in (False, True):
        print(f"    mark_dirty={declare}: leaf.grad = {use_after_inplace(declare)}")
    print("hidden write after b saved a, expected", plain_gradient(lambda t: t * t))
    for declare in (False, True):
        print(f"    mark_dirty={declare}: {stale_saved_tensor(declare)}")
