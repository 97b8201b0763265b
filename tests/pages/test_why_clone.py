"""Facts the why-clone page states that its outputs do not print, asserted on values; what an
output fence prints, the page's own run compares on every release."""
import inspect
import re
import runpy
from pathlib import Path

import pytest
import torch

from snippets.shared import my_relu, no_clone_relu
from snippets.why_clone import (
    double_backward_table,
    mark_dirty_wrong_gradient,
    out_of_place_backward,
    tutorial_loop,
)
from tests.repo import RELEASE

ROOT = Path(__file__).resolve().parents[2]
MyReLU = my_relu.MyReLU
NoCloneReLU = no_clone_relu.NoCloneReLU


def run_script(name, capsys):
    """Run a self-contained snippet as __main__; return its namespace and what it printed."""
    namespace = runpy.run_path(str(ROOT / "snippets" / "why_clone" / f"{name}.py"),
                               run_name="__main__")
    return namespace, capsys.readouterr().out


def test_quoted_derivatives_yaml_entries_are_in_this_release():
    """The page links them at v2.15.0: the same on every release."""
    import torchgen
    path = Path(torchgen.__file__).parent / "packaged" / "autograd" / "derivatives.yaml"
    text = path.read_text(encoding="utf-8")
    assert ("- name: mm(Tensor self, Tensor mat2) -> Tensor\n"
            "  self: mm_mat1_backward(grad, mat2, ") in text
    entry = text.split("- name: sum(Tensor self, *, ScalarType? dtype=None) -> Tensor\n")[1]
    assert entry.split("- name:")[0].count("self: grad.expand_symint(self.sym_sizes())\n") == 1


def test_tutorial_loop_incoming_gradient_is_a_fresh_contiguous_tensor():
    """What MyReLU receives there: made by mm's backward for it alone."""
    seen = []

    class Watch(tutorial_loop.MyReLU):
        @staticmethod
        def backward(ctx, grad_output):
            seen.append((grad_output.stride(), grad_output._base is None,
                         grad_output.requires_grad))
            return tutorial_loop.MyReLU.backward(ctx, grad_output)

    tutorial_loop.train(Watch, steps=1)
    assert seen == [((100, 1), True, False)]


@pytest.mark.parametrize("present, since", [
    (lambda: hasattr(torch.autograd.function.FunctionCtx, "set_output_grad_dtype"), (2, 14)),
    # the page quotes Function.backward's docstring of 2.15 and says 2.13 and 2.14.1 lack it
    (lambda: "The strides of the gradients passed to :func:`backward` are undefined"
     in inspect.getsource(torch.autograd.Function.backward), (2, 15)),
], ids=["set_output_grad_dtype", "backward_strides_undefined"])
def test_what_the_page_says_a_release_added(present, since):
    assert present() == (RELEASE >= since), (
        f"PyTorch {torch.__version__}: present is {present()}, the page says since {since}")


def test_sum_example_warns_per_version(capsys):
    namespace, _ = run_script("sum_of_outputs", capsys)
    ops = [re.search(r"Use of (\w+) on expanded", str(w.message)).group(1)
           for w in namespace["caught"]]
    # 2.13 and 2.14.1 warn from index_put_ and masked_fill_; since 2.15 only masked_fill_.
    assert ops == (["index_put_", "masked_fill_"] if RELEASE < (2, 15)
                   else ["masked_fill_"])


def test_tensor_hook_gets_a_fresh_gradient():
    # What the hook gets is the multiplication's own result: not a view, not
    # shared with another node or the caller.
    seen = []
    x = torch.tensor([-1., 2., -3.], requires_grad=True)
    y = MyReLU.apply(x)
    y.register_hook(lambda grad: seen.append((grad._base is None, grad.stride())))
    (y * torch.tensor([5., 6., 7.])).sum().backward()
    assert seen == [(True, (1,))]


