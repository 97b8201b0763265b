"""The CustomReLU checker: accepts the reference solution, rejects each kind of
mistake with its reason in both languages, and cannot be fooled by the
solution it runs (the solution runs in a child process of its own)."""
import functools
import math
import os
import re
import string
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from snippets import exercise  # noqa: E402
from snippets.exercise import messages  # noqa: E402

CASES = Path("snippets") / "exercise" / "cases"  # relative to ROOT, as a student would type it
SOLUTION = Path("snippets") / "exercise" / "solution.py"
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def run_cli(*args, timeout=180):
    return subprocess.run([sys.executable, "-m", "snippets.exercise", *map(str, args)],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def attempt(path, timeout=exercise.DEFAULT_TIMEOUT):
    """One run per case: each run starts a process; judging it again runs nothing."""
    return _attempt(Path(path), timeout)


@functools.cache
def _attempt(path, timeout):
    return exercise.execute(ROOT / path, timeout=timeout)


@pytest.fixture(scope="module", autouse=True)
def every_case_at_once(request):
    """When the session judges every case (the report-width test does), the cases are run up
    front, as many at a time as the machine has cores: each is a child process importing torch,
    which leaves the other cores idle if run one by one."""
    if not any(getattr(item, "originalname", None) == "test_every_report_line_fits_in_78_columns"
               for item in request.session.items):
        return
    paths = [CASES / case.name for case in sorted((ROOT / CASES).iterdir())
             if case.name not in SLOW_CASES] + [SOLUTION]
    # torch on one thread in each child, which runs beside the others.
    with pytest.MonkeyPatch.context() as patch, ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        patch.setenv("OMP_NUM_THREADS", "1")
        list(pool.map(attempt, paths))


SLOW_CASES = {"endless_loop.py"}  # takes the whole time limit; its own test checks it


def check(path, lang="en", timeout=exercise.DEFAULT_TIMEOUT):
    """check() with the path relative to ROOT."""
    results = exercise.judge(attempt(Path(path), timeout), lang)
    return {result.key: result for result in results}


def flat(text):
    """The report's text with its line wrapping undone."""
    return " ".join(text.split())


def failed(results):
    return sorted(key for key, result in results.items() if result.required and not result.passed)


# -- the reference solution ----------------------------------------------------------------

def test_solution_passes_every_check_and_the_bonus():
    results = check(SOLUTION)
    assert list(results) == exercise.REQUIRED + ["double"]
    assert all(result.passed for result in results.values())
    assert "±0.0 included" in results["values"].detail
    assert "makes backward raise" in results["saved"].detail


def test_cli_accepts_the_solution_with_exit_status_0_and_lines_of_at_most_78():
    completed = run_cli("check", SOLUTION)
    assert completed.returncode == 0, completed.stdout
    assert completed.stderr == ""
    lines = completed.stdout.splitlines()
    assert lines[0] == f"Checking {SOLUTION}"
    assert sum(line.startswith("[PASS]") for line in lines) == len(exercise.REQUIRED)
    assert any(line.startswith("[BONUS PASS]") for line in lines)
    assert max(map(len, lines)) <= 78


def test_the_report_does_not_depend_on_the_random_inputs():
    # The pages show reports: only the fixed inputs may appear in them.
    runs = [(case, seed) for case in [SOLUTION, CASES / "missing_mask.py"] for seed in (1, 2)]
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        reports = list(pool.map(lambda run: exercise.report(
            run[0], exercise.check(ROOT / run[0], seed=run[1])), runs))
    for case in (SOLUTION, CASES / "missing_mask.py"):
        assert len({r for (c, _), r in zip(runs, reports) if c == case}) == 1, case


# -- wrong solutions: the right check fails, for the right reason, in both languages -------

@pytest.mark.parametrize("case, failing, key, english, russian", [
    ("inplace_grad_output.py", ["inplace"], "inplace", "changed the caller's g",
     "изменил тензор g вызывающего кода"),
    ("inplace_grad_output.py", ["inplace"], "inplace", "w.grad = [0.0, 3.0]",
     "w.grad = [0.0, 3.0] вместо [3.0, 3.0]"),
    ("inplace_grad_output.py", ["inplace"], "inplace", "stride-0",
     "расширенное (expanded) представление с шагом 0"),
    ("mask_keeps_zero.py", ["values"], "values", "gradient at x = 0 is 1.0, expected 0",
     "в точке x = 0 градиент равен 1.0, а должен быть 0"),
    # issue: a missing mask was blamed on float32
    ("missing_mask.py", ["gradcheck", "shapes", "values"], "values",
     "grad_output passed through unchanged", "grad_output без изменений"),
    # issue: the input stashed on ctx silently gives a wrong gradient once changed in place
    ("no_save_for_backward.py", ["saved"], "saved", "outside ctx.save_for_backward: ctx.input;",
     "в обход ctx.save_for_backward: ctx.input;"),
    ("no_save_for_backward.py", ["saved"], "saved",
     "backward silently used the new values: gradient [1.0, 0.0, 1.0, 0.0] instead of "
     "[0.0, 1.0, 0.0, 1.0]", "backward молча взял новые значения"),
    # issue: a mask kept as ctx.mask next to save_for_backward passed 8 of 8
    ("ctx_attribute_mask.py", ["saved"], "saved", "outside ctx.save_for_backward: ctx.mask;",
     "в обход ctx.save_for_backward: ctx.mask;"),
    ("not_static.py", ["static"], "static", "forward is not decorated with @staticmethod",
     "forward не помечен декоратором @staticmethod"),
    ("float32_detour.py", ["float64", "gradcheck"], "float64",
     "for a torch.float64 input the output has dtype torch.float32",
     "для входа torch.float64 выход имеет тип torch.float32"),
    # issue: a float64 output for a float32 input passed 8 of 8
    ("upcasts_float32.py", ["float64"], "float64",
     "for a torch.float32 input the output has dtype torch.float64",
     "для входа torch.float32 выход имеет тип torch.float64"),
    # issue: a backward that needs a contiguous grad_output passed 8 of 8
    ("assumes_contiguous.py", ["shapes"], "shapes",
     "for shape (2, 3) with a non-contiguous grad_output (a transposed view): "
     "RuntimeError: view size is not compatible",
     "для формы (2, 3), где grad_output не является непрерывным в памяти"),
    # issue: a mask two levels down a ctx attribute passed 8 of 8
    ("nested_ctx_mask.py", ["saved"], "saved", "ctx.cache['masks'][0];",
     "ctx.cache['masks'][0];"),
    # issue: the bonus was awarded next to a failed gradcheck
    ("sums_extra_dim.py", ["gradcheck", "shapes", "values"], "double",
     "not awarded while gradcheck (requirement 8) fails (gradcheck reports: Jacobian mismatch",
     "не засчитывается, пока не пройден gradcheck (требование 8; gradcheck сообщает: "
     "Jacobian mismatch"),
    ("inplace_forward.py", ["gradcheck", "saved", "values"], "values",
     "forward changed its input", "forward изменил свой вход на месте"),
    # inputs over a wide range: (x + |x|) / 2 overflows for huge float32 values
    ("overflows.py", ["values"], "values", "for x = 3e+38 the output is inf, expected 3e+38",
     "для x = 3e+38 выход равен inf, а ожидается 3e+38"),
])
def test_checker_rejects_wrong_solution_for_the_right_reason(case, failing, key, english,
                                                             russian):
    results = check(CASES / case)
    assert failed(results) == sorted(failing)
    assert english in results[key].detail
    assert russian in check(CASES / case, "ru")[key].detail


# -- requirement 3 as a property: a tensor kept alive anywhere but in the output and in
# ctx.save_for_backward fails it, wherever it is; flags, numbers and constants do not -------

KEPT = "forward keeps tensors where autograd does not track them, outside " \
    "ctx.save_for_backward: "
KEPT_RU = "forward хранит тензоры там, где autograd их не отслеживает, в обход " \
    "ctx.save_for_backward: "
UNNAMED = "is kept alive outside ctx.save_for_backward, by something the checker cannot name"
UNNAMED_RU = "удерживается в памяти в обход ctx.save_for_backward: его держит что-то, " \
    "чему проверяющая программа не может дать имя"


@pytest.mark.parametrize("case, english, russian", [
    ("hides_in_global.py", KEPT + "the module-level name last_mask;",
     KEPT_RU + "глобальное имя модуля last_mask;"),
    ("hides_in_nested_global.py", KEPT + "the module-level name cache['relu'][0][0]['mask'];",
     KEPT_RU + "глобальное имя модуля cache['relu'][0][0]['mask'];"),
    ("hides_in_class.py", KEPT + "the class attribute CustomReLU.mask;",
     KEPT_RU + "атрибут класса CustomReLU.mask;"),
    ("hides_in_closure.py", KEPT + "mask in the closure of make.<locals>.CustomReLU.forward;",
     KEPT_RU + "mask в замыкании функции make.<locals>.CustomReLU.forward;"),
    # an object with no __dict__ and no weak references
    ("hides_in_slots.py", KEPT + "the module-level name box.mask;",
     KEPT_RU + "глобальное имя модуля box.mask;"),
    ("hides_in_generator.py", KEPT + "the local variable mask of keep;",
     KEPT_RU + "локальная переменная mask функции keep;"),
    ("hides_on_output.py", KEPT + "output.mask; ctx.output[0];",
     KEPT_RU + "output.mask; ctx.output[0];"),
    ("hides_in_thread_local.py", KEPT + "somewhere inside the module-level name local;",
     KEPT_RU + "где-то внутри: глобальное имя модуля local;"),
    # a dict that autograd keeps in C++: nothing Python can see names it
    ("hides_in_node_metadata.py", UNNAMED, UNNAMED_RU),
    # the mask as the .grad of a tensor: C++ holds it, the tensor is named
    ("hides_in_grad.py", KEPT + "the module-level name holder;",
     KEPT_RU + "глобальное имя модуля holder;"),
    # not a tensor but its storage
    ("hides_storage.py", KEPT + "the module-level name kept[0][0];",
     KEPT_RU + "глобальное имя модуля kept[0][0];"),
    # a tensor made at import, written into by forward
    ("writes_buffer.py", KEPT + "the module-level name buffer;",
     KEPT_RU + "глобальное имя модуля buffer;"),
    # gc.freeze() and a gc callback: the garbage collector's lists are read all the same
    ("hides_from_gc.py", KEPT + "the module-level name last[0];",
     KEPT_RU + "глобальное имя модуля last[0];"),
    # the input itself, kept beside ctx.save_for_backward
    ("stashes_input.py", KEPT + "the module-level name inputs[0];",
     KEPT_RU + "глобальное имя модуля inputs[0];"),
])
def test_a_tensor_kept_anywhere_outside_save_for_backward_fails_requirement_3(case, english,
                                                                            russian):
    source = (ROOT / CASES / case).read_text(encoding="utf-8")
    # each saves its input too: an unused save_for_backward does not make it pass
    assert "ctx.save_for_backward(input)" in source
    results = check(CASES / case)
    assert failed(results) == ["saved"]
    assert english in flat(results["saved"].detail)
    assert russian in flat(check(CASES / case, "ru")["saved"].detail)
    assert "Traceback" not in results["saved"].detail


@pytest.mark.parametrize("case", ["keeps_flags.py", "multiplies_mask.py",
                                  "inherits_clear_saved.py", "clears_saved.py", SOLUTION.name])
def test_flags_numbers_constants_and_saved_tensors_pass_requirement_3(case):
    path = SOLUTION if case == SOLUTION.name else CASES / case
    results = check(path)
    assert failed(results) == [] and results["double"].passed, results["saved"].detail
    assert results["saved"].detail.startswith("1 tensor(s) saved")


def test_the_incoming_gradients_are_finite_so_a_product_with_the_mask_passes():
    # The page says which: the checker does not test an inf or NaN incoming gradient.
    plan = exercise.checker.make_plan(seed=1)
    gradients = [plan["wide"]["g"], plan["version"]["g"], plan["float64"]["g"],
                 plan["float32"]["g"], *(case["g"] for case in plan["shapes"])]
    assert all(math.isfinite(g) for values in gradients for g in values)
    assert "grad_output * mask" in (ROOT / CASES / "multiplies_mask.py").read_text()
    assert failed(check(CASES / "multiplies_mask.py")) == []


def test_the_missed_bonus_names_what_failed_in_requirement_8(tmp_path):
    # issue: a gradcheck that raised was reported as a wrong first derivative
    raising = tmp_path / "raises_without_grad_mode.py"
    raising.write_text(
        "import torch\n"
        "class CustomReLU(torch.autograd.Function):\n"
        "    @staticmethod\n"
        "    def forward(ctx, input):\n"
        "        ctx.save_for_backward(input)\n"
        "        return input.clamp(min=0)\n"
        "    @staticmethod\n"
        "    def backward(ctx, grad_output):\n"
        "        if not torch.is_grad_enabled():\n"
        "            raise RuntimeError('only with create_graph=True')\n"
        "        input, = ctx.saved_tensors\n"
        "        return torch.where(input > 0, grad_output, 0.)\n", encoding="utf-8")
    attempt = exercise.execute(raising)
    for lang, text in (("en", "not awarded while gradcheck (requirement 8) fails "
                              "(RuntimeError: only with create_graph=True"),
                       ("ru", "не засчитывается, пока не пройден gradcheck (требование 8; "
                              "RuntimeError: only with create_graph=True")):
        double = {r.key: r for r in exercise.judge(attempt, lang)}["double"]
        assert not double.passed and text in double.detail
        assert "Jacobian" not in double.detail and "first derivative" not in double.detail


def test_a_warning_other_than_the_expanded_write_fails_nothing_and_is_named_once():
    # issue: any warning during y.sum().backward() failed requirement 5
    results = check(CASES / "warns_but_right.py")
    assert failed(results) == []
    details = [result.detail for result in results.values()]
    assert sum("To copy construct from a tensor" in d for d in details) == 1


@pytest.mark.parametrize("case", ["clears_saved.py", "inherits_clear_saved.py"])
def test_clear_saved_tensors_on_access_passes_gradcheck_and_says_how(case):
    # issue: gradcheck re-runs backward on one graph, which the setting forbids; and a
    # setting inherited from a base class failed requirement 8 with a raw error
    results = check(CASES / case)
    assert failed(results) == [] and results["double"].passed
    assert "clear_saved_tensors_on_access = False" in results["gradcheck"].detail
    assert "clear_saved_tensors_on_access = False" in \
        check(CASES / case, "ru")["gradcheck"].detail


def test_every_case_is_listed_on_the_exercise_page():
    page = (ROOT / "docs" / "en" / "exercise.md").read_text(encoding="utf-8")
    missing = [case.name for case in sorted((ROOT / CASES).iterdir())
               if case.name not in page]
    assert not missing, f"docs/en/exercise.md does not name {missing}: add them to the " \
        "list the 'what each wrong solution fails' script checks"


def test_float64_check_blames_float32_only_on_float32_rounding():
    for case in ["missing_mask.py", "mask_keeps_zero.py", "no_save_for_backward.py"]:
        assert check(CASES / case)["float64"].passed, case


@pytest.mark.parametrize("case, english, russian", [
    ("syntax_error.py", f"syntax error at {ROOT / CASES / 'syntax_error.py'}:6",
     "синтаксическая ошибка в"),
    ("not_python.txt", "does not end in .py", "не оканчивается на .py"),
    ("no_custom_relu.py", "does not define CustomReLU", "не определён класс CustomReLU"),
    ("raises_at_import.py", "FileNotFoundError", "FileNotFoundError"),
    # issue: os._exit(0) at import exited 0 with no report
    ("exits_at_import.py", "ended the checker's process while loading (exit status 0)",
     "завершил процесс проверяющей программы во время загрузки (код возврата 0)"),
    # issue: a solution that patched the checker's classes passed 8 of 8
    ("patches_checker.py", "the file changed checker.measure_", "файл подменил"),
    ("patches_torch.py", "the file changed torch.Tensor.tolist", "torch.Tensor.tolist"),
])
def test_checker_reports_files_it_cannot_load_in_one_line(case, english, russian):
    for lang, reason in (("en", english), ("ru", russian)):
        results = list(check(CASES / case, lang).values())
        assert [result.key for result in results] == ["load"]
        assert not results[0].passed
        assert reason in results[0].detail and "\n" not in results[0].detail


def test_blinding_the_garbage_collector_is_caught_as_patching(tmp_path):
    # Requirement 3 reads the garbage collector's lists: replacing its functions is
    # patching, and gc.freeze() or a gc callback (hides_from_gc.py) hides nothing.
    blind = tmp_path / "blind.py"
    blind.write_text(
        (ROOT / SOLUTION).read_text(encoding="utf-8")
        + "import gc\ngc.get_objects = lambda generation=None: []\n", encoding="utf-8")
    for lang, reason in (("en", "the file changed gc.get_objects"),
                         ("ru", "файл подменил gc.get_objects")):
        result, = exercise.judge(attempt(blind), lang)
        assert result.key == "load" and not result.passed and reason in result.detail


def test_patching_the_checker_cannot_make_it_pass():
    completed = run_cli("check", CASES / "patches_checker.py")
    assert completed.returncode == 1
    assert "[PASS]" not in completed.stdout
    assert "must not patch torch" in flat(completed.stdout)


def test_every_check_of_a_process_forks_from_one_zygote_and_runs_alone(tmp_path):
    """The zygote (snippets/exercise/zygote.py) imports torch once; each solution still gets a
    process of its own, as `python -c <child.py>` would start it: the child's functions are
    `__main__`'s (where patches_checker.py looks for them), and nothing of the last solution is
    left."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import os, sys\n"
        "main = vars(sys.modules['__main__'])\n"
        "sys.stderr.write(f'{os.getpid()} {sys.argv[0]} {\"snapshot\" in main} '\n"
        "                 f'{hasattr(os, \"mark\")}\\n')\n"
        "os.mark = True\n"
        "os._exit(7)\n", encoding="utf-8")
    first = exercise.execute(probe, timeout=30)
    zygote = exercise.checker.Zygote.current
    second = exercise.execute(probe, timeout=30)
    assert exercise.checker.Zygote.current is zygote and zygote.process.poll() is None
    lines = [attempt.run.stderr.split() for attempt in (first, second)]
    assert [attempt.run.status for attempt in (first, second)] == [7, 7]
    assert lines[0][0] != lines[1][0], "both solutions ran in the same process"
    assert [line[1:] for line in lines] == [["-c", "True", "False"]] * 2, lines


def test_an_endless_loop_is_stopped_with_a_clear_failure():
    started = time.monotonic()
    results = check(CASES / "endless_loop.py", timeout=10)
    assert time.monotonic() - started < 40
    # Requirement 3 is the first to call backward; the checks before it are still judged.
    assert results["subclass"].passed and results["static"].passed
    assert "did not finish within 10 s (an endless loop?)" in results["saved"].detail
    assert all("not run" in results[key].detail for key in exercise.REQUIRED[3:] + ["double"])


def test_an_endless_loop_at_import_times_out_while_loading(tmp_path):
    looping = tmp_path / "loop.py"
    looping.write_text("while True:\n    pass\n", encoding="utf-8")
    result, = exercise.check(looping, "ru", timeout=3)
    assert "загрузка файла не закончилась за 3\u00a0с" in result.detail


def test_a_forged_report_is_rejected(tmp_path):
    forger = tmp_path / "forger.py"
    forger.write_text(
        "import json, os, sys\n"
        "fd = int(sys.argv[2])\n"
        "os.write(fd, b'{\"event\": \"loaded\"}\\n')\n"
        "for key in ['subclass', 'static']:\n"
        "    fact = {'event': 'facts', 'key': key, 'nonce': 'guess', 'facts': {}}\n"
        "    os.write(fd, (json.dumps(fact) + '\\n').encode())\n"
        "os._exit(0)\n", encoding="utf-8")
    results = exercise.check(forger)
    assert [r.key for r in results] == ["load"] and not results[0].passed
    assert "sent a report it did not write" in results[0].detail


def test_checker_rejects_a_binary_file(tmp_path):
    picture = tmp_path / "answer.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    result, = exercise.check(picture)
    assert not result.passed and "not UTF-8 text" in result.detail


def test_starter_fails_and_points_at_the_todo():
    results = exercise.check(ROOT / "snippets" / "exercise" / "starter.py")
    assert not exercise.all_required_passed(results)
    values = {result.key: result for result in results}["values"]
    assert "NotImplementedError" in values.detail and "starter.py:" in values.detail


def test_once_differentiable_passes_but_misses_the_bonus():
    results = check(CASES / "once_differentiable.py")
    assert failed(results) == []
    assert not results["double"].passed and "once_differentiable" in results["double"].detail


def test_setup_context_style_with_a_saved_mask_passes(tmp_path):
    modern = tmp_path / "modern.py"
    modern.write_text(
        "import torch\n"
        "class CustomReLU(torch.autograd.Function):\n"
        "    @staticmethod\n"
        "    def forward(input):\n"
        "        return input.clamp(min=0)\n"
        "    @staticmethod\n"
        "    def setup_context(ctx, inputs, output):\n"
        "        ctx.save_for_backward(inputs[0] > 0)\n"
        "    @staticmethod\n"
        "    def backward(ctx, grad_output):\n"
        "        mask, = ctx.saved_tensors\n"
        "        return grad_output * mask\n", encoding="utf-8")
    results = {result.key: result for result in exercise.check(modern)}
    assert failed(results) == []
    assert "does no harm" in results["saved"].detail


def test_student_prints_and_errors_stay_out_of_the_report(tmp_path):
    noisy = tmp_path / "noisy.py"
    noisy.write_text(
        "import sys, warnings\n"
        "import torch\n"
        "print('hello from import')\n"
        "class CustomReLU(torch.autograd.Function):\n"
        "    @staticmethod\n"
        "    def forward(ctx, input):\n"
        "        print('hello from forward', file=sys.stderr)\n"
        "        warnings.warn('student warning')\n"
        "        ctx.save_for_backward(input)\n"
        "        return input.clamp(min=0)\n"
        "    @staticmethod\n"
        "    def backward(ctx, grad_output):\n"
        "        raise ValueError('not done')\n",
        encoding="utf-8")
    completed = run_cli("check", noisy)
    assert "hello from" not in completed.stdout + completed.stderr
    results = {result.key: result for result in exercise.check(noisy)}
    assert f"ValueError: not done ({noisy}:13, in backward)" in results["values"].detail
    # named once, at the first check that calls forward
    assert "student warning" in results["saved"].detail
    assert sum("student warning" in r.detail for r in results.values()) == 1


def test_cli_rejects_a_wrong_solution_in_russian():
    completed = run_cli("check", CASES / "inplace_grad_output.py", "--lang", "ru")
    assert completed.returncode == 1
    assert completed.stderr == ""  # the student's deprecation warnings were captured
    out = completed.stdout
    assert out.splitlines()[0].startswith("Проверка ")
    assert "[НЕ ЗАЧТЕНО] 5. backward не изменяет grad_output на месте (in-place)" in out
    assert "Пройдено обязательных проверок: 7 из 8." in out
    assert "PASS" not in out and "FAIL" not in out and "Checking" not in out
    # Every line of the report carries Russian prose, and none is wider than 78.
    assert all(CYRILLIC.search(line) for line in out.splitlines() if not line.startswith(" "))
    assert max(map(len, out.splitlines())) <= 78


def test_every_report_line_fits_in_78_columns():
    for case in sorted((ROOT / CASES).iterdir()):
        if case.name in SLOW_CASES:
            continue
        for lang in ("en", "ru"):
            results = exercise.judge(attempt(CASES / case.name), lang)
            lines = exercise.report(CASES / case.name, results, lang).splitlines()
            assert max(map(len, lines)) <= 78, (case.name, lang)


# -- messages: a table per locale, English as the fallback ----------------------------------

def placeholders(text):
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


@pytest.mark.parametrize("lang", sorted(set(messages.MESSAGES) - {messages.FALLBACK}))
def test_every_language_has_every_message_with_the_same_placeholders(lang):
    english, table = messages.MESSAGES[messages.FALLBACK], messages.MESSAGES[lang]
    assert sorted(table) == sorted(english)
    for key, text in english.items():
        assert placeholders(table[key]) == placeholders(text), key


def test_russian_messages_follow_russian_typography():
    for key, text in messages.MESSAGES["ru"].items():
        assert CYRILLIC.search(text) or key in ("subclass", "float64", "place.attr"), key
        assert " – " not in text and " —" not in text, key  # « — » with a no-break space
        assert '"' not in text and "in place" not in text, key
        # «за {seconds}\u00a0с»: a lone «с» must not wrap away from its number.
        assert not re.search(r"\}[ \t]+(?:с|мс|мин)\b", text), key


def test_a_language_without_a_table_falls_back_to_english():
    assert messages.translate("de", "PASS") == "PASS"
    assert messages.translate("ru-RU", "PASS") == messages.translate("ru", "PASS")
    completed = run_cli("check", CASES / "mask_keeps_zero.py", "--lang", "de")
    assert completed.returncode == 1 and completed.stderr == ""
    assert "gradient at x = 0 is 1.0, expected 0" in flat(completed.stdout)


def test_missing_keys_fall_back_to_english(monkeypatch):
    monkeypatch.setitem(messages.MESSAGES, "xx", {"PASS": "OK"})
    assert messages.translate("xx", "PASS") == "OK"
    assert messages.translate("xx", "FAIL") == "FAIL"


# -- the command line: usage errors are exit status 2, with a message on stderr ------------

def test_cli_without_arguments_prints_usage_on_stderr_with_exit_status_2():
    completed = run_cli()
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert completed.stderr.startswith("usage: python -m snippets.exercise")


@pytest.mark.parametrize("args, message", [
    (["check", "no_such_answer.py"], "error: no such file: no_such_answer.py"),
    (["check", "snippets"], "error: snippets is a directory"),
    (["check", "snippets", "--lang", "ru"], "ошибка: snippets\u00a0— это каталог"),
    (["check", str(SOLUTION), "--timeout", "0"], "--timeout must be a positive number"),
    (["check"], "the following arguments are required: FILE"),
])
def test_cli_usage_errors_exit_2(args, message):
    completed = run_cli(*args)
    assert completed.returncode == 2
    assert message in completed.stderr and completed.stdout == ""


def test_cli_help_is_the_same_in_any_terminal():
    printed = []
    for columns in ("30", "200"):
        env = dict(os.environ, COLUMNS=columns)
        completed = subprocess.run([sys.executable, "-m", "snippets.exercise", "check", "-h"],
                                   cwd=ROOT, capture_output=True, text=True, env=env)
        assert completed.returncode == 0
        printed.append(completed.stdout)
    assert printed[0] == printed[1]
    assert "--timeout SECONDS" in printed[0] and "exit status: 0" in printed[0]


def test_cli_syntax_error_exit_status_1_with_file_and_line():
    completed = run_cli("check", CASES / "syntax_error.py")
    assert completed.returncode == 1
    assert f"{CASES / 'syntax_error.py'}:6" in completed.stdout
    assert "Traceback" not in completed.stdout + completed.stderr
