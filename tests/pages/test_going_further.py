"""Facts behind the going-further page (docs/*/going-further.md) that its outputs do not print,
asserted on the snippets; what an output fence prints, the page's own run compares."""

import importlib
import inspect
import warnings

import pytest
import torch
from torch.autograd.gradcheck import GradcheckError

from snippets.going_further import (
    forward_mode,
    gradcheck,
    gradgradcheck_once,
    per_sample,
    setup_context,
    vmap,
    vmap_mask_forms,
)
from tests.repo import RELEASE


def test_per_sample_example_has_no_exact_zero():
    m = per_sample
    assert not ((m.batch + m.b) == 0).any()  # no exact zeros: the value at 0 plays no part


def test_bool_mask_relu_is_the_tutorials_backward():
    x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
    vmap.BoolMaskReLU.apply(x).sum().backward()
    assert x.grad.tolist() == [0.0, 1.0, 1.0]  # `input < 0`: the entry at 0 is kept


def test_bool_mask_backward_is_batched_since_2_15_and_where_always():
    expected = [[1.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    assert vmap.per_sample_grads(vmap.WhereReLU) == expected
    if RELEASE < (2, 15):  # 2.13 and 2.14.1 alike
        error = setup_context.first_line_of_error(
            lambda: vmap.per_sample_grads(vmap.BoolMaskReLU))
        assert "Attempting to batch over indexing with a boolean mask" in error
    else:
        assert vmap.per_sample_grads(vmap.BoolMaskReLU) == expected


def test_only_the_number_assignment_form_batches_and_only_since_2_15():
    batches = {}
    for name, form in vmap_mask_forms.FORMS.items():
        error = vmap_mask_forms.error_of(form)
        batches[name] = error is None
        if error is not None:
            assert "Attempting to batch over indexing with a boolean mask" in error
    assert batches == {"y[x < 0] = 0": RELEASE >= (2, 15),
                       "y[x < 0] = torch.tensor(0.)": False,
                       "y.index_put_((x < 0,), ...)": False, "x[x > 0].sum()": False}
    if RELEASE >= (2, 15):
        assert vmap_mask_forms.batched(vmap_mask_forms.assign_number) == \
            [[0.0, 2.0], [3.0, 0.0]]


def test_jacfwd_needs_a_vmap_rule_and_jacrev_does_not():
    m = forward_mode

    class NoRule(m.ReLUWithJvp):
        generate_vmap_rule = False

    assert m.diagonal(torch.func.jacrev(NoRule.apply)(m.x)) == [0.0, 1.0, 1.0]
    with pytest.raises(RuntimeError, match="does not have vmap support"):
        torch.func.jacfwd(NoRule.apply)(m.x)


def test_backward_reaches_the_error_node_of_once_differentiable():
    m = gradgradcheck_once
    gx = m.first_derivative(m.g)
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
    assert gradcheck.short_error(error) == (
        "GradcheckError: Backward is not reentrant, i.e., ...")


def test_custom_op_autograd_is_a_function_in_the_combined_style():
    source = inspect.getsource(torch._library.autograd)
    assert "def forward(ctx, *args):" in source
    assert '"forward": staticmethod(forward),' in source
    assert '"setup_context"' not in source


def test_custom_op_vmap_without_a_rule_falls_back_and_gives_the_same_values():
    @torch.library.custom_op("site_test::relu", mutates_args=())
    def relu(input: torch.Tensor) -> torch.Tensor:
        return input.clamp(min=0)

    rows = torch.tensor([[-1.0, 2.0], [3.0, -4.0]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the fallback's "performance drop" warning
        assert torch.vmap(relu)(rows).tolist() == [[0.0, 2.0], [3.0, 0.0]]


def test_boxed_grads_call_is_off_by_default():
    assert torch.autograd.Function.boxed_grads_call is False
