"""Every sentence of the checker's report, keyed by locale.

English is complete and is the fallback: a locale without a table, or a table
without some key, gets the English text. To add a language, add a table with
the same keys and the same {placeholders} (tests/exercise/test_checker.py checks both).
"""
import sys

FALLBACK = "en"

EN = {
    "PASS": "PASS",
    "FAIL": "FAIL",
    "BONUS PASS": "BONUS PASS",
    "BONUS FAIL": "BONUS MISS",
    "checking": "Checking {path}",
    "summary": "{passed} of {total} required checks passed.",
    "summary.load": "Nothing was checked: fix the file first.",
    "summary.failed": " Failed: {numbers}.",
    "summary.failed_one": " Failed: {numbers}.",
    # what to do, after a failed check; {page} is the exercise page's section
    "todo.load": "fix the file so that python my_relu.py runs; see {page}",
    "todo.subclass": "declare class CustomReLU(torch.autograd.Function); see {page}",
    "todo.static": "put @staticmethod above forward and backward; see {page}",
    "todo.saved": "keep each tensor backward needs with ctx.save_for_backward(...) "
                  "and read it back from ctx.saved_tensors; see {page}",
    "todo.values": "return input.clamp(min=0) from forward and "
                   "torch.where(input > 0, grad_output, 0.) from backward; see {page}",
    "todo.inplace": "build a new tensor (torch.where(input > 0, grad_output, 0.)) or "
                    "clone grad_output before writing into it; see {page}",
    "todo.shapes": "use element-wise operations only, no .view() of grad_output; "
                   "see {page}",
    "todo.float64": "make every tensor with the input's dtype (zeros_like, "
                    "dtype=input.dtype); see {page}",
    "todo.gradcheck": "make backward return the derivative of forward, and leave ctx "
                      "as it found it; see {page}",
    "todo.double": "build the gradient from differentiable operations "
                   "(torch.where), without @once_differentiable; see {page}",
    "cli.description": "Check a CustomReLU solution.",
    "cli.epilog": "exit status: 0 if every required check passes, 1 if a check "
                  "fails or FILE cannot be loaded, 2 for usage errors",
    "cli.check": "check FILE, which defines CustomReLU",
    "cli.lang": "language of the report, e.g. en or ru; a language without a "
                "translation gets English (default: en)",
    "cli.timeout": "stop the solution after this many seconds (default: {seconds})",
    "cli.command": "a command is required: check FILE",
    "usage.error": "error: ",
    "usage.missing": "error: no such file: {path}",
    "usage.directory": "error: {path} is a directory; give the solution's file, "
                       "for example my_relu.py",
    "usage.timeout": "error: --timeout must be a positive number of seconds",
    # titles, one per requirement
    "load": "load the file",
    "subclass": "CustomReLU subclasses torch.autograd.Function",
    "static": "forward and backward are static methods",
    "saved": "forward keeps tensors with ctx.save_for_backward",
    "values": "output and gradient; gradient 0 at x = 0",
    "inplace": "backward does not modify grad_output in place",
    "shapes": "works for any shape and layout (2-D, 3-D, 0-d, transposed)",
    "float64": "float32 stays float32, float64 stays float64",
    "gradcheck": "gradcheck passes away from 0",
    "double": "double backward (gradgradcheck)",
    # the file cannot be loaded or run
    "load.unreadable": "cannot read {path}: {error}",
    "load.not_text": "{path} is not a Python source file: it is not UTF-8 text",
    "load.nul": "{path} is not a Python source file: it contains NUL bytes",
    "load.syntax": "syntax error at {path}:{line}: {msg}",
    "load.suffix": " ({path} does not end in .py; is it a Python file?)",
    "load.raised": "running the file raised {error}",
    "load.no_class": "{path} does not define CustomReLU",
    "load.exited": "the file ended the checker's process while loading "
                   "(exit status {status}); a solution must not exit",
    "load.timeout": "loading the file did not finish within {seconds} s "
                    "(an endless loop?); the checker stopped it",
    "load.tampered": "the file changed {names}; a solution must not patch "
                     "torch, the standard library or the checker",
    "load.forged": "the checker's process sent a report it did not write; "
                   "a solution must not write to the checker's channel",
    "load.crashed": "the checker's process stopped with no report "
                    "(exit status {status}): {error}",
    # a check cannot finish
    "run.timeout": "did not finish within {seconds} s (an endless loop?); "
                   "the checker stopped it",
    "run.exited": "the solution ended the checker's process (exit status "
                  "{status}); a solution must not exit",
    "run.tampered": "the solution changed {names}; a solution must not patch "
                    "torch, the standard library or the checker",
    "run.not_run": "not run: the checker's process had stopped",
    "skipped": "not run: CustomReLU is not an autograd Function",
    # details
    "error.where": " ({path}:{line}, in {func})",
    "error.again": "the same error as in check {check}",
    "hint.leaf": "; return a new tensor instead of writing into this one in "
                 "place",
    "inplace.forward": "CustomReLU.apply(x) failed in forward, before backward "
                       "ran: {error}",
    "saved.stale_alias": "the checker changed the input in place after forward "
                         "(x.neg_()) and backward silently used the new values: "
                         "gradient {got} instead of {expected}; the tensor saved "
                         "shares the input's memory but not its version counter: "
                         "save the input itself, not input.data",
    "place.array": "{path} (a NumPy array that shares the tensor's memory)",
    "gradcheck.twice_raised": "running backward twice on one graph, as "
                              "gradcheck does, fails the second time: {error}; "
                              "backward must leave ctx and the tensors it saved "
                              "as it found them",
    "gradcheck.twice_differs": "running backward twice on one graph, as "
                               "gradcheck does, gives {first} the first time and "
                               "{second} the second; backward must leave ctx and "
                               "the tensors it saved as it found them",
    "warned": "; warning: {warning}",
    "not_tensor": "forward returned {kind}, not a tensor",
    "no_grad_fn": "the output has no grad_fn",
    "subclass.not_class": "CustomReLU is a {kind}, not a class",
    "subclass.wrong_base": "CustomReLU derives from {bases}, "
                           "not from torch.autograd.Function",
    "static.missing": "{name} is not defined in CustomReLU",
    "static.plain": "{name} is not decorated with @staticmethod",
    "saved.ok": "{count} tensor(s) saved; changing the input in place after "
                "forward makes backward raise, as it should",
    "saved.ok_copy": "{count} tensor(s) saved; backward does not depend on the "
                     "input, so changing it after forward does no harm",
    "saved.none": "nothing was saved with ctx.save_for_backward",
    "saved.kept": "forward keeps tensors where autograd does not track them, "
                  "outside ctx.save_for_backward: {places}; keep every "
                  "tensor backward needs with ctx.save_for_backward (flags "
                  "and numbers may be kept anywhere)",
    "saved.kept_unnamed": "a tensor forward made or was given is kept alive "
                          "outside ctx.save_for_backward, by an object the "
                          "checker cannot trace (a NumPy array, say), and autograd does not track "
                          "it; keep every tensor backward needs with "
                          "ctx.save_for_backward (flags and numbers may be "
                          "kept anywhere)",
    "place.global": "the module-level name {path}",
    "place.class": "the class attribute {path}",
    "place.attr": "{path}",
    "place.closure": "{path} in the closure of {func}",
    "place.local": "the local variable {path} of {func}",
    "place.inside": "somewhere inside {place}",
    "saved.stale": "the checker changed the input in place after forward "
                   "(x.neg_()) and backward silently used the new values: "
                   "gradient {got} instead of {expected}; a tensor saved with "
                   "ctx.save_for_backward would have raised an error instead",
    "values.node": "CustomReLU.apply(x) did not record CustomReLU's backward: "
                   "the output's grad_fn is {node}",
    "values.ok": "for x = {example}: output {output}, gradient {grad}; also "
                 "right for {count} more inputs from {low:g} to {high:g}, "
                 "±0.0 included",
    "values.input": "forward changed its input in place, x is now {got}; "
                    "return a new tensor",
    "values.output": "for x = {example} the output is {got}, expected {expected}",
    "values.no_grad": "x.grad is None after backward: backward must return the "
                      "gradient for input",
    "values.zero": "gradient at x = 0 is {value}, expected 0: the mask lets "
                   "the gradient through where input == 0 (input < 0 zeroes "
                   "too little); torch.relu uses the subgradient 0 there, so "
                   "keep the gradient only where input > 0",
    "values.no_mask": "the gradient is {got}, grad_output passed through "
                      "unchanged: nothing is zeroed where input < 0; multiply "
                      "by a mask such as input > 0",
    "values.grad": "for x = {example} the gradient is {got}, expected {expected}",
    "values.wide_output": "for x = {x:g} the output is {got:g}, expected {expected:g}",
    "values.wide_grad": "for x = {x:g} and grad_output = {g:g} the gradient is "
                        "{got:g}, expected {expected:g}",
    "values.wide_shape": "for {count} inputs the output and gradient should "
                         "have shape ({count},); got {output} and {grad}",
    "inplace.ok": "the caller's g, the gradient AddBackward0 shares and the "
                  "stride-0 gradient from .sum() all stay intact",
    "inplace.user": "y.backward(g) changed the caller's g from {before} to {after}",
    "inplace.user_version": "y.backward(g) wrote into the caller's g in place",
    "inplace.shared": "in y = w * 3 + CustomReLU.apply(x) the other branch got "
                      "a wrong gradient, w.grad = {got} instead of {expected} "
                      "(AddBackward0 passes the same tensor to both branches)",
    "inplace.expanded": "y.sum().backward() hands backward a stride-0 "
                        "expanded view of one number, and backward wrote into "
                        "it: x.grad = {got} instead of {expected}",
    "inplace.expanded_warning": "y.sum().backward() warned: {warning}",
    "inplace.raised": "{scenario} raised {error}",
    "shapes.ok": "shapes (2, 3), (2, 2, 2) and () work, and so does a "
                 "non-contiguous grad_output (a transposed view)",
    "shapes.transposed": "{shape} with a non-contiguous grad_output (a "
                         "transposed view)",
    "shapes.output": "for shape {shape} the output differs from torch.relu(x): "
                     "{got}",
    "shapes.grad": "for shape {shape} the gradient is {got}, expected {expected}",
    "shapes.raised": "for shape {shape}: {error}",
    "float64.ok": "float32 and float64 inputs give outputs and gradients of "
                  "their own dtype; float64 keeps its precision",
    "float64.dtype": "for a {expected} input the {what} has dtype {got}, "
                     "expected {expected}",
    "float64.output": "the output lost float64 precision: {got!r} instead of "
                      "{expected!r}, which is float32 rounding",
    "float64.grad": "the gradient lost float64 precision: {got!r} instead of "
                    "{expected!r}, which is float32 rounding",
    "what.output": "output",
    "what.grad": "gradient",
    "gradcheck.ok": "numerical and analytical gradients agree on float64 inputs",
    "gradcheck.fail": "gradcheck reports: {reason}",
    "gradcheck.cleared_saved": " (gradcheck runs backward several times on "
                               "one graph, so it ran with "
                               "clear_saved_tensors_on_access = False)",
    "double.needs_gradcheck": "not awarded while gradcheck (requirement 8) "
                              "fails ({reason}): gradgradcheck checks only "
                              "the derivative of backward, so it cannot stand "
                              "in for gradcheck",
    "double.ok": "gradgradcheck passes, so backward is itself differentiable",
    "double.fail": "differentiating the gradient again failed: {reason}",
    "double.gradgradcheck": "gradgradcheck reports: {reason}",
}

