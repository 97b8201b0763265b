# Wrong: saves the input it never reads and keeps the mask's storage, not a
# tensor, in a list, to rebuild the mask in backward.
import torch

kept = []


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        mask = input > 0
        kept.append((mask.untyped_storage(), mask.shape))
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        storage, shape = kept.pop()
        mask = torch.tensor([], dtype=torch.bool).set_(storage).reshape(shape)
        return torch.where(mask, grad_output, 0.)
