"""The runner of the pages' code: pages written into the tiny site (tests/tiny.py) run by one
`Runner` for the module (its workers import torch once), limits so small a hang costs seconds."""

import concurrent.futures
import threading

import pytest

from tests.tiny import NEWEST, OLDEST, PRINT_RELEASE, RELEASES, tiny_site, write_page
from verified_docs.model.site import PageError, Site
from verified_docs.pytest.runner import BlockFailed, Runner

TIMEOUT = 2.0   # seconds per block: every block here but the endless one takes milliseconds
LIMIT = 4096    # bytes a block may print


def short(release: str) -> str:
    """"2.13.0" -> "2.13", the label pages write."""
    return release.rsplit(".", 1)[0]


@pytest.fixture(scope="module")
def runner(tmp_path_factory):
    runner = Runner(Site.load(tiny_site(tmp_path_factory.mktemp("tiny"))), TIMEOUT, LIMIT)
    runner.start(RELEASES)
    yield runner
    runner.close()


def page(runner, tmp_path, name, *fences):
    """The Python fences of a page of `fences` in the runner's site, named after the test."""
    return write_page(runner.site, runner.site.docs / "en" / f"{tmp_path.name}-{name}.md", *fences)


def printed(results) -> dict[str, str]:
    """What each release printed, the block having run cleanly on every one."""
    for release, result in results.items():
        problem = result.error or result.stderr
        assert not problem, f"PyTorch {release}: the block did not run cleanly:\n{problem}"
    return {release: result.stdout for release, result in results.items()}


def failure(runner, fence) -> str:
    """The message of the BlockFailed (or PageError) that running `fence` raises."""
    pool = concurrent.futures.ThreadPoolExecutor(1)
    try:
        pool.submit(runner.run, fence).result(timeout=10 * TIMEOUT)
    except (BlockFailed, PageError) as exc:
        return str(exc)
    except concurrent.futures.TimeoutError:
        pytest.fail(f"{fence.where}: the runner did not stop this block within {10 * TIMEOUT:g} "
                    f"s (its limit is {TIMEOUT:g} s)")
    finally:
        pool.shutdown(wait=False)  # a block the runner never stops must not hang this test
    pytest.fail(f"{fence.where}: ran without the BlockFailed naming page and line it should "
                "have raised")


@pytest.mark.parametrize("label, asked, chosen", [
    (None, None, RELEASES),
    (short(OLDEST), None, (OLDEST,)),
    (f"{short(OLDEST)} {short(NEWEST)}", None, (OLDEST, NEWEST)),
    (None, (OLDEST,), (OLDEST,)),  # --torch-release
])
def test_a_fence_runs_on_each_of_its_releases(runner, tmp_path, label, asked, chosen):
    info = f'{{.python torch="{label}"}}' if label else "python"
    (fence,) = page(runner, tmp_path, "releases", (info, PRINT_RELEASE))
    assert printed(runner.run(fence, asked)) == {r: f"{r}\n" for r in chosen}, (
        f"torch={label!r}, asked for {asked}: not run on exactly {chosen}")


PROBE = ("import torch\n"
         "print('default dtype', torch.get_default_dtype(), '| grad', torch.is_grad_enabled(),\n"
         "      '| seed', torch.initial_seed(), '| threads', torch.get_num_threads())")


def test_torch_global_state_does_not_leak_between_pages(runner, tmp_path):
    (before,) = page(runner, tmp_path, "a-before", ("python", PROBE))
    (leaky,) = page(runner, tmp_path, "b-leaky", ("python", (
        "import torch\ntorch.set_default_dtype(torch.float64)\ntorch.set_grad_enabled(False)\n"
        "torch.manual_seed(1)\ntorch.set_num_threads(1)\n" + PROBE)))
    (after,) = page(runner, tmp_path, "c-after", ("python", PROBE))
    fresh = printed(runner.run(before))
    changed = printed(runner.run(leaky))
    for release in RELEASES:
        assert changed[release] != fresh[release], (
            f"the leaky page did not change torch's state on {release}, so this test shows "
            f"nothing: {changed[release]!r}")
    assert printed(runner.run(after)) == fresh, (
        "a page started with torch's global state as another page left it; each page's process "
        "must be forked from the release's pristine worker (verified_docs/pytest/worker.py)")


