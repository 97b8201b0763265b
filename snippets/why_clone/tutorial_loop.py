"""The tutorial's training loop with MyReLU and NoCloneReLU: same result."""
import torch


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


class NoCloneReLU(MyReLU):
    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_output[input < 0] = 0  # writes into the tensor it was given
        return grad_output


def train(relu, steps=500):
    """The tutorial's two-layer net; returns the last loss and the weights."""
    torch.manual_seed(0)
    x, y = torch.randn(64, 1000), torch.randn(64, 10)
    w1 = torch.randn(1000, 100, requires_grad=True)
    w2 = torch.randn(100, 10, requires_grad=True)
    for _ in range(steps):
        loss = (relu.apply(x.mm(w1)).mm(w2) - y).pow(2).sum()
        loss.backward()
        with torch.no_grad():
            for w in (w1, w2):
                w -= 1e-6 * w.grad
                w.grad.zero_()
    return loss, w1, w2


if __name__ == "__main__":
    with_clone, without = train(MyReLU), train(NoCloneReLU)
    print(f"loss after 500 steps: {with_clone[0].item():.2g}")
    same = all(torch.equal(a, b) for a, b in zip(with_clone, without))
    print("loss, w1 and w2 bit for bit the same without the clone:", same)
