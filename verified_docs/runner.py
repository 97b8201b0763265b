"""Running a page's fences in child interpreters, one per PyTorch release (verified_docs.worker).

Each page gets its own process per release (forked from the worker), so no block can change
another page's result. Every fence runs under a time limit and its output under a size limit.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import select
import signal
import socket
import subprocess
import tempfile
import time

from verified_docs import site, versions
from verified_docs.fences import Fence, PageError, chain

DEFAULT_TIMEOUT = 120.0         # seconds per fence (the exercise page runs its checker 16 times)
DEFAULT_LIMIT = 64 * 1024       # bytes of stdout (and of stderr) per fence
START_TIMEOUT = 180.0           # importing torch, once per release


class BlockFailed(AssertionError):
    """A fence raised, timed out, printed too much or wrote to stderr: message names page:line."""


@dataclasses.dataclass
class Result:
    stdout: str
    stderr: str
    stdout_bytes: int
    stderr_bytes: int
    error: str | None


def preloaded_modules(fences) -> list[str]:
    """Libraries the given fences import (directly, or through the snippets/ modules they
    import), which the worker imports once before forking, as a plain run of the same code would
    import them once for all pages. The project's own modules are not among them: each page
    imports those afresh."""
    sources, seen_snippets, names = [f.source() for f in fences], set(), set()
    while sources:
        try:
            tree = ast.parse(sources.pop())
        except SyntaxError:
            continue  # reported by the fence's own test
        for node in ast.walk(tree):
            found = []
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found = [node.module]
                if node.module == "snippets":
                    found += [f"snippets.{alias.name}" for alias in node.names]
            for name in found:
                parts = name.split(".")
                if parts[0] != "snippets":
                    names.add(name)
                elif len(parts) > 1 and parts[1] not in seen_snippets:
                    seen_snippets.add(parts[1])
                    module = site.ROOT / "snippets" / parts[1]
                    for path in [module.with_suffix(".py"), *sorted(module.glob("*.py"))]:
                        if path.is_file():
                            sources.append(path.read_text(encoding="utf-8"))
    return sorted(n for n in names if n.split(".")[0] not in {"tests", "__future__"})


class Worker:
    """One child interpreter with `release` as torch; pages are forked from it."""

    def __init__(self, release: str):
        self.release = release
        self.dir = tempfile.TemporaryDirectory(prefix="verified-docs-")
        self.socket = os.path.join(self.dir.name, "worker.sock")
        self.log = open(os.path.join(self.dir.name, "stderr"), "w+b")
        self.process = subprocess.Popen(
            [versions.python(), "-m", "verified_docs.worker", self.socket],
            cwd=site.ROOT, env=versions.environ(release), stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=self.log)
        self.ready = False
        self.preloaded: set[str] = set()
        self.seen: set[str] = set()  # libraries the pages imported

    def wait_ready(self) -> None:
        if self.ready:
            return
        line = b""
        deadline = time.monotonic() + START_TIMEOUT
        while not line.endswith(b"\n") and time.monotonic() < deadline:
            if select.select([self.process.stdout], [], [], 1.0)[0]:
                chunk = os.read(self.process.stdout.fileno(), 256)
                if not chunk:
                    break
                line += chunk
        words = line.decode(errors="replace").split()
        if words[:1] != ["ready"]:
            self.log.seek(0)
            raise BlockFailed(f"the Python that runs PyTorch {self.release} did not start:\n"
                              + self.log.read().decode(errors="replace")[-3000:])
        found = versions.release_of(words[1])
        if found != self.release:
            raise BlockFailed(f"PyTorch {self.release} was expected, but that environment "
                              f"imports torch {words[1]}; `make test` reinstalls the releases "
                              f"of {versions.LIST.name}")
        self.ready = True

    def connect(self, page: str) -> "PageProcess":
        self.wait_ready()
        if self.seen - self.preloaded:  # what earlier pages imported lazily, before the fork
            modules = sorted(self.seen - self.preloaded)
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                sock.settimeout(START_TIMEOUT)
                sock.connect(self.socket)
                sock.sendall(json.dumps({"preload": modules}).encode() + b"\n")
                sock.makefile("rb").readline()
            self.preloaded.update(modules)
        return PageProcess(self.socket, page)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()
        self.dir.cleanup()


class PageProcess:
    """The process that runs one page's fences on one release."""

    def __init__(self, path: str, page: str):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(START_TIMEOUT)
        self.sock.connect(path)
        self.sock.sendall(json.dumps({"page": page}).encode() + b"\n")
        self.reader = self.sock.makefile("rb")
        self.pid = json.loads(self.reader.readline())["pid"]

    def run(self, code: str, filename: str, fresh: bool, timeout: float, limit: int) -> dict:
        request = {"code": code, "filename": filename, "fresh": fresh, "limit": limit}
        self.sock.sendall(json.dumps(request).encode() + b"\n")
        self.sock.settimeout(timeout)
        try:
            line = self.reader.readline()
        except (TimeoutError, socket.timeout):
            self.kill()
            raise TimeoutError from None
        if not line:
            raise EOFError
        return json.loads(line)

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.close()

    def close(self) -> None:
        self.reader.close()
        self.sock.close()


