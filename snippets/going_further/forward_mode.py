"""Forward mode (jvp, jacfwd, hessian) with a custom Function: without a jvp
staticmethod it raises, with one it works; reverse mode (jacrev) needs none."""
import textwrap
import warnings

import torch
from torch.func import hessian, jacfwd, jacrev, jvp


class ReLU(torch.autograd.Function):
    generate_vmap_rule = True  # jacfwd runs the Function itself under vmap

    @staticmethod
    def forward(input):
        return input.clamp(min=0)

    @staticmethod
    def setup_context(ctx, inputs, output):
        input, = inputs
        ctx.save_for_backward(input)
        ctx.save_for_forward(input)  # what jvp reads, if it is defined

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0)


class ReLUWithJvp(ReLU):
    @staticmethod
    def jvp(ctx, input_tangent):
        # forward mode: the tangent of the output, from the input's tangent
        input, = ctx.saved_tensors
        return torch.where(input > 0, input_tangent, 0)


def diagonal(jacobian):
    return torch.diagonal(jacobian).tolist()


def first_line(call):
    try:
        return call()
    except Exception as error:
        return f"{type(error).__name__}: {str(error).splitlines()[0]}"


x = torch.tensor([-1.0, 0.5, 2.0])
ones = torch.ones(3)
# Forward mode loads its rules on first use through torch.jit.script, which
# warns that it is deprecated; that first use is made here, quietly, on sin.
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    jvp(torch.sin, (x,), (ones,))

if __name__ == "__main__":
    for relu in (ReLU, ReLUWithJvp):
        print(f"{relu.__name__}:")
        for name, call in [
                ("jacrev", lambda: diagonal(jacrev(relu.apply)(x))),
                ("jacfwd", lambda: diagonal(jacfwd(relu.apply)(x))),
                ("jvp", lambda: jvp(relu.apply, (x,), (ones,))[1].tolist()),
                ("hessian",
                 lambda: hessian(lambda t: relu.apply(t).sum())(x).tolist())]:
            print(textwrap.fill(str(first_line(call)), 78,
                                initial_indent=f"    {name:<8}",
                                subsequent_indent=" " * 12))
