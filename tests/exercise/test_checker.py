"""The CustomReLU checker: accepts the reference solution, rejects each kind of mistake with its
reason in both languages, and cannot be fooled by the solution it runs (in a child process of
its own). Which checks each case of the page fails, on every release, the exercise page's own
run proves (docs/en/exercise.md); here: the reasons, in both languages, and the tampering."""
import atexit
import dataclasses
import functools
import math
import os
import re
import shutil
import string
import subprocess
import sys
import tempfile
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import exercise
from exercise import messages
from tests.repo import ROOT

CASES = Path("exercise") / "cases"  # relative to ROOT, as a student would type it
SOLUTION = Path("exercise") / "solution.py"
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
EXTRA = Path(tempfile.mkdtemp(prefix="checker-cases-"))  # the solutions written below
atexit.register(shutil.rmtree, EXTRA, True)
REFERENCE = (ROOT / SOLUTION).read_text(encoding="utf-8")
SOURCES = {  # solutions written into EXTRA
    # a gradcheck that raised was once reported as a wrong first derivative
    "raises_without_grad_mode.py": REFERENCE.replace("        input, = ctx.saved_tensors", """\
        if not torch.is_grad_enabled():
            raise RuntimeError('only with create_graph=True')
        input, = ctx.saved_tensors"""),
    "noisy.py": """\
    import sys, warnings
    import torch
    print('hello from import')
    class CustomReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, input):
            print('hello from forward', file=sys.stderr)
            warnings.warn('student warning')
            ctx.save_for_backward(input)
            return input.clamp(min=0)
        @staticmethod
        def backward(ctx, grad_output):
            raise ValueError('not done')  # line 13
""",
    # requirement 3 reads the garbage collector's lists: replacing its functions is patching
    "blind.py": REFERENCE + "import gc\ngc.get_objects = lambda generation=None: []\n",
    "forger.py": """\
    import json, os, sys
    fd = int(sys.argv[2])
    os.write(fd, b'{"event": "loaded"}\\n')
    for key in ['subclass', 'static']:
        fact = {'event': 'facts', 'key': key, 'nonce': 'guess', 'facts': {}}
        os.write(fd, (json.dumps(fact) + '\\n').encode())
    os._exit(0)
""",
    "loop.py": "while True:\n    pass\n",
    # a published backward: a random subgradient at 0; it writes nothing (requirement 4 fails)
    "random_at_zero.py": REFERENCE.replace(
        "return torch.where(input > 0, grad_output, 0.)",
        "return torch.where(input > 0, grad_output,\n"
        "                           torch.where(input == 0, torch.rand_like(grad_output), 0.))"),
    # an error in forward is forward's, whichever check meets it first
    "forward_raises.py": REFERENCE.replace("        return input.clamp(min=0)",
                                           "        raise ValueError('forward not done')"),
    # PyTorch's raw leaf error, met by every check that calls forward on a leaf
    "leaf_inplace.py": REFERENCE.replace("        return input.clamp(min=0)", """\
        with torch.enable_grad():
            return input.clamp_(min=0)"""),
    # backward overwrites the input it saved: the second backward on one graph (gradcheck's) fails
    "writes_saved.py": REFERENCE.replace("return torch.where(input > 0, grad_output, 0.)",
                                         "return grad_output * input.gt_(0)"),
    # a zero made on forward's first call and cached: a constant, not hidden state
    "cached_zero.py": REFERENCE.replace("import torch\n", "import functools\nimport torch\n\n\n"
        "@functools.lru_cache\ndef zero(dtype):\n    return torch.zeros((), dtype=dtype)\n").replace(
        "return input.clamp(min=0)", "return torch.where(input > 0, input, zero(input.dtype))"),
    "numpy_mask.py": REFERENCE.replace("        return input.clamp(min=0)",
                                       "        ctx.mask = (input > 0).numpy()\n"
                                       "        return input.clamp(min=0)"),
    "saves_data.py": REFERENCE.replace("ctx.save_for_backward(input)",
                                       "ctx.save_for_backward(input.data)"),
    "picture.py": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe",
}
LOOPS = {CASES / "endless_loop.py", EXTRA / "loop.py"}  # stopped after 1 s, not 60
SECONDS = {}  # how long each run took, time limit included