RU = {
    "PASS": "ЗАЧТЕНО",
    "FAIL": "НЕ ЗАЧТЕНО",
    "BONUS PASS": "БОНУС ЗАЧТЁН",
    "BONUS FAIL": "БОНУС НЕ ЗАЧТЁН",
    "checking": "Проверка {path}",
    "summary": "Пройдено обязательных проверок: {passed} из {total}.",
    "summary.load": "Проверки не выполнены: сначала исправьте файл.",
    "summary.failed": " Не пройдены проверки {numbers}.",
    "summary.failed_one": " Не пройдена проверка {numbers}.",
    "todo.load": "исправьте файл, чтобы команда python my_relu.py выполнялась; "
                 "см. {page}",
    "todo.subclass": "объявите class CustomReLU(torch.autograd.Function); см. {page}",
    "todo.static": "поставьте @staticmethod над forward и backward; см. {page}",
    "todo.saved": "сохраняйте каждый тензор, нужный backward, через "
                  "ctx.save_for_backward(...) и читайте его из ctx.saved_tensors; "
                  "см. {page}",
    "todo.values": "верните из forward input.clamp(min=0), а из backward "
                   "torch.where(input > 0, grad_output, 0.); см. {page}",
    "todo.inplace": "создайте новый тензор (torch.where(input > 0, grad_output, 0.)) "
                    "или скопируйте grad_output, прежде чем в него писать; см. {page}",
    "todo.shapes": "используйте только поэлементные операции, без .view() "
                   "у grad_output; см. {page}",
    "todo.float64": "создавайте тензоры с типом входа (zeros_like, "
                    "dtype=input.dtype); см. {page}",
    "todo.gradcheck": "пусть backward возвращает производную forward и оставляет ctx "
                      "таким, каким его получил; см. {page}",
    "todo.double": "стройте градиент из дифференцируемых операций (torch.where), "
                   "без @once_differentiable; см. {page}",
    "cli.description": "Проверить решение CustomReLU.",
    "cli.epilog": "код возврата: 0, если пройдены все обязательные проверки; 1, "
                  "если проверка не пройдена или FILE не загружается; 2 при "
                  "ошибке в аргументах",
    "cli.check": "проверить FILE, в котором определён CustomReLU",
    "cli.lang": "язык отчёта, например en или ru; для языка без перевода отчёт "
                "будет на английском (по умолчанию en)",
    "cli.timeout": "остановить решение через столько секунд (по умолчанию "
                   "{seconds})",
    "cli.command": "нужна команда: check FILE",
    "usage.error": "ошибка: ",
    "usage.missing": "ошибка: файл не найден: {path}",
    "usage.directory": "ошибка: {path}\u00a0— это каталог; укажите файл "
                       "решения, например my_relu.py",
    "usage.timeout": "ошибка: --timeout должен быть положительным числом секунд",
    "load": "загрузка файла",
    "subclass": "CustomReLU наследует torch.autograd.Function",
    "static": "forward и backward объявлены как статические методы",
    "saved": "forward сохраняет тензоры через ctx.save_for_backward",
    "values": "выход и градиент; в точке x = 0 градиент равен 0",
    "inplace": "backward не изменяет grad_output на месте (in-place)",
    "shapes": "любая форма и раскладка (размерность 2, 3 и 0, "
              "транспонирование)",
    "float64": "float32 остаётся float32, float64 остаётся float64",
    "gradcheck": "gradcheck проходит вдали от нуля",
    "double": "двойной обратный проход (gradgradcheck)",
    "load.unreadable": "не удаётся прочитать {path}: {error}",
    "load.not_text": "{path}\u00a0— не исходный код Python: это не текст "
                     "в UTF-8",
    "load.nul": "{path}\u00a0— не исходный код Python: в файле есть "
                "нулевые байты",
    "load.syntax": "синтаксическая ошибка в {path}:{line}: {msg}",
    "load.suffix": " (имя {path} не оканчивается на .py; это точно файл "
                   "Python?)",
    "load.raised": "при выполнении файла возникло исключение {error}",
    "load.no_class": "в {path} не определён класс CustomReLU",
    "load.exited": "файл завершил процесс проверяющей программы во время "
                   "загрузки (код возврата {status}); решение не должно "
                   "завершать процесс",
    "load.timeout": "загрузка файла не закончилась за {seconds}\u00a0с "
                    "(бесконечный цикл?); проверяющая программа её прервала",
    "load.tampered": "файл подменил {names}; решению нельзя изменять torch, "
                     "стандартную библиотеку или проверяющую программу",
    "load.forged": "процесс проверки прислал отчёт, которого проверяющая "
                   "программа не писала; решению нельзя писать в её канал",
    "load.crashed": "процесс проверки завершился без отчёта (код возврата "
                    "{status}): {error}",
    "run.timeout": "проверка не закончилась за {seconds}\u00a0с "
                   "(бесконечный цикл?) и была прервана",
    "run.exited": "решение завершило процесс проверки (код возврата "
                  "{status}); решение не должно завершать процесс",
    "run.tampered": "решение подменило {names}; решению нельзя изменять "
                    "torch, стандартную библиотеку или проверяющую программу",
    "run.not_run": "не запускалась: процесс проверки уже остановлен",
    "skipped": "не запускалась: CustomReLU не является функцией autograd",
    "error.where": " ({path}:{line}, функция {func})",
    "error.again": "та же ошибка, что и в проверке {check}",
    "hint.leaf": "; верните новый тензор, а не изменяйте этот на месте",
    "inplace.forward": "CustomReLU.apply(x) завершился ошибкой в forward, ещё "
                       "до backward: {error}",
    "saved.stale_alias": "проверяющая программа изменила вход на месте после "
                         "forward (x.neg_()), и backward молча взял новые "
                         "значения: градиент {got} вместо {expected}; "
                         "сохранённый тензор использует память входа, но не "
                         "его счётчик версий: сохраняйте сам вход, а не "
                         "input.data",
    "place.array": "{path} (массив NumPy в той же памяти, что и тензор)",
    "gradcheck.twice_raised": "обратный проход, запущенный дважды по тому же "
                              "графу, как это делает gradcheck, во второй раз "
                              "завершился ошибкой: {error}; backward должен "
                              "оставлять ctx и сохранённые тензоры такими, "
                              "какими их получил",
    "gradcheck.twice_differs": "обратный проход, запущенный дважды по тому же "
                               "графу, как это делает gradcheck, дал сначала "
                               "{first}, а затем {second}; backward должен "
                               "оставлять ctx и сохранённые тензоры такими, "
                               "какими их получил",
    "warned": "; предупреждение: {warning}",
    "not_tensor": "forward вернул объект типа {kind}, а не тензор",
    "no_grad_fn": "у выхода нет grad_fn",
    "subclass.not_class": "CustomReLU\u00a0— объект типа {kind}, а не класс",
    "subclass.wrong_base": "CustomReLU наследует {bases}, а не "
                           "torch.autograd.Function",
    "static.missing": "в CustomReLU не определён {name}",
    "static.plain": "{name} не помечен декоратором @staticmethod",
    "saved.ok": "сохранено тензоров: {count}; если после forward изменить "
                "вход на месте, backward, как и положено, выдаёт ошибку",
    "saved.ok_copy": "сохранено тензоров: {count}; backward не зависит от "
                     "входа, так что изменение входа после forward ничему "
                     "не вредит",
    "saved.none": "через ctx.save_for_backward ничего не сохранено",
    "saved.kept": "forward хранит тензоры там, где autograd их не "
                  "отслеживает, в обход ctx.save_for_backward: {places}; "
                  "сохраняйте каждый тензор, нужный backward, через "
                  "ctx.save_for_backward (флаги и числа можно хранить где "
                  "угодно)",
    "saved.kept_unnamed": "тензор, созданный или полученный forward, "
                          "удерживается в памяти в обход "
                          "ctx.save_for_backward: его держит объект, который "
                          "проверяющая программа не может назвать (например, "
                          "массив NumPy), и autograd о нём не знает; "
                          "сохраняйте каждый тензор, нужный backward, через "
                          "ctx.save_for_backward (флаги и числа можно хранить "
                          "где угодно)",
    "place.global": "глобальное имя модуля {path}",
    "place.class": "атрибут класса {path}",
    "place.attr": "{path}",
    "place.closure": "{path} в замыкании функции {func}",
    "place.local": "локальная переменная {path} функции {func}",
    "place.inside": "где-то внутри: {place}",
    "saved.stale": "проверяющая программа изменила вход на месте после "
                   "forward (x.neg_()), и backward молча взял новые "
                   "значения: градиент {got} вместо {expected}; с тензором, "
                   "сохранённым через ctx.save_for_backward, была бы ошибка",
    "values.node": "CustomReLU.apply(x) не записал в граф backward класса "
                   "CustomReLU: grad_fn выхода\u00a0— {node}",
    "values.ok": "для x = {example}: выход {output}, градиент {grad}; "
                 "верно и ещё для {count} входов от {low:g} до {high:g}, "
                 "включая ±0.0",
    "values.input": "forward изменил свой вход на месте (in-place), теперь "
                    "x = {got}; верните новый тензор",
    "values.output": "для x = {example} выход равен {got}, а ожидается "
                     "{expected}",
    "values.no_grad": "после обратного прохода x.grad равен None: backward "
                      "должен вернуть градиент по input",
    "values.zero": "в точке x = 0 градиент равен {value}, а должен быть 0: "
                   "маска пропускает градиент при input == 0 (условие "
                   "input < 0 обнуляет слишком мало); torch.relu берёт здесь "
                   "субградиент 0, поэтому оставляйте градиент только при "
                   "input > 0",
    "values.no_mask": "градиент равен {got}, то есть grad_output без "
                      "изменений: там, где input < 0, ничего не обнуляется; "
                      "умножьте на маску, например input > 0",
    "values.grad": "для x = {example} градиент равен {got}, а ожидается "
                   "{expected}",
    "values.wide_output": "для x = {x:g} выход равен {got:g}, а ожидается "
                          "{expected:g}",
    "values.wide_grad": "для x = {x:g} и grad_output = {g:g} градиент равен "
                        "{got:g}, а ожидается {expected:g}",
    "values.wide_shape": "для {count} входов выход и градиент должны иметь "
                         "форму ({count},), а получены {output} и {grad}",
    "inplace.ok": "тензор g вызывающего кода, общий градиент AddBackward0 "
                  "и градиент с шагом 0 после .sum() остаются нетронутыми",
    "inplace.user": "y.backward(g) изменил тензор g вызывающего кода: было "
                    "{before}, стало {after}",
    "inplace.user_version": "y.backward(g) записал в тензор g вызывающего "
                            "кода на месте (in-place)",
    "inplace.shared": "в y = w * 3 + CustomReLU.apply(x) другая ветвь "
                      "получила неверный градиент: w.grad = {got} вместо "
                      "{expected} (AddBackward0 передаёт обеим ветвям один и "
                      "тот же тензор)",
    "inplace.expanded": "y.sum().backward() передаёт в backward расширенное "
                        "(expanded) представление одного числа с шагом 0, и "
                        "backward записал в него: x.grad = {got} вместо "
                        "{expected}",
    "inplace.expanded_warning": "y.sum().backward() выдал предупреждение: "
                                "{warning}",
    "inplace.raised": "{scenario}: исключение {error}",
    "shapes.ok": "формы (2, 3), (2, 2, 2) и () работают, и с grad_output, "
                 "не являющимся непрерывным в памяти (транспонированное "
                 "представление), тоже",
    "shapes.transposed": "{shape}, где grad_output не является непрерывным "
                         "в памяти (транспонированное представление)",
    "shapes.output": "для формы {shape} выход отличается от torch.relu(x): "
                     "{got}",
    "shapes.grad": "для формы {shape} градиент равен {got}, а ожидается "
                   "{expected}",
    "shapes.raised": "для формы {shape}: {error}",
    "float64.ok": "для входов float32 и float64 выход и градиент того же "
                  "типа; float64 сохраняет точность",
    "float64.dtype": "для входа {expected} {what} имеет тип {got}, а "
                     "ожидается {expected}",
    "float64.output": "выход потерял точность float64: {got!r} вместо "
                      "{expected!r}\u00a0— так выглядит округление до float32",
    "float64.grad": "градиент потерял точность float64: {got!r} вместо "
                    "{expected!r}\u00a0— так выглядит округление до float32",
    "what.output": "выход",
    "what.grad": "градиент",
    "gradcheck.ok": "численный и аналитический градиенты совпадают на входах "
                    "float64",
    "gradcheck.fail": "gradcheck сообщает: {reason}",
    "gradcheck.cleared_saved": " (gradcheck несколько раз запускает backward "
                               "на одном графе, поэтому проверка шла с "
                               "clear_saved_tensors_on_access = False)",
    "double.needs_gradcheck": "не засчитывается, пока не пройден gradcheck "
                              "(требование 8; {reason}): gradgradcheck "
                              "проверяет только производную самого backward "
                              "и не заменяет gradcheck",
    "double.ok": "gradgradcheck пройден, значит, сам backward дифференцируем",
    "double.fail": "повторное дифференцирование градиента не удалось: "
                   "{reason}",
    "double.gradgradcheck": "gradgradcheck сообщает: {reason}",
}

