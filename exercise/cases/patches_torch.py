# Wrong: a backward that ignores its mask, and a patched Tensor.tolist that
# rewrites every gradient the checker reads to look like torch.relu's.
import torch

original = torch.Tensor.tolist


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.clone()


def tolist(self):
    return original(self.clamp(min=0) if self.requires_grad else self)


torch.Tensor.tolist = tolist
