"""The checker's own process: plans the checks, runs the solution in a child
process with a time limit (forked by zygote.py, which imports torch once for all
the checks of this process), and judges what the child reports.

Expected values are computed here, never taken from the child; the child only
reports what the solution computed for inputs it learns after the solution
has been loaded. This file does not import torch.
"""
import atexit
import json
import os
import random
import secrets
import selectors
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from .messages import FALLBACK, translate

EXAMPLE = [-2., -1., 0., 1., 2.]
EXPECTED_OUTPUT = [0.0, 0.0, 0.0, 1.0, 2.0]
EXPECTED_GRAD = [0.0, 0.0, 0.0, 1.0, 1.0]
REQUIRED = ["subclass", "static", "saved", "values", "inplace", "shapes", "float64", "gradcheck"]
BONUS = "double"
DEFAULT_TIMEOUT = 60.0
# PyTorch's words for an in-place write into a leaf that requires grad (with grad mode on)
LEAF_IN_PLACE = "a leaf Variable that requires grad is being used in an in-place operation"
WIDTH = 78  # the report's lines, wrapped
# The child's code, run with `python -c`: read through the package's loader, so that it is the
# same file whether the package lies in the repository or in the downloadable archive
# (check_custom_relu.pyz), whose files are no paths a new process could run.
CHILD = "child.py"
ZYGOTE = "zygote.py"


def child_source(name=CHILD):
    from importlib.resources import files

    return files(__package__).joinpath(name).read_text(encoding="utf-8")


@dataclass
class Result:
    key: str
    title: str
    passed: bool
    detail: str
    required: bool = True


def f32(value):
    """`value` rounded to float32, as a Python float (±inf past float32's range)."""
    try:
        return struct.unpack("f", struct.pack("f", value))[0]
    except OverflowError:
        return float("inf") if value > 0 else float("-inf")


def relu(x):
    return x if x > 0 else 0.0


def relu_grad(x, g):
    return g if x > 0 else 0.0


# -- the plan ----------------------------------------------------------------------------

WIDE_SPECIAL = [3e38, -3e38, 1e20, -1e20, 1e-20, -1e-20, 1e-38, -1e-38,
                1e-45, -1e-45, 0.0, -0.0, 1e-7, -1e-7]


def make_plan(seed=None):
    """Inputs for every check. The wide range mixes fixed special values
    (huge, tiny, subnormal, ±0.0) with random ones of any magnitude."""
    rng = random.Random(secrets.randbits(64) if seed is None else seed)
    randoms = [rng.choice([-1, 1]) * 10 ** rng.uniform(-30, 30) for _ in range(26)]
    wide_x = [f32(v) for v in WIDE_SPECIAL + randoms]
    wide_g = [f32(rng.choice([-1, 1]) * rng.uniform(0.5, 2)) for _ in wide_x]
    return {
        "nonce": secrets.token_hex(16),
        "example": EXAMPLE,
        "wide": {"x": wide_x, "g": wide_g},
        "version": {"x": [-1.0, 2.0, -3.0, 4.0], "g": [1.0, 1.0, 1.0, 1.0]},
        "shapes": [
            {"shape": [2, 3], "x": [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5],
             "g": [1., 2., 3., 4., 5., 6.]},
            {"shape": [2, 2, 2], "x": [-3.5e6, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5e6],
             "g": [1., 2., 3., 4., 5., 6., 7., 8.]},
            {"shape": [], "x": [1.5], "g": [1.]},
            {"shape": [], "x": [-1.5], "g": [1.]},
            # the same values as the first case, grad_output laid out transposed
            {"shape": [2, 3], "x": [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5],
             "g": [1., 2., 3., 4., 5., 6.], "transposed": True},
        ],
        # 1 + 1e-10 is not a float32, so a float32 detour shows; it comes first
        # among the positive inputs so that is the value a report names.
        "float64": {"x": [-1.5, 1 + 1e-10, 2.0, 1e300, -1e300, 5e-324, -0.0, 0.0],
                    "g": [1.0, 1 + 1e-10, 3.0, 1.5, 2.0, 1 + 2 ** -40, 1.0, 1.0]},
        "float32": {"x": [-1.5, 0.5, 2.0], "g": [1.0, 2.0, 3.0]},
        "smooth": [[-1.5, -0.5, 0.5], [1.0, 1.5, -2.0]],
    }


