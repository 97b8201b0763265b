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
import gc
import json
import os
import sys
import traceback
import types
import warnings

# Bound here, in the namespace the child guards, so that a solution cannot swap them.
from gc import collect, get_objects, get_referents, get_referrers, unfreeze

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
        "gc": vars(gc), "json": vars(json), "os": vars(os), "builtins": vars(builtins),
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


# -- requirement 3: which tensors outlive forward, and where -----------------------------

KEPT = (torch.Tensor, torch.UntypedStorage)  # a TypedStorage holds an UntypedStorage


def alive():
    """Every tensor and storage alive in this process, by id: after a collection, so that
    only what something still holds is counted; with no gc callbacks, which a solution
    could use to act on it; and with frozen objects (gc.freeze()) counted too."""
    callbacks = gc.callbacks[:]
    gc.callbacks.clear()
    try:
        collect()
    finally:
        gc.callbacks[:] = callbacks
    unfreeze()
    return {id(o): o for o in get_objects() if issubclass(type(o), KEPT)}


def links(targets, ignore):
    """(referrer, target) pairs: which Python objects, other than `ignore`, hold which of
    `targets` directly; the referrers are returned too, so that their ids stay theirs."""
    ids = {id(t) for t in targets}
    holders = [r for r in get_referrers(*targets) if id(r) not in ignore and not ours(r)]
    pairs = {(id(r), id(o)) for r in holders for o in get_referents(r) if id(o) in ids}
    return pairs, holders


def ours(obj):
    """A frame of this file: the checker's own local variables."""
    return isinstance(obj, types.FrameType) and obj.f_globals is globals()


def owner_of(space):
    """The module, class or object whose namespace the dict `space` is, or None."""
    for owner in get_referrers(space):
        if isinstance(owner, types.ModuleType) and vars(owner) is space or \
                getattr(owner, "__dict__", None) is space or \
                isinstance(owner, type) and \
                any(inner is space for inner in get_referents(owner.__dict__)):
            return owner
    return None


def step(holder, obj, roles):
    """How `holder` holds `obj`: ("root", message key, values) when `holder` is a place a
    reader would know (a module-level name, a class attribute, an attribute of ctx, of the
    input or of the output, a closure, a local variable), else ("via", the object to look
    up from next, a piece of a Python expression)."""
    if isinstance(holder, dict):
        key = next((k for k, v in holder.items() if v is obj), None)
        owner = owner_of(holder) if isinstance(key, str) else None
        if isinstance(owner, types.ModuleType):  # the solution's own, or another's
            own = owner.__name__ == "exercise_submission"
            return "root", "place.global", {"path": key if own else f"{owner.__name__}.{key}"}
        if isinstance(owner, type):
            return "root", "place.class", {"path": f"{owner.__name__}.{key}"}
        if owner is not None and id(owner) in roles:
            return "root", "place.attr", {"path": f"{roles[id(owner)]}.{key}"}
        if owner is not None:
            return "via", owner, f".{key}"
        plain = isinstance(key, (str, int, float)) or key is None
        return "via", holder, f"[{key!r}]" if key is not None and plain else "[…]"
    if isinstance(holder, (list, tuple)):
        index = next((i for i, v in enumerate(holder) if v is obj), "…")
        return "via", holder, f"[{index}]"
    if isinstance(holder, types.CellType):  # held by a function's __closure__ tuple
        for function in get_referrers(*get_referrers(holder)):
            closure = getattr(function, "__closure__", None) or ()
            # by identity: == on cells compares what they hold
            index = next((i for i, cell in enumerate(closure) if cell is holder), None)
            if isinstance(function, types.FunctionType) and index is not None:
                name = function.__code__.co_freevars[index]
                return "root", "place.closure", {"func": function.__qualname__, "path": name}
    frame = getattr(holder, "gi_frame", None) or getattr(holder, "cr_frame", None) or holder
    if isinstance(frame, types.FrameType):
        name = next((k for k, v in frame.f_locals.items() if v is obj), "…")
        return "root", "place.local", {"func": frame.f_code.co_name, "path": name}
    for klass in type(holder).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for slot in [slots] if isinstance(slots, str) else slots:
            if getattr(holder, slot, None) is obj:
                return "via", holder, f".{slot}"
    return "via", holder, "…"