def test_grad_mode_example_records_the_masked_write_per_release(capsys):
    _, out = run_script("grad_mode", capsys)
    recorded = out.split("create_graph=")[2]
    assert ("IndexPutBackward0" if RELEASE < (2, 15) else "MaskedFillBackward0") in recorded


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
    namespace, _ = run_script("once_unused", capsys)
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
    page = (ROOT / "docs" / lang / "why-clone.md").read_text(encoding="utf-8")
    start = page.index("{ #double-backward }")
    rows = [line for line in page[start:].splitlines() if line.startswith("| ")]
    cells = [[c.strip().replace("`", "") for c in row.strip("|").split("|")]
             for row in rows]
    body = [row for row in cells if row[2:] and row[2].startswith(("[", "E-"))]
    # The first column, the kind of v, is in the page's language.
    assert [tuple(row[1:]) for row in body] == \
        [row[1:] for row in double_backward_table.table()]


@pytest.mark.parametrize("name", ["input_grad_buffers",
                                  "input_grad_buffers_limits"])
def test_input_grad_buffers_examples_per_release(name, capsys):
    """Which releases have the buffer; what each case prints, the page's outputs show."""
    _, out = run_script(name, capsys)
    if RELEASE >= (2, 15):
        assert "buffer for x's gradient: [3.0, 3.0]" in out and "AttributeError" not in out
    else:
        assert "buffer for x's gradient" not in out and "AttributeError" in out


INPUT_GRAD_BUFFERS_QUOTES = [
    "A custom backward may accumulate its contribution directly into the buffer "
    "and return None for that input",
    "An entry is None when no earlier producer has contributed to that input, or "
    "when the existing buffer is aliased or cannot safely be updated in place.",
    "It is unavailable with create_graph=True, anomaly detection, a post-hook on "
    "the producing autograd node, or stale capture stream overrides",
    "Mutate it synchronously and do not retain it",
]


def test_input_grad_buffers_is_documented_only_since_2_15():
    prop = getattr(torch.autograd.function.FunctionCtx, "input_grad_buffers", None)
    assert (prop is not None) == (RELEASE >= (2, 15))
    if prop is not None:
        doc = " ".join(prop.__doc__.replace("``", "").split())
        for quote in INPUT_GRAD_BUFFERS_QUOTES:
            assert quote in doc, quote
        # the page paraphrases these two
        assert "during an eager, first-order" in doc
        assert ("After receiving a non-None buffer, calling backward or grad before "
                "the custom backward returns raises an error." in doc)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_page_quotes_the_input_grad_buffers_docstring(lang):
    page = " ".join((ROOT / "docs" / lang / "why-clone.md").read_text(
        encoding="utf-8").replace("`", "").split())
    for quote in INPUT_GRAD_BUFFERS_QUOTES:
        # A quoted sentence's full stop goes after the closing «» in Russian typography.
        assert quote.rstrip(".") in page, quote


STRICT = [out_of_place_backward.MultiplyMaskReLU,
          out_of_place_backward.MaskedFillReLU, out_of_place_backward.WhereReLU]


@pytest.mark.parametrize("relu", STRICT, ids=lambda relu: relu.__name__)
def test_out_of_place_backward_gives_zero_at_zero_and_keeps_grad_output(relu):
    assert out_of_place_backward.gradient(relu, [-1., 0., 1.]) == [0.0, 0.0, 1.0]
    x = torch.tensor([-1., 0., 1.], requires_grad=True)
    g = torch.ones(3)
    relu.apply(x).backward(g)
    assert g.tolist() == [1.0, 1.0, 1.0]
    x64 = torch.tensor([-1.5, 0.5], dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradgradcheck(relu.apply, (x64,))


def test_mark_dirty_the_returned_tensor_is_right_either_way():
    for declare in (False, True):
        leaf = torch.tensor(3., requires_grad=True)
        out = mark_dirty_wrong_gradient.DoubleInPlace.apply(leaf * 1, declare)
        (out * out).backward()
        assert leaf.grad.item() == 24.0