MESSAGES = {"en": EN, "ru": RU}

# argparse's own texts (its gettext message ids), for the usage errors and --help of the
# command line; English is argparse's.
ARGPARSE = {"ru": {
    "usage: ": "использование: ",
    "positional arguments": "позиционные аргументы",
    "options": "параметры",
    "show this help message and exit": "показать эту справку и выйти",
    "argument %(argument_name)s: %(message)s": "аргумент %(argument_name)s: %(message)s",
    "unrecognized arguments: %s": "нераспознанные аргументы: %s",
    "the following arguments are required: %s": "не хватает обязательных аргументов: %s",
    "expected one argument": "ожидается одно значение",
    "ambiguous option: %(option)s could match %(matches)s":
        "неоднозначный параметр: %(option)s может означать %(matches)s",
    "invalid %(type)s value: %(value)r": "недопустимое значение типа %(type)s: %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)":
        "недопустимый вариант: %(value)r (выберите из %(choices)s)",
    "%(prog)s: error: %(message)s\n": "%(prog)s: ошибка: %(message)s\n",
}}


def table(lang):
    """The table for `lang` ('ru', 'ru_RU', 'ru-RU'…); English if there is none."""
    code = str(lang or FALLBACK).replace("-", "_").lower()
    return MESSAGES.get(code) or MESSAGES.get(code.split("_")[0]) or MESSAGES[FALLBACK]


def argparse_text(lang):
    """argparse's gettext in `lang`: its message ids, translated where a table has them."""
    code = str(lang or FALLBACK).replace("-", "_").lower()
    texts = ARGPARSE.get(code) or ARGPARSE.get(code.split("_")[0]) or {}
    return lambda message: texts.get(message, message)


def translate(lang, key, **values):
    """The message `key` in `lang`, English where that language lacks it."""
    text = table(lang).get(key, MESSAGES[FALLBACK][key])
    return text.format(**values)


if __name__ == "__main__":  # part of the checker, not a command of its own
    sys.exit("exercise/messages.py is part of the exercise's checker; check a solution with: "
             "python -m exercise check FILE")
