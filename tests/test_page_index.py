"""Facts behind the home page (docs/*/index.md), asserted on the snippets' values."""

import torch

from snippets import home_grad_at_zero, relu_clamp_at_nan, torch_release

RELEASE = tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2])


def grad_at(relu, values=(-1.0, 0.0, 1.0)):
    x = torch.tensor(values, requires_grad=True)
    relu(x).sum().backward()
    return x.grad.tolist()


def test_home_myrelu_is_the_tutorials_and_keeps_one_at_zero():
    relus = home_grad_at_zero.relus
    assert list(relus) == ["MyReLU", "torch.relu", "x.clamp(min=0)"]
    assert grad_at(relus["MyReLU"]) == [0.0, 1.0, 1.0]
    assert grad_at(relus["torch.relu"]) == [0.0, 0.0, 1.0]


def test_home_myrelu_backward_clones_and_leaves_the_incoming_gradient_alone():
    x = torch.tensor([-1.0, 0.0, 1.0], requires_grad=True)
    g = torch.ones(3)
    home_grad_at_zero.MyReLU.apply(x).backward(g)
    assert g.tolist() == [1.0, 1.0, 1.0]


def test_home_clamp_at_zero_depends_on_the_release():
    expected = 1.0 if RELEASE < (2, 14) else 0.0
    assert grad_at(home_grad_at_zero.relus["x.clamp(min=0)"]) == [0.0, expected, 1.0]


def test_torch_release_prints_the_release_without_a_build_tag(capsys):
    import runpy
    runpy.run_path(torch_release.__file__, run_name="__main__")
    printed = capsys.readouterr().out.strip()
    assert printed == torch.__version__.split("+")[0]
    assert "+" not in printed and printed.count(".") == 2
    assert torch_release.torch is torch


def test_home_relu_and_clamp_still_differ_at_nan_on_every_release():
    # "at NaN they still differ on all three": relu passes the gradient, clamp(min=0) does not
    relus = home_grad_at_zero.relus
    assert grad_at(relus["torch.relu"], (float("nan"),)) == [1.0]
    assert grad_at(relus["x.clamp(min=0)"], (float("nan"),)) == [0.0]


def test_home_tensor_bound_clamp_at_nan_changed_at_2_14():
    # "a clamp with a tensor bound gives a NaN input's gradient to both of its inputs"
    both = relu_clamp_at_nan.both_grads(torch.clamp_min, float("nan"), 0.)
    assert both == ((0.0, 0.0) if RELEASE < (2, 14) else (1.0, 1.0))
