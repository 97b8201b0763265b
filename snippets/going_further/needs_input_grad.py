"""ctx.needs_input_grad skips gradients nobody asked for; saved-tensor hooks
see every tensor save_for_backward keeps, when saved and when read."""
import torch


class Scale(torch.autograd.Function):
    """x * w, with a backward that computes only the gradients needed."""

    @staticmethod
    def forward(ctx, x, w):
        ctx.save_for_backward(x, w)
        return x * w

    @staticmethod
    def backward(ctx, grad_output):
        x, w = ctx.saved_tensors
        print("    needs_input_grad:", ctx.needs_input_grad)
        grad_x = grad_output * w if ctx.needs_input_grad[0] else None
        grad_w = grad_output * x if ctx.needs_input_grad[1] else None
        return grad_x, grad_w


def pack(tensor):
    print("    pack:  ", tensor.tolist())
    return tensor


def unpack(tensor):
    print("    unpack:", tensor.tolist())
    return tensor


if __name__ == "__main__":
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    w = torch.tensor([3.0, 4.0])  # no gradient wanted for w
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        print("forward:")
        y = Scale.apply(x, w)
    print("backward:")
    y.sum().backward()
    print("x.grad =", x.grad.tolist(), "  w.grad =", w.grad)
