"""What the runner of the pages' code guarantees, shown in process: pages written into the tiny
site (tests/tiny.py), their fences run by one `Runner` for the whole module (its workers import
torch once), with a short time limit and a small output limit so that a hang or a flood costs a
second, not minutes.

How the pytest plugin reports these results (page:line and release in pytest's output, and
`--update-outputs`) is tested in test_plugins.py.
"""

from __future__ import annotations

import concurrent.futures
import sys

import pytest

from tests.repo import SITE
from tests.tiny import tiny_site
from verified_docs.fences import python_fences
from verified_docs.runner import BlockFailed, Runner
from verified_docs.site import PageError, Site

RELEASES = SITE.torch.ascending()


def short(release):
    return release.rsplit(".", 1)[0]

OLDEST, NEWEST = RELEASES[0], RELEASES[-1]
TIMEOUT = 2.0   # seconds per block: every block here but the endless one takes milliseconds
LIMIT = 4096    # bytes a block may print
# Far beyond the limit even on a loaded machine: a runner that never stops a block fails here
# instead of hanging the test session.
HANG = 10 * TIMEOUT
PRINT_RELEASE = "import torch\nprint(torch.__version__.split('+')[0])"


@pytest.fixture(scope="module")
def runner(tmp_path_factory):
    runner = Runner(Site.at(tiny_site(tmp_path_factory.mktemp("tiny"))), TIMEOUT, LIMIT)
    runner.start(RELEASES)
    yield runner
    runner.close()


def page(runner, tmp_path, name, *fences, lang="en"):
    """A page of fences in the runner's site, each given as (info, code); returns its fences
    to run. Its name starts with the test's, so no two tests share a page."""
    lines, openings = [f"# {name}", ""], []
    for info, code in fences:
        openings.append(len(lines) + 1)
        lines += [f"```{info}", f"# {tmp_path.name}", *code.splitlines(), "```", ""]
    path = runner.site.docs / lang / f"{tmp_path.name}-{name}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines), encoding="utf-8")
    found = python_fences(path)
    assert [f.open_line for f in found] == openings, "the page's fences were misread"
    return found


def where(fence) -> str:
    """page:line as a contributor reads it: the file and the line of the opening ```."""
    return f"{fence.site.relative(fence.path)}:{fence.open_line}"


def printed(results) -> dict[str, str]:
    """What each release printed, the block having run cleanly on every one."""
    for release, result in results.items():
        problem = result.error or result.stderr
        assert not problem, f"PyTorch {release}: the block did not run cleanly:\n{problem}"
    return {release: result.stdout for release, result in results.items()}


def failure(runner, fence) -> str:
    """The message of the BlockFailed that running `fence` raises."""
    pool = concurrent.futures.ThreadPoolExecutor(1)
    try:
        pool.submit(runner.run, fence).result(timeout=HANG)
    except BlockFailed as exc:
        return str(exc)
    except concurrent.futures.TimeoutError:
        hung = True
    except Exception as exc:  # noqa: BLE001 - anything else is the runner's own failure
        pytest.fail(f"{where(fence)}: the runner raised {exc!r}, not a BlockFailed naming "
                    "the page and line")
    else:
        hung = False
    finally:
        pool.shutdown(wait=False)  # a block the runner never stops must not hang this test
    if hung:
        pytest.fail(f"{where(fence)}: the runner did not stop this block within {HANG:g} s "
                    f"(its limit is {TIMEOUT:g} s)")
    pytest.fail(f"{where(fence)}: ran without the failure it should have raised")


def test_a_fence_runs_on_every_release(runner, tmp_path):
    (fence,) = page(runner, tmp_path, "every", ("python", PRINT_RELEASE))
    assert printed(runner.run(fence)) == {release: f"{release}\n" for release in RELEASES}


