"""Facts shown on the why-clone page, asserted on values (not printed text)."""
import inspect
import re
import runpy
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest
import torch

# The self-contained examples run when imported (as when pasted); the tests
# below run them again with runpy to read what they print.
from snippets import (  # noqa: F401
    hazard_expanded_gradient,
    hazard_shared_gradient,
    hazard_tensor_hook,
    hazard_user_gradient,
    mark_dirty,
    my_relu,
    no_clone_relu,
    once_differentiable_no_fix,
    out_of_place_backward,
    why_clone_caller_gradient,
    why_clone_double_backward_table,
    why_clone_grad_mode,
    why_clone_gradient_dtype,
    why_clone_hazard_table,
    why_clone_input_grad_buffers,
    why_clone_input_grad_buffers_limits,
    why_clone_mark_dirty,
    why_clone_module_hook,
    why_clone_no_grad_second,
    why_clone_once_unused,
    why_clone_saved_gradient,
    why_clone_sibling_branch,
    why_clone_sum,
    why_clone_tensor_hook,
    why_clone_tutorial_loop,
)
from snippets.why_clone_double_backward_table import OnceMyReLU

ROOT = Path(__file__).resolve().parents[1]
RELEASE = tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2])
MyReLU = my_relu.MyReLU
NoCloneReLU = no_clone_relu.NoCloneReLU


def run_script(name, capsys):
    """Run a self-contained snippet as __main__; return what it printed."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a shown example must not warn
        namespace = runpy.run_path(str(ROOT / "snippets" / f"{name}.py"),
                                   run_name="__main__")
    return namespace, capsys.readouterr().out


# -- the tutorial's MyReLU and the clone-free variant ---------------------------------

def test_my_relu_output_and_gradient_keep_one_at_zero():
    x = torch.tensor([-2., -1., 0., 1., 2.], requires_grad=True)
    y = MyReLU.apply(x)
    y.sum().backward()
    assert y.tolist() == [0.0, 0.0, 0.0, 1.0, 2.0]
    assert x.grad.tolist() == [0.0, 0.0, 1.0, 1.0, 1.0]


def test_my_relu_returns_a_copy_and_no_clone_returns_grad_output_itself():
    ctx = SimpleNamespace(saved_tensors=(torch.tensor([-1., 2.]),))
    g = torch.ones(2)
    assert MyReLU.backward(ctx, g) is not g
    assert g.tolist() == [1.0, 1.0]
    assert NoCloneReLU.backward(ctx, g) is g
    assert g.tolist() == [0.0, 1.0]


def test_no_clone_relu_looks_right_with_a_private_gradient():
    x = torch.tensor([-2., -1., 0., 1., 2.], requires_grad=True)
    NoCloneReLU.apply(x).backward(torch.ones(5))
    assert x.grad.tolist() == [0.0, 0.0, 1.0, 1.0, 1.0]


# -- the derivatives.yaml entries the page quotes (linked at v2.15.0, same on every release) -

def test_quoted_derivatives_yaml_entries_are_in_this_release():
    import torchgen
    path = Path(torchgen.__file__).parent / "packaged" / "autograd" / "derivatives.yaml"
    text = path.read_text(encoding="utf-8")
    assert ("- name: mm(Tensor self, Tensor mat2) -> Tensor\n"
            "  self: mm_mat1_backward(grad, mat2, ") in text
    entry = text.split("- name: sum(Tensor self, *, ScalarType? dtype=None) -> Tensor\n")[1]
    assert entry.split("- name:")[0].count("self: grad.expand_symint(self.sym_sizes())\n") == 1


# -- the hook: the tutorial's own loop does not need the clone ------------------------------

def test_tutorial_loop_gives_bit_identical_results_without_the_clone():
    loop = why_clone_tutorial_loop
    with_clone = loop.train(loop.MyReLU, steps=20)
    without = loop.train(loop.NoCloneReLU, steps=20)
    assert all(torch.equal(a, b) for a, b in zip(with_clone, without))
    assert with_clone[0].item() < loop.train(loop.MyReLU, steps=1)[0].item()


def test_tutorial_loop_incoming_gradient_is_a_fresh_contiguous_tensor():
    """What MyReLU receives there: made by mm's backward for it alone."""
    seen = []

    class Watch(why_clone_tutorial_loop.MyReLU):
        @staticmethod
        def backward(ctx, grad_output):
            seen.append((grad_output.stride(), grad_output._base is None,
                         grad_output.requires_grad))
            return why_clone_tutorial_loop.MyReLU.backward(ctx, grad_output)

    why_clone_tutorial_loop.train(Watch, steps=1)
    assert seen == [((100, 1), True, False)]


