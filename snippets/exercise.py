"""Checker for the CustomReLU exercise.

Usage (from the repository root):
    python -m snippets.exercise check FILE [--lang ru]

FILE must define a class CustomReLU. Each requirement is reported on its own
line. Exit status: 0 when every required check passes, 1 when a check fails or
FILE cannot be loaded, 2 for usage errors such as a FILE that does not exist.
The checker is also a function: check(path, lang="en") returns a list of Result.
"""
import argparse
import contextlib
import io
import sys
import traceback
import types
import warnings
from dataclasses import dataclass
from pathlib import Path

import torch
from torch.autograd import gradcheck, gradgradcheck

EXAMPLE = [-2., -1., 0., 1., 2.]
EXPECTED_OUTPUT = [0.0, 0.0, 0.0, 1.0, 2.0]
EXPECTED_GRAD = [0.0, 0.0, 0.0, 1.0, 1.0]

# Every message in English and Russian; {names} are filled in with str.format.
MESSAGES = {
    "PASS": ("PASS", "ЗАЧТЕНО"),
    "FAIL": ("FAIL", "НЕ ЗАЧТЕНО"),
    "BONUS PASS": ("BONUS PASS", "БОНУС ЗАЧТЁН"),
    "BONUS FAIL": ("BONUS MISS", "БОНУС НЕ ЗАЧТЁН"),
    "summary": ("{passed} of {total} required checks passed.",
                "Пройдено обязательных проверок: {passed} из {total}."),
    "checking": ("Checking {path}", "Проверка {path}"),
    "summary.load": ("Nothing was checked: fix the file first.",
                     "Проверки не выполнены: сначала исправьте файл."),
    "usage.missing": ("error: no such file: {path}", "ошибка: файл не найден: {path}"),
    # titles
    "load": ("load the file", "загрузка файла"),
    "subclass": ("CustomReLU subclasses torch.autograd.Function",
                 "CustomReLU наследует torch.autograd.Function"),
    "static": ("forward and backward are static methods",
               "forward и backward объявлены как статические методы"),
    "saved": ("forward uses ctx.save_for_backward",
              "forward сохраняет тензоры через ctx.save_for_backward"),
    "values": ("output and gradient for the input [-2, -1, 0, 1, 2]; gradient 0 at x = 0",
               "выход и градиент для входа [-2, -1, 0, 1, 2]; в точке x = 0 градиент равен 0"),
    "inplace": ("backward does not modify grad_output in place",
                "backward не изменяет grad_output на месте (in place)"),
    "shapes": ("works for any shape (2-D, 3-D, 0-d scalar)",
               "работает с тензором любой формы (2-D, 3-D, скаляр 0-d)"),
    "float64": ("float64 stays float64", "float64 остаётся float64"),
    "gradcheck": ("gradcheck passes away from 0", "gradcheck проходит вдали от нуля"),
    "double": ("double backward (gradgradcheck)", "двойной обратный проход (gradgradcheck)"),
    # loading
    "load.unreadable": ("cannot read {path}: {error}", "не удаётся прочитать {path}: {error}"),
    "load.not_text": ("{path} is not a Python source file: it is not UTF-8 text",
                      "{path} — не исходный код Python: это не текст в UTF-8"),
    "load.nul": ("{path} is not a Python source file: it contains NUL bytes",
                 "{path} — не исходный код Python: в файле есть нулевые байты"),
    "load.syntax": ("syntax error at {path}:{line}: {msg}",
                    "синтаксическая ошибка в {path}:{line}: {msg}"),
    "load.suffix": (" ({path} does not end in .py; is it a Python file?)",
                    " (имя {path} не оканчивается на .py; это точно файл Python?)"),
    "load.raised": ("running the file raised {error}",
                    "при выполнении файла возникло исключение {error}"),
    "load.no_class": ("{path} does not define CustomReLU", "в {path} не определён CustomReLU"),
    # details
    "error.where": (" ({path}:{line}, in {func})", " ({path}:{line}, функция {func})"),
    "warned": ("; warning: {warning}", "; предупреждение: {warning}"),
    "skipped": ("not run: CustomReLU is not an autograd Function",
                "не выполнена: CustomReLU не является функцией autograd"),
    "subclass.not_class": ("CustomReLU is a {kind}, not a class",
                           "CustomReLU — это {kind}, а не класс"),
    "subclass.wrong_base": ("CustomReLU derives from {bases}, not from torch.autograd.Function",
                            "CustomReLU наследует {bases}, а не torch.autograd.Function"),
    "static.missing": ("{name} is not defined in CustomReLU", "в CustomReLU не определён {name}"),
    "static.plain": ("{name} is not decorated with @staticmethod",
                     "{name} не помечен декоратором @staticmethod"),
    "saved.ok": ("{count} tensor(s) saved for the backward pass",
                 "для обратного прохода сохранено тензоров: {count}"),
    "saved.none": ("nothing was saved with ctx.save_for_backward",
                   "через ctx.save_for_backward ничего не сохранено"),
    "saved.attrs": ("; tensors were stored as ctx attributes instead ({attrs}), which autograd does "
                    "not track: use ctx.save_for_backward(input)",
                    "; вместо этого тензоры записаны в атрибуты ctx ({attrs}), а их autograd не "
                    "отслеживает: используйте ctx.save_for_backward(input)"),
    "not_tensor": ("forward returned {kind}, not a tensor", "forward вернул {kind}, а не тензор"),
    "no_grad_fn": ("the output has no grad_fn", "у выхода нет grad_fn"),
    "values.ok": ("output {output}, gradient {grad}", "выход {output}, градиент {grad}"),
    "values.input": ("forward changed its input in place, x is now {got}; return a new tensor",
                     "forward изменил свой вход на месте (in place), теперь x = {got}; "
                     "верните новый тензор"),
    "values.output": ("output is {got}, expected {expected}",
                      "выход равен {got}, а ожидается {expected}"),
    "values.no_grad": ("x.grad is None after backward: backward must return the gradient "
                       "for input",
                       "после обратного прохода x.grad равен None: backward должен вернуть "
                       "градиент по input"),
    "values.zero": ("gradient at x = 0 is {value}, expected 0: the mask lets the gradient through "
                    "where input == 0 (input < 0 zeroes too little); torch.relu uses the "
                    "subgradient 0 there, so zero everything except input > 0",
                    "в точке x = 0 градиент равен {value}, а должен быть 0: маска пропускает "
                    "градиент при input == 0 (условие input < 0 обнуляет слишком мало); torch.relu "
                    "берёт здесь субградиент 0, поэтому оставляйте градиент только при input > 0"),
    "values.grad": ("gradient is {got}, expected {expected}",
                    "градиент равен {got}, а ожидается {expected}"),
    "inplace.ok": ("the caller's g, the gradient AddBackward0 shares and the stride-0 gradient "
                   "from .sum() all stay intact",
                   "тензор g вызывающего кода, общий градиент AddBackward0 и градиент с шагом 0 "
                   "после .sum() остаются нетронутыми"),
    "inplace.user": ("y.backward(g) changed the caller's g from {before} to {after}",
                     "y.backward(g) изменил тензор g вызывающего кода: было {before}, "
                     "стало {after}"),
    "inplace.user_version": ("y.backward(g) wrote into the caller's g in place",
                             "y.backward(g) записал в тензор g вызывающего кода на месте "
                             "(in place)"),
    "inplace.shared": ("in y = w * 3 + CustomReLU.apply(x) the other branch got a wrong gradient, "
                       "w.grad = {got} instead of {expected} (AddBackward0 passes the same tensor "
                       "to both branches)",
                       "в y = w * 3 + CustomReLU.apply(x) другая ветвь получила неверный "
                       "градиент: w.grad = {got} вместо {expected} (AddBackward0 передаёт обеим "
                       "ветвям один и тот же тензор)"),
    "inplace.expanded": ("after y.sum().backward(), whose gradient is a stride-0 expanded view, "
                         "x.grad = {got}, while a fresh gradient gives {expected}",
                         "после y.sum().backward(), где градиент — развёрнутое представление с "
                         "шагом 0, x.grad = {got}, а со свежим градиентом получается {expected}"),
    "inplace.expanded_warning": ("y.sum().backward() warned: {warning}",
                                 "y.sum().backward() выдал предупреждение: {warning}"),
    "inplace.raised": ("{scenario} raised {error}", "{scenario}: исключение {error}"),
    "shapes.ok": ("shapes (2, 3), (2, 2, 2) and () work", "формы (2, 3), (2, 2, 2) и () работают"),
    "shapes.output": ("for shape {shape} the output differs from torch.relu(x): {got}",
                      "для формы {shape} выход отличается от torch.relu(x): {got}"),
    "shapes.grad": ("for shape {shape} the gradient is {got}, expected {expected}",
                    "для формы {shape} градиент равен {got}, а ожидается {expected}"),
    "shapes.raised": ("for shape {shape}: {error}", "для формы {shape}: {error}"),
    "float64.ok": ("output and gradient keep float64 precision",
                   "выход и градиент сохраняют точность float64"),
    "float64.dtype": ("output dtype is {got}, expected torch.float64",
                      "тип выхода {got}, а ожидается torch.float64"),
    "float64.output": ("the output lost float64 precision; is it computed in float32?",
                       "выход потерял точность float64; не считается ли он во float32?"),
    "float64.grad": ("the gradient lost float64 precision; is it computed in float32?",
                     "градиент потерял точность float64; не считается ли он во float32?"),
    "gradcheck.ok": ("numerical and analytical gradients agree on float64 inputs",
                     "численный и аналитический градиенты совпадают на входах float64"),
    "gradcheck.fail": ("gradcheck reports: {reason}", "gradcheck сообщает: {reason}"),
    "double.ok": ("gradgradcheck passes, so backward is itself differentiable",
                  "gradgradcheck пройден: сам backward дифференцируем"),
    "double.fail": ("differentiating the gradient again failed: {reason}",
                    "повторное дифференцирование градиента не удалось: {reason}"),
    "double.gradgradcheck": ("gradgradcheck reports: {reason}", "gradgradcheck сообщает: {reason}"),
}

