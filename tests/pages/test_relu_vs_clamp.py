"""Facts behind the relu-vs-clamp page, asserted on the snippets' functions under the PyTorch
this session runs (the values that changed in 2.14 are asserted per version); the
derivatives.yaml quotes, against every verified version."""

import math
import re
import sysconfig
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F
from torch import nn

from snippets.relu_vs_clamp import (
    at_nan,
    clamp_boundaries,
    exactly_relu_off_finite,
    grad_at_zero_table,
    seed,
    seed_arithmetic,
)
from snippets.shared.my_relu import MyReLU
from tests.repo import RELEASE, ROOT, SITE

# Up to 2.13 clamp and clamp_min pass the whole gradient at their bounds; since 2.14 they pass
# 0 at a scalar bound and split a tie with a tensor bound in half, as maximum does.
OLD_CLAMP = RELEASE < (2, 14)
PAGES = [page for page in (SITE.docs / lang / "relu-vs-clamp.md" for lang in list(SITE.locales))
         if page.exists()]


def test_seed_difference_is_minus_38_up_to_2_13_and_zero_since_2_14():
    diff = seed.w1_grad(torch.relu) - \
        seed.w1_grad(lambda h: h.clamp(min=0))
    expected = torch.zeros(3, 2)
    if OLD_CLAMP:
        expected[2, 1] = -38.
    assert torch.equal(diff, expected)


def test_seed_has_one_exact_zero_input_of_the_activation():
    assert seed_arithmetic.exact_zeros() == [[3, 1]]
    h = seed.x.mm(seed.w1)
    assert (h == 0).nonzero().tolist() == [[3, 1]]


@pytest.fixture(scope="module")
def seed_runs():
    return (seed_arithmetic.run(seed_arithmetic.ACTIVATIONS["relu"]),
            seed_arithmetic.run(seed_arithmetic.ACTIVATIONS["clamp"]))


def test_seed_runs_differ_only_at_the_zero_and_its_weight(seed_runs):
    relu_run, clamp_run = seed_runs
    differs = {stage: seed_arithmetic.differing_entries(relu_run, clamp_run, stage)
               for stage in seed_arithmetic.STAGES}
    assert differs == {"dL/dy_hat": [], "dL/da": [], "w2.grad": [],
                       "dL/dh": [[3, 1]] if OLD_CLAMP else [],
                       "w1.grad": [[2, 1]] if OLD_CLAMP else []}


def test_seed_minus_38_arithmetic(seed_runs):
    relu_run, clamp_run = seed_runs
    # dL/da[3, 1] = dL/dy_hat[3] . W2[1] = (-10)(-2) + 6 * 3 = 38, the same in both runs
    assert (relu_run["dL/dy_hat"][3] @ seed_arithmetic.W2[1]).item() == 38.0
    assert clamp_run["dL/dh"][3, 1].item() == (38.0 if OLD_CLAMP else 0.0)
    assert clamp_run["w1.grad"][:, 1].tolist() == [2376.0, 904.0,
                                                  1298.0 if OLD_CLAMP else 1260.0]


def test_seed_scalar_check_from_comments():
    assert seed_arithmetic.scalar_at_zero(F.relu) == 0.0
    assert seed_arithmetic.scalar_at_zero(
        seed_arithmetic.ACTIVATIONS["clamp"]) == (-2.0 if OLD_CLAMP else 0.0)


def test_fmax_of_nan_sends_the_gradient_to_both_inputs_on_2_14_only():
    both = at_nan.both_grads(torch.fmax, float("nan"), 0.)
    assert both == ((1.0, 1.0) if RELEASE == (2, 14) else (0.0, 1.0))


@pytest.mark.parametrize("f", [torch.clamp_min, lambda a, b: torch.clamp(a, min=b),
                               torch.clamp_max, lambda a, b: torch.clamp(a, max=b)],
                         ids=["clamp_min", "clamp(min=)", "clamp_max", "clamp(max=)"])
def test_tensor_bound_clamp_at_nan_gives_nothing_up_to_2_13_and_both_the_gradient_since_2_14(f):
    both = at_nan.both_grads(f, float("nan"), 0.)
    assert both == ((0.0, 0.0) if OLD_CLAMP else (1.0, 1.0))


@pytest.mark.parametrize("name, at, old, new", [
    ("x.clamp(min=0)", 0., 1.0, 0.0), ("x.clamp(min=0)", 6., 1.0, 1.0),
    ("F.relu(x)", 0., 0.0, 0.0),
    ("x.clamp(0, 6)", 0., 1.0, 0.0), ("x.clamp(0, 6)", 6., 1.0, 0.0),
    ("F.relu6(x)", 0., 0.0, 0.0), ("F.relu6(x)", 6., 0.0, 0.0),
    ("x.clamp(max=6)", 6., 1.0, 0.0), ("x.clamp(max=6)", 0., 1.0, 1.0),
])
def test_scalar_bound_gradients(name, at, old, new):
    f = clamp_boundaries.SCALAR_BOUNDS[name]
    assert clamp_boundaries.grad_at(f, at) == (old if OLD_CLAMP else new), (
        f"{name}'s gradient at x = {at} on PyTorch {torch.__version__}")


