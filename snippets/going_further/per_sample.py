import torch
from torch.func import grad, vmap


class ReLU(torch.autograd.Function):
    generate_vmap_rule = True  # let torch.func batch forward and backward

    @staticmethod
    def forward(input):
        return input.clamp(min=0)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0)


def loss(b, x):  # x: one example; b: a bias shared by every example
    return ReLU.apply(x + b).sum()


b = torch.tensor([0.5, -1.0, 1.0], requires_grad=True)
batch = torch.tensor([[1.0, 3.0, -2.0], [2.0, -2.0, 4.0]])
per_sample = vmap(grad(loss), in_dims=(None, 0))(b, batch)
print("vmap(grad(loss)):", per_sample.tolist())
ReLU.apply(batch + b).sum().backward()
print("one .backward() :", b.grad.tolist())
