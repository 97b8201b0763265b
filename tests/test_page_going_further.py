"""Facts behind the going-further page (docs/*/going-further.md), asserted on the snippets."""

import importlib
import inspect
import pathlib
import warnings

import pytest
import torch
from torch.autograd.gradcheck import GradcheckError

from snippets import (
    further_backward_receives,
    further_compile,
    further_custom_op,
    further_custom_op_transforms,
    further_forward_mode,
    further_gradcheck,
    further_gradcheck_minimal,
    further_gradgradcheck_once,
    further_mark_minimal,
    further_mark_non_differentiable,
    further_modern_relu,
    further_needs_input_grad,
    further_per_sample,
    further_setup_context,
    further_vmap,
    further_vmap_mask_forms,
)
from snippets.my_relu import MyReLU

ROOT = pathlib.Path(__file__).resolve().parents[1]
RELEASE = tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2])


# ---- setup_context ----------------------------------------------------------------------------

def test_modern_relu_gives_zero_at_zero_under_torch_func_grad():
    relu = further_modern_relu.ReLU
    assert torch.func.grad(lambda t: relu.apply(t).sum())(
        torch.tensor([-1.0, 0.0, 2.0])).tolist() == [0.0, 0.0, 1.0]


def test_setup_context_style_works_with_autograd_and_torch_func():
    relu = further_setup_context.ReLU
    assert further_setup_context.autograd_grad(relu, [-1., 0., 2.]) == [0.0, 0.0, 1.0]
    assert further_setup_context.func_grad(relu, [-1., 0., 2.]) == [0.0, 0.0, 1.0]


def test_combined_style_fails_under_torch_func():
    assert further_setup_context.autograd_grad(MyReLU, [-1., 0., 2.]) == [0.0, 1.0, 1.0]
    error = further_setup_context.first_line_of_error(
        lambda: further_setup_context.func_grad(MyReLU, [-1., 0., 2.]))
    assert error.startswith("RuntimeError: In order to use an autograd.Function with functorch")
    assert "must override the setup_context staticmethod" in error


# ---- vmap -------------------------------------------------------------------------------------

