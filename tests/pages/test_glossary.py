"""Facts behind the glossary's definitions (docs/*/glossary.md), asserted on every release."""
import torch
from torch.autograd.function import once_differentiable


def dead_unit():
    """One ReLU unit, relu(x * w + b), whose pre-activation is < 0 for every input."""
    w = torch.tensor([1.0], requires_grad=True)
    b = torch.tensor([-5.0], requires_grad=True)
    x = torch.tensor([[1.0], [2.0], [3.0]])
    return w, b, x


def test_a_dead_unit_gets_a_zero_gradient_yet_weight_decay_and_momentum_move_it():
    for options in ({"weight_decay": 0.1}, {"momentum": 0.9}):
        w, b, x = dead_unit()
        optimizer = torch.optim.SGD([w, b], lr=0.1, **options)
        if "momentum" in options:  # a step taken while the unit was still alive
            w.grad, b.grad = torch.tensor([-1.0]), torch.tensor([-1.0])
            optimizer.step()
        before = w.detach().clone()
        optimizer.zero_grad()
        torch.relu(x @ w + b).sum().backward()
        assert w.grad.tolist() == [0.0] and b.grad.tolist() == [0.0], "not a dead unit"
        optimizer.step()
        assert w.detach().tolist() != before.tolist(), options


def test_a_dead_unit_revives_when_the_layers_before_it_change():
    w, b, x = dead_unit()
    earlier = torch.tensor([[1.0]], requires_grad=True)  # the layer before the unit
    torch.relu((x @ earlier) @ w + b).sum().backward()
    assert w.grad.tolist() == [0.0]
    w.grad = None
    with torch.no_grad():
        earlier.fill_(3.0)  # now 3 * 3 * 1 - 5 > 0 for the last input, and 6 - 5 for one more
    torch.relu((x @ earlier) @ w + b).sum().backward()
    assert w.grad.tolist() != [0.0]


def below_graph(slope, at, f, points):
    return all(f(t) >= f(at) + slope * (t - at) - 1e-12 for t in points)


def test_relu_subgradients_are_the_derivative_where_it_exists_and_0_to_1_at_0():
    relu = lambda t: max(t, 0.0)  # noqa: E731
    points = [i / 10 for i in range(-30, 31)]
    slopes = [i / 20 for i in range(-20, 41)]
    for at, expected in ((-1.0, [0.0]), (1.0, [1.0]), (0.0, [s for s in slopes if 0 <= s <= 1])):
        assert [s for s in slopes if below_graph(s, at, relu, points)] == expected, at
    x = torch.tensor([-1.0, 1.0], requires_grad=True)
    torch.relu(x).sum().backward()
    assert x.grad.tolist() == [0.0, 1.0]  # autograd returns that derivative off the kink


def test_once_differentiable_runs_backward_without_grad_mode_even_with_create_graph():
    # With create_graph=True a plain backward runs in grad mode (why-clone.md prints it).
    seen = []

    class Double(torch.autograd.Function):
        @staticmethod
        def forward(ctx, input):
            return input * 2

        @staticmethod
        @once_differentiable
        def backward(ctx, grad_output):
            seen.append(torch.is_grad_enabled())
            return grad_output * 2

    x = torch.tensor([1.0], requires_grad=True)
    torch.autograd.grad(Double.apply(x), x, torch.ones(1), create_graph=True)
    assert seen == [False]
