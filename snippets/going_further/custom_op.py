"""torch.library.custom_op: ReLU as a PyTorch operator with an autograd
formula, checked by opcheck; torch.func transforms do not go through it."""
import textwrap

import torch


@torch.library.custom_op("site::relu", mutates_args=())
def relu(input: torch.Tensor) -> torch.Tensor:
    return input.clamp(min=0)  # the kernel: any code, opaque to autograd


@relu.register_fake
def _(input):
    return torch.empty_like(input)  # shape and dtype only, for torch.compile


def setup_context(ctx, inputs, output):
    input, = inputs
    ctx.save_for_backward(input)


def backward(ctx, grad_output):
    input, = ctx.saved_tensors
    return torch.where(input > 0, grad_output, 0)


relu.register_autograd(backward, setup_context=setup_context)


def first_line(call):
    try:
        return call()
    except Exception as error:
        return f"{type(error).__name__}: {str(error).splitlines()[0]}"


if __name__ == "__main__":
    x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
    relu(x).sum().backward()
    print("backward():", x.grad.tolist())
    # test_aot_dispatch_dynamic, the fourth test, compiles: seconds more
    report = torch.library.opcheck(
        relu, (torch.randn(4, requires_grad=True),),
        test_utils=("test_schema", "test_autograd_registration",
                    "test_faketensor"))
    for test, result in report.items():
        print(f"opcheck {test}: {result}")
    text = first_line(lambda: torch.func.grad(
        lambda t: relu(t).sum())(torch.tensor([-1.0, 0.0, 2.0])).tolist())
    print(textwrap.fill(f"torch.func.grad: {text}", 78,
                        subsequent_indent="    ", break_on_hyphens=False))
