"""gradcheck and gradgradcheck: what they accept, and what they catch."""
import re
import textwrap
import warnings

import torch
from torch.autograd import gradcheck, gradgradcheck
from torch.autograd.function import once_differentiable
from torch.autograd.gradcheck import GradcheckError

from snippets.going_further.setup_context import ReLU


class MaskForgottenReLU(ReLU):
    """A bug: backward passes grad_output through everywhere."""

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output


class OnceDifferentiableReLU(ReLU):
    """Correct first derivative, but backward is declared not differentiable."""

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0)


AWAY_FROM_ZERO = [-1.5, -0.5, 0.5, 1.5]  # gradcheck cannot judge the kink at 0


def short_error(error):
    """'Jacobian mismatch for output 0 with respect to input 1,' -> short."""
    first = str(error).splitlines()[0]
    found = re.match(r"Jacobian mismatch for output (\d+) "
                     r"with respect to input (\d+)", first)
    if found is None:
        return f"GradcheckError: {first}"
    return f"Jacobian mismatch, output {found[1]}, input {found[2]}"


def check(checker, relu, dtype=torch.float64):
    """Run gradcheck or gradgradcheck; return (result, warning texts)."""
    x = torch.tensor(AWAY_FROM_ZERO, dtype=dtype, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = checker(relu.apply, (x,))
        except GradcheckError as error:
            result = short_error(error)
    # The first sentence of each warning is enough to recognise it.
    return result, [f"{type(w.message).__name__}: "
                    f"{str(w.message).split('. ')[0]}." for w in caught]


if __name__ == "__main__":
    cases = [
        ("ReLU, float64", gradcheck, ReLU, torch.float64),
        ("ReLU, float64", gradgradcheck, ReLU, torch.float64),
        ("ReLU, float32", gradcheck, ReLU, torch.float32),
        ("MaskForgottenReLU", gradcheck, MaskForgottenReLU, torch.float64),
        ("OnceDifferentiableReLU", gradcheck, OnceDifferentiableReLU,
         torch.float64),
        ("OnceDifferentiableReLU", gradgradcheck, OnceDifferentiableReLU,
         torch.float64),
    ]
    for name, checker, relu, dtype in cases:
        result, caught = check(checker, relu, dtype)
        print(f"{checker.__name__:<13} {name:<23} {result}")
        for line in caught:
            print(textwrap.fill(line, 78, initial_indent="    ",
                                subsequent_indent="      "))
