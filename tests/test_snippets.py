"""The facts each snippet demonstrates, asserted on return values (not printed text)."""
import ast
import math
import re
import runpy
import sys
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest
import torch
import torch.nn.functional as F
from torch import nn

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from snippets import (  # noqa: E402
    chain_rule_mask,
    exact_zeros,
    gradcheck_at_kink,
    my_relu,
)

MyReLU = my_relu.MyReLU
SNIPPET_MODULES = sorted(p.stem for p in (ROOT / "snippets").glob("*.py")
                         if p.stem != "__init__")


# -- the value at 0 --------------------------------------------------------------------------

def test_chain_rule_mask_my_relu_uses_ge_and_relu_uses_gt():
    mine = chain_rule_mask.backprop(MyReLU.apply)
    theirs = chain_rule_mask.backprop(torch.relu)
    assert mine == chain_rule_mask.masked_upstream(lambda x: x >= 0)
    assert theirs == chain_rule_mask.masked_upstream(lambda x: x > 0)
    differs = [i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b]
    assert differs == [chain_rule_mask.X.index(0.)]


def test_exact_zeros_padding_rows_reach_the_bias_only_with_my_relu():
    mine = exact_zeros.padded_batch_bias_grad(MyReLU.apply)
    theirs = exact_zeros.padded_batch_bias_grad(torch.relu)
    assert [a - b for a, b in zip(mine, theirs)] == [2.0, 2.0]  # two padding rows


def test_exact_zeros_integer_values_and_zeroed_unit_differ():
    run = exact_zeros.integer_inputs_weight_grad
    assert run(MyReLU.apply) != run(torch.relu)
    assert exact_zeros.zeroed_unit_weight_grad(torch.relu) == [0.0, 0.0]
    assert exact_zeros.zeroed_unit_weight_grad(MyReLU.apply) != [0.0, 0.0]


def test_gradcheck_at_kink_fails_for_both_conventions():
    assert gradcheck_at_kink.central_difference(MyReLU.apply) == pytest.approx(0.5)
    assert gradcheck_at_kink.central_difference(torch.relu) == pytest.approx(0.5)
    assert gradcheck_at_kink.analytical(MyReLU.apply) == 1.0
    assert gradcheck_at_kink.analytical(torch.relu) == 0.0
    for relu in (MyReLU.apply, torch.relu):
        assert not gradcheck_at_kink.passes_gradcheck(relu)
        assert gradcheck_at_kink.passes_gradcheck(relu, 0.5)


# -- every module is tested, runs cleanly and prints the same thing twice -------------------

def imported_snippets(test_file):
    """Names of the snippets modules that a test file imports."""
    names = set()
    for node in ast.walk(ast.parse(test_file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "snippets":
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("snippets."):
            names.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            names |= {a.name.split(".")[1] for a in node.names if a.name.startswith("snippets.")}
    return names


def test_every_snippet_module_is_imported_by_a_test():
    # Other pages' snippets are tested in their own files, so look at every test file.
    imported = set()
    for test_file in sorted((ROOT / "tests").glob("test_*.py")):
        imported |= imported_snippets(test_file)
    untested = [name for name in SNIPPET_MODULES if name not in imported]
    assert not untested, f"snippets modules that no tests/test_*.py imports: {untested}"


@pytest.mark.parametrize("name", SNIPPET_MODULES)
def test_snippet_main_is_clean_and_deterministic(name, capfd, monkeypatch, tmp_path):
    # Run where stray files cannot land in the repository (a figure script writes SVGs).
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [f"snippets/{name}.py"])
    outputs = []
    for _ in range(2):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            runpy.run_path(str(ROOT / "snippets" / f"{name}.py"), run_name="__main__")
        out, err = capfd.readouterr()
        assert err == "", f"{name} wrote to stderr: {err}"
        assert [str(w.message) for w in caught] == [], f"{name} emitted warnings"
        outputs.append(out)
    assert outputs[0].strip(), f"{name} printed nothing"
    assert outputs[0] == outputs[1], f"{name} printed different output on a second run"
    assert not re.search(r"0x[0-9a-f]{6,}", outputs[0]), f"{name} printed a memory address"
    assert str(ROOT) not in outputs[0] and str(tmp_path) not in outputs[0]
