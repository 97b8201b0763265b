"""Every ReLU backward on the page vs the four ways grad_output is shared,
and vs an incoming gradient that is not finite."""
import torch

from snippets.shared.my_relu import MyReLU
from snippets.shared.no_clone_relu import NoCloneReLU
from snippets.why_clone.hazard_expanded_gradient import backprop_sum
from snippets.why_clone.hazard_shared_gradient import backprop_two_branches
from snippets.why_clone.hazard_tensor_hook import backprop_with_hook
from snippets.why_clone.hazard_user_gradient import backprop_user_gradient
from snippets.double_backward.once_differentiable_no_fix import (
    OnceDifferentiableNoCloneReLU)
from snippets.why_clone.out_of_place_backward import (
    MaskedFillReLU, MultiplyMaskReLU, WhereReLU)

RELUS = {
    "torch.relu": torch.relu,
    "MyReLU (clone)": MyReLU.apply,
    "grad_output * (input > 0)": MultiplyMaskReLU.apply,
    "masked_fill(input <= 0, 0)": MaskedFillReLU.apply,
    "torch.where(input > 0, ...)": WhereReLU.apply,
    "NoCloneReLU": NoCloneReLU.apply,
    "NoCloneReLU, once": OnceDifferentiableNoCloneReLU.apply,
}
HAZARDS = ("(a) caller", "(b) branch", "(c) .sum()", "(d) hook", "inf/NaN")


def backprop_nonfinite(relu):
    """x.grad for an incoming gradient with inf and NaN where x < 0, as
    under mixed precision before a gradient scaler skips the step."""
    x = torch.tensor([-1., -2., 3.], requires_grad=True)
    relu(x).backward(torch.tensor([float("inf"), float("nan"), 5.]))
    return str(x.grad.tolist())  # as text: NaN is not equal to itself


def survives(relu):
    """Per hazard: same results as torch.relu? No input is 0.

    (a) x.grad and the caller's g, (b) x.grad and w.grad, (c) x.grad and no
    warning, (d) x.grad, y.grad and the dL/dy a hook kept, inf/NaN: x.grad.
    """
    x_grad, g_after = backprop_user_gradient(relu)
    user_ok = (x_grad, g_after) == backprop_user_gradient(torch.relu)
    shared_ok = backprop_two_branches(relu) == backprop_two_branches(torch.relu)
    # backprop_sum also returns the warnings, which a correct backward avoids.
    expanded_ok = backprop_sum(relu)[0::2] == backprop_sum(torch.relu)[0::2]
    hook_ok = backprop_with_hook(relu) == backprop_with_hook(torch.relu)
    finite_ok = backprop_nonfinite(relu) == backprop_nonfinite(torch.relu)
    return dict(zip(HAZARDS,
                    (user_ok, shared_ok, expanded_ok, hook_ok, finite_ok)))


if __name__ == "__main__":
    header = "".join(f"{hazard:<11}" for hazard in HAZARDS)
    print(f"{'backward':<28}{header}".rstrip())
    for name, relu in RELUS.items():
        cells = ("ok" if ok else "WRONG" for ok in survives(relu).values())
        row = "".join(f"{cell:<11}" for cell in cells)
        print(f"{name:<28}{row}".rstrip())
