"""A Function whose forward calls a custom op: torch.func differentiates the
Function, torch.compile keeps the op opaque."""
import warnings

import torch
from torch.func import grad, vmap


@torch.library.custom_op("site::relu_kernel", mutates_args=())
def relu_kernel(input: torch.Tensor) -> torch.Tensor:
    # pure Python, which torch.compile could not trace: the op hides it
    return torch.tensor([max(v, 0.0) for v in input.tolist()])


@relu_kernel.register_fake
def _(input):
    return torch.empty_like(input)


class ReLU(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(input):
        return relu_kernel(input)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0)


def loss(t):
    return ReLU.apply(t).sum()


def compiled_grad(x):
    x = x.clone().requires_grad_()
    torch.compile(loss, backend="aot_eager", fullgraph=True)(x).backward()
    return x.grad.tolist()


if __name__ == "__main__":
    # the op has no vmap rule of its own: vmap runs it per example, and warns
    warnings.filterwarnings("ignore", "There is a performance drop")
    x = torch.tensor([-1.0, 2.0])
    print("torch.func.grad:", grad(loss)(x).tolist())
    print("vmap(grad):     ", vmap(grad(loss))(torch.stack([x, -x])).tolist())
    print("compiled:       ", compiled_grad(x))