REQUIRED = ["subclass", "static", "saved", "values", "inplace", "shapes", "float64", "gradcheck"]


@dataclass
class Result:
    key: str
    title: str
    passed: bool
    detail: str
    required: bool = True


class CheckFailed(Exception):
    """A requirement is not met; the message is already translated."""


def one_line(text, limit=160):
    line = str(text).strip().splitlines()[0] if str(text).strip() else ""
    # Build-specific source paths in torch warnings are noise for a student.
    line = line.split(" (Triggered internally")[0]
    return line if len(line) <= limit else line[:limit - 3] + "..."


class Checker:
    def __init__(self, path, lang="en"):
        self.path = str(path)
        self.lang = 1 if lang == "ru" else 0
        self.custom_relu = None

    def t(self, key, **values):
        return MESSAGES[key][self.lang].format(**values)

    def describe(self, error):
        """'Type: message (file:line, in func)', pointing at the student's own code."""
        text = f"{type(error).__name__}: {one_line(error)}".rstrip(": ")
        frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == self.path]
        if frames:
            text += self.t("error.where", path=self.path, line=frames[-1].lineno,
                           func=frames[-1].name)
        return text

    # -- loading -----------------------------------------------------------------
    def load(self):
        """Run the file as a module and pick CustomReLU; raise CheckFailed if impossible."""
        path = Path(self.path)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CheckFailed(self.t("load.unreadable", path=self.path, error=error.strerror))
        hint = "" if path.suffix == ".py" else self.t("load.suffix", path=self.path)
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError:
            raise CheckFailed(self.t("load.not_text", path=self.path))
        if "\0" in source:
            raise CheckFailed(self.t("load.nul", path=self.path))
        try:
            code = compile(source, self.path, "exec")
        except SyntaxError as error:
            raise CheckFailed(self.t("load.syntax", path=self.path, line=error.lineno,
                                     msg=error.msg) + hint)
        module = types.ModuleType("exercise_submission")
        module.__file__ = self.path
        # Registered while it runs, as an import would (dataclasses, for one, look it up).
        sys.modules[module.__name__] = module
        try:
            with self.sandbox():
                exec(code, module.__dict__)
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # SystemExit included: the file is not ours to exit
            raise CheckFailed(self.t("load.raised", error=self.describe(error)) + hint)
        finally:
            sys.modules.pop(module.__name__, None)
        if "CustomReLU" not in module.__dict__:
            raise CheckFailed(self.t("load.no_class", path=self.path) + hint)
        self.custom_relu = module.CustomReLU

    @contextlib.contextmanager
    def sandbox(self):
        """Silence the student's prints and collect warnings; autograd on."""
        sink = io.StringIO()
        with warnings.catch_warnings(record=True) as caught, torch.enable_grad(), \
                contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            warnings.simplefilter("always")
            yield caught

    def run(self, key, check, required=True):
        with self.sandbox() as caught:
            try:
                detail = check()
                passed = True
            except CheckFailed as failure:
                passed, detail = False, str(failure)
            except KeyboardInterrupt:
                raise
            except BaseException as error:
                passed, detail = False, self.describe(error)
        for warning in caught[:1]:
            detail += self.t("warned", warning=self.format_warning(warning))
        return Result(key, self.t(key), passed, detail, required)

    @staticmethod
    def format_warning(warning):
        return f"{warning.category.__name__}: {one_line(warning.message)}"

    # -- helpers -----------------------------------------------------------------
    def apply(self, x):
        y = self.custom_relu.apply(x)
        if not isinstance(y, torch.Tensor):
            raise CheckFailed(self.t("not_tensor", kind=type(y).__name__))
        if y.grad_fn is None:
            raise CheckFailed(self.t("no_grad_fn"))
        return y

    def gradient(self, values, upstream=None, dtype=torch.float32):
        """x.grad for a fresh x and a fresh, private upstream gradient."""
        x = torch.tensor(values, dtype=dtype, requires_grad=True)
        y = self.apply(x)
        y.backward(torch.ones_like(y) if upstream is None else upstream.clone())
        if x.grad is None:
            raise CheckFailed(self.t("values.no_grad"))
        return y, x.grad

    # -- the checks --------------------------------------------------------------
    def check_subclass(self):
        relu = self.custom_relu
        if not isinstance(relu, type):
            raise CheckFailed(self.t("subclass.not_class", kind=type(relu).__name__))
        if not issubclass(relu, torch.autograd.Function):
            bases = ", ".join(base.__name__ for base in relu.__bases__)
            raise CheckFailed(self.t("subclass.wrong_base", bases=bases))
        return ""

    def check_static(self):
        problems = []
        names = ["forward", "backward"]
        if self.defined("setup_context") is not None:
            names.append("setup_context")
        for name in names:
            method = self.defined(name)
            if method is None:
                problems.append(self.t("static.missing", name=name))
            elif not isinstance(method, staticmethod):
                problems.append(self.t("static.plain", name=name))
        if problems:
            raise CheckFailed("; ".join(problems))
        return ""

    def defined(self, name):
        """The raw attribute from the student's classes, skipping torch's own defaults."""
        for klass in self.custom_relu.__mro__:
            if klass.__module__.split(".")[0] == "torch":
                return None
            if name in klass.__dict__:
                return klass.__dict__[name]
        return None

    def check_saved(self):
        y = self.apply(torch.tensor(EXAMPLE, requires_grad=True))
        ctx = y.grad_fn  # for a custom Function the graph node is the ctx object
        saved = ctx.saved_tensors
        if saved:
            return self.t("saved.ok", count=len(saved))
        message = self.t("saved.none")
        attrs = [name for name, value in vars(ctx).items() if isinstance(value, torch.Tensor)]
        if attrs:
            message += self.t("saved.attrs", attrs=", ".join("ctx." + name for name in attrs))
        raise CheckFailed(message)

    def check_values(self):
        x = torch.tensor(EXAMPLE, requires_grad=True)
        y = self.apply(x)
        if x.tolist() != EXAMPLE:
            raise CheckFailed(self.t("values.input", got=x.tolist()))
        y.backward(torch.ones_like(y))
        if x.grad is None:
            raise CheckFailed(self.t("values.no_grad"))
        output, grad = y.tolist(), x.grad.tolist()
        if output != EXPECTED_OUTPUT:
            raise CheckFailed(self.t("values.output", got=output, expected=EXPECTED_OUTPUT))
        zero_at = EXAMPLE.index(0.)
        others_ok = all(g == e for i, (g, e) in enumerate(zip(grad, EXPECTED_GRAD)) if i != zero_at)
        if others_ok and grad[zero_at] != 0:
            raise CheckFailed(self.t("values.zero", value=grad[zero_at]))
        if grad != EXPECTED_GRAD:
            raise CheckFailed(self.t("values.grad", got=grad, expected=EXPECTED_GRAD))
        return self.t("values.ok", output=output, grad=grad)

    def check_inplace(self):
        problems = []
        for scenario, hazard in (("y.backward(g)", self.hazard_user_gradient),
                                 ("y = w * 3 + CustomReLU.apply(x)", self.hazard_shared_gradient),
                                 ("y.sum().backward()", self.hazard_expanded_gradient)):
            try:
                problem = hazard()
            except CheckFailed as failure:
                problem = str(failure)
            except Exception as error:
                problems.append(self.t("inplace.raised", scenario=scenario,
                                       error=self.describe(error)))
                break  # the remaining scenarios would most likely repeat the same crash
            if problem:
                problems.append(problem)
        if problems:
            raise CheckFailed("; ".join(problems))
        return self.t("inplace.ok")

    def hazard_user_gradient(self):
        x = torch.tensor(EXAMPLE, requires_grad=True)
        g = torch.tensor([1., 2., 3., 4., 5.])
        before, version = g.tolist(), g._version
        self.apply(x).backward(g)
        if g.tolist() != before:
            return self.t("inplace.user", before=before, after=g.tolist())
        if g._version != version:
            return self.t("inplace.user_version")
        return None

    def hazard_shared_gradient(self):
        x = torch.tensor([-1., 2.], requires_grad=True)
        w = torch.tensor([1., 1.], requires_grad=True)
        # CustomReLU is recorded last, so its backward runs before the multiplication's.
        branch = w * 3
        (branch + self.apply(x)).backward(torch.ones(2))
        expected = [3.0, 3.0]
        if w.grad.tolist() != expected:
            return self.t("inplace.shared", got=w.grad.tolist(), expected=expected)
        return None

    def hazard_expanded_gradient(self):
        _, fresh = self.gradient(EXAMPLE)
        x = torch.tensor(EXAMPLE, requires_grad=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            self.apply(x).sum().backward()
        if x.grad is None or x.grad.tolist() != fresh.tolist():
            got = None if x.grad is None else x.grad.tolist()
            return self.t("inplace.expanded", got=got, expected=fresh.tolist())
        if caught:
            return self.t("inplace.expanded_warning", warning=self.format_warning(caught[0]))
        return None

    def check_shapes(self):
        cases = [torch.arange(-3., 3.).reshape(2, 3) + 0.5,
                 torch.arange(-4., 4.).reshape(2, 2, 2) + 0.5,
                 torch.tensor(1.5), torch.tensor(-1.5)]
        for x in cases:
            shape = tuple(x.shape)
            upstream = torch.arange(1., x.numel() + 1.).reshape(x.shape)
            try:
                y, grad = self.gradient(x.tolist(), upstream)
            except CheckFailed:
                raise
            except Exception as error:
                raise CheckFailed(self.t("shapes.raised", shape=shape, error=self.describe(error)))
            if y.shape != x.shape or not torch.equal(y.detach(), torch.relu(x)):
                raise CheckFailed(self.t("shapes.output", shape=shape, got=y.tolist()))
            expected = torch.where(x > 0, upstream, 0.)
            if grad.shape != x.shape or not torch.equal(grad, expected):
                raise CheckFailed(self.t("shapes.grad", shape=shape, got=grad.tolist(),
                                         expected=expected.tolist()))
        return self.t("shapes.ok")

    def check_float64(self):
        # 1 + 1e-10 is not representable in float32, so any float32 detour shows.
        values = [-1.5, 1 + 1e-10, 2.]
        upstream = torch.tensor([1., 1 + 1e-10, 3.], dtype=torch.float64)
        y, grad = self.gradient(values, upstream, dtype=torch.float64)
        if y.dtype != torch.float64:
            raise CheckFailed(self.t("float64.dtype", got=y.dtype))
        x = torch.tensor(values, dtype=torch.float64)
        if not torch.equal(y.detach(), x.clamp(min=0)):
            raise CheckFailed(self.t("float64.output"))
        if not torch.equal(grad, torch.where(x > 0, upstream, 0.)):
            raise CheckFailed(self.t("float64.grad"))
        return self.t("float64.ok")

    def away_from_zero(self):
        return torch.tensor([[-1.5, -0.5, 0.5], [1.0, 1.5, -2.0]], dtype=torch.float64,
                            requires_grad=True)

    def check_gradcheck(self):
        self.numerical_check(gradcheck, "gradcheck.fail")
        return self.t("gradcheck.ok")

    def check_double(self):
        # Differentiate twice by hand first: the error names the cause (for example
        # @once_differentiable) better than gradgradcheck's Jacobian mismatch does.
        x = self.away_from_zero()
        upstream = torch.ones_like(x, requires_grad=True)
        try:
            grad_x, = torch.autograd.grad(self.apply(x), x, upstream, create_graph=True)
            grad_x.sum().backward()
        except CheckFailed:
            raise
        except Exception as error:
            raise CheckFailed(self.t("double.fail", reason=self.describe(error)))
        self.numerical_check(gradgradcheck, "double.gradgradcheck")
        return self.t("double.ok")

    def numerical_check(self, checker, message_key):
        try:
            checker(self.custom_relu.apply, (self.away_from_zero(),))
        except Exception as error:
            reason = one_line(error).rstrip(",") if type(error).__name__ == "GradcheckError" \
                else self.describe(error)
            raise CheckFailed(self.t(message_key, reason=reason))

    def results(self):
        try:
            self.load()
        except CheckFailed as failure:
            return [Result("load", self.t("load"), False, str(failure))]
        results = [self.run("subclass", self.check_subclass)]
        if not results[0].passed:
            return results + [Result(key, self.t(key), False, self.t("skipped"))
                              for key in REQUIRED[1:]]
        for key in REQUIRED[1:]:
            results.append(self.run(key, getattr(self, "check_" + key)))
        results.append(self.run("double", self.check_double, required=False))
        return results


def check(path, lang="en"):
    """Check the CustomReLU in `path`; one Result per requirement (plus the bonus)."""
    return Checker(path, lang).results()


def all_required_passed(results):
    return all(result.passed for result in results if result.required)


def report(path, results, lang="en"):
    checker = Checker(path, lang)
    lines = [checker.t("checking", path=path)]
    number = 0
    for result in results:
        if result.required:
            status = checker.t("PASS" if result.passed else "FAIL")
            if result.key != "load":
                number += 1
            label = f"{number}. " if result.key != "load" else ""
        else:
            status = checker.t("BONUS PASS" if result.passed else "BONUS FAIL")
            label = ""
        detail = f": {result.detail}" if result.detail else ""
        lines.append(f"[{status}] {label}{result.title}{detail}")
    if results[0].key == "load":
        lines.append(checker.t("summary.load"))
    else:
        passed = sum(result.passed for result in results if result.required)
        lines.append(checker.t("summary", passed=passed, total=len(REQUIRED)))
    return "\n".join(lines)


def main(argv=None):
    # A fixed width keeps the help text the same in every terminal (and on the docs page).
    formatter = lambda prog: argparse.HelpFormatter(prog, width=88)  # noqa: E731
    parser = argparse.ArgumentParser(prog="python -m snippets.exercise",
                                     description="Check a CustomReLU solution.",
                                     formatter_class=formatter)
    commands = parser.add_subparsers(dest="command")
    check_parser = commands.add_parser(
        "check", help="check FILE, which defines CustomReLU", formatter_class=formatter,
        epilog="exit status: 0 if every required check passes, 1 if not, 2 for usage errors")
    check_parser.add_argument("file")
    check_parser.add_argument("--lang", choices=["en", "ru"], default="en",
                              help="language of the report (default: en)")
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    if not Path(args.file).is_file():
        print(Checker(args.file, args.lang).t("usage.missing", path=args.file), file=sys.stderr)
        return 2
    results = check(args.file, args.lang)
    print(report(args.file, results, args.lang))
    return 0 if all_required_passed(results) else 1


if __name__ == "__main__":
    status = main()
    # Exit only on failure, so running the module in-process (docs, tests) stays quiet.
    if status:
        sys.exit(status)