# -- (a) the caller's gradient -----------------------------------------------------------

def test_caller_gradient_example_overwrites_g_and_grad_outputs(capsys):
    namespace, _ = run_script("why_clone_caller_gradient", capsys)
    assert namespace["g"].tolist() == [0.0, 1.0, 0.0]
    assert namespace["v"].tolist() == [0.0, 1.0, 0.0]
    assert namespace["x"].grad.tolist() == [0.0, 1.0, 0.0]


def test_hazard_user_gradient_only_no_clone_overwrites_the_callers_tensor():
    run = hazard_user_gradient.backprop_user_gradient
    assert run(torch.relu) == ([0.0, 1.0, 0.0], [1.0, 1.0, 1.0])
    assert run(MyReLU.apply) == ([0.0, 1.0, 0.0], [1.0, 1.0, 1.0])
    assert run(NoCloneReLU.apply) == ([0.0, 1.0, 0.0], [0.0, 1.0, 0.0])


# -- (b) the sibling branch --------------------------------------------------------------

@pytest.mark.parametrize("dtype, itself", [(torch.float32, True),
                                           (torch.float64, False)])
def test_caller_gradient_is_handed_on_only_in_the_outputs_dtype(dtype, itself):
    """(a) holds for a g of the output's dtype; another dtype is cast first."""
    seen = why_clone_gradient_dtype.seen
    seen.clear()
    x = torch.tensor([-1., 2., -3.], requires_grad=True)
    g = torch.ones(3, dtype=dtype)
    why_clone_gradient_dtype.SeenNoCloneReLU.apply(x).backward(gradient=g)
    assert (seen[0] is g) is itself
    assert seen[0].dtype == torch.float32
    assert g.tolist() == ([0.0, 1.0, 0.0] if itself else [1.0, 1.0, 1.0])
    assert x.grad.tolist() == [0.0, 1.0, 0.0]


def test_set_output_grad_dtype_exists_since_2_14():
    ctx = torch.autograd.function.FunctionCtx
    assert hasattr(ctx, "set_output_grad_dtype") == (RELEASE >= (2, 14))


def test_sibling_example_depends_on_recording_order(capsys):
    _, out = run_script("why_clone_sibling_branch", capsys)
    assert re.findall(r"w\.grad = (\[.*\])", out) == ["[0.0, 3.0]", "[3.0, 3.0]"]


def test_add_backward_hands_out_one_tensor():
    assert hazard_shared_gradient.add_shares_its_gradient() == ("AddBackward0", True)


@pytest.mark.parametrize("relu_last", [True, False])
def test_sibling_branch_damage_depends_on_which_node_runs_first(relu_last):
    run = hazard_shared_gradient.backprop_two_branches
    correct = run(torch.relu, relu_last)
    assert correct == ([0.0, 1.0], [3.0, 3.0])
    assert run(MyReLU.apply, relu_last) == correct
    x_grad, w_grad = run(NoCloneReLU.apply, relu_last)
    assert x_grad == correct[0]
    assert w_grad == ([0.0, 3.0] if relu_last else [3.0, 3.0])
    order = hazard_shared_gradient.backward_order(relu_last)
    expected = ["ReluBackward0", "MulBackward0"]
    assert order == (expected if relu_last else expected[::-1])


# -- (c) the stride-0 gradient of .sum() -----------------------------------------------------

