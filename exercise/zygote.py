"""The checker's zygote: a process that has imported torch once and forks a child for each
solution, so that checking a solution does not start a new Python that imports torch again
(about two seconds of CPU time each, most of a check).

Started by the checker as `python -c <this file> SOCKET`, with child.py's source on stdin (its
length on the first line). It runs that source once, under a name that does not start its
`main()`, into a module that each child makes its `__main__` (as if it had been started with
`python -c`: a solution that reaches for the checker there finds it), then listens on the Unix
socket SOCKET. For each connection it forks a handler, which receives the child's stdin, report
and stderr descriptors with the solution's path, the checker's folder and environment; forks the
child itself (a new session, as before, so that a timeout kills the whole group); sends its pid;
waits for it and sends its exit code. The child is a copy of a process that has run nothing of
any solution. The zygote exits when its stdin closes: when the checker that started it exits.
"""
import gc
import json
import os
import selectors
import signal
import socket
import sys
import traceback
import types
import warnings


def warm(torch):
    """The first gradcheck, gradgradcheck and backward with a gradient import much of torch
    lazily (its symbolic shapes, sympy): run here once, no child imports it again."""
    x = torch.tensor([0.5, 1.5], dtype=torch.float64, requires_grad=True)
    torch.autograd.gradgradcheck(torch.sin, (x,))
    torch.sin(x).backward(torch.ones_like(x))


def serve_child(child, request, fds):
    """In the forked child: run child.py's main() on the request, then exit."""
    stdin, report, stderr = fds
    signal.signal(signal.SIGINT, signal.default_int_handler)  # a child as `python -c` starts
    os.setsid()
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(stdin, 0)
    os.dup2(devnull, 1)
    os.dup2(stderr, 2)
    for fd in (stdin, stderr, devnull):
        if fd > 2:
            os.close(fd)
    sys.argv = ["-c", request["path"], str(report)]
    child.__name__ = "__main__"
    sys.modules["__main__"] = child
    code = 0
    try:
        child.main()
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 1
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
    os._exit(code)


def handle(child, conn):
    """In a handler: one request, one child."""
    message, fds, _, _ = socket.recv_fds(conn, 1 << 20, 3)
    request = json.loads(message)
    pid = os.fork()
    if pid == 0:
        conn.close()
        serve_child(child, request, fds)
    for fd in fds:
        os.close(fd)
    conn.sendall(f"{pid}\n".encode())
    _, status = os.waitpid(pid, 0)
    conn.sendall(f"{os.waitstatus_to_exitcode(status)}\n".encode())
    os._exit(0)


def main():
    # An interrupt of the checker's process group (a Jupyter kernel shutting down, Ctrl-C) is
    # the checker's to handle: the zygote goes when the checker does (its stdin closes).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # torch has a thread of its own once imported; Python 3.12 warns about any fork then.
    warnings.filterwarnings("ignore", r"This process .* is multi-threaded", DeprecationWarning)
    # torch warns at import when NumPy is missing, which a Python with torch alone is.
    warnings.filterwarnings("ignore", r"Failed to initialize NumPy", UserWarning)
    size = int(sys.stdin.buffer.readline())
    source = sys.stdin.buffer.read(size).decode("utf-8")
    child = types.ModuleType("checker_child")
    child.__builtins__ = __builtins__
    exec(compile(source, "child.py", "exec"), vars(child))  # imports torch, here, once
    warm(child.torch)
    # Frozen, the objects made so far are left out of the children's collections (the child
    # unfreezes them when it looks for a solution's tensors), so their pages stay shared.
    gc.collect()
    gc.freeze()

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(sys.argv[1])
    listener.listen(64)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    with selectors.DefaultSelector() as selector:
        selector.register(listener, selectors.EVENT_READ)
        selector.register(0, selectors.EVENT_READ)
        while True:
            for key, _ in selector.select():
                if key.fileobj == 0:
                    if not os.read(0, 1 << 16):  # the checker has gone
                        return
                    continue
                conn, _ = listener.accept()
                if os.fork() == 0:
                    listener.close()
                    handle(child, conn)
                conn.close()
            try:
                while os.waitpid(-1, os.WNOHANG)[0]:  # handlers done
                    pass
            except ChildProcessError:
                pass


if __name__ == "__main__":
    if __spec__ is None:  # `python -c <this file>`, as the checker starts it
        main()
    else:  # `python -m exercise.zygote`: part of the checker, not a command of its own
        sys.exit("exercise/zygote.py is part of the exercise's checker; check a solution "
                 "with: python -m exercise check FILE")