@pytest.mark.parametrize("label, chosen", [
    (f">={NEWEST}", (NEWEST,)),
    (short(OLDEST), (OLDEST,)),
    (f"{short(OLDEST)} {short(NEWEST)}", (OLDEST, NEWEST)),
])
def test_a_restricted_fence_runs_only_on_its_releases(runner, tmp_path, label, chosen):
    (fence,) = page(runner, tmp_path, "restricted", (f'{{.python torch="{label}"}}', PRINT_RELEASE))
    assert printed(runner.run(fence)) == {release: f"{release}\n" for release in chosen}


def test_one_release_may_be_asked_for(runner, tmp_path):
    """`--torch-release`: the fence runs there only."""
    (fence,) = page(runner, tmp_path, "asked", ("python", PRINT_RELEASE))
    assert printed(runner.run(fence, (OLDEST,))) == {OLDEST: f"{OLDEST}\n"}


PROBE = ("import torch\n"
         "print('default dtype', torch.get_default_dtype(), '| grad', torch.is_grad_enabled(),\n"
         "      '| seed', torch.initial_seed(), '| threads', torch.get_num_threads())")


def test_torch_global_state_does_not_leak_between_pages(runner, tmp_path):
    # The same probe before and after the leaky page; the comment keeps the second run from
    # being answered with the first one's result.
    (before,) = page(runner, tmp_path, "a-before", ("python", "# before\n" + PROBE))
    leaky = page(runner, tmp_path, "b-leaky", ("python", "import torch\n"
                                                 "torch.set_default_dtype(torch.float64)\n"
                                                 "torch.set_grad_enabled(False)\n"
                                                 "torch.manual_seed(1)\n"
                                                 "torch.set_num_threads(1)"),
                 ("{.python continuation}", PROBE))
    (after,) = page(runner, tmp_path, "c-after", ("python", "# after\n" + PROBE))
    fresh = printed(runner.run(before))
    runner.run(leaky[0])
    changed = printed(runner.run(leaky[1]))
    for release in RELEASES:
        assert changed[release] != fresh[release], (
            f"the leaky page did not change torch's state on {release}, so this test shows "
            f"nothing: {changed[release]!r}")
    assert printed(runner.run(after)) == fresh, (
        "a page started with torch's global state as another page left it; each page's process "
        "must be forked from the release's pristine worker (verified_docs/worker.py)")


def test_continuation_fences_share_a_namespace_and_others_start_afresh(runner, tmp_path):
    first, continued, fresh = page(runner, tmp_path, "chain", ("python", "x = 41"),
                                   ("{.python continuation}", "print(x + 1)"),
                                   ("python", "print('x' in globals())"))
    printed(runner.run(first))
    assert set(printed(runner.run(continued)).values()) == {"42\n"}
    assert set(printed(runner.run(fresh)).values()) == {"False\n"}


def test_a_continuation_run_alone_first_runs_the_fences_it_continues(runner, tmp_path):
    """As with `pytest page.md::…` selecting only the continuation."""
    _, continued = page(runner, tmp_path, "alone", ("python", "x = 41"),
                        ("{.python continuation}", "print(x + 1)"))
    assert set(printed(runner.run(continued)).values()) == {"42\n"}


def test_continuation_of_a_failed_fence_names_that_fence(runner, tmp_path):
    first, continued = page(runner, tmp_path, "broken-chain", ("python", "x = 1\nraise ValueError('boom')"),
                            ("{.python continuation}", "print(x)"))
    assert all("ValueError: boom" in r.error for r in runner.run(first).values())
    assert f"{where(continued)}: the fence it continues, {where(first)}, failed on PyTorch " \
           in failure(runner, continued)


def test_a_continuation_on_other_releases_than_its_fence_is_named(runner, tmp_path):
    first, continued = page(runner, tmp_path, "mixed", ("python", "x = 1"),
                            (f'{{.python continuation torch="{short(NEWEST)}"}}', "x"))
    with pytest.raises(PageError) as raised:
        runner.run(continued)
    assert f"{where(continued)}: this `continuation` fence runs on PyTorch {NEWEST}, but the " \
           f"fence it continues ({where(first)}) runs on {', '.join(RELEASES)}" in str(raised.value)


