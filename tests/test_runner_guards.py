"""What the runner of the pages' code guarantees, each shown on a scratch copy with pages made to
break it: pages cannot change each other's results, a block cannot hang or flood the run, every
output is checked against the release it names, and bad input is named by page and line."""

import pytest

from tests.helpers import run, scratch_copy
from verified_docs import versions
from verified_docs.site import default_language, docs_dir

LANG = default_language()
OTHER = versions.releases()[-1]         # a release a page must mark, e.g. torch="2.13"
OTHER_LABEL = versions.short(OTHER)


@pytest.fixture
def repo(tmp_path):
    return scratch_copy(tmp_path)


def page(repo, name, *fences):
    """A page of Python fences, each given as (info, code, output or None); returns its path
    relative to the repo and the line of each fence."""
    lines, starts = [f"# {name}", ""], []
    for info, code, output in fences:
        starts.append(len(lines) + 1)
        lines += [f"```{info}", *code.splitlines(), "```", ""]
        if output is not None:
            lines += [f'```output title="{output[0]}"', *output[1].splitlines(), "```", ""]
    path = repo / docs_dir().name / LANG / f"{name}.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path.relative_to(repo).as_posix(), starts


def pytest_pages(repo, *paths, options=()):
    return run(repo, "pytest", "-p", "no:cacheprovider", *options, *paths, timeout=300)


def test_global_torch_state_does_not_leak_between_pages(repo):
    leaky, _ = page(repo, "a-leaky", ("python", "import torch\n"
                                      "torch.set_default_dtype(torch.float64)\n"
                                      "torch.set_grad_enabled(False)\n"
                                      "torch.manual_seed(1)", None))
    title = f"Output · PyTorch {versions.default()}"
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


@pytest.mark.parametrize("marked", [False, True], ids=["default release", "other release"])
def test_wrong_digit_fails_naming_page_line_and_release(repo, marked):
    release = OTHER if marked else versions.default()
    info = f'{{.python torch="{OTHER_LABEL}"}}' if marked else "python"
    code = "import torch\nprint(torch.__version__.split('+')[0])\nprint(2 + 2)"
    path, (line,) = page(repo, "drift", (info, code, (f"Output · PyTorch {release}",
                                                       f"{release}\n5")))
    result = pytest_pages(repo, path)
    assert result.returncode == 1
    assert f"{path}:{line}: the output shown on the page differs from what the code prints " \
           f"on PyTorch {release}" in result.stdout
    assert "-5\n+4" in result.stdout


def test_output_title_must_name_the_release_that_ran(repo):
    path, _ = page(repo, "title", ("python", "print(4)", ("Output · PyTorch 1.0.0", "4")))
    result = pytest_pages(repo, path)
    assert result.returncode == 1
    assert f"expected 'Output · PyTorch {versions.default()}'" in result.stdout
    fixed = pytest_pages(repo, path, options=("--update-outputs",))
    assert fixed.returncode == 0, fixed.stdout
    assert f'title="Output · PyTorch {versions.default()}"' in (repo / path).read_text("utf-8")


def test_unknown_release_and_mixed_chain_are_named(repo):
    unknown, (line,) = page(repo, "unknown", ('{.python torch="1.0"}', "print(1)", None))
    mixed, (_, second) = page(repo, "mixed", ("python", "x = 1", None),
                              (f'{{.python continuation torch="{OTHER_LABEL}"}}', "x", None))
    result = pytest_pages(repo, unknown, mixed)
    assert result.returncode == 1
    assert f'{unknown}:{line}: torch="1.0" names no single release' in result.stdout
    assert f"{mixed}:{second}: this `continuation` fence runs on PyTorch {OTHER}" in result.stdout


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