@functools.cache
def attempt(path, seed=None):
    """One run per case: each run starts a process; judging it again runs nothing."""
    started = time.monotonic()
    timeout = 1 if path in LOOPS else exercise.DEFAULT_TIMEOUT
    run = exercise.execute(ROOT / path, timeout=timeout, seed=seed)
    SECONDS[path, seed] = time.monotonic() - started
    return run


@pytest.fixture(scope="module", autouse=True)
def every_case_at_once():
    """The module's solutions run up front, as many at a time as the machine has cores (each
    is a child process, which leaves the other cores idle if run one by one), torch on one
    thread in each."""
    for name, source in SOURCES.items():
        (EXTRA / name).write_bytes(source if isinstance(source, bytes)
                                   else textwrap.dedent(source).encode())
    runs = [(CASES / case.name,) for case in sorted((ROOT / CASES).iterdir())]
    runs += [(SOLUTION,), (CASES / "missing_mask.py", 1),
             (SOLUTION.parent / "starter.py",), *((EXTRA / name,) for name in SOURCES)]
    with pytest.MonkeyPatch.context() as patch, ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        patch.setenv("OMP_NUM_THREADS", "1")
        list(pool.map(lambda run: attempt(*run), runs))


def check(case, lang="en"):
    """The verdict on a solution (a name in cases/, or a path relative to ROOT), by key."""
    path = CASES / case if isinstance(case, str) else case
    return {r.key: r for r in exercise.judge(attempt(path), lang)}


# Requirement 3: where each case keeps a tensor outside ctx.save_for_backward, as the Russian
# report names it; the English names are the exercise page's own output ("Requirement 3's reason
# for each way"). Each saves its input too: an unused save_for_backward does not make it pass.
HIDDEN_RU = {
    "hides_in_global.py": "глобальное имя модуля last_mask;",
    "hides_in_nested_global.py": "глобальное имя модуля cache['relu'][0][0]['mask'];",
    "hides_in_class.py": "атрибут класса CustomReLU.mask;",
    "hides_in_closure.py": "mask в замыкании функции make.<locals>.CustomReLU.forward;",
    "hides_in_slots.py": "глобальное имя модуля box.mask;",  # no __dict__, no weak references
    "hides_in_generator.py": "локальная переменная mask функции keep;",
    "hides_on_output.py": "output.mask; ctx.output[0];",
    "hides_in_thread_local.py": "где-то внутри: глобальное имя модуля local;",
    "hides_in_grad.py": "глобальное имя модуля holder;",  # C++ holds the .grad, not the tensor
    "hides_storage.py": "глобальное имя модуля kept[0][0];",
    "writes_buffer.py": "глобальное имя модуля buffer;",
    "hides_from_gc.py": "глобальное имя модуля last[0];",  # gc.freeze(), a gc callback
    "stashes_input.py": "глобальное имя модуля inputs[0];",
    # ctx.metadata, a dict autograd keeps in C++: nothing Python can see names it
    "hides_in_node_metadata.py": "удерживается в памяти в обход ctx.save_for_backward: его "
                                 "держит объект, который проверяющая программа не может "
                                 "назвать",
}


