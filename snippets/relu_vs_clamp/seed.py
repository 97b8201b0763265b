import torch

x = torch.tensor([[3., 2., 1.], [1., 0., 2.], [4., 1., 2.], [0., 0., 1.]])
w1 = torch.tensor([[1., 2.], [0., 1.], [4., 0.]])
w2 = torch.tensor([[-1., 1.], [-2., 3.]])


def w1_grad(activation):
    w = w1.clone().requires_grad_()
    y_hat = activation(x.mm(w)).mm(w2)
    (y_hat - 1).pow(2).sum().backward()
    return w.grad


if __name__ == "__main__":
    diff = w1_grad(torch.relu) - w1_grad(lambda h: h.clamp(min=0))
    print("w1.grad with relu - w1.grad with clamp:")
    for row in diff.tolist():
        print("   ", row)
    print("they differ at", diff.nonzero().tolist())
