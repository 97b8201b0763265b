"""torch.compile traces a custom backward as it is: a clone-free backward
corrupts the sibling branch's gradient compiled as it does eagerly."""
import torch


class NoCloneReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_output[input < 0] = 0  # into the gradient AddBackward0 shares
        return grad_output


def branches(x, w):
    # as in why-clone (b): the addition hands one gradient to both branches
    return w * 3 + NoCloneReLU.apply(x)


def w_grad(function):
    x = torch.tensor([-1.0, 2.0, -3.0], requires_grad=True)
    w = torch.ones(3, requires_grad=True)
    function(x, w).backward(torch.ones(3))
    return w.grad.tolist()


if __name__ == "__main__":
    print("eager               w.grad =", w_grad(branches))
    compiled = torch.compile(branches, backend="aot_eager", fullgraph=True)
    print("compiled, aot_eager w.grad =", w_grad(compiled))
    print("torch.relu          w.grad =",
          w_grad(lambda x, w: w * 3 + torch.relu(x)))