@pytest.mark.parametrize("case, key, english, russian", [
    ("mask_keeps_zero.py", "values", "gradient at x = 0 is 1.0, expected 0",
     "в точке x = 0 градиент равен 1.0, а должен быть 0"),
    # issue: a missing mask was blamed on float32
    ("missing_mask.py", "values", "grad_output passed through unchanged",
     "grad_output без изменений"),
    # issue: the input stashed on ctx silently gives a wrong gradient once changed in place
    ("no_save_for_backward.py", "saved", "outside ctx.save_for_backward: ctx.input;",
     "в обход ctx.save_for_backward: ctx.input;"),
    ("no_save_for_backward.py", "saved",
     "backward silently used the new values: gradient [1.0, 0.0, 1.0, 0.0] instead of "
     "[0.0, 1.0, 0.0, 1.0]", "backward молча взял новые значения"),
    # issue: a mask kept as ctx.mask next to save_for_backward passed 8 of 8
    ("ctx_attribute_mask.py", "saved", "forward keeps tensors where autograd does not track "
     "them, outside ctx.save_for_backward: ctx.mask;", "forward хранит тензоры там, где "
     "autograd их не отслеживает, в обход ctx.save_for_backward: ctx.mask;"),
    ("not_static.py", "static", "forward is not decorated with @staticmethod",
     "forward не помечен декоратором @staticmethod"),
    ("float32_detour.py", "float64", "for a torch.float64 input the output has dtype "
     "torch.float32", "для входа torch.float64 выход имеет тип torch.float32"),
    # issue: a float64 output for a float32 input passed 8 of 8
    ("upcasts_float32.py", "float64", "for a torch.float32 input the output has dtype "
     "torch.float64", "для входа torch.float32 выход имеет тип torch.float64"),
    # issue: a backward that needs a contiguous grad_output passed 8 of 8
    ("assumes_contiguous.py", "shapes", "for shape (2, 3) with a non-contiguous grad_output "
     "(a transposed view): RuntimeError: view size is not compatible",
     "для формы (2, 3), где grad_output не является непрерывным в памяти"),
    # issue: a mask two levels down a ctx attribute passed 8 of 8
    ("nested_ctx_mask.py", "saved", "ctx.cache['masks'][0];", "ctx.cache['masks'][0];"),
    # issue: the bonus was awarded next to a failed gradcheck
    ("sums_extra_dim.py", "double",
     "not awarded while gradcheck (requirement 8) fails (gradcheck reports: Jacobian mismatch",
     "не засчитывается, пока не пройден gradcheck (требование 8; gradcheck сообщает: "
     "Jacobian mismatch"),
    ("inplace_forward.py", "values", "forward changed its input",
     "forward изменил свой вход на месте"),
    # inputs over a wide range: (x + |x|) / 2 overflows for huge float32 values
    ("overflows.py", "values", "for x = 3e+38 the output is inf, expected 3e+38",
     "для x = 3e+38 выход равен inf, а ожидается 3e+38"),
    ("once_differentiable.py", "double", "once_differentiable", "once_differentiable"),
    # issue: gradcheck re-runs backward on one graph, which the setting forbids; and a
    # setting inherited from a base class failed requirement 8 with a raw error
    ("clears_saved.py", "gradcheck", "clear_saved_tensors_on_access = False",
     "clear_saved_tensors_on_access = False"),
    ("inherits_clear_saved.py", "gradcheck", "clear_saved_tensors_on_access = False",
     "clear_saved_tensors_on_access = False"),
    ("keeps_flags.py", "saved", "does no harm", "ничему не вредит"),
    # issue: a gradcheck that raised was reported as a wrong first derivative
    (EXTRA / "raises_without_grad_mode.py", "double", "not awarded while gradcheck (requirement "
     "8) fails (the same error as in check 3)", "не засчитывается, пока не пройден "
     "gradcheck (требование 8; та же ошибка, что и в проверке 3)"),
    (EXTRA / "raises_without_grad_mode.py", "saved", "RuntimeError: only with create_graph=True",
     "RuntimeError: only with create_graph=True"),
    # the line of the solution's own file that raised
    (EXTRA / "noisy.py", "saved", f"ValueError: not done ({EXTRA / 'noisy.py'}:13, in backward)",
     "ValueError: not done"),
    (SOLUTION.parent / "starter.py", "saved", "NotImplementedError", "NotImplementedError"),
    # an error met again is named once, at the first check that met it
    (SOLUTION.parent / "starter.py", "values", "the same error as in check 3",
     "та же ошибка, что и в проверке 3"),
    *((case, "saved", "", place) for case, place in HIDDEN_RU.items()),
], ids=lambda value: value.name if isinstance(value, Path) else
    str(value).replace(str(EXTRA), "<extra>"))  # an id must not hold this run's temporary folder
def test_a_wrong_solution_fails_its_check_for_its_reason_in_both_languages(case, key, english,
                                                                           russian):
    if case in HIDDEN_RU:  # the page says each of these saves its input and never reads it
        source = (ROOT / CASES / case).read_text(encoding="utf-8")
        assert "ctx.save_for_backward(input)" in source, f"{case} no longer saves its input"
    for lang, reason in (("en", english), ("ru", russian)):
        detail = check(case, lang)[key].detail
        unwrapped = " ".join(detail.split())  # the report wraps its lines
        assert " ".join(reason.split()) in unwrapped and "Traceback" not in detail, (
            f"{case} ({lang}): requirement {key!r} does not give the reason {reason!r}:\n{detail}")