class Runner:
    """Runs fences of the pages, keeping one process per (page, release) while a page runs."""

    def __init__(self, timeout: float = DEFAULT_TIMEOUT, limit: int = DEFAULT_LIMIT):
        self.timeout, self.limit = timeout, limit
        self.workers: dict[str, Worker] = {}
        # release -> (page, its process, the last fence that ran there successfully)
        self.pages: dict[str, tuple] = {}

    def start(self, releases) -> None:
        """Start the workers of `releases` now, so that importing torch overlaps with the
        collection of the tests."""
        for release in releases:
            if release not in self.workers and not versions.missing(release):
                self.workers[release] = Worker(release)

    def keep(self, releases, preload=()) -> None:
        """Once the fences to run are known: stop the workers no fence needs, start the ones
        missing, and have each import the fences' libraries before its first page."""
        for release in set(self.workers) - set(releases):
            self.workers.pop(release).close()
        self.start(releases)
        for release in releases:
            if release in self.workers:
                self.workers[release].seen.update(preload)

    def close(self) -> None:
        for page in self.pages.values():
            page[1].close()
        for worker in self.workers.values():
            worker.close()
        self.pages.clear(), self.workers.clear()

    def process(self, fence: Fence) -> tuple[PageProcess, Fence | None]:
        release = fence.release
        page = self.pages.get(release)
        if page and page[0] == fence.path:
            return page[1], page[2]
        if page:
            page[1].close()
        reason = versions.missing(release)
        if reason:
            raise BlockFailed(f"{fence.where}: {reason}")
        self.start([release])
        process = self.workers[release].connect(site.relative(fence.path))
        self.pages[release] = (fence.path, process, None)
        return process, None

    def run(self, fence: Fence) -> Result:
        """Run `fence` (after the fences it continues, when they did not just run)."""
        *before, _ = links = chain(fence)
        process, last = self.process(fence)
        fresh = True
        if before and last == before[-1]:
            links, fresh = [fence], False
        for i, link in enumerate(links):
            result = self.run_one(process, link, fresh=fresh and i == 0)
            self.check_limits(link, result)
            if link is not fence and result.error:
                raise BlockFailed(f"{fence.where}: the fence it continues, {link.where}, "
                                  f"failed:\n{result.error}")
        # A fence that raised leaves no namespace to continue in: its continuation replays.
        self.pages[fence.release] = (fence.path, process, None if result.error else fence)
        return result

    def run_one(self, process: PageProcess, fence: Fence, fresh: bool) -> Result:
        code = fence.padded_source()
        try:
            reply = process.run(code, fence.filename(), fresh, self.timeout, self.limit)
        except TimeoutError:
            self.pages.pop(fence.release, None)
            raise BlockFailed(
                f"{fence.where}: the code block did not finish within {self.timeout:g} s "
                f"(PyTorch {fence.release}) and was stopped. If it really needs longer, "
                "raise the limit with `--block-timeout`.") from None
        except (EOFError, ConnectionError, OSError):
            self.pages.pop(fence.release, None)
            raise BlockFailed(
                f"{fence.where}: the process running the code block (PyTorch {fence.release}) "
                "ended before the block finished, e.g. by os._exit() or a crash.") from None
        self.workers[fence.release].seen.update(reply.pop("modules"))
        return Result(**reply)

    def check_limits(self, fence: Fence, result: Result) -> None:
        for stream in ("stdout", "stderr"):
            size = getattr(result, f"{stream}_bytes")
            if size > self.limit:
                self.pages.pop(fence.release, None)
                raise BlockFailed(
                    f"{fence.where}: the code block wrote {size:,} bytes to {stream}, more than "
                    f"the limit of {self.limit:,} (PyTorch {fence.release}). A page shows a "
                    "short output; print less. The first lines were:\n"
                    + "\n".join(getattr(result, stream)[:2000].splitlines()[:20]))
