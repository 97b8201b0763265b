"""The CustomReLU checker: accepts the reference solution, rejects each kind of mistake."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from snippets import exercise  # noqa: E402

CASES = Path("tests") / "exercise_cases"  # relative to ROOT, as a student would type it
SOLUTION = Path("snippets") / "exercise_solution.py"
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "snippets.exercise", *map(str, args)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def check(path, lang="en"):
    """check() with the path relative to ROOT, the way the CLI is used."""
    results = exercise.check(ROOT / path, lang)
    return {result.key: result for result in results}


def failed(results):
    return sorted(key for key, result in results.items() if result.required and not result.passed)


# -- the reference solution ----------------------------------------------------------------

def test_solution_passes_every_check_and_the_bonus():
    results = check(SOLUTION)
    assert list(results) == exercise.REQUIRED + ["double"]
    assert all(result.passed for result in results.values())


def test_cli_accepts_the_solution_with_exit_status_0():
    completed = run_cli("check", SOLUTION)
    assert completed.returncode == 0, completed.stdout
    assert completed.stderr == ""
    lines = completed.stdout.splitlines()
    assert lines[0] == f"Checking {SOLUTION}"
    assert sum(line.startswith("[PASS]") for line in lines) == len(exercise.REQUIRED)
    assert any(line.startswith("[BONUS PASS]") for line in lines)


# -- wrong solutions: the right check fails, for the right reason -------------------------

@pytest.mark.parametrize("case, failing, key, reason", [
    ("inplace_grad_output.py", ["inplace"], "inplace", "changed the caller's g"),
    ("inplace_grad_output.py", ["inplace"], "inplace", "w.grad = [0.0, 3.0]"),
    ("inplace_grad_output.py", ["inplace"], "inplace", "stride-0"),
    ("mask_keeps_zero.py", ["values"], "values", "gradient at x = 0 is 1.0, expected 0"),
    ("no_save_for_backward.py", ["saved"], "saved", "ctx.input"),
    ("not_static.py", ["static"], "static", "forward is not decorated with @staticmethod"),
    ("float32_detour.py", ["float64", "gradcheck"], "float64", "torch.float32"),
    ("inplace_forward.py", ["gradcheck", "values"], "values", "forward changed its input"),
])
def test_checker_rejects_wrong_solution_for_the_right_reason(case, failing, key, reason):
    results = check(CASES / case)
    assert failed(results) == sorted(failing)
    assert reason in results[key].detail


@pytest.mark.parametrize("case, reason", [
    ("syntax_error.py", f"syntax error at {ROOT / CASES / 'syntax_error.py'}:6"),
    ("not_python.txt", "does not end in .py"),
    ("no_custom_relu.py", "does not define CustomReLU"),
    ("raises_at_import.py", "FileNotFoundError"),
])
def test_checker_reports_files_it_cannot_load_in_one_line(case, reason):
    results = exercise.check(ROOT / CASES / case)
    assert [result.key for result in results] == ["load"]
    assert not results[0].passed
    assert reason in results[0].detail and "\n" not in results[0].detail


def test_checker_rejects_a_binary_file(tmp_path):
    picture = tmp_path / "answer.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    result, = exercise.check(picture)
    assert not result.passed and "not UTF-8 text" in result.detail


def test_starter_fails_and_points_at_the_todo():
    results = exercise.check(ROOT / "snippets" / "exercise_starter.py")
    assert not exercise.all_required_passed(results)
    values = {result.key: result for result in results}["values"]
    assert "NotImplementedError" in values.detail and "exercise_starter.py:" in values.detail


def test_once_differentiable_passes_but_misses_the_bonus():
    results = check(CASES / "once_differentiable.py")
    assert failed(results) == []
    assert not results["double"].passed and "once_differentiable" in results["double"].detail


def test_student_prints_and_errors_stay_out_of_the_report(tmp_path):
    noisy = tmp_path / "noisy.py"
    noisy.write_text(
        "import warnings\n"
        "import torch\n"
        "print('hello from import')\n"
        "class CustomReLU(torch.autograd.Function):\n"
        "    @staticmethod\n"
        "    def forward(ctx, input):\n"
        "        print('hello from forward')\n"
        "        warnings.warn('student warning')\n"
        "        ctx.save_for_backward(input)\n"
        "        return input.clamp(min=0)\n"
        "    @staticmethod\n"
        "    def backward(ctx, grad_output):\n"
        "        raise ValueError('not done')\n",
        encoding="utf-8")
    results = exercise.check(noisy)
    report = exercise.report(noisy, results)
    assert "hello from" not in report
    values = {result.key: result for result in results}["values"]
    assert f"ValueError: not done ({noisy}:13, in backward)" in values.detail
    assert "student warning" in values.detail


def test_cli_rejects_a_wrong_solution_in_russian():
    completed = run_cli("check", CASES / "inplace_grad_output.py", "--lang", "ru")
    assert completed.returncode == 1
    assert completed.stderr == ""  # the student's deprecation warnings were captured
    out = completed.stdout
    assert out.splitlines()[0].startswith("Проверка ")
    assert "[НЕ ЗАЧТЕНО] 5. backward не изменяет grad_output на месте (in place)" in out
    assert "Пройдено обязательных проверок: 7 из 8." in out
    assert "PASS" not in out and "FAIL" not in out and "Checking" not in out
    # Every line of the report carries Russian prose.
    assert all(CYRILLIC.search(line) for line in out.splitlines())


def test_every_message_is_translated_with_the_same_placeholders():
    for key, (english, russian) in exercise.MESSAGES.items():
        assert russian != english and CYRILLIC.search(russian), key
        assert re.findall(r"{\w+}", english) == re.findall(r"{\w+}", russian), key


def test_russian_zero_gradient_reason_uses_the_glossary_terms():
    detail = check(CASES / "mask_keeps_zero.py", lang="ru")["values"].detail
    assert "субградиент" in detail and "градиент" in detail


def test_cli_missing_file_is_a_usage_error():
    completed = run_cli("check", "no_such_answer.py")
    assert completed.returncode == 2
    assert "no_such_answer.py" in completed.stderr and completed.stdout == ""


def test_cli_without_a_command_prints_the_same_usage_in_any_terminal(capsys, monkeypatch):
    printed = []
    for columns in ("30", "200"):
        monkeypatch.setenv("COLUMNS", columns)
        assert exercise.main([]) == 0
        printed.append(capsys.readouterr().out)
    assert printed[0].startswith("usage: python -m snippets.exercise")
    assert printed[0] == printed[1]


def test_cli_syntax_error_exit_status_1_with_file_and_line():
    completed = run_cli("check", CASES / "syntax_error.py")
    assert completed.returncode == 1
    assert f"{CASES / 'syntax_error.py'}:6" in completed.stdout
    assert "Traceback" not in completed.stdout + completed.stderr