def test_an_endless_loop_is_stopped_in_time_and_the_checks_before_it_are_judged():
    results, seconds = check("endless_loop.py"), SECONDS[CASES / "endless_loop.py", None]
    assert seconds < 20, f"a time limit of 1 s stopped the endless loop after {seconds:.0f} s"
    # requirement 3 is the first to call backward
    assert [key for key, result in results.items() if not result.passed] == \
        exercise.REQUIRED[2:] + ["double"]
    assert "did not finish within 1 s (an endless loop?)" in results["saved"].detail
    assert all("not run" in results[key].detail for key in exercise.REQUIRED[3:] + ["double"])
    assert "проверка не закончилась за 1\u00a0с" in check("endless_loop.py", "ru")["saved"].detail


def test_the_report_does_not_depend_on_the_random_inputs():
    # The pages show reports, the reference solution's in full: only the fixed inputs may
    # appear in them; a failed check names an input too.
    case = CASES / "missing_mask.py"
    reports = {exercise.report(case, exercise.judge(run)) for run in (attempt(case),
                                                                       attempt(case, 1))}
    assert len(reports) == 1, f"{case}: two seeds, two reports"


def test_the_incoming_gradients_are_finite_so_a_product_with_the_mask_passes():
    # The page says which: the checker does not test an inf or NaN incoming gradient.
    plan = exercise.checker.make_plan(seed=1)
    gradients = [plan["wide"]["g"], plan["version"]["g"], plan["float64"]["g"],
                 plan["float32"]["g"], *(case["g"] for case in plan["shapes"])]
    assert all(math.isfinite(g) for values in gradients for g in values)
    assert "grad_output * (input > 0)" in (ROOT / CASES / "multiplies_mask.py").read_text()


# issue: any warning during y.sum().backward() failed requirement 5 (that warns_but_right.py
# fails nothing is the exercise page's own output); a warning is named once, at the first check
# that calls forward
@pytest.mark.parametrize("case, warning", [("warns_but_right.py", "To copy construct from"),
                                           (EXTRA / "noisy.py", "student warning")])
def test_a_warning_is_named_once(case, warning):
    named = [key for key, result in check(case).items() if warning in result.detail]
    assert named == ["saved"], f"{case}: the warning {warning!r} is named in {named}, not once"


def test_every_case_is_listed_on_the_exercise_page():
    page = (ROOT / "docs" / "en" / "exercise.md").read_text(encoding="utf-8")
    missing = [case.name for case in sorted((ROOT / CASES).iterdir()) if case.name not in page]
    assert not missing, f"docs/en/exercise.md does not name {missing}: add them to the " \
        "list the 'what each solution fails' script checks"


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
    # gc.freeze() or a gc callback (hides_from_gc.py) hides nothing, replacing gc's functions
    (EXTRA / "blind.py", "the file changed gc.get_objects", "файл подменил gc.get_objects"),
    (EXTRA / "forger.py", "sent a report it did not write", "прислал отчёт, которого"),
    (EXTRA / "picture.py", "it is not UTF-8 text", "это не текст в UTF-8"),
    (EXTRA / "loop.py", "loading the file did not finish within 1 s",
     "загрузка файла не закончилась за 1\u00a0с"),
])
def test_a_file_that_cannot_be_loaded_is_reported_in_one_line(case, english, russian):
    for lang, reason in (("en", english), ("ru", russian)):
        results = list(check(case, lang).values())
        assert [result.key for result in results] == ["load"] and not results[0].passed, (
            f"{case} ({lang}) was loaded and checked: a file that cannot be loaded gets "
            f"one failed 'load' line, not {[result.key for result in results]}")
        detail = results[0].detail
        assert reason in detail and "\n" not in detail, (
            f"{case} ({lang}): the 'load' line does not give the reason {reason!r} in one line: "
            f"{detail}")