def where(target, roles, ignore, budget=200):
    """The nearest named place that holds `target`, through containers and objects, as
    (message key, values); None when no Python object the checker can see names it."""
    queue = [(target, "")]
    seen = {id(target), id(queue)} | ignore
    while queue and budget > 0:
        obj, path = queue.pop(0)
        for holder in get_referrers(obj):
            budget -= 1
            if id(holder) in seen or ours(holder):
                continue
            seen.add(id(holder))
            kind, *found = step(holder, obj, roles)
            if kind == "root":
                key, values = found
                if "…" in path:  # a step with no name: say only where it starts
                    return "place.inside", {"place": [key, values]}
                return key, {**values, "path": values["path"] + path}
            following, piece = found
            seen.add(id(following))
            queue.append((following, piece + path))
    return None


def array_over(target, roles):
    """A NumPy array (or any object with __array_interface__) on ctx, the input, the output or
    the solution's module that lies in `target`'s memory: NumPy arrays are not containers the
    garbage collector tracks, so `where` cannot find them."""
    storage = target if isinstance(target, torch.UntypedStorage) else target.untyped_storage()
    start, size = storage.data_ptr(), storage.nbytes()
    module = sys.modules.get("exercise_submission")
    owners = [(names, obj) for obj, names in roles] + [("", module)]
    for prefix, owner in owners:
        try:
            space = vars(owner)
        except TypeError:
            continue
        for key, value in list(space.items()):
            interface = getattr(value, "__array_interface__", None)
            if isinstance(interface, dict) and start <= interface["data"][0] < start + size:
                path = f"{prefix}.{key}" if prefix else key
                return "place.array", {"path": path}
    return None


