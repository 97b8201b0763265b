"""The relu-vs-clamp experiment from the Q&A, then where its -38 comes from."""
import torch
import torch.nn.functional as F

X = torch.tensor([[3., 2., 1.], [1., 0., 2.], [4., 1., 2.], [0., 0., 1.]])
W1 = torch.tensor([[1., 2.], [0., 1.], [4., 0.]])
W2 = torch.tensor([[-1., 1.], [-2., 3.]])


def gradient_differences():
    """The Q&A's two runs, relu (a) and clamp(min=0) (b); return the grad differences."""
    w1_a, w2_a = W1.clone().requires_grad_(), W2.clone().requires_grad_()
    w1_b, w2_b = W1.clone().requires_grad_(), W2.clone().requires_grad_()
    y_hat_a = F.relu(X.mm(w1_a)).mm(w2_a)
    y_hat_b = X.mm(w1_b).clamp(min=0).mm(w2_b)
    (y_hat_a - torch.ones_like(y_hat_a)).pow(2).sum().backward()
    (y_hat_b - torch.ones_like(y_hat_b)).pow(2).sum().backward()
    return w1_a.grad - w1_b.grad, w2_a.grad - w2_b.grad


def zero_preactivation():
    """The hidden pre-activations and the (row, unit) index of the exact zero."""
    h = X.mm(W1)
    (row, unit), = (h == 0).nonzero().tolist()
    return h, row, unit


def upstream_factors(row, unit):
    """dL/dh[row, unit] = sum over j of dL/dy_hat[row, j] * w2[unit, j]."""
    y_hat = F.relu(X.mm(W1)).mm(W2)  # relu(0) == clamp(0): both runs share this forward
    dloss_dy_hat = 2 * (y_hat[row] - 1)
    return dloss_dy_hat.tolist(), W2[unit].tolist()


if __name__ == "__main__":
    dw1, dw2 = gradient_differences()
    print("w1_a.grad - w1_b.grad =", dw1.tolist())
    print("w2_a.grad - w2_b.grad =", dw2.tolist())
    h, row, unit = zero_preactivation()
    print("x.mm(w1) =", h.tolist())
    print(f"exact zero at h[{row},{unit}]")
    upstream, weights = upstream_factors(row, unit)
    terms = [u * w for u, w in zip(upstream, weights)]
    products = " + ".join(f"({u}) * ({w})" for u, w in zip(upstream, weights))
    print(f"dL/dh[{row},{unit}] = {products} = {' + '.join(map(str, terms))} = {sum(terms)}")
    # clamp passes this gradient through the zero, relu blocks it; w1.grad[i, unit]
    # then collects x[row, i] times it, and only x[row, 2] is non-zero.
    passed = (X[row] * sum(terms)).tolist()
    print(f"clamp adds x[{row}] * {sum(terms)} = {passed} to w1.grad[:, {unit}], relu adds nothing")
