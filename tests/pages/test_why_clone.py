"""Facts the why-clone page states that its outputs do not print, asserted on values; what an
output fence prints, the page's own run compares on every release."""
import inspect
import re
from pathlib import Path

import pytest
import torch

from snippets.shared import my_relu, no_clone_relu
from snippets.why_clone import out_of_place_backward, tutorial_loop
from tests.helpers import run_snippet
from tests.repo import RELEASE

ROOT = Path(__file__).resolve().parents[2]
MyReLU = my_relu.MyReLU
NoCloneReLU = no_clone_relu.NoCloneReLU



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
    namespace, _ = run_snippet("why_clone", "sum_of_outputs", capsys)
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
    _, out = run_snippet("why_clone", "grad_mode", capsys)
    recorded = out.split("create_graph=")[2]
    assert ("IndexPutBackward0" if RELEASE < (2, 15) else "MaskedFillBackward0") in recorded


@pytest.mark.parametrize("name", ["input_grad_buffers",
                                  "input_grad_buffers_limits"])
def test_input_grad_buffers_examples_per_release(name, capsys):
    """Which releases have the buffer; what each case prints, the page's outputs show."""
    _, out = run_snippet("why_clone", name, capsys)
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
