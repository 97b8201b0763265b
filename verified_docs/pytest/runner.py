"""A page's fences run in a process per release forked from that release's worker
(verified_docs.pytest.worker), so no page changes another's result; releases side by side, each fence
under a time limit and an output limit."""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing.connection
import os
import pathlib
import signal
import socket
import subprocess
import sys
import tempfile
import types

from verified_docs.model import versions
from verified_docs.model.fences import Fence, chain
from verified_docs.model.site import Site

DEFAULT_TIMEOUT = 120.0         # seconds per fence (the exercise page runs its checker 16 times)
DEFAULT_LIMIT = 64 * 1024       # bytes of stdout (and of stderr) per fence
START_TIMEOUT = 180.0           # importing torch, once per release
WORKER = str(pathlib.Path(__file__).with_name("worker.py"))


class BlockFailed(AssertionError):
    """A fence raised, timed out, printed too much or wrote to stderr: message names page:line."""


# A fence's run, as the worker replies: stdout, stderr, stdout_bytes, stderr_bytes, error.
Result = types.SimpleNamespace


class Worker:
    """A child interpreter that imported `release` as torch, forking per connection: in the
    site's folder, or `fresh`, a reader's Python (`-I`, an empty folder, no project)."""

    def __init__(self, site: Site, release: str, fresh: bool = False):
        self.release = release
        self.dir = tempfile.TemporaryDirectory(prefix="verified-docs-")
        self.socket = os.path.join(self.dir.name, "worker.sock")
        self.log = open(os.path.join(self.dir.name, "stderr"), "w+b")
        installed = site.torch.site_packages(release)
        if fresh:
            cwd = tempfile.mkdtemp(dir=self.dir.name)
            flags, paths = ["-I"], [str(installed)] if installed else []
        else:
            cwd, flags, paths = site.root, [], [str(site.root)]
        # One thread for torch's operators: every release's worker runs at once, and torch's
        # thread pool, one thread per core in each, would have them wait on one another.
        env = {**site.torch.environ(release), "OMP_NUM_THREADS": "1"}
        # Listening before the child starts: a connection waits for torch's import, and fails
        # at once if the child died.
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
            listener.bind(self.socket)
            listener.listen(8)
            self.process = subprocess.Popen(
                [sys.executable, *flags, WORKER, str(listener.fileno()), *paths],
                cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=self.log, pass_fds=[listener.fileno()])

    def connect(self) -> PageProcess:
        try:
            process = PageProcess(self.socket)
        except (OSError, EOFError):  # refused, reset or no reply: the worker died
            self.log.seek(0)
            raise BlockFailed(f"the Python that runs PyTorch {self.release} did not start:\n"
                              + self.log.read().decode(errors="replace")[-3000:]) from None
        if versions.release_of(process.torch) != self.release:
            raise BlockFailed(f"PyTorch {self.release} was expected, but that environment "
                              f"imports torch {process.torch}; `make test` reinstalls the "
                              f"releases of {versions.LIST_NAME}")
        return process

    def close(self) -> None:
        self.process.kill()  # its forks end with their connections
        self.process.wait()
        self.log.close()
        self.dir.cleanup()


class PageProcess:
    """A fork of a worker: one page's fences on one release, or one example."""

    def __init__(self, path: str):
        # Connected under the time limit too: a worker that stopped accepting leaves a connect
        # waiting once its backlog is full.
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(START_TIMEOUT)
        try:
            sock.connect(path)
        except BaseException:
            sock.close()
            raise
        sock.setblocking(True)  # Connection reads the descriptor itself, and blocks on it
        self.connection = multiprocessing.connection.Connection(sock.detach())
        try:
            self.pid, self.torch = self.receive(START_TIMEOUT)
        except BaseException:
            self.connection.close()
            raise

    def receive(self, timeout: float):
        if not self.connection.poll(timeout):
            raise TimeoutError
        return self.connection.recv()

    def run(self, code: str, filename: str, fresh: bool, timeout: float, limit: int) -> Result:
        """Raises TimeoutError (the process killed), or EOFError when the process ended."""
        self.connection.send((code, filename, fresh, limit))
        try:
            return Result(**self.receive(timeout))
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            self.close()
            raise

    def close(self) -> None:
        self.connection.close()


