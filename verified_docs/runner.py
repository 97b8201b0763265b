"""Running a page's fences in child interpreters, one per PyTorch release (verified_docs.worker).

Each page gets its own process per release (forked from the worker), so no block can change
another page's result; a fence runs on its releases side by side. Every fence runs under a time
limit and its output under a size limit.
"""

from __future__ import annotations

import ast
import concurrent.futures
import dataclasses
import io
import json
import os
import select
import signal
import socket
import subprocess
import tempfile
import time
import tokenize

from verified_docs import site, versions
from verified_docs.fences import Fence, chain
from verified_docs.site import PageError

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
    sources, seen_snippets, names = [], set(), set()
    for fence in fences:
        try:
            sources.append(fence.source())
        except PageError:
            continue  # a snippet that cannot be included: reported by the fence's own test
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
        # One thread for torch's operators: every release's worker runs at once, and torch's
        # thread pool, one thread per core in each, would have them wait on one another.
        env = {**versions.environ(release), "OMP_NUM_THREADS": "1"}
        self.process = subprocess.Popen(
            [versions.python(), "-m", "verified_docs.worker", self.socket],
            cwd=site.ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=self.log)
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


@dataclasses.dataclass(frozen=True)
class Step:
    """One fence as a page's process runs it. Two steps are the same when their code, comments
    aside, and freshness are: a translation may translate the comments of its own fences, and
    the page and line a step came from only name it in error messages."""
    source: str = dataclasses.field(compare=False)
    fresh: bool
    padded: str = dataclasses.field(compare=False)
    filename: str = dataclasses.field(compare=False)
    code: tuple = dataclasses.field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "code", without_comments(self.source))


def without_comments(source: str) -> tuple:
    """The code's tokens, comments and line breaks left out; the text itself if it does not
    tokenize (a syntax error is reported by the run)."""
    try:
        return tuple((token.type, token.string) for token in
                     tokenize.generate_tokens(io.StringIO(source).readline)
                     if token.type not in (tokenize.COMMENT, tokenize.NL))
    except (tokenize.TokenError, SyntaxError):
        return (source,)


@dataclasses.dataclass
class PageState:
    """A page's process on one release, what it has run, and what it stands for: the steps the
    page has taken there, some of them answered from the results of an identical page."""
    path: object
    process: "PageProcess | None" = None
    ran: list = dataclasses.field(default_factory=list)
    taken: list = dataclasses.field(default_factory=list)
    last_ok: Fence | None = None


class Runner:
    """Runs fences of the pages on each of their releases, keeping one process per (page,
    release) while a page runs.

    Each distinct code runs once per release: a step whose code, and the code of every step the
    page took before it on that release, equal those of a page already run (the same page in
    another language, whose code the translation checks hold identical but for comments) gets
    that page's result, unless it failed. When a page then has to run something itself, its process first
    replays the steps it took from the other page, so it runs in the same state."""

    def __init__(self, timeout: float = DEFAULT_TIMEOUT, limit: int = DEFAULT_LIMIT):
        self.timeout, self.limit = timeout, limit
        self.workers: dict[str, Worker] = {}
        self.preload: tuple[str, ...] = ()          # modules each worker imports up front
        self.pages: dict[str, PageState] = {}       # release -> the page running there
        self.results: dict[tuple, Result] = {}      # (release, steps taken) -> its result
        self.pool = concurrent.futures.ThreadPoolExecutor(8, thread_name_prefix="release")

    def start(self, releases) -> None:
        """Start the workers of `releases` now, so that importing torch overlaps with the
        collection of the tests."""
        for release in releases:
            if release not in self.workers and not versions.missing(release):
                self.workers[release] = Worker(release)
                self.workers[release].seen.update(self.preload)

    def keep(self, releases, preload=(), start=True) -> None:
        """Once the fences to run are known: stop the workers no fence needs, start the ones
        missing (or, with `start=False`, each on first use), and have each import the fences'
        libraries before its first page."""
        for release in set(self.workers) - set(releases):
            self.workers.pop(release).close()
        self.preload = tuple(preload)
        for worker in self.workers.values():
            worker.seen.update(self.preload)
        if start:
            self.start(releases)

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

    def process(self, fence: Fence, release: str, state: PageState) -> "PageProcess":
        """The page's process on `release`, having run exactly the steps the page took."""
        if state.process is not None and state.ran == state.taken:
            return state.process
        if state.process is not None:
            state.process.close()
        reason = versions.missing(release)
        if reason:
            raise BlockFailed(f"{fence.where}: {reason}")
        self.start([release])
        state.process = self.workers[release].connect(site.relative(fence.path))
        state.ran = []
        for step in state.taken:  # replayed; each step's own test reported its result
            self.send(state, fence, release, step)
        return state.process

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
        if before and state.last_ok == before[-1]:
            links, fresh = [fence], False
        for i, link in enumerate(links):
            step = Step(link.source(), fresh and i == 0, link.padded_source(), link.filename())
            result = self.take(state, link, release, step)
            if link is not fence and result.error:
                raise BlockFailed(f"{fence.where}: the fence it continues, {link.where}, "
                                  f"failed on PyTorch {release}:\n{result.error}")
        # A fence that raised leaves no namespace to continue in: its continuation replays.
        state.last_ok = None if result.error else fence
        return result

    def take(self, state: PageState, fence: Fence, release: str, step: Step) -> Result:
        key = (release, tuple(state.taken) + (step,))
        known = self.results.get(key)
        if known is not None:
            state.taken.append(step)
            return known
        self.process(fence, release, state)
        state.taken.append(step)
        result = self.send(state, fence, release, step)
        if not result.error and not result.stderr:
            self.results[key] = result
        return result

    def send(self, state: PageState, fence: Fence, release: str, step: Step) -> Result:
        try:
            reply = state.process.run(step.padded, step.filename, step.fresh, self.timeout,
                                      self.limit)
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
        state.ran.append(step)
        self.workers[release].seen.update(reply.pop("modules"))
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