def kept_outside(relu, plan):
    """Requirement 3 as a property: the tensors (and storages) that forward made, was given
    or wrote into and that something other than the output and ctx.save_for_backward holds
    once forward has returned, wherever that is. Returns (tensors saved, places), a place
    being (message key, values), or None where no Python object names it."""
    # A first call, on other values, makes what forward makes once (a cached constant, say):
    # a tensor that exists before the measured call and is not written in it is not its state.
    # And its backward, as a training step would: what backward takes back is gone again.
    first = apply(relu, torch.tensor(plan["example"], requires_grad=True) * -1)
    try:
        first.sum().backward()
    except Exception:  # backward's errors are other checks' to report
        pass
    del first
    x = torch.tensor(plan["example"], requires_grad=True) * 1  # a non-leaf, as in a network
    before = alive()
    versions = {i: t._version for i, t in before.items() if isinstance(t, torch.Tensor)}
    ignore = {id(before)}
    pairs, holders = links(list(before.values()), ignore)
    y = apply(relu, x)
    ctx = y.grad_fn  # for a custom Function the graph node is the ctx object
    try:
        saved = ctx.saved_tensors
    except RuntimeError:  # a saved tensor changed in place: requirement 4 says so
        saved = ()
    # The output, what save_for_backward holds, and the tensors they are views of.
    allowed = set()
    for tensor in (x, y, *saved):
        while isinstance(tensor, torch.Tensor) and id(tensor) not in allowed:
            allowed.add(id(tensor))
            tensor = tensor._base
    ignore |= {id(saved), id(pairs), id(holders), id(allowed)}
    after = alive()
    ignore.add(id(after))
    made = [t for i, t in after.items() if i not in before and i not in allowed]
    # What existed before forward (its input among them), the output and the saved tensors:
    # kept when a Python object holds it that did not before, or (a buffer) written into.
    known = [t for i, t in after.items() if i in before or i in allowed]
    new_pairs, new_holders = links(known, ignore | {id(made), id(known)})
    stored = {o for _, o in new_pairs - pairs}
    stored |= {i for i, v in versions.items() if i in after and i != id(x)
               and after[i]._version != v}
    found = made + [t for t in known if id(t) in stored]
    roles = {id(ctx): "ctx", id(x): "input", id(y): "output"}
    ignore |= {id(found), id(new_pairs), id(new_holders), id(known), id(made), id(roles)}
    places = [None] * len(found)
    owners = [(ctx, "ctx"), (x, "input"), (y, "output")]
    for index in range(min(3, len(found))):  # the report names three at most
        places[index] = where(found[index], roles, ignore | {id(places), id(owners)}) or \
            array_over(found[index], owners)
    return len(saved), places


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
    count, places = kept_outside(relu, plan)
    facts = {"saved": count, "kept": places}
    # Change the input in place after forward: a tensor saved with
    # save_for_backward has a version counter, so backward must raise.
    _, fresh = backward_of(relu, plan["version"]["x"], plan["version"]["g"])
    facts["fresh"] = None if fresh is None else fresh.tolist()
    leaf = torch.tensor(plan["version"]["x"], requires_grad=True)
    x = leaf * 1  # not a leaf, so it may be changed in place
    # Whether what forward saves shares the input's memory: read on a graph of its own, as
    # reading saved_tensors may free them (clear_saved_tensors_on_access).
    probe = torch.tensor(plan["version"]["x"], requires_grad=True) * 1
    try:
        memory = probe.untyped_storage().data_ptr()
        facts["alias"] = any(s.untyped_storage().data_ptr() == memory
                             for s in apply(relu, probe).grad_fn.saved_tensors
                             if isinstance(s, torch.Tensor))
    except RuntimeError:
        facts["alias"] = False
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
    """Three situations in which grad_output is not backward's to write. Each looks at the write
    itself (the tensor's values and its version counter), never at a second run, so that a
    backward that is not deterministic is not taken for one that writes."""
    example = plan["example"]
    facts = {}
    scenario = "forward"
    try:
        x = torch.tensor(example, requires_grad=True)
        y = apply(relu, x)
        scenario = "user"
        g = torch.tensor([1., 2., 3., 4., 5.])
        before, version = g.tolist(), g._version
        y.backward(g)
        facts["user"] = {"before": before, "after": g.tolist(),
                         "version_changed": g._version != version}
        scenario = "forward"
        x = torch.tensor([-1., 2.], requires_grad=True)
        w = torch.tensor([1., 1.], requires_grad=True)
        # CustomReLU is recorded last, so its backward runs before the multiplication's.
        branch = w * 3
        y = apply(relu, x)
        scenario = "shared"
        (branch + y).backward(torch.ones(2))
        facts["shared"] = {"w_grad": None if w.grad is None else w.grad.tolist()}
        scenario = "forward"
        x = torch.tensor(example, requires_grad=True)
        y = apply(relu, x)
        scenario = "expanded"
        given = []  # the very tensor backward receives: a hook on y sees it first
        y.register_hook(lambda grad: given.append((grad, grad._version, grad.tolist())))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            y.sum().backward()
        grad, version, before = given[0]
        facts["expanded"] = {
            "grad": None if x.grad is None else x.grad.tolist(),
            "written": grad._version != version or grad.tolist() != before,
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


def twice(relu, plan):
    """What a second backward on the same graph does, as gradcheck runs it (once per output
    element): None when it gives the first one's gradient, else what it did."""
    x = torch.tensor(plan["smooth"], dtype=torch.float64, requires_grad=True)
    y = apply(relu, x)
    upstream = torch.ones_like(y)
    first, = torch.autograd.grad(y, x, upstream, retain_graph=True)
    try:
        second, = torch.autograd.grad(y, x, upstream, retain_graph=True)
    except Exception as error:
        return {"error": describe(error, plan["path"])}
    if not torch.equal(first, second):
        return {"first": first.reshape(-1).tolist(), "second": second.reshape(-1).tolist()}
    return None


def with_twice(facts, relu, plan):
    """gradcheck's failure, and whether running backward twice on one graph is its cause."""
    if "ok" not in facts:
        try:
            found = twice(relu, plan)
        except Exception:  # the first backward fails too: gradcheck's own report says why
            found = None
        if found:
            facts["twice"] = found
    return facts


def measure_gradcheck(relu, plan):
    # gradcheck runs backward several times on one graph, which a Function that
    # frees its saved tensors on first access forbids; the setting only saves
    # memory, so it is turned off for the check and the report says so.
    # Read as autograd reads it, so a base class's setting counts as the class's own.
    if getattr(relu, "clear_saved_tensors_on_access", False) is not True:
        return with_twice(numerical(gradcheck, relu, plan), relu, plan)
    inherited = "clear_saved_tensors_on_access" not in relu.__dict__
    relu.clear_saved_tensors_on_access = False
    try:
        return {**with_twice(numerical(gradcheck, relu, plan), relu, plan),
                "cleared_saved": True}
    finally:
        if inherited:
            del relu.clear_saved_tensors_on_access
        else:
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


if __name__ == "__main__":  # part of the checker, not a command of its own
    sys.exit("exercise/child.py is part of the exercise's checker; check a solution with: "
             "python -m exercise check FILE")
