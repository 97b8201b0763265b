"""The custom ReLU from the classic PyTorch tutorial, unchanged."""
import torch


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


if __name__ == "__main__":
    x = torch.tensor([-2., -1., 0., 1., 2.], requires_grad=True)
    y = MyReLU.apply(x)
    y.sum().backward()
    print("x      =", x.tolist())
    print("output =", y.tolist())
    # The mask only zeroes input < 0: the entry at exactly 0 keeps its gradient.
    print("x.grad =", x.grad.tolist())
