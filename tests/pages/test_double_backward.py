"""Facts the double-backward page states that its outputs do not print, asserted on values;
what an output fence prints, the page's own run compares on every release."""
import inspect
from pathlib import Path

import pytest
import torch

from snippets.double_backward import double_backward_table, mark_dirty_wrong_gradient
from snippets.shared import my_relu, no_clone_relu
from tests.helpers import run_snippet

ROOT = Path(__file__).resolve().parents[2]
MyReLU = my_relu.MyReLU
NoCloneReLU = no_clone_relu.NoCloneReLU


def test_x_times_x_the_second_derivative_is_two_with_the_clone_and_fails_without():
    """The page's first example, and the sentence after it."""
    def second(relu):
        x = torch.tensor([-1., 2.], requires_grad=True)
        gx, = torch.autograd.grad(relu(x) + x * x, x, torch.ones(2), create_graph=True)
        assert gx.tolist() == [-2.0, 5.0]
        return torch.autograd.grad(gx.sum(), x)[0].tolist()
    assert second(torch.relu) == second(MyReLU.apply) == [2.0, 2.0]
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        second(NoCloneReLU.apply)


def nodes_of(node, found=None):
    """Every node reachable from node, each once."""
    found = [] if found is None else found
    if node is not None and node not in found:
        found.append(node)
        for child, _ in node.next_functions:
            nodes_of(child, found)
    return found


def test_saved_gradient_the_multiplication_saved_the_incoming_gradient():
    """y = R(x) + x * w: MulBackward0's backward, run first, saves the tensor
    AddBackward0 also hands to R; the clone-free R then writes into it."""
    results = {}
    for relu in (torch.relu, MyReLU.apply, NoCloneReLU.apply):
        x = torch.tensor([-1., 2.], requires_grad=True)
        w = torch.tensor([3., 5.], requires_grad=True)
        g = torch.ones(2)
        gx, = torch.autograd.grad(relu(x) + x * w, x, g, create_graph=True)
        mul, = [n for n in nodes_of(gx.grad_fn) if n.name() == "MulBackward0"]
        if g._version == 0:
            assert mul._saved_self is g  # read before the second step frees it
        try:
            second = torch.autograd.grad(gx.sum(), w)[0].tolist()
        except RuntimeError as error:
            assert "modified by an inplace operation" in str(error)
            second = None
        results[relu] = gx.tolist(), g._version, second
    right = ([3.0, 6.0], 0, [1.0, 1.0])
    assert results[torch.relu] == results[MyReLU.apply] == right
    assert results[NoCloneReLU.apply] == ([3.0, 6.0], 1, None)


@pytest.mark.parametrize("create_graph", [False, True])
def test_saved_gradient_other_order_first_derivative_silently_wrong(create_graph):
    """x * w + R(x): R's backward runs first, so the first derivative is wrong."""
    def first(relu):
        x = torch.tensor([-1., 2.], requires_grad=True)
        w = torch.tensor([3., 5.], requires_grad=True)
        gx, = torch.autograd.grad(x * w + relu(x), x, torch.ones(2),
                                  create_graph=create_graph)
        return gx.tolist()
    assert first(torch.relu) == first(MyReLU.apply) == [3.0, 6.0]
    assert first(NoCloneReLU.apply) == [0.0, 6.0]


def test_no_option_turns_the_custom_gx_without_a_graph_into_zero():
    x = torch.tensor([-1., 2.], requires_grad=True)
    gx, = torch.autograd.grad(MyReLU.apply(x).sum(), x, create_graph=True)
    assert gx.grad_fn is None
    # Neither option turns this error into the zero: gx itself has no graph.
    for options in ({}, {"allow_unused": True}, {"materialize_grads": True}):
        with pytest.raises(RuntimeError, match="does not require grad"):
            torch.autograd.grad(gx.sum(), x, **options)


def test_once_differentiable_leaf_requires_grad_and_is_the_callers_w_without_the_clone(
        capsys):
    namespace, _ = run_snippet("double_backward", "once_unused", capsys)
    leaf = namespace["leaf"].variable
    assert leaf.is_leaf and leaf.requires_grad
    # leaf NoCloneReLU, once: the returned gradient is the caller's w in memory
    x = torch.tensor([-1., 2.], requires_grad=True)
    w = torch.tensor([3., 7.], requires_grad=True)
    once = double_backward_table.OnceNoCloneReLU
    gx, = torch.autograd.grad(once.apply(x), x, w, create_graph=True)
    fake = gx.grad_fn.next_functions[0][0].variable
    assert gx.data_ptr() == w.data_ptr() == fake.data_ptr(), (
        "the page says: with NoCloneReLU, once, gx and its leaf are the caller's w itself")
    assert w.tolist() == [0.0, 7.0]


def test_once_differentiable_source_is_the_same_on_every_release():
    """The page describes the decorator from 2.15's source, and says so for all."""
    source = inspect.getsource(torch.autograd.function.once_differentiable)
    assert "with torch.no_grad():" in source
    assert "if not requires_grad:" in source  # no Error node without a gradient needing one
    assert "var = var.detach()" in source and "var.requires_grad = True" in source
    assert "DelayedError(" in source


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_page_table_matches_the_snippet(lang):
    """The page's Markdown table: one row per snippet row, same result cells."""
    page = (ROOT / "docs" / lang / "double-backward.md").read_text(encoding="utf-8")
    start = page.index("{ #double-backward }")
    rows = [line for line in page[start:].splitlines() if line.startswith("| ")]
    cells = [[c.strip().replace("`", "") for c in row.strip("|").split("|")]
             for row in rows]
    body = [row for row in cells if row[2:] and row[2].startswith(("[", "E-"))]
    # The first column, the kind of v, is in the page's language.
    assert [tuple(row[1:]) for row in body] == \
        [row[1:] for row in double_backward_table.table()]


def test_mark_dirty_the_returned_tensor_is_right_either_way():
    for declare in (False, True):
        leaf = torch.tensor(3., requires_grad=True)
        out = mark_dirty_wrong_gradient.DoubleInPlace.apply(leaf * 1, declare)
        (out * out).backward()
        assert leaf.grad.item() == 24.0