def test_an_endless_block_is_stopped_naming_page_and_line(runner, tmp_path):
    (fence,) = page(runner, tmp_path, "loop", ("python", "while True:\n    pass"))
    message = failure(runner, fence)
    assert message.startswith(f"{where(fence)}: the code block did not finish within "
                              f"{TIMEOUT:g} s (PyTorch "), message
    assert "--block-timeout" in message  # what to do when a block really needs longer
    # The page's process was killed, not the release's worker: the next page runs.
    (after,) = page(runner, tmp_path, "after-loop", ("python", PRINT_RELEASE))
    assert printed(runner.run(after)) == {release: f"{release}\n" for release in RELEASES}


@pytest.mark.parametrize("stream, code", [
    ("stdout", "print('x' * {size})"),
    ("stderr", "import os\nos.write(2, b'x' * {size})"),
])
def test_a_flooding_block_is_cut_at_the_output_limit(runner, tmp_path, stream, code):
    size = 100 * LIMIT
    (fence,) = page(runner, tmp_path, "flood", ("python", code.format(size=size)))
    message = failure(runner, fence)
    written = size + (stream == "stdout")  # print's newline
    assert message.startswith(f"{where(fence)}: the code block wrote {written:,} bytes to "
                              f"{stream}, more than the limit of {LIMIT:,} (PyTorch "), message
    assert len(message) < LIMIT, f"the message quotes the whole flood ({len(message):,} chars)"


def test_stderr_is_captured_at_the_file_descriptor(runner, tmp_path):
    """Also what C code and os.write(2, …) write, which never pass through sys.stderr."""
    (fence,) = page(runner, tmp_path, "stderr", ("python", "import os, sys\n"
                                                   "os.write(2, b'behind your back\\n')\n"
                                                   "print('in front', file=sys.stderr)\n"
                                                   "print('out')"))
    for release, result in runner.run(fence).items():
        assert (result.stdout, result.stderr, result.error) == (
            "out\n", "behind your back\nin front\n", None), release


def test_sys_exit_with_a_status_is_an_error_naming_the_line(runner, tmp_path):
    (fence,) = page(runner, tmp_path, "exit", ("python", "import sys\nsys.exit(3)"))
    line = int(where(fence).rpartition(":")[2]) + 3  # the comment and the import come first
    for release, result in runner.run(fence).items():
        assert result.error is not None, f"sys.exit(3) passed on {release}"
        assert f'File "{fence.filename()}", line {line}' in result.error, result.error
        assert result.error.endswith("SystemExit: 3"), result.error


def test_sys_exit_without_a_status_ends_the_block_as_a_script_would(runner, tmp_path):
    ended, continued = page(runner, tmp_path, "exit-0", ("python", "import sys\nx = 1\nsys.exit()\nx = 2"),
                            ("{.python continuation}", "print(x)"))
    assert set(printed(runner.run(ended)).values()) == {""}
    assert set(printed(runner.run(continued)).values()) == {"1\n"}


def test_os_exit_is_named_with_page_and_line(runner, tmp_path):
    (fence,) = page(runner, tmp_path, "os-exit", ("python", "import os\nos._exit(0)"))
    assert failure(runner, fence).startswith(
        f"{where(fence)}: the process running the code block (PyTorch ")
    (after,) = page(runner, tmp_path, "after-exit", ("python", PRINT_RELEASE))
    assert printed(runner.run(after)) == {release: f"{release}\n" for release in RELEASES}


def test_a_fence_is_expanded_for_every_release_at_once():
    """The runner expands a fence's `--8<--` lines in a thread per release, with the site's one
    snippet preprocessor, which keeps state while it runs; switching threads as often as
    possible makes any overlap show."""
    from verified_docs.fences import expand_snippets

    code = '--8<-- "snippets/my_relu.py"\n--8<-- "snippets/clamp_seed_arithmetic.py"\n'
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            expanded = set(pool.map(lambda _: expand_snippets(SITE, code, "page.md:1"), range(400)))
    finally:
        sys.setswitchinterval(switch)
    assert len(expanded) == 1 and "class MyReLU" in expanded.pop()
