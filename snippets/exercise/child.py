"""The checker's child process: runs a solution and reports what it measured.

Run as `python -c <this file> SOLUTION REPORT_FD` would run it: forked, for each solution, by
the checker's zygote (zygote.py), which has imported torch once. It loads the
solution, tells the checker so, then reads the plan (inputs and a nonce) from
stdin and, check by check, writes what the solution computed to REPORT_FD as
JSON lines carrying the nonce. It judges nothing: the checker, in its own
process, computes the expected values and decides. The plan arrives only after
the solution is loaded, so code run at import cannot see the nonce or the
inputs; and before each report the child verifies that the solution has not
replaced functions of torch, of the standard library or of this file.
"""
import builtins
import json
import os
import sys
import traceback
import types
import warnings

import torch
import torch.autograd.function
import torch.autograd.gradcheck
from torch.autograd import gradcheck, gradgradcheck


class Problem(Exception):
    """Something the checker has a message for: a key and its values."""

    def __init__(self, key, **values):
        super().__init__(key)
        self.key, self.values = key, values


def one_line(text, limit=200):
    line = str(text).strip().splitlines()[0] if str(text).strip() else ""
    # Build-specific source paths in torch warnings are noise for a student.
    line = line.split(" (Triggered internally")[0]
    return line if len(line) <= limit else line[:limit - 3] + "..."