# -- running the child -------------------------------------------------------------------

@dataclass
class Run:
    events: list
    timed_out: bool
    status: int
    stderr: str


class Zygote:
    """This process's zygote (zygote.py): started by the first check, it forks each child from
    a Python that has imported torch once."""

    lock = threading.Lock()
    current = None

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="check-custom-relu-")
        atexit.register(shutil.rmtree, self.folder, True)
        self.address = os.path.join(self.folder, "zygote")
        self.process = subprocess.Popen(
            [sys.executable, "-c", child_source(ZYGOTE), self.address],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        source = child_source().encode("utf-8")
        self.process.stdin.write(b"%d\n" % len(source) + source)
        self.process.stdin.flush()  # kept open: the zygote exits when it closes
        if self.process.stdout.readline() != b"ready\n":
            raise RuntimeError(f"the checker's zygote did not start (exit code "
                               f"{self.process.wait()})")

    @classmethod
    def get(cls):
        with cls.lock:
            if cls.current is None or cls.current.process.poll() is not None:
                cls.current = cls()
            return cls.current

    def spawn(self, path, stdin, report, stderr):
        """A child on `path` with these descriptors: (its pid, the line reader that will
        give its exit code)."""
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        conn.connect(self.address)
        request = {"path": str(path), "cwd": os.getcwd(), "env": dict(os.environ)}
        socket.send_fds(conn, [json.dumps(request).encode()], [stdin, report, stderr])
        lines = conn.makefile("rb")
        conn.close()  # the reader keeps the connection open
        return int(lines.readline()), lines


def run_child(path, plan, timeout):
    """Run child.py on `path`; the plan is sent once the solution is loaded."""
    read_fd, write_fd = os.pipe()
    plan_fd, plan_write_fd = os.pipe()
    with tempfile.TemporaryFile() as stderr:
        pid, status_line = Zygote.get().spawn(path, plan_fd, write_fd, stderr.fileno())
        os.close(write_fd)
        os.close(plan_fd)
        plan_pipe = os.fdopen(plan_write_fd, "wb")
        events, timed_out = [], False
        deadline = time.monotonic() + timeout
        buffer = b""
        with selectors.DefaultSelector() as selector:
            selector.register(read_fd, selectors.EVENT_READ)
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    timed_out = True
                    break
                chunk = os.read(read_fd, 1 << 16)
                if not chunk:
                    break
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    try:
                        event = json.loads(line)
                    except ValueError:
                        event = {"event": "garbage"}
                    events.append(event)
                    if event.get("event") == "loaded" and len(events) == 1 and \
                            len(event) == 1:
                        try:
                            plan_pipe.write((json.dumps(plan) + "\n").encode())
                            plan_pipe.close()
                        except OSError:
                            pass
        os.close(read_fd)
        if timed_out:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            plan_pipe.close()
        except OSError:
            pass
        with status_line:
            status = int(status_line.readline())
        stderr.seek(0)
        text = stderr.read().decode("utf-8", "replace")
    return Run(events, timed_out, status, text)


# -- judging -----------------------------------------------------------------------------

class Judge:
    def __init__(self, path, lang, plan, timeout):
        self.path, self.lang, self.plan, self.timeout = str(path), lang, plan, timeout
        self.check = None  # the requirement being judged: its number, or the bonus's title
        self.errors = {}  # an error's text -> the check that named it first

    def t(self, key, **values):
        return translate(self.lang, key, **values)

    def error(self, error):
        """An error the solution raised, named in full at the first check that meets it; a
        later check that meets it again refers back."""
        text = f"{error['type']}: {error['message']}".rstrip(": ")
        if error.get("where"):
            path, line, func = error["where"]
            text += self.t("error.where", path=path, line=line, func=func)
        leaf = LEAF_IN_PLACE in error["message"]  # of a view of a leaf too: one cause
        first = self.errors.setdefault("leaf" if leaf else text, self.check)
        if first != self.check:
            return self.t("error.again", check=first)
        return text + self.t("hint.leaf") if leaf else text

    def result(self, key, passed, detail):
        return Result(key, self.t(key), passed, detail, key != BONUS)

    def load_failure(self, detail):
        return [Result("load", self.t("load"), False, detail)]

    # -- before running anything ---------------------------------------------------------
    def precheck(self):
        """Problems found by reading the file (it is compiled, not run)."""
        path = Path(self.path)
        try:
            data = path.read_bytes()
        except OSError as error:
            return self.t("load.unreadable", path=self.path, error=error.strerror)
        hint = "" if path.suffix == ".py" else self.t("load.suffix", path=self.path)
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError:
            return self.t("load.not_text", path=self.path)
        if "\0" in source:
            return self.t("load.nul", path=self.path)
        try:
            compile(source, self.path, "exec", dont_inherit=True)
        except SyntaxError as error:
            return self.t("load.syntax", path=self.path, line=error.lineno,
                          msg=error.msg) + hint
        return None

    # -- the run as a whole --------------------------------------------------------------
    def results(self, run):
        hint = "" if Path(self.path).suffix == ".py" else self.t("load.suffix", path=self.path)
        events = run.events
        if not events or events[0].get("event") != "loaded":
            return self.load_failure(self.stopped("load", run) if not events
                                     else self.t("load.forged"))
        loaded = events[0]
        if "raised" in loaded:
            return self.load_failure(self.t("load.raised", error=self.error(loaded["raised"]))
                                     + hint)
        if "tampered" in loaded:
            return self.load_failure(self.t("load.tampered",
                                            names=self.names(loaded["tampered"])))
        if "no_class" in loaded:
            return self.load_failure(self.t("load.no_class", path=self.path) + hint)
        facts, failure = {}, None
        order = REQUIRED + [BONUS]
        for event in events[1:]:
            kind = event.get("event")
            if kind == "start":
                continue
            if kind == "tampered" and event.get("key") in order and event["key"] not in facts:
                failure = (event["key"],
                           self.t("run.tampered", names=self.names(event.get("names"))))
                break
            expected = order[len(facts)] if len(facts) < len(order) else None
            if kind == "facts" and event.get("nonce") == self.plan["nonce"] \
                    and event.get("key") == expected:
                facts[expected] = event["facts"]
                continue
            if kind == "done" and event.get("nonce") == self.plan["nonce"]:
                break
            return self.load_failure(self.t("load.forged"))
        results, warned = [], set()
        for key in order:
            self.check = str(order.index(key) + 1) if key != BONUS else self.t(BONUS)
            if key in facts:
                passed, detail = self.judge(key, facts[key], warned)
                first = next((r for r in results if r.key == "gradcheck"), None)
                if key == BONUS and passed and not (first and first.passed):
                    # gradgradcheck compares backward's own derivative: it can
                    # pass for a backward whose first derivative is wrong.
                    passed, detail = False, self.t(
                        "double.needs_gradcheck",
                        reason=first.detail if first else self.t("run.not_run"))
                results.append(self.result(key, passed, detail))
                if key == "subclass" and not passed:
                    results += [self.result(other, False, self.t("skipped"))
                                for other in REQUIRED[1:]]
                    return results
            elif failure is not None:
                results.append(self.result(key, False, failure[1]))
                failure = (None, self.t("run.not_run"))
            else:
                results.append(self.result(key, False, self.stopped("run", run)))
                failure = (None, self.t("run.not_run"))
        return results

    @staticmethod
    def names(names):
        names = [str(name) for name in names or []]
        return ", ".join(names[:3]) + (", …" if len(names) > 3 else "")

    def stopped(self, stage, run):
        """Why the child stopped before reporting (`stage` is 'load' or 'run')."""
        if run.timed_out:
            return self.t(f"{stage}.timeout", seconds=f"{self.timeout:g}")
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        if run.status < 0:
            name = signal.Signals(-run.status).name
            return self.t("load.crashed", status=run.status, error=name)
        if lines:
            return self.t("load.crashed", status=run.status, error=lines[-1].strip()[:200])
        return self.t(f"{stage}.exited", status=run.status)

    def judge(self, key, facts, warned):
        if "problem" in facts:
            problem, values = facts["problem"]
            passed, detail = False, self.t(problem, **values)
        elif "error" in facts and "twice" not in facts:
            passed, detail = False, self.error(facts["error"])
        else:
            passed, detail = getattr(self, "judge_" + key)(facts)
        # A warning is named once, at the first check that raised it.
        if facts.get("warning") and facts["warning"] not in warned:
            warned.add(facts["warning"])
            detail += self.t("warned", warning=facts["warning"])
        return passed, detail

    # -- one judge per requirement -------------------------------------------------------
    def judge_subclass(self, facts):
        if not facts["is_class"]:
            return False, self.t("subclass.not_class", kind=facts["kind"])
        if not facts["is_function"]:
            return False, self.t("subclass.wrong_base", bases=", ".join(facts["bases"]))
        return True, ""

    def judge_static(self, facts):
        problems = [self.t(f"static.{kind}", name=name)
                    for name, kind in facts.items() if kind in ("missing", "plain")]
        return (False, "; ".join(problems)) if problems else (True, "")

    def judge_saved(self, facts):
        case = self.plan["version"]
        expected = [relu_grad(x, g) for x, g in zip(case["x"], case["g"])]
        problems = []
        named = [self.place(*place) for place in facts["kept"] if place]
        if named:
            problems.append(self.t("saved.kept", places="; ".join(named)))
        elif facts["kept"]:
            problems.append(self.t("saved.kept_unnamed"))
        elif not facts["saved"]:
            problems.append(self.t("saved.none"))
        if "raised" in facts and not facts["version_error"]:
            problems.append(self.error(facts["raised"]))
        elif "grad" in facts:
            if facts["grad"] is None:
                problems.append(self.t("values.no_grad"))
            elif facts["grad"] != facts["fresh"] and facts["fresh"] == expected:
                key = "saved.stale_alias" if facts.get("alias") else "saved.stale"
                problems.append(self.t(key, got=facts["grad"], expected=expected))
        if problems:
            return False, "; ".join(problems)
        key = "saved.ok" if facts.get("version_error") else "saved.ok_copy"
        return True, self.t(key, count=facts["saved"])

    def place(self, key, values):
        if key == "place.inside":
            return self.t(key, place=self.place(*values["place"]))
        return self.t(key, **values)

    def judge_values(self, facts):
        if not facts["custom"]:
            return False, self.t("values.node", node=facts["node"])
        if facts["x_after"] != EXAMPLE:
            return False, self.t("values.input", got=facts["x_after"])
        output, grad = facts["output"], facts["grad"]
        if grad is None:
            return False, self.t("values.no_grad")
        if output != EXPECTED_OUTPUT:
            return False, self.t("values.output", example=EXAMPLE, got=output,
                                 expected=EXPECTED_OUTPUT)
        if grad == [1.0] * len(EXAMPLE):
            return False, self.t("values.no_mask", got=grad)
        zero_at = EXAMPLE.index(0.)
        others_ok = all(g == e for i, (g, e) in enumerate(zip(grad, EXPECTED_GRAD))
                        if i != zero_at)
        if others_ok and grad[zero_at] != 0:
            return False, self.t("values.zero", value=grad[zero_at])
        if grad != EXPECTED_GRAD:
            return False, self.t("values.grad", example=EXAMPLE, got=grad,
                                 expected=EXPECTED_GRAD)
        wide = self.plan["wide"]
        got_out, got_grad = facts["wide_output"], facts["wide_grad"]
        count = len(wide["x"])
        if got_grad is None:
            return False, self.t("values.no_grad")
        if len(got_out) != count or len(got_grad) != count:
            return False, self.t("values.wide_shape", count=count, output=len(got_out),
                                 grad=len(got_grad))
        for x, g, out, dx in zip(wide["x"], wide["g"], got_out, got_grad):
            if out != relu(x):
                return False, self.t("values.wide_output", x=x, got=out, expected=relu(x))
            if dx != relu_grad(x, g):
                return False, self.t("values.wide_grad", x=x, g=g, got=dx,
                                     expected=relu_grad(x, g))
        return True, self.t("values.ok", example=EXAMPLE, output=output, grad=grad,
                            count=count, low=min(wide["x"]), high=max(wide["x"]))

    def judge_inplace(self, facts):
        problems = []
        user = facts.get("user")
        if user:
            if user["after"] != user["before"]:
                problems.append(self.t("inplace.user", before=user["before"],
                                       after=user["after"]))
            elif user["version_changed"]:
                problems.append(self.t("inplace.user_version"))
        shared = facts.get("shared")
        if shared and shared["w_grad"] != [3.0, 3.0]:
            problems.append(self.t("inplace.shared", got=shared["w_grad"], expected=[3.0, 3.0]))
        expanded = facts.get("expanded")
        if expanded:
            if expanded["written"]:
                problems.append(self.t("inplace.expanded", got=expanded["grad"],
                                       expected=EXPECTED_GRAD))
            elif expanded["warning"]:
                problems.append(self.t("inplace.expanded_warning",
                                       warning=expanded["warning"]))
        if "raised" in facts:
            scenario = facts["raised"]["scenario"]
            error = self.error(facts["raised"]["error"])
            if scenario == "forward":  # not backward's: forward failed before it ran
                problems.append(self.t("inplace.forward", error=error))
            else:
                scenario = {"user": "y.backward(g)",
                            "shared": "y = w * 3 + CustomReLU.apply(x)",
                            "expanded": "y.sum().backward()"}[scenario]
                problems.append(self.t("inplace.raised", scenario=scenario, error=error))
        return (False, "; ".join(problems)) if problems else (True, self.t("inplace.ok"))

    def judge_shapes(self, facts):
        for case, got in zip(self.plan["shapes"], facts["cases"]):
            shape = tuple(case["shape"])
            label = self.t("shapes.transposed", shape=shape) if case.get("transposed") \
                else shape
            if "error" in got:
                return False, self.t("shapes.raised", shape=label, error=self.error(got["error"]))
            if got["grad"] is None:
                return False, self.t("values.no_grad")
            expected_out = [relu(x) for x in case["x"]]
            expected_grad = [relu_grad(x, g) for x, g in zip(case["x"], case["g"])]
            if tuple(got["out_shape"]) != shape or got["output"] != expected_out:
                return False, self.t("shapes.output", shape=label, got=got["output"])
            if tuple(got["grad_shape"]) != shape or got["grad"] != expected_grad:
                return False, self.t("shapes.grad", shape=label, got=got["grad"],
                                     expected=expected_grad)
        if len(facts["cases"]) != len(self.plan["shapes"]):
            return False, self.t("run.not_run")
        return True, self.t("shapes.ok")

    def judge_float64(self, facts):
        for dtype in ("torch.float64", "torch.float32"):
            got = facts[dtype]
            for what in ("output", "grad"):
                if got[what + "_dtype"] not in (None, dtype):
                    return False, self.t("float64.dtype", what=self.t("what." + what),
                                         got=got[what + "_dtype"], expected=dtype)
        case, got = self.plan["float64"], facts["torch.float64"]
        # Only float32 rounding is judged here: wrong values are requirement 4's.
        for x, g, out, dx in zip(case["x"], case["g"], got["output"], got["grad"] or []):
            if x > 0 and out != x and out == f32(x):
                return False, self.t("float64.output", got=out, expected=x)
            if x > 0 and dx != g and dx == f32(g):
                return False, self.t("float64.grad", got=dx, expected=g)
        return True, self.t("float64.ok")

    def numerical(self, facts, key):
        if "reason" in facts:
            return False, self.t(key, reason=facts["reason"])
        if "error" in facts:
            return False, self.t(key, reason=self.error(facts["error"]))
        return True, None

    def judge_gradcheck(self, facts):
        second = facts.get("twice")
        if second and "error" in second:  # gradcheck's own text would hide the cause
            passed, detail = False, self.t("gradcheck.twice_raised",
                                           error=self.error(second["error"]))
        elif second:
            passed, detail = False, self.t("gradcheck.twice_differs", first=second["first"],
                                           second=second["second"])
        else:
            passed, detail = self.numerical(facts, "gradcheck.fail")
        detail = detail or self.t("gradcheck.ok")
        if facts.get("cleared_saved"):
            detail += self.t("gradcheck.cleared_saved")
        return passed, detail

    def judge_double(self, facts):
        if "manual" in facts:
            return False, self.t("double.fail", reason=self.error(facts["manual"]))
        passed, detail = self.numerical(facts, "double.gradgradcheck")
        return passed, detail or self.t("double.ok")


# -- the public API ----------------------------------------------------------------------

@dataclass
class Attempt:
    """One run of a solution: the plan it was given and what its process reported.
    Judging it again in another language runs nothing."""
    path: str
    plan: dict
    run: Run | None  # None when the file was not run (it cannot be compiled)
    timeout: float


def execute(path, *, timeout=DEFAULT_TIMEOUT, seed=None):
    """Run the solution in `path` in a child process, stopped after `timeout` s."""
    plan = make_plan(seed)
    unloadable = Judge(path, FALLBACK, plan, timeout).precheck()
    return Attempt(str(path), plan, None if unloadable else run_child(path, plan, timeout),
                   timeout)


def judge(attempt, lang="en"):
    """One Result per requirement (plus the bonus), its text in `lang`."""
    judge = Judge(attempt.path, lang, attempt.plan, attempt.timeout)
    problem = judge.precheck()
    if problem or attempt.run is None:
        return judge.load_failure(problem)
    return judge.results(attempt.run)


def check(path, lang="en", *, timeout=DEFAULT_TIMEOUT, seed=None):
    """Check the CustomReLU in `path`; one Result per requirement (plus the bonus).

    The solution runs in a child process, stopped after `timeout` seconds."""
    return judge(execute(path, timeout=timeout, seed=seed), lang)


def all_required_passed(results):
    return all(result.passed for result in results if result.required)


# Where the exercise page explains each check: what a failed check's last line points to.
SECTIONS = {"load": "check", **{key: "requirements" for key in REQUIRED}, BONUS: "requirements",
            "saved": "save-for-backward", "inplace": "check-wrong"}


def report(path, results, lang="en", page=None):
    """The report as printed, wrapped at 78 columns: a line per passed check, then each failed
    one with what was measured, what to do and the page's section that explains it (under the
    exercise page's address `page`, else as `exercise/#section`), then the count and the
    numbers of the failed checks."""
    def t(key, **values):
        return translate(lang, key, **values)

    def number(result):
        return REQUIRED.index(result.key) + 1 if result.key in REQUIRED else None

    def label(result):
        if result.key == "load":
            return f"[{t('FAIL')}] {result.title}"
        if not result.required:
            return f"[{t('BONUS PASS' if result.passed else 'BONUS FAIL')}] {result.title}"
        return f"[{t('PASS' if result.passed else 'FAIL')}] {number(result)}. {result.title}"

    lines = [t("checking", path=path)]
    lines += [label(result) for result in results if result.passed]
    for result in results:
        if result.passed:
            continue
        detail = f": {result.detail}" if result.detail else ""
        lines.append(label(result) + detail)
        if result.detail != t("skipped") and not result.detail.startswith(t("run.not_run")):
            lines.append("    → " + t("todo." + result.key,
                                       page=f"{page or 'exercise/'}#{SECTIONS[result.key]}"))
    if results[0].key == "load":
        lines.append(t("summary.load"))
    else:
        passed = sum(result.passed for result in results if result.required)
        failed = [str(number(r)) for r in results if r.required and not r.passed]
        lines.append(t("summary", passed=passed, total=len(REQUIRED)) +
                     (t("summary.failed" if len(failed) > 1 else "summary.failed_one",
                        numbers=", ".join(failed)) if failed else ""))
    return "\n".join(textwrap.fill(line, WIDTH, subsequent_indent="    ",
                                   break_on_hyphens=False) for line in lines)


if __name__ == "__main__":  # part of the checker, not a command of its own
    sys.exit("exercise/checker.py is part of the exercise's checker; check a solution with: "
             "python -m exercise check FILE")
