"""Exercise: write ReLU as a custom autograd Function.

Save this file as my_relu.py and replace both TODOs. Then, with the checker
from the exercise page downloaded into the same folder, check your work:
    python check_custom_relu.pyz my_relu.py
(add --lang ru for a report in Russian).
"""
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        # TODO: keep what backward will need with ctx.save_for_backward(...)
        # and return max(0, input) element-wise.
        raise NotImplementedError("CustomReLU.forward is not written yet")

    @staticmethod
    def backward(ctx, grad_output):
        # TODO: return the gradient for input: grad_output where input > 0,
        # 0 elsewhere (x == 0 included). Build a new tensor: grad_output may be
        # shared with other parts of the graph, so never write into it.
        raise NotImplementedError("CustomReLU.backward is not written yet")


def solution():
    x = torch.tensor([-2., -1., 0., 1., 2.], requires_grad=True)
    y = CustomReLU.apply(x)
    y.sum().backward()
    return {"output": y.tolist(), "grad": x.grad.tolist()}


if __name__ == "__main__":
    try:
        print(solution())
    except NotImplementedError as error:
        print("Not finished yet:", error)
