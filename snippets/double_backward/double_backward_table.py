"""Double backward with and without the clone, per kind of incoming gradient.

Each row runs  gx = d relu(x) / dx  against an incoming gradient v with
create_graph=True, then differentiates sum(gx) once more, through one API:
    .backward():    relu(x).backward(v, create_graph=True)
                    x.grad.sum().backward()
    autograd.grad:  gx = grad(relu(x), x, v, create_graph=True)
                    grad(gx.sum(), w)
v is the leaf w = [3, 7], or w * 1 (not a leaf), or, for "expanded", the
stride-0 ones that .sum() passes on (there is no w: the second step is taken
with respect to x).
"""
import warnings

import torch
from torch.autograd import gradgradcheck
from torch.autograd.function import once_differentiable

from snippets.shared.my_relu import MyReLU
from snippets.shared.no_clone_relu import NoCloneReLU


class OnceMyReLU(MyReLU):
    backward = staticmethod(once_differentiable(MyReLU.backward))


class OnceNoCloneReLU(NoCloneReLU):
    backward = staticmethod(once_differentiable(NoCloneReLU.backward))


RELUS = {"MyReLU": MyReLU, "NoCloneReLU": NoCloneReLU,
         "MyReLU, once": OnceMyReLU, "NoCloneReLU, once": OnceNoCloneReLU}
KINDS = ("leaf", "non-leaf", "expanded")
# Short names for the errors, each found by a phrase of its message.
ERRORS = {
    "E-leaf": "leaf Variable that requires grad is being used in an in-place",
    "E-twice": "trying to differentiate twice",
    "E-unused": "appears to not have been used in the graph",
    "E-no-grad": "does not require grad and does not have a grad_fn",
}


def short(values):
    return "[" + ", ".join(f"{v:g}" for v in values) + "]"


def error_name(error):
    message = str(error)
    return next((name for name, phrase in ERRORS.items() if phrase in message),
                "RuntimeError: " + message.splitlines()[0])


def run(relu, kind, api):
    """Return (gx, v after the first step, second derivative) as text."""
    x = torch.tensor([-1., 2.], requires_grad=True)
    w = torch.tensor([3., 7.], requires_grad=True)
    v = {"leaf": w, "non-leaf": w * 1, "expanded": None}[kind]
    y = relu.apply(x)
    out, wrt = (y.sum(), x) if kind == "expanded" else (y, w)
    try:
        if api == ".backward()":
            out.backward(v, create_graph=True)
            gx = x.grad
        else:
            gx, = torch.autograd.grad(out, x, grad_outputs=v, create_graph=True)
    except RuntimeError as error:
        return error_name(error), "-" if v is None else short(v.tolist()), "-"
    v_after = "-" if v is None else short(v.tolist())
    try:
        if api == ".backward()":
            gx.sum().backward()
            second = wrt.grad
        else:
            second, = torch.autograd.grad(gx.sum(), wrt)
        second = short(second.tolist())
    except RuntimeError as error:
        second = error_name(error)
    return short(gx.tolist()), v_after, second


def table():
    """Rows: kind, relu, gx, v after, 2nd by .backward(), by autograd.grad."""
    rows = []
    with warnings.catch_warnings():
        # Writing into the stride-0 gradient warns; .backward(create_graph=True)
        # warns about a reference cycle. Neither changes a result here.
        warnings.simplefilter("ignore")
        for kind in KINDS:
            for name, relu in RELUS.items():
                by_backward = run(relu, kind, ".backward()")
                by_grad = run(relu, kind, "autograd.grad")
                # The first step comes out the same through either API.
                assert by_backward[:2] == by_grad[:2], (by_backward, by_grad)
                rows.append((kind, name, *by_grad[:2],
                             by_backward[2], by_grad[2]))
    return rows


def passes_gradgradcheck(relu):
    """gradgradcheck on float64 inputs away from 0: True, or the error's name.

    It makes its own random grad_outputs: leaf tensors that require grad.
    """
    x = torch.tensor([-1.5, -0.5, 0.5, 1.5], dtype=torch.float64,
                     requires_grad=True)
    try:
        return gradgradcheck(relu.apply, (x,))
    except RuntimeError as error:
        return error_name(error)


if __name__ == "__main__":
    header = ("v", "Function", "gx", "v after", ".backward()", "autograd.grad")
    widths = (9, 19, 8, 9, 13, 13)
    for row in (header, *table()):
        cells = (f"{cell:<{width}}" for cell, width in zip(row, widths))
        print("".join(cells).rstrip())
    for name in ("MyReLU", "NoCloneReLU"):
        print(f"gradgradcheck {name}: {passes_gradgradcheck(RELUS[name])}")
    print()
    for name, phrase in ERRORS.items():
        print(f"{name:<10}...{phrase}...")
