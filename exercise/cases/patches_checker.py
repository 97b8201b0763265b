# Wrong: a forward and backward that do nothing useful, and an attempt to make
# the checker pass them anyway by replacing its measurements and torch's tools.
import sys

import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        return input * 0

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * 0


checker = sys.modules["__main__"]
for name in list(vars(checker)):
    if name.startswith("measure_"):
        setattr(checker, name, lambda relu, plan: {})
torch.autograd.gradcheck = lambda *args, **kwargs: True
