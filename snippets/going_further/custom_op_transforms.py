"""torch.func over the custom op: vmap works, grad and jacrev raise, and
torch.func's forward mode returns zeros without an error; forward_ad loses the
tangent while no input requires grad, and raises once one does."""
import warnings

import torch
import torch.autograd.forward_ad as fwAD

from snippets.going_further.custom_op import backward, first_line, setup_context


# The op of the block above, defined again here so that this one carries a
# vmap rule of its own.
@torch.library.custom_op("site::relu_with_vmap", mutates_args=())
def relu(input: torch.Tensor) -> torch.Tensor:
    return input.clamp(min=0)


@relu.register_fake
def _(input):
    return torch.empty_like(input)


def relu_vmap(info, in_dims, input):
    # element-wise: the batched input goes through as it is, batch dim kept
    return relu(input), in_dims[0]


relu.register_autograd(backward, setup_context=setup_context)
torch.library.register_vmap(relu, relu_vmap)  # without it: a slow fallback

def dual_tangent(requires_grad):
    primal = torch.tensor([-1.0, 2.0], requires_grad=requires_grad)
    with fwAD.dual_level():
        dual = fwAD.make_dual(primal, torch.ones(2))
        tangent = fwAD.unpack_dual(relu(dual)).tangent
        return None if tangent is None else tangent.tolist()


x = torch.tensor([-1.0, 2.0])
rows = torch.tensor([[-1.0, 2.0], [3.0, -4.0]])
calls = {
    "torch.vmap": lambda: torch.vmap(relu)(rows).tolist(),
    "torch.func.grad": lambda: torch.func.grad(
        lambda t: relu(t).sum())(x).tolist(),
    "torch.func.jacrev": lambda: torch.func.jacrev(relu)(x).tolist(),
    "torch.func.jvp, tangent 1": lambda: torch.func.jvp(
        relu, (x,), (torch.ones(2),))[1].tolist(),
    "torch.func.jacfwd": lambda: torch.func.jacfwd(relu)(x).tolist(),
    "forward_ad, plain x": lambda: dual_tangent(False),
    "forward_ad, requires_grad": lambda: dual_tangent(True),
}

if __name__ == "__main__":
    with warnings.catch_warnings():
        # forward mode's first use loads its rules through torch.jit.script,
        # which warns that it is deprecated: PyTorch's own call
        warnings.filterwarnings("ignore", r"`torch\.jit\.script` is deprecated")
        for name, call in calls.items():
            # the message of the block above, its first clause shown once
            text = str(first_line(call)).replace(
                "In order to use an autograd.Function with functorch transforms"
                " (vmap, grad, jvp, jacrev, ...), ", "...")
            text = text.split(" staticmethod")[0].split(" function for")[0]
            print(f"{name + ':':<26} {text}")
    print("right: jvp [0.0, 1.0], jacfwd [[0.0, 0.0], [0.0, 1.0]]")
