"""Running a page's fences in child interpreters, one per PyTorch release (verified_docs.worker).

Each page gets its own process per release (forked from the worker), so no block can change
another page's result; a fence runs on its releases side by side. Every fence runs under a time
limit and its output under a size limit.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import json
import os
import pathlib
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time

from verified_docs import versions
from verified_docs.fences import Fence, chain
from verified_docs.site import Site

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


class Worker:
    """One child interpreter with `release` as torch, in the site's folder; pages are forked
    from it."""

    def __init__(self, site: Site, release: str):
        self.release = release
        self.dir = tempfile.TemporaryDirectory(prefix="verified-docs-")
        self.socket = os.path.join(self.dir.name, "worker.sock")
        self.log = open(os.path.join(self.dir.name, "stderr"), "w+b")
        # One thread for torch's operators: every release's worker runs at once, and torch's
        # thread pool, one thread per core in each, would have them wait on one another.
        env = {**site.torch.environ(release), "OMP_NUM_THREADS": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "verified_docs.worker", self.socket],
            cwd=site.root, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=self.log)
        self.ready = False

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
                              f"of {versions.LIST_NAME}")
        self.ready = True

    def connect(self, page: str) -> PageProcess:
        self.wait_ready()
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
        except TimeoutError:
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


@dataclasses.dataclass
class PageState:
    """A page's process on one release, and the last fence that ran there without error."""
    path: pathlib.Path
    process: PageProcess | None = None
    last_ok: Fence | None = None


class Runner:
    """Runs fences of the pages of `site` on each of their releases, keeping one process per
    (page, release) while a page runs."""

    def __init__(self, site: Site, timeout: float = DEFAULT_TIMEOUT,
                 limit: int = DEFAULT_LIMIT):
        self.site, self.timeout, self.limit = site, timeout, limit
        self.workers: dict[str, Worker] = {}
        self.pages: dict[str, PageState] = {}       # release -> the page running there
        self.pool = concurrent.futures.ThreadPoolExecutor(8, thread_name_prefix="release")

    def start(self, releases) -> None:
        """Start the workers of `releases` now, so that importing torch overlaps with the
        collection of the tests."""
        for release in releases:
            if release not in self.workers and not self.site.torch.missing(release):
                self.workers[release] = Worker(self.site, release)

    def keep(self, releases) -> None:
        """Once the fences to run are known: stop the workers no fence needs."""
        for release in set(self.workers) - set(releases):
            self.workers.pop(release).close()

    def close(self) -> None:
        self.pool.shutdown()
        for state in self.pages.values():
            if state.process:
                state.process.close()
        for worker in self.workers.values():
            worker.close()
        self.pages.clear(), self.workers.clear()

    def drop(self, release: str) -> None:
        """Forget the page running on `release` after a failure that leaves its process unfit."""
        state = self.pages.pop(release, None)
        if state and state.process:
            state.process.close()

    def state(self, fence: Fence, release: str) -> PageState:
        state = self.pages.get(release)
        if state is None or state.path != fence.path:
            if state and state.process:
                state.process.close()
            state = self.pages[release] = PageState(fence.path)
        return state

    def run(self, fence: Fence, releases=None) -> dict[str, Result]:
        """Run `fence` on each of its releases (or those of `releases`), side by side, after
        the fences it continues when they did not just run there."""
        chosen = [r for r in fence.releases if releases is None or r in releases]
        futures = {r: self.pool.submit(self.run_on, fence, r) for r in chosen}
        concurrent.futures.wait(futures.values())  # every release done before any is reported
        return {release: future.result() for release, future in futures.items()}

    def run_on(self, fence: Fence, release: str) -> Result:
        *before, _ = links = chain(fence)
        state = self.state(fence, release)
        fresh = True
        if before and state.last_ok == before[-1] and state.process is not None:
            links, fresh = [fence], False  # continues in the namespace the fence before left
        if state.process is None:
            self.start_page(state, fence, release)
        for i, link in enumerate(links):
            result = self.send(state, link, release, fresh and i == 0)
            if link is not fence and result.error:
                raise BlockFailed(f"{fence.where}: the fence it continues, {link.where}, "
                                  f"failed on PyTorch {release}:\n{result.error}")
        # A fence that raised leaves no namespace to continue in: its continuation runs its
        # chain again.
        state.last_ok = None if result.error else fence
        return result

    def start_page(self, state: PageState, fence: Fence, release: str) -> None:
        """The page's process on `release`."""
        reason = self.site.torch.missing(release)
        if reason:
            raise BlockFailed(f"{fence.where}: {reason}")
        self.start([release])
        state.process = self.workers[release].connect(self.site.relative(fence.path))

    def send(self, state: PageState, fence: Fence, release: str, fresh: bool) -> Result:
        try:
            reply = state.process.run(fence.padded_source(), fence.filename(), fresh,
                                      self.timeout, self.limit)
        except TimeoutError:
            self.drop(release)
            raise BlockFailed(
                f"{fence.where}: the code block did not finish within {self.timeout:g} s "
                f"(PyTorch {release}) and was stopped. If it really needs longer, "
                "raise the limit with `--block-timeout`.") from None
        except (EOFError, ConnectionError, OSError):
            self.drop(release)
            raise BlockFailed(
                f"{fence.where}: the process running the code block (PyTorch {release}) "
                "ended before the block finished, e.g. by os._exit() or a crash.") from None
        result = Result(**reply)
        self.check_limits(fence, release, result)
        return result

    def check_limits(self, fence: Fence, release: str, result: Result) -> None:
        for stream in ("stdout", "stderr"):
            size = getattr(result, f"{stream}_bytes")
            if size > self.limit:
                self.drop(release)
                raise BlockFailed(
                    f"{fence.where}: the code block wrote {size:,} bytes to {stream}, more than "
                    f"the limit of {self.limit:,} (PyTorch {release}). A page shows a "
                    "short output; print less. The first lines were:\n"
                    + "\n".join(getattr(result, stream)[:2000].splitlines()[:20]))
