"""What the runner of the pages' code guarantees, each shown on a scratch copy with pages made to
break it: pages cannot change each other's results, a block cannot hang or flood the run, every
release's output is checked against the fence titled with it, outputs are grouped by what was
printed, the same code runs once per release in every language, and bad input is named by page
and line."""

import pytest

from tests.helpers import run, scratch_copy
from verified_docs import versions
from verified_docs.outputs import title
from verified_docs.site import default_language, docs_dir, languages

LANG = default_language()
RELEASES = versions.ascending()
OLDEST, NEWEST = RELEASES[0], RELEASES[-1]
EVERY = ", ".join(RELEASES)
PRINT_RELEASE = "import torch\nprint(torch.__version__.split('+')[0])"


@pytest.fixture
def repo(tmp_path):
    return scratch_copy(tmp_path)


def page(repo, name, *fences, lang=LANG):
    """A page of Python fences, each given as (info, code, outputs): outputs is None, or one
    (title, text) or a list of them; returns its path relative to the repo and the line of each
    fence."""
    lines, starts = [f"# {name}", ""], []
    for info, code, outputs in fences:
        starts.append(len(lines) + 1)
        lines += [f"```{info}", *code.splitlines(), "```", ""]
        for title, text in [outputs] if isinstance(outputs, tuple) else outputs or []:
            lines += [f'```output title="{title}"', *text.splitlines(), "```", ""]
    path = repo / docs_dir().name / lang / f"{name}.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path.relative_to(repo).as_posix(), starts


def pytest_pages(repo, *paths, options=()):
    return run(repo, "pytest", "-p", "no:cacheprovider", *options, *paths, timeout=300)


def test_global_torch_state_does_not_leak_between_pages(repo):
    leaky, _ = page(repo, "a-leaky", ("python", "import torch\n"
                                      "torch.set_default_dtype(torch.float64)\n"
                                      "torch.set_grad_enabled(False)\n"
                                      "torch.manual_seed(1)", None))
    title = f"Output · PyTorch {EVERY}"
    reader, _ = page(repo, "b-reader", ("python", "import torch\n"
                                        "print(torch.get_default_dtype())\n"
                                        "print(torch.is_grad_enabled())",
                                        (title, "torch.float32\nTrue")))
    result = pytest_pages(repo, leaky, reader)
    assert result.returncode == 0, result.stdout


def test_endless_block_times_out_and_update_writes_nothing(repo):
    path, (line,) = page(repo, "loop", ("python", "while True:\n    pass", None))
    before = (repo / path).read_text(encoding="utf-8")
    for options in ((), ("--update-outputs",)):
        result = pytest_pages(repo, path, options=("--block-timeout", "2", *options))
        assert result.returncode == 1
        assert f"{path}:{line}: the code block did not finish within 2 s" in result.stdout
    assert (repo / path).read_text(encoding="utf-8") == before


def test_flooding_block_fails_short_and_update_writes_nothing(repo):
    path, (line,) = page(repo, "flood", ("python", "print('x' * 10_000_000)", None))
    before = (repo / path).read_text(encoding="utf-8")
    for options in ((), ("--update-outputs",)):
        result = pytest_pages(repo, path, options=options)
        assert result.returncode == 1
        assert f"{path}:{line}: the code block wrote 10,000,001 bytes to stdout" in result.stdout
        assert len(result.stdout) < 20_000
    assert (repo / path).read_text(encoding="utf-8") == before


@pytest.mark.parametrize("code, says", [
    ("import os\nos.write(2, b'behind your back\\n')", "the code wrote to stderr"),
    ("import os\nos._exit(0)", "ended before the block finished"),
    ("import sys\nsys.exit(3)", "SystemExit: 3"),
])
def test_escapes_are_caught(repo, code, says):
    path, (line,) = page(repo, "escape", ("python", code, None))
    result = pytest_pages(repo, path)
    assert result.returncode == 1 and f"{path}:{line}: " in result.stdout
    assert says in result.stdout


def one_output_per_release(extra=""):
    """(title, text) of each release for code that prints its release, then `extra`."""
    return [(f"Output · PyTorch {r}", f"{r}\n{extra}".strip()) for r in RELEASES]


@pytest.mark.parametrize("release", RELEASES)
def test_wrong_digit_fails_naming_page_line_and_release(repo, release):
    shown = one_output_per_release("4")
    i = RELEASES.index(release)
    shown[i] = (shown[i][0], f"{release}\n5")
    path, (line,) = page(repo, "drift", ("python", PRINT_RELEASE + "\nprint(2 + 2)", shown))
    result = pytest_pages(repo, path)
    assert result.returncode == 1
    assert f"{path}:{line}: the output shown on the page differs from what the code prints " \
           f"on PyTorch {release}." in result.stdout
    output_line = line + 6 + 5 * i  # the code fence: 5 lines and a blank; each output: 4 and 1
    assert f"--- {path}:{output_line} (shown on the page for PyTorch {release})" in result.stdout
    assert "-5\n+4" in result.stdout
    assert sum(f"on PyTorch {r}." in result.stdout for r in RELEASES) == 1, result.stdout