def test_sum_example_zeroes_everything_and_warns_per_version(capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        namespace = runpy.run_path(str(ROOT / "snippets" / "why_clone_sum.py"),
                                   run_name="__main__")
    out = capsys.readouterr().out
    assert "stride (0,)" in out
    assert namespace["x"].grad.tolist() == [0.0, 0.0, 0.0]
    ops = [re.search(r"Use of (\w+) on expanded", str(w.message)).group(1)
           for w in namespace["caught"]]
    # 2.13 and 2.14.1 warn from index_put_ and masked_fill_; since 2.15 only masked_fill_.
    assert ops == (["index_put_", "masked_fill_"] if RELEASE < (2, 15)
                   else ["masked_fill_"])


def test_backward_docstring_leaves_strides_undefined_since_2_15():
    """The page quotes Function.backward's docstring of 2.15 and says 2.13 and 2.14.1 lack it."""
    quoted = "The strides of the gradients passed to :func:`backward` are undefined"
    assert (quoted in inspect.getsource(torch.autograd.Function.backward)) == \
        (RELEASE >= (2, 15))


def test_hazard_expanded_gradient_is_stride_zero_and_breaks_no_clone():
    run = hazard_expanded_gradient.backprop_sum
    assert run(MyReLU.apply) == ([0.0, 1.0, 0.0], (0,), [])
    assert run(torch.relu) == ([0.0, 1.0, 0.0], (0,), [])
    grad, stride, lines = run(NoCloneReLU.apply)
    assert (grad, stride) == ([0.0, 0.0, 0.0], (0,))
    assert lines and all("on expanded tensors is deprecated" in x for x in lines)


# -- (d) a gradient kept by a tensor hook -------------------------------------------------

def test_tensor_hook_example_kept_gradient_is_zeroed(capsys):
    namespace, out = run_script("why_clone_tensor_hook", capsys)
    kept, y = namespace["kept"][0], namespace["y"]
    assert kept.tolist() == [0.0, 6.0, 0.0]
    # retain_grad() stores a copy: another tensor, with the values dL/dy had.
    assert y.grad.tolist() == [5.0, 6.0, 7.0]
    assert y.grad.data_ptr() != kept.data_ptr()
    assert namespace["x"].grad.tolist() == [0.0, 6.0, 0.0]
    assert f"kept dL/dy = {kept.tolist()}" in out


def test_tensor_hook_gets_a_fresh_gradient_and_only_no_clone_changes_it():
    run = hazard_tensor_hook.backprop_with_hook
    correct = ([5.0, 6.0, 7.0], [5.0, 6.0, 7.0], [0.0, 6.0, 0.0])
    assert run(torch.relu) == run(MyReLU.apply) == correct
    assert run(NoCloneReLU.apply) == ([0.0, 6.0, 0.0], *correct[1:])
    # What the hook gets is the multiplication's own result: not a view, not
    # shared with another node or the caller.
    seen = []
    x = torch.tensor([-1., 2., -3.], requires_grad=True)
    y = MyReLU.apply(x)
    y.register_hook(lambda grad: seen.append((grad._base is None, grad.stride())))
    (y * torch.tensor([5., 6., 7.])).sum().backward()
    assert seen == [(True, (1,))]


# -- grad mode inside backward -----------------------------------------------------------

def test_module_full_backward_hook_is_handed_the_zeroed_grad_output():
    """(d) without keeping anything: the hook runs after the module's backward."""
    hook_sees = why_clone_module_hook.hook_sees
    assert hook_sees(MyReLU) == ([5.0, 6.0, 7.0], [0.0, 6.0, 0.0])
    assert hook_sees(NoCloneReLU) == ([0.0, 6.0, 0.0], [0.0, 6.0, 0.0])


def test_grad_mode_example_what_backward_sees(capsys):
    _, out = run_script("why_clone_grad_mode", capsys)
    blocks = out.split("create_graph=")[1:]
    assert len(blocks) == 3
    plain, recorded, expanded = blocks
    assert "grad mode on: False" in plain and "requires_grad=False" in plain
    assert "grad_fn: None" in plain
    node = "IndexPutBackward0" if RELEASE < (2, 15) else "MaskedFillBackward0"
    assert "requires_grad=True, stride (1,)" in recorded and node in recorded
    # create_graph=True does not make the incoming gradient require grad.
    assert "grad mode on: True" in expanded
    assert "requires_grad=False, stride (0,)" in expanded
    assert "grad_fn: None" in expanded


# -- double backward: the table ------------------------------------------------------------

ROWS = [
    ("leaf", "MyReLU", "[0, 7]", "[3, 7]", "[0, 1]", "[0, 1]"),
    ("leaf", "NoCloneReLU", "E-leaf", "[3, 7]", "-", "-"),
    ("leaf", "MyReLU, once", "[0, 7]", "[3, 7]", "E-twice", "E-unused"),
    ("leaf", "NoCloneReLU, once", "[0, 7]", "[0, 7]", "E-twice", "E-unused"),
    ("non-leaf", "MyReLU", "[0, 7]", "[3, 7]", "[0, 1]", "[0, 1]"),
    ("non-leaf", "NoCloneReLU", "[0, 7]", "[0, 7]", "[0, 1]", "[0, 1]"),
    ("non-leaf", "MyReLU, once", "[0, 7]", "[3, 7]", "E-twice", "E-unused"),
    ("non-leaf", "NoCloneReLU, once", "[0, 7]", "[0, 7]", "E-twice", "E-unused"),
    ("expanded", "MyReLU", "[0, 1]", "-", "E-no-grad", "E-no-grad"),
    ("expanded", "NoCloneReLU", "[0, 0]", "-", "E-no-grad", "E-no-grad"),
    ("expanded", "MyReLU, once", "[0, 1]", "-", "E-no-grad", "E-no-grad"),
    ("expanded", "NoCloneReLU, once", "[0, 0]", "-", "E-no-grad", "E-no-grad"),
]


def test_double_backward_table_values():
    assert why_clone_double_backward_table.table() == ROWS


def test_double_backward_no_clone_second_derivative_equals_my_relu():
    """In the table's example the clone does not change the second derivative."""
    run = why_clone_double_backward_table.run
    for api in (".backward()", "autograd.grad"):
        with_clone = run(MyReLU, "non-leaf", api)
        without = run(NoCloneReLU, "non-leaf", api)
        assert with_clone[0::2] == without[0::2] == ("[0, 7]", "[0, 1]")
        assert (with_clone[1], without[1]) == ("[3, 7]", "[0, 7]")


def nodes_of(node, found=None):
    """Every node reachable from node, each once."""
    found = [] if found is None else found
    if node is not None and node not in found:
        found.append(node)
        for child, _ in node.next_functions:
            nodes_of(child, found)
    return found


def test_saved_gradient_example_first_derivative_same_second_fails(capsys):
    _, out = run_script("why_clone_saved_gradient", capsys)
    assert re.findall(r"gx = (\[.*\])", out) == ["[3.0, 6.0]"] * 3
    # torch.relu and the clone; the clone-free version raises instead.
    assert re.findall(r"d\(sum gx\)/dw = (\[.*\])", out) == ["[1.0, 1.0]"] * 2
    assert re.search(r"NoCloneReLU .*\n +RuntimeError", out)
    assert out.count("RuntimeError") == 1
    text = " ".join(out.split())
    assert "modified by an inplace" in text
    assert "is at version 1; expected version 0 instead." in text


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


def test_no_grad_second_derivative_is_zero_and_custom_gx_has_no_graph(capsys):
    _, out = run_script("why_clone_no_grad_second", capsys)
    assert "gx.grad_fn: ThresholdBackwardBackward0" in out
    assert re.findall(r"d\(sum gx\)/dx = (\[.*\])", out) == ["[0.0, 0.0]"]
    assert out.count("RuntimeError: element 0 of tensors does not require grad") == 1
    x = torch.tensor([-1., 2.], requires_grad=True)
    gx, = torch.autograd.grad(MyReLU.apply(x).sum(), x, create_graph=True)
    assert (gx.tolist(), gx.requires_grad, gx.grad_fn) == ([0.0, 1.0], False, None)
    # Neither option turns this error into the zero: gx itself has no graph.
    for options in ({}, {"allow_unused": True}, {"materialize_grads": True}):
        with pytest.raises(RuntimeError, match="does not require grad"):
            torch.autograd.grad(gx.sum(), x, **options)


def test_once_unused_example_error_node_on_a_detached_leaf(capsys):
    namespace, out = run_script("why_clone_once_unused", capsys)
    gx, leaf = namespace["gx"], namespace["leaf"]
    assert gx.grad_fn.name() == "torch::autograd::Error"
    assert [n.name() for n, _ in gx.grad_fn.next_functions] == \
        ["torch::autograd::AccumulateGrad"]
    fake = leaf.variable
    assert fake is not namespace["w"] and fake is not namespace["x"]
    assert fake.is_leaf and fake.requires_grad and fake.tolist() == gx.tolist()
    lines = [line for line in out.splitlines() if line.startswith("d(sum gx)")]
    assert lines[0].endswith("RuntimeError:")
    assert "appears to not have been used" in " ".join(out.split())
    assert lines[1].endswith(": None")
    assert lines[2].endswith(": tensor([0., 0.])")
    # The right answer, [0, 1], is what the undecorated MyReLU gives.
    run = why_clone_double_backward_table.run
    assert run(MyReLU, "non-leaf", "autograd.grad")[2] == "[0, 1]"
    # Through .backward() the Error node runs and raises the documented error.
    x = torch.tensor([-1., 2.], requires_grad=True)
    w = torch.tensor([3., 7.], requires_grad=True)
    gx, = torch.autograd.grad(OnceMyReLU.apply(x), x, w * 1, create_graph=True)
    with pytest.raises(RuntimeError, match="differentiate twice"):
        gx.sum().backward()


def test_once_differentiable_leaf_is_an_alias_and_only_when_a_gradient_requires_grad(
        capsys):
    namespace, out = run_script("why_clone_once_unused", capsys)
    gx, leaf = namespace["gx"], namespace["leaf"].variable
    assert leaf.data_ptr() == gx.data_ptr()  # detach(): an alias, not a copy
    assert "it shares gx's memory: True" in out
    # after .sum() no incoming gradient requires grad: the result is untouched
    assert namespace["gx_sum"].grad_fn is None
    assert "after .sum(): gx.grad_fn: None" in out
    # leaf NoCloneReLU, once: the returned gradient is the caller's w in memory
    x = torch.tensor([-1., 2.], requires_grad=True)
    w = torch.tensor([3., 7.], requires_grad=True)
    once = why_clone_double_backward_table.OnceNoCloneReLU
    gx, = torch.autograd.grad(once.apply(x), x, w, create_graph=True)
    fake = gx.grad_fn.next_functions[0][0].variable
    assert gx.data_ptr() == w.data_ptr() == fake.data_ptr()
    assert w.tolist() == [0.0, 7.0]


def test_once_differentiable_source_is_the_same_on_every_release():
    """The page describes the decorator from 2.15's source, and says so for all."""
    source = inspect.getsource(torch.autograd.function.once_differentiable)
    assert "with torch.no_grad():" in source
    assert "if not requires_grad:" in source  # no Error node without a gradient needing one
    assert "var = var.detach()" in source and "var.requires_grad = True" in source
    assert "DelayedError(" in source


def test_gradgradcheck_passes_only_with_the_clone():
    check = why_clone_double_backward_table.passes_gradgradcheck
    assert check(MyReLU) is True
    assert check(NoCloneReLU) == "E-leaf"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_page_table_matches_the_snippet(lang):
    """The page's Markdown table: one row per snippet row, same result cells."""
    page = (ROOT / "docs" / lang / "why-clone.md").read_text(encoding="utf-8")
    start = page.index("{ #double-backward }")
    rows = [line for line in page[start:].splitlines() if line.startswith("| ")]
    cells = [[c.strip().replace("`", "") for c in row.strip("|").split("|")]
             for row in rows]
    body = [row for row in cells if row[2:] and row[2].startswith(("[", "E-"))]
    assert [tuple(row[2:]) for row in body] == [r[2:] for r in ROWS]
    assert [row[1] for row in body] == [r[1] for r in ROWS]


# -- ctx.input_grad_buffers (2.15) -------------------------------------------------------

def test_input_grad_buffers_example_per_release(capsys):
    _, out = run_script("why_clone_input_grad_buffers", capsys)
    cases = out.split("relu(x) + ")[1:]
    assert len(cases) == 3
    grads = [re.search(r"d sum\(y\)/dx = (\[.*\])", case)[1] for case in cases]
    assert grads == ["[3.0, 4.0]", "[1.0, 2.0]", "[3.0, 4.0]"]
    if RELEASE >= (2, 15):
        assert "buffer for x's gradient: [3.0, 3.0]" in cases[0]
        assert "buffer for x's gradient: None" in cases[1]
        assert "input_grad_buffers does not support create_graph=True" in cases[2]
    else:
        assert all("AttributeError" in case and "input_grad_buffers" in case
                   for case in cases)


def test_input_grad_buffers_limits_per_release(capsys):
    _, out = run_script("why_clone_input_grad_buffers_limits", capsys)
    cases = dict(zip(*[iter(re.split(r"^(\S.*)$", out, flags=re.M)[1:])] * 2))
    assert list(cases) == ["no hook", "anomaly detection", "post-hook on its node",
                           "pre-hook on its node"]
    if RELEASE >= (2, 15):
        assert "buffer for x's gradient: [3.0, 3.0]" in cases["no hook"]
        assert "does not support anomaly detection" in cases["anomaly detection"]
        assert "does not support post-hooks" in cases["post-hook on its node"]
        assert "buffer for x's gradient: [3.0, 3.0]" in cases["pre-hook on its node"]
    else:
        assert all("AttributeError" in text for text in cases.values())


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


# -- out-of-place, the hazard table, once_differentiable, mark_dirty -------------------------

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


def test_out_of_place_backward_at_least_zero_variant_gives_one_at_zero():
    relu = out_of_place_backward.WhereAtLeastZeroReLU
    assert out_of_place_backward.gradient(relu, [-1., 0., 1.]) == [0.0, 1.0, 1.0]


@pytest.mark.parametrize("name, safe, finite_safe", [
    ("torch.relu", True, True), ("MyReLU (clone)", True, True),
    ("grad_output * (input > 0)", True, False),
    ("masked_fill(input <= 0, 0)", True, True),
    ("torch.where(input > 0, ...)", True, True), ("NoCloneReLU", False, True),
    ("NoCloneReLU, once", False, True),
])
def test_hazard_table(name, safe, finite_safe):
    results = why_clone_hazard_table.survives(why_clone_hazard_table.RELUS[name])
    assert list(results) == list(why_clone_hazard_table.HAZARDS)
    *sharing, finite = results.values()
    assert all(ok is safe for ok in sharing), results
    assert finite is finite_safe, results


def test_a_product_turns_an_infinite_incoming_gradient_into_nan():
    nonfinite = why_clone_hazard_table.backprop_nonfinite
    assert nonfinite(torch.relu) == "[0.0, 0.0, 5.0]"
    product = out_of_place_backward.MultiplyMaskReLU.apply
    assert nonfinite(product) == "[nan, nan, 5.0]"


def test_once_differentiable_no_fix_still_corrupts_the_shared_gradient():
    relu = once_differentiable_no_fix.OnceDifferentiableNoCloneReLU
    assert hazard_shared_gradient.backprop_two_branches(relu.apply)[1] == [0.0, 3.0]


def test_once_differentiable_no_fix_makes_double_backward_raise():
    message = once_differentiable_no_fix.double_backward_error()
    assert message is not None and "once_differentiable" in message


def test_mark_dirty_example_gives_a_itself_the_new_history(capsys):
    _, out = run_script("why_clone_mark_dirty", capsys)
    without, with_ = out.split("mark_dirty=True")
    assert "out is a: False" in without and "a.grad_fn: MulBackward0" in without
    assert "= 12.0" in without
    assert "out is a: True" in with_ and "DoubleInPlaceBackward" in with_
    assert "= 24.0" in with_


def test_mark_dirty_the_returned_tensor_is_right_either_way():
    for declare in (False, True):
        leaf = torch.tensor(3., requires_grad=True)
        out = why_clone_mark_dirty.DoubleInPlace.apply(leaf * 1, declare)
        (out * out).backward()
        assert leaf.grad.item() == 24.0


def test_mark_dirty_fixes_the_history_of_an_input_changed_in_place():
    expected = mark_dirty.plain_gradient(lambda t: (2 * t) * (2 * t))
    assert expected == 24.0
    assert mark_dirty.use_after_inplace(declare=True) == expected
    assert mark_dirty.use_after_inplace(declare=False) == 12.0


def test_mark_dirty_turns_a_hidden_write_into_an_error():
    assert mark_dirty.plain_gradient(lambda t: t * t) == 6.0
    assert mark_dirty.stale_saved_tensor(declare=False) == 8.0
    error = mark_dirty.stale_saved_tensor(declare=True)
    assert isinstance(error, str) and "modified by an inplace operation" in error
