"""Double backward (create_graph=True): the clone keeps the caller's gradient out of harm."""
import torch
from torch.autograd import gradgradcheck

from snippets.my_relu import MyReLU
from snippets.no_clone_relu import NoCloneReLU


def vector_jacobian_product(relu, leaf):
    """gx = v * relu'(x) at x = [-1, 2] with the graph recorded; v = [3, 7] is the leaf w
    itself or w * 1, which is not a leaf.

    Returns (gx, d sum(gx) / dw, v after the call, whether gx is v).
    """
    x = torch.tensor([-1., 2.], requires_grad=True)
    w = torch.tensor([3., 7.], requires_grad=True)
    v = w if leaf else w * 1
    gx, = torch.autograd.grad(relu.apply(x), x, grad_outputs=v, create_graph=True)
    dw, = torch.autograd.grad(gx.sum(), w)
    return gx.tolist(), dw.tolist(), v.tolist(), gx is v


def passes_gradgradcheck(relu):
    """gradgradcheck away from the kink: True, or the error it raised."""
    x = torch.tensor([-1.5, -0.5, 0.5, 1.5], dtype=torch.float64, requires_grad=True)
    try:
        return gradgradcheck(relu.apply, (x,))
    except RuntimeError as error:
        return "RuntimeError: " + str(error).splitlines()[0]


if __name__ == "__main__":
    for relu in (MyReLU, NoCloneReLU):
        for leaf in (True, False):
            print(f"{relu.__name__:<11} v is {'a leaf' if leaf else 'not a leaf'}:")
            try:
                gx, dw, v_after, same = vector_jacobian_product(relu, leaf)
            except RuntimeError as error:
                print("    RuntimeError:", str(error).splitlines()[0])
                continue
            print(f"    gx = {gx}   d sum(gx) / dw = {dw}   v after = {v_after}   gx is v: {same}")
    for relu in (MyReLU, NoCloneReLU):
        print(f"gradgradcheck {relu.__name__:<11}: {passes_gradgradcheck(relu)}")