def test_same_output_on_every_release_is_one_fence_titled_with_all(repo):
    split, _ = page(repo, "split", ("python", "print(4)",
                                    [(f"Output · PyTorch {r}", "4") for r in RELEASES]))
    result = pytest_pages(repo, split)
    assert result.returncode == 1
    assert f'```output title="Output · PyTorch {EVERY}"\nbut they are:' in result.stdout
    fixed = pytest_pages(repo, split, options=("--update-outputs",))
    assert fixed.returncode == 0, fixed.stdout
    text = (repo / split).read_text("utf-8")
    assert text.count("```output") == 1 and f'title="Output · PyTorch {EVERY}"\n4\n' in text
    assert pytest_pages(repo, split).returncode == 0


def test_differing_outputs_are_grouped_oldest_first_with_the_lines_that_differ_marked(repo):
    code = f"import torch\nprint('same')\nprint(torch.__version__.startswith('{OLDEST}'))"
    path, _ = page(repo, "differ", ("python", code, None))
    fixed = pytest_pages(repo, path, options=("--update-outputs",))
    assert fixed.returncode == 0, fixed.stdout
    text = (repo / path).read_text("utf-8")
    later = ", ".join(RELEASES[1:])
    assert (f'```output title="Output · PyTorch {OLDEST}" hl_lines="2"\nsame\nTrue\n```\n\n'
            f'```output title="Output · PyTorch {later}" hl_lines="2"\nsame\nFalse\n```'
            ) in text
    assert pytest_pages(repo, path).returncode == 0
    # A release whose output moved to another group is named.
    (repo / path).write_text(text.replace(f"PyTorch {later}", f"PyTorch {RELEASES[-1]}"), "utf-8")
    result = pytest_pages(repo, path)
    assert result.returncode == 1
    assert f"no output fence is titled with PyTorch {RELEASES[1]}" in result.stdout


def test_a_fence_may_restrict_its_releases(repo):
    path, _ = page(repo, "newest", (f'{{.python torch=">={NEWEST}"}}', PRINT_RELEASE,
                                    (f"Output · PyTorch {NEWEST}", NEWEST)))
    result = pytest_pages(repo, path)
    assert result.returncode == 0, result.stdout
    assert "1 passed" in result.stdout


def test_the_same_code_runs_once_per_release_in_every_language(repo, tmp_path):
    """A page whose code equals another language's page is answered from its results."""
    log = tmp_path / "runs.log"
    code = f"import torch\nwith open({str(log)!r}, 'a') as f:\n    print(torch.__version__, file=f)"
    paths = [page(repo, "twice", ("python", code, None),
                  ("python", "print(1)", (title(lang, RELEASES), "1")), lang=lang)[0]
             for lang in languages()]
    result = pytest_pages(repo, *paths)
    assert result.returncode == 0, result.stdout
    assert len(log.read_text().splitlines()) == len(RELEASES), log.read_text()


def test_unknown_release_and_mixed_chain_are_named(repo):
    unknown, (line,) = page(repo, "unknown", ('{.python torch="1.0"}', "print(1)", None))
    mixed, (_, second) = page(repo, "mixed", ("python", "x = 1", None),
                              (f'{{.python continuation torch="{versions.short(NEWEST)}"}}',
                               "x", None))
    result = pytest_pages(repo, unknown, mixed)
    assert result.returncode == 1
    assert f'{unknown}:{line}: torch="1.0" names no single release' in result.stdout
    assert f"{mixed}:{second}: this `continuation` fence runs on PyTorch {NEWEST}, but the " \
           f"fence it continues ({mixed}:{second - 4}) runs on {EVERY}" in result.stdout


def test_invalid_utf8_names_page_and_line(repo):
    path, _ = page(repo, "bytes", ("python", "print(1)", None))
    (repo / path).write_bytes((repo / path).read_bytes() + b"\nline \xff\n")
    result = pytest_pages(repo, path)
    assert result.returncode != 0
    assert f"{path}:" in result.stdout + result.stderr and "UTF-8" in result.stdout + result.stderr


def test_continuation_of_a_failed_fence_names_that_fence(repo):
    path, (first, second) = page(repo, "chain", ("python", "x = 1\nraise ValueError('boom')",
                                                 None),
                                 ("{.python continuation}", "print(x)", None))
    result = pytest_pages(repo, path)
    assert result.returncode == 1
    assert f"{path}:{second}: the fence it continues, {path}:{first}, failed" in result.stdout