@pytest.mark.parametrize("name, old, new", [
    ("torch.clamp_min(a, b)", (1.0, 0.0), (0.5, 0.5)),
    ("torch.clamp(a, min=b)", (1.0, 0.0), (0.5, 0.5)),
    ("torch.maximum(a, b)", (0.5, 0.5), (0.5, 0.5)),
])
def test_tensor_bound_ties(name, old, new):
    f = clamp_boundaries.TENSOR_BOUNDS[name]
    assert clamp_boundaries.tie_grads(f) == (old if OLD_CLAMP else new)


@pytest.mark.parametrize("code, formulation", grad_at_zero_table.FORMULATIONS,
                         ids=[code for code, _ in grad_at_zero_table.FORMULATIONS])
def test_grad_at_zero_row(code, formulation):
    grad = grad_at_zero_table.grad_at_zero(formulation)  # its value: the page's output fences
    # The code shown in the table, evaluated, is the same computation as the callable.
    x = torch.tensor(0., requires_grad=True)
    namespace = {"torch": torch, "F": F, "nn": nn, "math": math, "MyReLU": MyReLU,
                 "x": x, "zeros": torch.zeros_like(x)}
    eval(code, namespace).backward()
    assert x.grad.item() == grad
    # -0.0 behaves as 0.0 in every comparison the backward rules make.
    assert grad_at_zero_table.grad_at_zero(formulation, -0.0) == grad


def test_relu6_is_not_relu_it_clips_at_six():
    assert F.relu6(torch.tensor([7.])).item() == 6.0 != torch.relu(torch.tensor([7.])).item()


def test_formulations_agree_with_relu_on_finite_inputs_up_to_the_sign_of_zero():
    def run(code, x):
        return eval(code, {"torch": torch, "F": F, "math": math, "x": x,
                           "zeros": torch.zeros_like(x)})
    finite = torch.cat([torch.linspace(-5, 5, 101), torch.tensor([-0.0, 1e-30, -1e-30, 1e38])])
    for name, y in exactly_relu_off_finite.relus.items():
        assert torch.equal(run(name, finite) + 0.0, torch.relu(finite) + 0.0), name  # -0 + 0 = 0
        # The name shown is the code that was run.
        shown = exactly_relu_off_finite.shown
        assert shown(run(name, exactly_relu_off_finite.x)) == shown(y), name
    # Near the largest float32, x + |x| overflows.
    assert ((torch.tensor([3e38]) + torch.tensor([3e38]).abs()) / 2).isinf().all()


# A fence ```yaml title="derivatives.yaml · PyTorch X.Y.Z, …"``` quotes the packaged
# torchgen/packaged/autograd/derivatives.yaml of each release its title names (one quote where
# they read the same). Each of its blank-line-separated excerpts must be in each of those files
# word for word; line breaks, indentation and the `#` that starts a comment line are ignored, so
# a quote may wrap a long line to fit the page's 80 columns.

QUOTE = re.compile(r'^```yaml title="derivatives\.yaml · PyTorch ([^"]+)"\n(.*?)^```$',
                   re.MULTILINE | re.DOTALL)


def derivatives_yaml(version: str) -> Path:
    folder = SITE.torch.site_packages(version) or sysconfig.get_paths()["purelib"]
    installed = (Path(folder) / "torch" / "version.py").read_text(encoding="utf-8")
    assert f"__version__ = '{version}" in installed, f"{folder} does not hold PyTorch {version}"
    return Path(folder) / "torchgen" / "packaged" / "autograd" / "derivatives.yaml"


def words(text: str) -> str:
    lines = (line.strip().removeprefix("#").strip() for line in text.splitlines())
    return " " + " ".join(" ".join(lines).split()) + " "


def quotes(page: Path):
    """(line, releases, excerpt) of every derivatives.yaml excerpt on the page."""
    text = page.read_text(encoding="utf-8")
    for match in QUOTE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        named = tuple(r.strip() for r in match[1].split(","))
        for excerpt in re.split(r"\n\s*\n", match[2]):
            if excerpt.strip():
                yield line, named, excerpt


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.parent.name)
def test_derivatives_yaml_quotes_are_verbatim(page):
    found = list(quotes(page))
    assert {r for _, named, _ in found for r in named} == set(SITE.torch.all), (
        f"{page.relative_to(ROOT)}: quote the rules of every verified release")
    files = {version: words(derivatives_yaml(version).read_text(encoding="utf-8"))
             for version in SITE.torch.all}
    for line, named, excerpt in found:
        for version in named:
            assert version in files, f"{page.relative_to(ROOT)}:{line}: no PyTorch {version}"
            assert words(excerpt) in files[version], (
                f"{page.relative_to(ROOT)}:{line}: not in PyTorch {version}'s "
                f"derivatives.yaml:\n{excerpt}")