class Runner:
    """Runs the fences of `site`'s pages, keeping per release the process of the page there."""

    def __init__(self, site: Site, timeout: float, limit: int):
        self.site, self.timeout, self.limit = site, timeout, limit
        self.workers: dict[str, Worker] = {}
        # release -> (the page running there, its process, its last fence that ran without error)
        self.pages: dict[str, tuple[pathlib.Path, PageProcess, Fence | None]] = {}
        self.pool = concurrent.futures.ThreadPoolExecutor(8, thread_name_prefix="release")

    def start(self, releases) -> None:
        """Started early, importing torch overlaps with the tests' collection."""
        for release in releases:
            if release not in self.workers and not self.site.torch.missing(release):
                self.workers[release] = Worker(self.site, release)

    def close(self) -> None:
        self.pool.shutdown()
        for release in list(self.pages):
            self.drop(release)
        for worker in self.workers.values():
            worker.close()
        self.workers.clear()

    def drop(self, release: str) -> None:
        if release in self.pages:
            self.pages.pop(release)[1].close()

    def run(self, fence: Fence, releases=None) -> dict[str, Result]:
        """Run `fence` on each of its releases (or those of `releases`), side by side, after
        the fences it continues when they did not just run there."""
        # Expanded once, here: the snippet preprocessor is not thread-safe (Fence.source).
        links = [(link, link.runnable()) for link in chain(fence)]
        futures = {r: self.pool.submit(self.run_on, links, r) for r in fence.releases
                   if releases is None or r in releases}
        concurrent.futures.wait(futures.values())  # every release done before any is reported
        return {release: future.result() for release, future in futures.items()}

    def run_on(self, links: list[tuple[Fence, tuple[str, str]]], release: str) -> Result:
        fence = links[-1][0]
        page, process, last_ok = self.pages.get(release, (None, None, None))
        if page != fence.path:
            self.drop(release)
            reason = self.site.torch.missing(release)
            if reason:
                raise BlockFailed(f"{fence.where}: {reason}")
            self.start([release])
            process, last_ok = self.workers[release].connect(), None
            self.pages[release] = (fence.path, process, None)
        fresh = not (len(links) > 1 and last_ok == links[-2][0])
        for i, (link, code) in enumerate(links if fresh else links[-1:]):
            result = self.send(process, link, code, release, fresh and i == 0)
            if link is not fence and result.error:
                raise BlockFailed(f"{fence.where}: the fence it continues, {link.where}, "
                                  f"failed on PyTorch {release}:\n{result.error}")
        # A fence that raised leaves no namespace to continue in: its continuation runs its
        # chain again.
        self.pages[release] = (fence.path, process, None if result.error else fence)
        return result

    def send(self, process: PageProcess, fence: Fence, code: tuple[str, str], release: str,
             fresh: bool) -> Result:
        """The run of `code`; BlockFailed, the release's process dropped, when it did not finish
        in time, ended its process or printed more than the limit."""
        try:
            result = process.run(*code, fresh, self.timeout, self.limit)
        except TimeoutError:
            problem = (f"the code block did not finish within {self.timeout:g} s (PyTorch "
                       f"{release}) and was stopped. If it really needs longer, raise the limit "
                       "with `--block-timeout`.")
        except (EOFError, OSError):
            problem = (f"the process running the code block (PyTorch {release}) ended before "
                       "the block finished, e.g. by os._exit() or a crash.")
        else:
            flood = [s for s in ("stdout", "stderr") if getattr(result, f"{s}_bytes") > self.limit]
            if not flood:
                return result
            problem = (f"the code block wrote {getattr(result, f'{flood[0]}_bytes'):,} bytes to "
                       f"{flood[0]}, more than the limit of {self.limit:,} (PyTorch {release}). "
                       "A page shows a short output; print less. The first lines were:\n"
                       + "\n".join(getattr(result, flood[0])[:2000].splitlines()[:20]))
        self.drop(release)
        raise BlockFailed(f"{fence.where}: {problem}")
