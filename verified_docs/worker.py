"""The child interpreter that runs the pages' code: `python -m verified_docs.worker SOCKET`.

It imports torch once, then serves a Unix socket: every connection is a page, handled by a
process forked from this pristine one, so a page starts with torch's global state untouched by
any other page (default dtype, grad mode, seeds, threads...) without paying for an import.
A page's connection sends `{"page": "docs/en/index.md"}`, then one JSON line per fence, and
gets one back:

    -> {"code": "...", "filename": "docs/en/index.md", "fresh": true, "limit": 65536}
    <- {"stdout": "...", "stderr": "...", "stdout_bytes": 12, "stderr_bytes": 0, "error": null}

stdout and stderr are captured at the file-descriptor level, so `os.write(2, …)` and output of
C extensions are caught too. Only the standard library and torch are imported here.
"""

from __future__ import annotations

import builtins
import importlib
import json
import os
import signal
import socket
import sys
import tempfile
import traceback
import warnings


def captured(file, limit: int) -> tuple[str, int]:
    size = file.seek(0, os.SEEK_END)
    file.seek(0)
    return file.read(limit + 1).decode("utf-8", "replace"), size


def format_error(exc: BaseException, root: str) -> str:
    """The traceback from the first frame of the page's own code (relative file names) on."""
    frames = traceback.extract_tb(exc.__traceback__)
    own = [i for i, f in enumerate(frames) if not os.path.isabs(f.filename)]
    shown = frames[own[0]:] if own else frames[-1:]
    for frame in shown:
        if frame.filename.startswith(root + os.sep):
            frame.filename = os.path.relpath(frame.filename, root)
    return ("Traceback (most recent call last):\n" + "".join(traceback.format_list(shown))
            + "".join(traceback.format_exception_only(exc)).rstrip("\n"))


def run(code: str, filename: str, namespace: dict, limit: int, root: str) -> dict:
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    sys.stdout.flush(), sys.stderr.flush()
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
            except SystemExit as exc:
                if exc.code not in (None, 0):
                    error = format_error(exc, root)
            except BaseException as exc:  # noqa: B036 - whatever the page raised is reported
                error = format_error(exc, root)
            finally:
                sys.stdout.flush(), sys.stderr.flush()
    finally:
        os.dup2(saved[0], 1), os.dup2(saved[1], 2)
        os.close(saved[0]), os.close(saved[1])
    stdout, stdout_bytes = captured(out, limit)
    stderr, stderr_bytes = captured(err, limit)
    return {"stdout": stdout, "stderr": stderr, "stdout_bytes": stdout_bytes,
            "stderr_bytes": stderr_bytes, "error": error}


def reply(writer, message: dict) -> None:
    writer.write(json.dumps(message).encode() + b"\n")
    writer.flush()


def serve_page(reader, writer, root: str) -> None:
    """In the forked process: run the page's fences, one request line each."""
    reply(writer, {"pid": os.getpid()})
    namespace: dict = {}
    for line in reader:
        request = json.loads(line)
        if request["fresh"]:
            # What `python file.py` gives the code: an included snippet's `__main__` block runs.
            namespace = {"__name__": "__main__", "__builtins__": builtins}
        result = run(request["code"], request["filename"], namespace, request["limit"], root)
        reply(writer, result)


# Libraries the pages' code imports, imported once before any fork as a plain run of the same
# code imports them once for all its pages: torch.func alone imports hundreds of modules on first
# use. A new library a page imports is imported by that page's process, as it would be anyway.
PRELOAD = ("numpy", "torch.func", "torch.autograd.gradcheck", "torch.nn.functional")


def preload() -> None:
    for name in PRELOAD:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            importlib.import_module(name)


def serve(listener: socket.socket, root: str) -> None:
    """Every connection is a page, served by a forked process."""
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # pages' processes are reaped automatically
    while True:
        connection, _ = listener.accept()
        reader, writer = connection.makefile("rb"), connection.makefile("wb")
        reader.readline()  # the hello line, {"page": …}
        if os.fork() == 0:
            listener.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the page's own subprocesses
            try:
                serve_page(reader, writer, root)
            finally:
                os._exit(0)
        reader.close(), writer.close(), connection.close()


def main() -> None:
    socket_path, root = sys.argv[1], os.getcwd()
    sys.path.insert(0, root)  # as `python file.py` from the repository root: `import snippets`
    import torch  # noqa: F401 - once, before any fork

    preload()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(socket_path)
    listener.listen(8)
    print("ready", torch.__version__, flush=True)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # nothing but the code's own output, captured per fence, goes there
    serve(listener, root)


if __name__ == "__main__":
    main()
