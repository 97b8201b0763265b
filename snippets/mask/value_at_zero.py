"""Which slope each ReLU passes back at exactly 0, and the one-character fix."""
import torch

from snippets.shared.my_relu import MyReLU

X = [-2., -1., 0., 1., 2.]
EXERCISE_GRAD = [0.0, 0.0, 0.0, 1.0, 1.0]  # the exercise's expected 'grad'


class MaskAtMostZeroReLU(MyReLU):
    """The tutorial's MyReLU with `<=`: the entry at 0 is zeroed too."""

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input <= 0] = 0
        return grad_input


RELUS = {
    "MyReLU: input < 0": MyReLU.apply,
    "x.clamp(min=0)": lambda x: x.clamp(min=0),
    "torch.relu": torch.relu,
    "MyReLU with input <= 0": MaskAtMostZeroReLU.apply,
}


def gradient(relu, values=X):
    x = torch.tensor(values, requires_grad=True)
    relu(x).sum().backward()
    return x.grad.tolist()


if __name__ == "__main__":
    print(f"{'gradient at x =':<22} {X}")
    for name, relu in RELUS.items():
        grad = gradient(relu)
        expected = grad == EXERCISE_GRAD
        print(f"{name:<22} {grad}  exercise expects it: {expected}")
    grad = gradient(MyReLU.apply, [-0.0])
    print(f"x = [-0.0]: MyReLU grad = {grad}, since -0.0 < 0 is {-0.0 < 0}")