def describe(error, path):
    """Type, one-line message and the last frame in the solution's own file."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == path]
    where = [path, frames[-1].lineno, frames[-1].name] if frames else None
    return {"type": type(error).__name__, "message": one_line(error), "where": where}


def format_warning(warning):
    return f"{warning.category.__name__}: {one_line(warning.message)}"


# -- what the child guards ---------------------------------------------------------------

def watched():
    """Namespaces a solution must not patch: torch's autograd surface, the
    standard library the child relies on, and this file."""
    tensor_base = getattr(torch._C, "TensorBase", None) or torch._C._TensorBase
    return {
        "torch": vars(torch), "torch.Tensor": vars(torch.Tensor),
        "torch._C.TensorBase": vars(tensor_base),
        "torch.autograd": vars(torch.autograd),
        "torch.autograd.Function": vars(torch.autograd.Function),
        "torch._C._FunctionBase": vars(torch._C._FunctionBase),
        "torch.autograd.function": vars(torch.autograd.function),
        "torch.autograd.gradcheck": vars(sys.modules["torch.autograd.gradcheck"]),
        "json": vars(json), "os": vars(os), "builtins": vars(builtins),
        "traceback": vars(traceback), "warnings": vars(warnings),
        "checker": globals(),
    }


def snapshot():
    """name -> (object, its code object if it has one), kept alive for `is` checks."""
    taken = {}
    for prefix, namespace in watched().items():
        for name, value in list(namespace.items()):
            # A module's first warning adds __warningregistry__ to it: Python's
            # bookkeeping, not a patch.
            if prefix == "checker" and name.startswith("__") or \
                    name == "__warningregistry__":
                continue
            taken[f"{prefix}.{name}"] = (value, getattr(value, "__code__", None))
    return taken


def changed(before):
    """Names replaced, removed or (except submodules torch imports lazily) added."""
    after = snapshot()
    names = [name for name, (value, code) in before.items()
             if name not in after or after[name][0] is not value
             or getattr(value, "__code__", None) is not code]
    names += [name for name, (value, _) in after.items()
              if name not in before and not isinstance(value, types.ModuleType)]
    return sorted(names)


# -- measuring ---------------------------------------------------------------------------

def apply(relu, x):
    y = relu.apply(x)
    if not isinstance(y, torch.Tensor):
        raise Problem("not_tensor", kind=type(y).__name__)
    if y.grad_fn is None:
        raise Problem("no_grad_fn")
    return y


def backward_of(relu, values, upstream, dtype=torch.float32, shape=None, transposed=False):
    """Output and x.grad for a fresh x and a fresh, private upstream gradient;
    `transposed` hands backward the same gradient values laid out as a
    transposed view, which is not contiguous."""
    x = torch.tensor(values, dtype=dtype, requires_grad=True)
    if shape is not None:
        x = x.detach().reshape(shape).requires_grad_()
    y = apply(relu, x)
    gradient = torch.tensor(upstream, dtype=dtype).reshape(y.shape)
    if transposed:
        gradient = gradient.t().contiguous().t()
    y.backward(gradient)
    return y, x.grad


def tensor_attributes(ctx):
    """ctx attributes holding a tensor, at any depth of lists, tuples, sets and
    dicts (keys and values) and of the attributes of objects kept in them."""
    def holds_tensor(value, seen):
        if isinstance(value, torch.Tensor):
            return True
        if id(value) in seen or len(seen) > 100_000 or \
                isinstance(value, (type, types.ModuleType, str, bytes)):
            return False
        seen.add(id(value))
        if isinstance(value, dict):
            items = [*value.keys(), *value.values()]
        elif isinstance(value, (list, tuple, set, frozenset)):
            items = list(value)
        else:
            items = list(getattr(value, "__dict__", {}).values())
        return any(holds_tensor(item, seen) for item in items)

    return ["ctx." + name for name, value in vars(ctx).items() if holds_tensor(value, set())]


def measure_subclass(relu, plan):
    is_class = isinstance(relu, type)
    return {"is_class": is_class, "kind": type(relu).__name__,
            "is_function": is_class and issubclass(relu, torch.autograd.Function),
            "bases": [base.__name__ for base in relu.__bases__] if is_class else []}


def measure_static(relu, plan):
    def defined(name):
        for klass in relu.__mro__:
            if klass.__module__.split(".")[0] == "torch":
                return None
            if name in klass.__dict__:
                return klass.__dict__[name]
        return None

    kinds = {}
    for name in ["forward", "backward", "setup_context"]:
        method = defined(name)
        if method is None:
            if name != "setup_context":
                kinds[name] = "missing"
        else:
            kinds[name] = "static" if isinstance(method, staticmethod) else "plain"
    return kinds


def measure_saved(relu, plan):
    y = apply(relu, torch.tensor(plan["example"], requires_grad=True))
    ctx = y.grad_fn  # for a custom Function the graph node is the ctx object
    facts = {"saved": len(ctx.saved_tensors), "attrs": tensor_attributes(ctx)}
    # Change the input in place after forward: a tensor saved with
    # save_for_backward has a version counter, so backward must raise.
    _, fresh = backward_of(relu, plan["version"]["x"], plan["version"]["g"])
    facts["fresh"] = None if fresh is None else fresh.tolist()
    leaf = torch.tensor(plan["version"]["x"], requires_grad=True)
    x = leaf * 1  # not a leaf, so it may be changed in place
    y = apply(relu, x)
    x.neg_()
    try:
        y.backward(torch.tensor(plan["version"]["g"]))
        facts["grad"] = None if leaf.grad is None else leaf.grad.tolist()
    except RuntimeError as error:
        facts["raised"] = describe(error, plan["path"])
        facts["version_error"] = "modified by an inplace operation" in str(error)
    return facts


def measure_values(relu, plan):
    x = torch.tensor(plan["example"], requires_grad=True)
    y = apply(relu, x)
    node = type(y.grad_fn)
    facts = {"node": node.__name__,
             "custom": getattr(y.grad_fn, "_forward_cls", None) is relu,
             "x_after": x.tolist(), "output": y.tolist()}
    y.backward(torch.ones_like(y))
    facts["grad"] = None if x.grad is None else x.grad.tolist()
    wide = plan["wide"]
    y, grad = backward_of(relu, wide["x"], wide["g"])
    facts["wide_output"] = y.tolist()
    facts["wide_grad"] = None if grad is None else grad.tolist()
    return facts


def measure_inplace(relu, plan):
    example = plan["example"]
    facts = {}
    scenario = "user"
    try:
        x = torch.tensor(example, requires_grad=True)
        g = torch.tensor([1., 2., 3., 4., 5.])
        before, version = g.tolist(), g._version
        apply(relu, x).backward(g)
        facts["user"] = {"before": before, "after": g.tolist(),
                         "version_changed": g._version != version}
        scenario = "shared"
        x = torch.tensor([-1., 2.], requires_grad=True)
        w = torch.tensor([1., 1.], requires_grad=True)
        # CustomReLU is recorded last, so its backward runs before the multiplication's.
        branch = w * 3
        (branch + apply(relu, x)).backward(torch.ones(2))
        facts["shared"] = {"w_grad": None if w.grad is None else w.grad.tolist()}
        scenario = "expanded"
        _, fresh = backward_of(relu, example, [1.0] * len(example))
        x = torch.tensor(example, requires_grad=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            apply(relu, x).sum().backward()
        facts["expanded"] = {
            "grad": None if x.grad is None else x.grad.tolist(),
            "fresh": None if fresh is None else fresh.tolist(),
            # Only the warning for an in-place write into the stride-0
            # gradient counts; any other (a copy made with torch.tensor(...),
            # say) says nothing about grad_output.
            "warning": next((format_warning(w) for w in caught
                             if "on expanded tensors is deprecated" in str(w.message)),
                            None)}
    except Problem:
        raise
    except Exception as error:
        facts["raised"] = {"scenario": scenario, "error": describe(error, plan["path"])}
    return facts


def measure_shapes(relu, plan):
    cases = []
    for case in plan["shapes"]:
        shape = tuple(case["shape"])
        try:
            y, grad = backward_of(relu, case["x"], case["g"], shape=shape,
                                  transposed=case.get("transposed", False))
        except Problem:
            raise
        except Exception as error:
            cases.append({"shape": list(shape), "error": describe(error, plan["path"])})
            break
        cases.append({"shape": list(shape), "out_shape": list(y.shape),
                      "output": y.detach().reshape(-1).tolist(),
                      "grad_shape": None if grad is None else list(grad.shape),
                      "grad": None if grad is None else grad.reshape(-1).tolist()})
    return {"cases": cases}


def measure_float64(relu, plan):
    facts = {}
    for dtype, case in ((torch.float64, plan["float64"]), (torch.float32, plan["float32"])):
        y, grad = backward_of(relu, case["x"], case["g"], dtype=dtype)
        facts[str(dtype)] = {
            "output_dtype": str(y.dtype), "grad_dtype": None if grad is None else str(grad.dtype),
            "output": y.tolist(), "grad": None if grad is None else grad.tolist()}
    return facts


def numerical(check, relu, plan):
    x = torch.tensor(plan["smooth"], dtype=torch.float64, requires_grad=True)
    try:
        check(relu.apply, (x,))
    except Exception as error:
        if type(error).__name__ == "GradcheckError":
            return {"reason": one_line(error).rstrip(",")}
        return {"error": describe(error, plan["path"])}
    return {"ok": True}


def measure_gradcheck(relu, plan):
    # gradcheck runs backward several times on one graph, which a Function that
    # frees its saved tensors on first access forbids; the setting only saves
    # memory, so it is turned off for the check and the report says so.
    if relu.__dict__.get("clear_saved_tensors_on_access") is not True:
        return numerical(gradcheck, relu, plan)
    relu.clear_saved_tensors_on_access = False
    try:
        return {**numerical(gradcheck, relu, plan), "cleared_saved": True}
    finally:
        relu.clear_saved_tensors_on_access = True


def measure_double(relu, plan):
    # Differentiate twice by hand first: the error names the cause (for example
    # @once_differentiable) better than gradgradcheck's Jacobian mismatch does.
    x = torch.tensor(plan["smooth"], dtype=torch.float64, requires_grad=True)
    upstream = torch.ones_like(x, requires_grad=True)
    try:
        grad_x, = torch.autograd.grad(apply(relu, x), x, upstream, create_graph=True)
        grad_x.sum().backward()
    except Problem:
        raise
    except Exception as error:
        return {"manual": describe(error, plan["path"])}
    return numerical(gradgradcheck, relu, plan)


MEASURES = [("subclass", measure_subclass), ("static", measure_static),
            ("saved", measure_saved), ("values", measure_values),
            ("inplace", measure_inplace), ("shapes", measure_shapes),
            ("float64", measure_float64), ("gradcheck", measure_gradcheck),
            ("double", measure_double)]


def measure(function, relu, plan):
    """Run one measurement with autograd on, catching errors and the first warning."""
    with warnings.catch_warnings(record=True) as caught, torch.enable_grad():
        warnings.simplefilter("always")
        try:
            facts = function(relu, plan)
        except Problem as problem:
            facts = {"problem": [problem.key, problem.values]}
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # SystemExit included: not the solution's to exit
            facts = {"error": describe(error, plan["path"])}
    if caught:
        facts["warning"] = format_warning(caught[0])
    return facts


# -- the protocol ------------------------------------------------------------------------

def main():
    # Everything the protocol needs is bound here, before the solution runs.
    path, report_fd = sys.argv[1], int(sys.argv[2])
    write, read, dumps, loads = os.write, os.read, json.dumps, json.loads
    measures = list(MEASURES)
    codes = [(function, function.__code__) for _, function in measures]
    guard, guard_code = changed, changed.__code__
    before = snapshot()

    def send(message):
        data = (dumps(message) + "\n").encode()
        while data:
            data = data[write(report_fd, data):]

    def tampered():
        if guard.__code__ is not guard_code:
            return ["checker.changed"]
        names = guard(before)
        names += [f"checker.{f.__name__}" for f, code in codes if f.__code__ is not code]
        return names

    # Load the solution as a script would run, with its own folder importable.
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    module = types.ModuleType("exercise_submission")
    module.__file__ = path
    sys.modules[module.__name__] = module  # dataclasses, for one, look it up
    with open(path, encoding="utf-8") as source:
        code = compile(source.read(), path, "exec")
    loaded = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exec(code, module.__dict__)
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # SystemExit included
            loaded["raised"] = describe(error, path)
    names = tampered()
    if names:
        loaded = {"tampered": names}
    elif not loaded and "CustomReLU" not in module.__dict__:
        loaded["no_class"] = True
    send({"event": "loaded", **loaded})
    if loaded:
        return

    # The plan: sent by the checker only now, after the solution has run.
    data = b""
    while not data.endswith(b"\n"):
        chunk = read(0, 1 << 16)
        if not chunk:
            return
        data += chunk
    plan = loads(data)
    plan["path"] = path
    relu = module.__dict__["CustomReLU"]
    for key, function in measures:
        send({"event": "start", "key": key})
        facts = measure(function, relu, plan)
        names = tampered()
        if names:
            send({"event": "tampered", "key": key, "names": names})
            return
        send({"event": "facts", "key": key, "nonce": plan["nonce"], "facts": facts})
        if key == "subclass" and not facts.get("is_function"):
            return
    send({"event": "done", "nonce": plan["nonce"]})


if __name__ == "__main__":
    main()