@pytest.mark.parametrize("fences, runs, shown", [
    pytest.param([("python", "x = 41"), ("{.python continuation}", "print(x + 1)")], [0, 1],
                 "42\n", id="a continuation shares the namespace of the fence before"),
    pytest.param([("python", "x = 41"), ("{.python continuation}", "print(x + 1)")], [1],
                 "42\n", id="a continuation run alone first runs the fences it continues"),
    pytest.param([("python", "x = 41"), ("python", "print('x' in globals())")], [0, 1],
                 "False\n", id="a fence that is no continuation starts afresh"),
    pytest.param([("python", "import sys\nx = 1\nsys.exit()\nx = 2"),
                  ("{.python continuation}", "print(x)")], [0, 1],
                 "1\n", id="sys.exit() ends a block as it ends a script"),
])
def test_continuations(runner, tmp_path, fences, runs, shown):
    found = page(runner, tmp_path, "chain", *fences)
    for i in runs:
        results = printed(runner.run(found[i]))
    assert set(results.values()) == {shown}, results


# Each on the newest release alone: the runner stops and reports a block the same way on every
# release.
ON_NEWEST = f'{{.python torch="{short(NEWEST)}"}}'
CONTINUING_ON_NEWEST = f'{{.python continuation torch="{short(NEWEST)}"}}'
FAILURES = {  # the last fence's message starts with this; {0}, {1}: the first, the last fence
    "endless": ([(ON_NEWEST, "while True:\n    pass")],
                "{1}: the code block did not finish within 2 s (PyTorch ", "--block-timeout"),
    "flood": ([(ON_NEWEST, f"print('x' * {100 * LIMIT})")],
              f"{{1}}: the code block wrote {100 * LIMIT + 1:,} bytes to stdout, more than the "
              f"limit of {LIMIT:,} (PyTorch ", "print less"),
    "flood-stderr": ([(ON_NEWEST, f"import os\nos.write(2, b'x' * {100 * LIMIT})")],
                     f"{{1}}: the code block wrote {100 * LIMIT:,} bytes to stderr", ""),
    "os-exit": ([(ON_NEWEST, "import os\nos._exit(0)")],
                "{1}: the process running the code block (PyTorch ", "os._exit()"),
    "continues-a-failure": ([(ON_NEWEST, "x = 1\nraise ValueError('boom')"),
                             (CONTINUING_ON_NEWEST, "print(x)")],
                            "{1}: the fence it continues, {0}, failed on PyTorch ", "boom"),
    "continues-other-releases": ([("python", "x = 1"), (CONTINUING_ON_NEWEST, "x")],
                                 f"{{1}}: this `continuation` fence runs on PyTorch {NEWEST}, but "
                                 f"the fence it continues ({{0}}) runs on {', '.join(RELEASES)}",
                                 'the same torch="…"'),
}


@pytest.mark.parametrize("name", FAILURES)
def test_a_failure_names_page_and_line_and_the_next_page_runs(runner, tmp_path, name):
    fences, start, hint = FAILURES[name]
    found = page(runner, tmp_path, name, *fences)
    message = failure(runner, found[-1])
    assert message.startswith(start.format(found[0].where, found[-1].where)), message
    assert hint in message, f"the message does not say {hint!r}:\n{message}"
    assert len(message) < LIMIT, f"the message quotes the whole flood ({len(message):,} chars)"
    (after,) = page(runner, tmp_path, "after", ("python", PRINT_RELEASE))
    assert printed(runner.run(after)) == {r: f"{r}\n" for r in RELEASES}, (
        f"after {name}, the next page did not run: the release's worker must outlive a page")


def test_a_fence_is_expanded_once_in_the_callers_thread(runner, tmp_path, monkeypatch):
    """The site's one snippet preprocessor keeps state while it runs: the releases' threads
    must not expand a fence at once."""
    monkeypatch.chdir(runner.site.root)  # where the site's snippets are found, as in a build
    preprocessor, threads = runner.site.snippets, []
    expand = preprocessor.run
    monkeypatch.setattr(preprocessor, "run", lambda lines: threads.append(
        threading.current_thread()) or expand(lines))
    (fence,) = page(runner, tmp_path, "snippet", ("python", '--8<-- "snippets/double.py"'))
    assert set(printed(runner.run(fence)).values()) == {"42\n"}
    assert threads == [threading.current_thread()], (
        f"the fence was expanded {len(threads)} time(s), in {threads}; expand it once, before "
        "its releases' threads start (verified_docs/pytest/runner.py, Runner.run)")
