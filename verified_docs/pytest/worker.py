"""`python worker.py FD [DIR…]`: imports torch once, then serves each connection on the
listening socket FD (a page, or an example) in a fork of itself, so every page starts with
torch's global state pristine without paying for an import. The DIRs go first on sys.path;
with `-I`, an empty folder and only a release's DIR, it is a reader's fresh Python. A connection
gets (pid, torch version), then a reply per request (see `run`). Only the standard library and
torch are imported here.
"""

from __future__ import annotations

import importlib
import os
import signal
import socket
import sys
import tempfile
import traceback
import types
import warnings
from multiprocessing.connection import Connection


def format_error(exc: BaseException, root: str) -> str:
    """The traceback from the page's own code on (this file's `exec` left out), the project's
    files named relative to it."""
    frames = traceback.extract_tb(exc.__traceback__)[1:]
    for frame in frames:
        if frame.filename.startswith(root + os.sep):
            frame.filename = os.path.relpath(frame.filename, root)
    return ("Traceback (most recent call last):\n" + "".join(traceback.format_list(frames))
            + "".join(traceback.format_exception_only(exc)).rstrip("\n"))


def run(code: str, filename: str, namespace: dict, limit: int, root: str) -> dict:
    """{stdout, stderr, stdout_bytes, stderr_bytes, error}: captured at the file descriptors, so
    `os.write(2, …)` and C extensions' output are caught; each kept to `limit` bytes."""
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    saved = os.dup(1), os.dup(2)
    os.dup2(out.fileno(), 1), os.dup2(err.fileno(), 2)
    error = None
    try:
        with warnings.catch_warnings():
            # Every warning is shown, as `python -W default` would; a page that means to show
            # one catches and prints it.
            warnings.simplefilter("default")
            try:
                exec(compile(code, filename, "exec", dont_inherit=True), namespace)
            except BaseException as exc:  # noqa: B036 - all is reported but a clean sys.exit()
                if not (isinstance(exc, SystemExit) and exc.code in (None, 0)):
                    error = format_error(exc, root)
            finally:
                sys.stdout.flush(), sys.stderr.flush()
    finally:
        os.dup2(saved[0], 1), os.dup2(saved[1], 2)
        os.close(saved[0]), os.close(saved[1])
    reply = {"error": error}
    for stream, file in (("stdout", out), ("stderr", err)):
        reply[f"{stream}_bytes"] = file.seek(0, os.SEEK_END)
        file.seek(0)
        reply[stream] = file.read(limit + 1).decode("utf-8", "replace")
    return reply


def serve_connection(connection: Connection, root: str, torch_version: str) -> None:
    """In the forked process: run the connection's code, one request each."""
    connection.send((os.getpid(), torch_version))
    namespace: dict = {}
    while True:
        try:
            code, filename, fresh, limit = connection.recv()
        except EOFError:
            return
        if fresh:
            # What `python file.py` gives the code: a `__main__` module of its own.
            main = sys.modules["__main__"] = types.ModuleType("__main__")
            namespace, sys.argv = main.__dict__, [filename]
        connection.send(run(code, filename, namespace, limit, root))


# Libraries the pages' code imports, imported once before any fork as a plain run of the same
# code imports them once for all its pages: torch.func alone imports hundreds of modules on first
# use. A fresh Python (`-I`) imports torch alone, as a reader's does.
PRELOAD = ("numpy", "torch.func", "torch.autograd.gradcheck", "torch.nn.functional")


def main() -> None:
    listener = socket.socket(fileno=int(sys.argv[1]))
    # The DIRs in place of this file's folder, which `python worker.py` puts first (not `-I`).
    sys.path[:0 if sys.flags.safe_path else 1] = sys.argv[2:]
    torch = importlib.import_module("torch")  # once, before any fork
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in () if sys.flags.isolated else PRELOAD:
            importlib.import_module(name)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the forked processes are reaped on exit
    root = os.getcwd()
    while True:
        connection, _ = listener.accept()
        if os.fork() == 0:
            listener.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the code's own subprocesses
            try:
                # A str: unpickling torch's TorchVersion would import torch in the runner.
                serve_connection(Connection(connection.detach()), root, str(torch.__version__))
            finally:
                os._exit(0)
        connection.close()


if __name__ == "__main__":
    main()
