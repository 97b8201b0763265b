"""What MyReLU.backward sees: grad mode, and grad_output's requires_grad."""
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
        node = grad_input.grad_fn
        print(f"    grad mode on: {torch.is_grad_enabled()}"
              f"   grad_output: requires_grad={grad_output.requires_grad},"
              f" stride {grad_output.stride()}")
        print("    grad_input.grad_fn:", node.name() if node else None)
        return grad_input


x = torch.tensor([-1., 2.], requires_grad=True)
for square, create_graph in ((True, False), (True, True), (False, True)):
    y = MyReLU.apply(x)
    loss = (y * y).sum() if square else y.sum()
    print(f"{'(y * y)' if square else 'y'}.sum(), create_graph={create_graph}")
    torch.autograd.grad(loss, x, create_graph=create_graph)
