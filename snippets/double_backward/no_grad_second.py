"""E-no-grad: after .sum(), MyReLU's gx has no graph; the answer is 0."""
import torch


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad):
        grad = grad.clone()
        grad[ctx.saved_tensors[0] < 0] = 0  # depends on x only via a mask
        return grad


for name, relu in [("torch.relu", torch.relu), ("MyReLU", MyReLU.apply)]:
    x = torch.tensor([-1., 2.], requires_grad=True)
    gx, = torch.autograd.grad(relu(x).sum(), x, create_graph=True)
    node = gx.grad_fn.name() if gx.grad_fn else None
    print(f"{name:<10} gx = {gx.tolist()}   gx.grad_fn: {node}")
    try:  # materialize_grads=True implies allow_unused=True
        second, = torch.autograd.grad(gx.sum(), x, materialize_grads=True)
        print("    d(sum gx)/dx =", second.tolist())
    except RuntimeError as error:
        print("    RuntimeError:", str(error).split(" and ")[0])