def test_per_sample_gradients_of_a_shared_bias_differ_from_one_backward():
    m = further_per_sample
    rows = m.per_sample.tolist()
    assert rows == [[1.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    assert len({tuple(row) for row in rows}) == 2  # really one gradient per example
    assert m.b.grad.tolist() == [sum(col) for col in zip(*rows)] == [2.0, 1.0, 1.0]
    assert not ((m.batch + m.b) == 0).any()  # no exact zeros: the value at 0 plays no part


def test_vmap_needs_a_rule():
    error = further_setup_context.first_line_of_error(
        lambda: further_vmap.batched_forward(further_vmap.NoVmapRuleReLU))
    assert "does not have vmap support" in error and "generate_vmap_rule=True" in error
    for relu in (further_vmap.BoolMaskReLU, further_vmap.WhereReLU):
        assert further_vmap.batched_forward(relu) == [[0.0, 0.0, 2.0], [3.0, 0.0, 5.0]]


def test_bool_mask_relu_is_the_tutorials_backward():
    x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
    further_vmap.BoolMaskReLU.apply(x).sum().backward()
    assert x.grad.tolist() == [0.0, 1.0, 1.0]  # `input < 0`: the entry at 0 is kept


def test_bool_mask_backward_is_batched_since_2_15_and_where_always():
    expected = [[1.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    assert further_vmap.per_sample_grads(further_vmap.WhereReLU) == expected
    if RELEASE < (2, 15):  # 2.13 and 2.14.1 alike
        error = further_setup_context.first_line_of_error(
            lambda: further_vmap.per_sample_grads(further_vmap.BoolMaskReLU))
        assert "Attempting to batch over indexing with a boolean mask" in error
    else:
        assert further_vmap.per_sample_grads(further_vmap.BoolMaskReLU) == expected


def test_only_the_number_assignment_form_batches_and_only_since_2_15():
    batches = {}
    for name, form in further_vmap_mask_forms.FORMS.items():
        error = further_vmap_mask_forms.error_of(form)
        batches[name] = error is None
        if error is not None:
            assert "Attempting to batch over indexing with a boolean mask" in error
    assert batches == {"y[x < 0] = 0": RELEASE >= (2, 15),
                       "y[x < 0] = torch.tensor(0.)": False,
                       "y.index_put_((x < 0,), ...)": False, "x[x > 0].sum()": False}
    if RELEASE >= (2, 15):
        assert further_vmap_mask_forms.batched(further_vmap_mask_forms.assign_number) == \
            [[0.0, 2.0], [3.0, 0.0]]


def test_one_backward_sums_the_per_sample_rows():
    for relu in (further_vmap.BoolMaskReLU, further_vmap.WhereReLU):
        assert further_vmap.summed_grad(relu) == [2.0, 1.0, 1.0]


def test_jacrev_batches_grad_output_only_so_both_work():
    expected = [[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    for relu in (further_vmap.BoolMaskReLU, further_vmap.WhereReLU):
        assert further_vmap.jacobian(relu, further_vmap.JACREV_AT) == expected


# ---- forward mode -----------------------------------------------------------------------------

def test_forward_mode_needs_a_jvp_and_reverse_mode_does_not():
    m = further_forward_mode
    no_jvp = "You must implement the jvp function for custom autograd.Function"
    assert m.diagonal(torch.func.jacrev(m.ReLU.apply)(m.x)) == [0.0, 1.0, 1.0]
    for transform in (lambda: torch.func.jacfwd(m.ReLU.apply)(m.x),
                      lambda: torch.func.jvp(m.ReLU.apply, (m.x,), (m.ones,)),
                      lambda: torch.func.hessian(lambda t: m.ReLU.apply(t).sum())(m.x)):
        with pytest.raises(NotImplementedError, match=no_jvp):
            transform()
    relu = m.ReLUWithJvp
    assert m.diagonal(torch.func.jacfwd(relu.apply)(m.x)) == [0.0, 1.0, 1.0]
    assert torch.func.jvp(relu.apply, (m.x,), (m.ones,))[1].tolist() == [0.0, 1.0, 1.0]
    assert torch.func.hessian(lambda t: relu.apply(t).sum())(m.x).tolist() == [[0.0] * 3] * 3


def test_jacfwd_needs_a_vmap_rule_and_jacrev_does_not():
    m = further_forward_mode

    class NoRule(m.ReLUWithJvp):
        generate_vmap_rule = False

    assert m.diagonal(torch.func.jacrev(NoRule.apply)(m.x)) == [0.0, 1.0, 1.0]
    with pytest.raises(RuntimeError, match="does not have vmap support"):
        torch.func.jacfwd(NoRule.apply)(m.x)


# ---- gradcheck --------------------------------------------------------------------------------

def test_minimal_gradcheck_passes_in_float64():
    x = torch.tensor([-1.5, 0.5], dtype=torch.float64, requires_grad=True)
    relu = further_gradcheck_minimal.ReLU
    assert torch.autograd.gradcheck(relu.apply, (x,))
    assert torch.autograd.gradgradcheck(relu.apply, (x,))


def test_gradcheck_verdicts():
    check = further_gradcheck.check
    assert check(torch.autograd.gradcheck, further_setup_context.ReLU) == (True, [])
    assert check(torch.autograd.gradgradcheck, further_setup_context.ReLU) == (True, [])
    result, caught = check(torch.autograd.gradcheck, further_setup_context.ReLU, torch.float32)
    assert result == "Jacobian mismatch, output 0, input 0"
    assert caught == ["UserWarning: Input #0 requires gradient and is not a double precision "
                      "floating point or complex."]
    result, _ = check(torch.autograd.gradcheck, further_gradcheck.MaskForgottenReLU)
    assert result == "Jacobian mismatch, output 0, input 0"
    assert check(torch.autograd.gradcheck, further_gradcheck.OnceDifferentiableReLU) == (True, [])
    result, _ = check(torch.autograd.gradgradcheck, further_gradcheck.OnceDifferentiableReLU)
    # gradgradcheck differentiates w.r.t. (inputs..., grad_outputs...): input 1 is grad_output
    assert result == "Jacobian mismatch, output 0, input 1"


def test_once_differentiable_derivative_hangs_off_a_detached_leaf():
    m = further_gradgradcheck_once
    gx = m.first_derivative(m.g)
    assert gx.grad_fn.name() == "torch::autograd::Error"
    leaf = gx.grad_fn.next_functions[0][0].variable
    assert leaf is not m.x and leaf is not m.g and leaf.is_leaf
    # allow_unused=True, as gradgradcheck passes it, turns "no path" into None: a zero Jacobian
    assert torch.autograd.grad(gx.sum(), (m.x, m.g), allow_unused=True) == (None, None)
    assert [round(v, 6) for v in m.numerical_diagonal()] == [0.0, 0.0, 1.0, 1.0]
    with pytest.raises(RuntimeError, match="differentiate twice"):
        gx.sum().backward()  # .backward() reaches the Error node


def test_the_allow_unused_call_is_gradchecks_analytical_vjp():
    """The call that meets the Error node and gets None is gradcheck's own vjp_fn."""
    module = importlib.import_module("torch.autograd.gradcheck")  # the name is also a function
    source = inspect.getsource(module._check_analytical_jacobian_attributes)
    assert ("output, diff_input_list, grad_output, retain_graph=True, allow_unused=True"
            in source)
    first = inspect.getsource(module.gradgradcheck)
    assert "create_graph=True, allow_unused=True" in first


def test_short_error_keeps_other_messages_whole():
    error = GradcheckError("Backward is not reentrant, i.e., ...")
    assert further_gradcheck.short_error(error) == (
        "GradcheckError: Backward is not reentrant, i.e., ...")


# ---- mark_non_differentiable ------------------------------------------------------------------

def test_minimal_mark_non_differentiable():
    assert further_mark_minimal.out.requires_grad and not further_mark_minimal.mask.requires_grad


def test_mark_non_differentiable():
    m = further_mark_non_differentiable
    assert m.outputs_info(m.ReLUWithMask) == {
        "out.requires_grad": True, "mask.requires_grad": False, "mask.grad_fn": None}
    assert m.outputs_info(m.UnmarkedReLUWithMask)["mask.requires_grad"] is True
    assert m.backward_through_out(m.ReLUWithMask) == ([0.0, 0.0, 3.0], [0.0, 0.0, 0.0])
    assert m.backward_through_out(m.NotMaterializedReLUWithMask) == ([0.0, 0.0, 3.0], None)
    assert m.backward_through_mask(m.ReLUWithMask).startswith(
        "RuntimeError: element 0 of tensors does not require grad")
    # Unmarked, the mask silently "differentiates" to zeros instead of failing.
    assert m.backward_through_mask(m.UnmarkedReLUWithMask) == [0.0, 0.0, 0.0]


# ---- needs_input_grad, saved-tensor hooks, torch.compile, custom_op ---------------------------

def test_needs_input_grad_and_saved_tensor_hooks(capsys):
    m = further_needs_input_grad
    packed, unpacked = [], []
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    w = torch.tensor([3.0, 4.0])
    with torch.autograd.graph.saved_tensors_hooks(lambda t: packed.append(t.tolist()) or t,
                                                  lambda t: unpacked.append(t.tolist()) or t):
        y = m.Scale.apply(x, w)
    y.sum().backward()
    assert packed == unpacked == [[1.0, 2.0], [3.0, 4.0]]
    assert "needs_input_grad: (True, False)" in capsys.readouterr().out
    assert x.grad.tolist() == [3.0, 4.0] and w.grad is None


def test_compiling_does_not_rescue_a_clone_free_backward():
    m = further_compile
    eager = m.w_grad(m.branches)
    compiled = m.w_grad(torch.compile(m.branches, backend="aot_eager", fullgraph=True))
    assert eager == compiled == [0.0, 3.0, 0.0]
    assert m.w_grad(lambda x, w: w * 3 + torch.relu(x)) == [3.0, 3.0, 3.0]


def test_custom_op_backward_and_opcheck_work_but_torch_func_grad_does_not():
    relu = further_custom_op.relu
    x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
    relu(x).sum().backward()
    assert x.grad.tolist() == [0.0, 0.0, 1.0]
    report = torch.library.opcheck(relu, (torch.randn(4, requires_grad=True),),
                                   test_utils=("test_schema", "test_autograd_registration",
                                               "test_faketensor"))
    assert set(report.values()) == {"SUCCESS"} and len(report) == 3
    with pytest.raises(RuntimeError, match="must override the setup_context staticmethod"):
        torch.func.grad(lambda t: relu(t).sum())(torch.tensor([-1.0, 0.0, 2.0]))


def test_custom_op_autograd_is_a_function_in_the_combined_style():
    source = inspect.getsource(torch._library.autograd)
    assert "def forward(ctx, *args):" in source
    assert '"forward": staticmethod(forward),' in source
    assert '"setup_context"' not in source


def test_custom_op_vmap_works_and_torch_func_differentiation_does_not():
    m = further_custom_op_transforms
    assert m.calls["torch.vmap"]() == [[0.0, 2.0], [3.0, 0.0]]
    for name in ("torch.func.grad", "torch.func.jacrev"):
        with pytest.raises(RuntimeError, match="must override the setup_context"):
            m.calls[name]()
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", r"`torch\.jit\.script` is deprecated")
        # forward mode: no error, and a zero tangent where relu's slope is 1
        assert m.calls["torch.func.jvp, tangent 1"]() == [0.0, 0.0]
        assert m.calls["torch.func.jacfwd"]() == [[0.0, 0.0], [0.0, 0.0]]


def test_custom_op_vmap_without_a_rule_falls_back_and_gives_the_same_values():
    @torch.library.custom_op("site_test::relu", mutates_args=())
    def relu(input: torch.Tensor) -> torch.Tensor:
        return input.clamp(min=0)

    rows = torch.tensor([[-1.0, 2.0], [3.0, -4.0]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the fallback's "performance drop" warning
        assert torch.vmap(relu)(rows).tolist() == [[0.0, 2.0], [3.0, 0.0]]


def test_set_output_grad_dtype_from_2_14_and_boxed_grads_call_on_every_release(capsys):
    m = further_backward_receives
    x = torch.tensor([-1.0, 2.0], requires_grad=True)
    if RELEASE >= (2, 14):
        m.Float64GradReLU.apply(x).sum().backward()
        assert "grad_output in torch.float64" in capsys.readouterr().out
        assert x.grad.dtype == torch.float32 and x.grad.tolist() == [0.0, 1.0]
    else:
        with pytest.raises(AttributeError, match="set_output_grad_dtype"):
            m.Float64GradReLU.apply(x)
    assert torch.autograd.Function.boxed_grads_call is False  # off by default
    x = torch.tensor([-1.0, 2.0], requires_grad=True)
    m.BoxedReLU.apply(x).sum().backward()
    assert "a list of 1 gradient" in capsys.readouterr().out
    assert x.grad.tolist() == [0.0, 1.0]


@pytest.mark.parametrize("name", ["further_setup_context", "further_vmap", "further_gradcheck",
                                  "further_mark_non_differentiable", "further_forward_mode",
                                  "further_gradgradcheck_once", "further_custom_op",
                                  "further_needs_input_grad", "further_compile",
                                  "further_custom_op_transforms",
                                  "further_backward_receives"])
def test_full_scripts_print_within_80_columns(name, capsys):
    import runpy
    runpy.run_path(str(ROOT / "snippets" / f"{name}.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert out and max(len(line) for line in out.splitlines()) <= 80