def test_every_check_of_a_process_forks_from_one_zygote_and_runs_alone(tmp_path):
    """The zygote (exercise/zygote.py) imports torch once; each solution still gets a
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


@pytest.mark.parametrize("no_color, coloured", [("", True), ("1", False)])
def test_the_report_is_coloured_in_a_terminal_only(capsys, monkeypatch, no_color, coloured):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("NO_COLOR", no_color)
    assert exercise.main(["check", str(CASES / "mask_keeps_zero.py")]) == 1
    out = capsys.readouterr().out
    assert ("\033[32m[PASS]\033[0m 1." in out and "\033[31m[FAIL]\033[0m 4." in out) == coloured
    assert ("\033" in out) == coloured, out


def test_an_interrupt_of_the_checker_s_group_leaves_its_zygote_quiet():
    # A Jupyter kernel that shuts down interrupts its whole process group: the zygote printed a
    # KeyboardInterrupt traceback into the notebook and stopped.
    import signal
    zygote = exercise.checker.Zygote.get()
    zygote.process.send_signal(signal.SIGINT)
    time.sleep(1)
    assert zygote.process.poll() is None, "an interrupt stopped the zygote"


def test_the_solutions_prints_and_warnings_stay_out_of_the_command_s_report(capfd):
    assert exercise.main(["check", str(EXTRA / "noisy.py")]) == 1
    out, err = capfd.readouterr()
    assert err == "" and "hello from" not in out, out + err


def test_every_report_line_fits_in_78_columns():
    for case in [*sorted(os.listdir(ROOT / CASES)), EXTRA / "noisy.py"]:
        for lang in ("en", "ru"):
            report = exercise.report(CASES / case, list(check(case, lang).values()), lang)
            assert max(map(len, report.splitlines())) <= 78, (
                f"{case} ({lang}): a line of its report is longer than 78 columns:\n{report}")


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


def test_missing_keys_and_languages_fall_back_to_english(monkeypatch):
    assert messages.translate("de", "PASS") == "PASS"
    assert messages.translate("ru-RU", "PASS") == messages.translate("ru", "PASS")
    monkeypatch.setitem(messages.MESSAGES, "xx", {"PASS": "OK"})
    assert messages.translate("xx", "PASS") == "OK"
    assert messages.translate("xx", "FAIL") == "FAIL"


def test_a_failing_report_reads_at_a_glance():
    """A line per passed check, the failures last, each with what to do and where the page
    explains it, and a summary that names them."""
    for lang, todo, failed in (("en", "→ build a new tensor", "Failed: 5."),
                               ("ru", "→ создайте новый тензор", "Не пройдена проверка 5.")):
        results = list(check("inplace_grad_output.py", lang).values())
        lines = exercise.report("my_relu.py", results, lang).splitlines()
        mark = f"[{messages.translate(lang, 'PASS')}] "
        passed = [line for line in lines if line.startswith(mark)]
        assert all(lines[lines.index(line) + 1].startswith("[") for line in passed), lines
        assert len(passed) == 7, lines  # checks 1-4 and 6-8, one line each, no detail
        first_failure = next(n for n, line in enumerate(lines) if "5. " in line)
        assert first_failure > max(lines.index(line) for line in passed)
        rest = " ".join(" ".join(lines[first_failure:]).split())
        assert todo in rest and "exercise/#check-wrong" in rest, rest
        assert lines[-1].endswith(failed), lines[-1]


def test_a_nondeterministic_backward_that_writes_nothing_is_not_accused_of_writing():
    # a random value at 0 differs between two runs: requirement 4 says so, not requirement 5
    results = check(EXTRA / "random_at_zero.py")
    assert results["inplace"].passed, results["inplace"].detail
    assert not results["values"].passed


def test_an_error_in_forward_is_reported_as_forward_s():
    for key, result in check(EXTRA / "forward_raises.py").items():
        if key in ("subclass", "static"):
            continue
        assert "y.backward(g) raised" not in result.detail, (key, result.detail)
        assert "forward not done" in result.detail or "same error" in result.detail, (
            key, result.detail)
    assert "in forward" in check(EXTRA / "forward_raises.py")["inplace"].detail


def test_a_repeated_error_is_given_once_with_what_to_do():
    results = check(EXTRA / "leaf_inplace.py")
    raw = "a leaf Variable that requires grad is being used in an in-place operation"
    named = [key for key, result in results.items() if raw in result.detail]
    assert len(named) == 1, named
    assert "return a new tensor" in results[named[0]].detail
    assert "верните новый тензор" in check(EXTRA / "leaf_inplace.py", "ru")[named[0]].detail


def test_a_gradcheck_failure_from_a_second_backward_on_one_graph_says_so():
    detail = check(EXTRA / "writes_saved.py")["gradcheck"].detail
    assert "backward twice on one graph" in detail, detail
    assert "дважды" in check(EXTRA / "writes_saved.py", "ru")["gradcheck"].detail


def test_a_constant_made_on_first_use_is_not_hidden_state():
    result = check(EXTRA / "cached_zero.py")["saved"]
    assert result.passed, result.detail


def test_a_numpy_mask_on_ctx_is_named_as_a_ctx_attribute():
    detail = check(EXTRA / "numpy_mask.py")["saved"].detail
    assert "ctx.mask" in detail and "NumPy" in detail, detail
    assert "ctx.mask" in check(EXTRA / "numpy_mask.py", "ru")["saved"].detail


def test_a_data_alias_saved_is_told_the_real_cause():
    detail = check(EXTRA / "saves_data.py")["saved"].detail
    assert ".data" in detail and "would have raised" not in detail, detail
    assert ".data" in check(EXTRA / "saves_data.py", "ru")["saved"].detail


@pytest.mark.parametrize("module", ["checker", "child", "cli", "messages", "zygote"])
def test_no_module_of_the_checker_runs_into_a_silent_pass(module):
    completed = subprocess.run([sys.executable, "-m", f"exercise.{module}", str(SOLUTION)],
                               cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert completed.returncode != 0 or "8 of 8" in completed.stdout, (
        f"python -m exercise.{module} FILE exited 0 and printed {completed.stdout!r}")
    assert completed.stdout.strip() or completed.stderr.strip(), (
        f"python -m exercise.{module} FILE printed nothing")


def test_the_module_without_arguments_prints_usage_on_stderr_with_exit_status_2():
    completed = subprocess.run([sys.executable, "-m", "exercise"], cwd=ROOT,
                               capture_output=True, text=True, timeout=180)
    assert completed.returncode == 2 and completed.stdout == ""
    assert completed.stderr.startswith("usage: python -m exercise")


@pytest.mark.parametrize("args, message", [
    (["check", "no_such_answer.py"], "error: no such file: no_such_answer.py"),
    (["check", "snippets"], "error: snippets is a directory"),
    (["check", "snippets", "--lang", "ru"], "ошибка: snippets\u00a0— это каталог"),
    (["check", str(SOLUTION), "--timeout", "0"], "--timeout must be a positive number"),
    (["check"], "the following arguments are required: FILE"),
    # argparse's own errors speak the report's language too
    (["check", "--lang", "ru"], "ошибка: не хватает обязательных аргументов: FILE"),
    (["check", str(SOLUTION), "--timeout", "abc", "--lang", "ru"],
     "недопустимое значение типа float: 'abc'"),
    (["check", "no_such_answer.py", "--lang=ru"], "ошибка: файл не найден"),
])
def test_cli_usage_errors_exit_2(capsys, monkeypatch, args, message):
    monkeypatch.chdir(ROOT)
    assert exercise.main(args) == 2
    out, err = capsys.readouterr()
    assert message in err and out == ""


def test_cli_help_is_the_same_in_any_terminal(capsys, monkeypatch):
    printed = []
    for columns in ("30", "200"):
        monkeypatch.setenv("COLUMNS", columns)
        assert exercise.main(["check", "-h"]) == 0
        printed.append(capsys.readouterr().out)
    assert printed[0] == printed[1]
    assert "--timeout SECONDS" in printed[0] and "exit status: 0" in printed[0]


def test_the_summary_names_one_failed_check_in_the_singular_and_more_in_the_plural():
    results = list(check("inplace_grad_output.py", "ru").values())
    one = exercise.report("my_relu.py", results, "ru").splitlines()[-1]
    more = exercise.report("my_relu.py", [dataclasses.replace(r, passed=False) if r.key == "values" else r
                                          for r in results], "ru").splitlines()[-1]
    assert one.endswith("Не пройдена проверка 5.") and more.endswith(
        "Не пройдены проверки 4, 5."), (one, more)
