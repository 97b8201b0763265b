"""The shape every page keeps, in every language. Long harnesses are welcome,
folded away in a `/// details` block."""

import os
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
import yaml

from tests.repo import SITE
from verified_docs.build import changes
from verified_docs.model.fences import OUTPUT_LANG, PYTHON_LANGS, page_fences
from verified_docs.pytest.runner import DEFAULT_LIMIT, Worker

WIDTH = 80
BLOCK_OPEN = re.compile(r"^(/{3,})\s*(\w[\w-]*)")  # `////` nests a block around `///` ones
BULLET = re.compile(r"^\s*[-*] ")
IMPORTS_PROJECT = re.compile(r"^\s*(from|import)\s+(snippets|tests|verified_docs)\b", re.M)


def blocks_around(path):
    """{line: names of the `///` blocks open at that line} for the page's lines."""
    stack, at = [], {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        at[number] = tuple(name for _, name in stack)
        if re.fullmatch(r"/{3,}", line.strip()):
            while stack and stack[-1][0] != line.strip():
                stack.pop()  # a closing fence closes the block opened with as many slashes
            stack = stack[:-1]
        elif match := BLOCK_OPEN.match(line.strip()):
            stack.append((match[1], match[2]))
    return at


def visible_examples(path):
    """Python fences a reader sees without unfolding anything, that start a fresh example."""
    around = blocks_around(path)
    return [f for f in page_fences(SITE, path) if f.lang in PYTHON_LANGS
            and "details" not in around[f.open_line] and not f.continued]


@pytest.mark.parametrize("page", SITE.all_pages(), ids=SITE.relative)
def test_front_matter_is_valid_yaml(page):
    """MkDocs drops a front matter it cannot parse without a word: the page would lose its
    description, and changes.md its sentences (an alias `*name` with no `&name`, say)."""
    text = page.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return
    block = text[4:text.index("\n---", 4)]
    try:
        yaml.safe_load(block)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 2 if mark else 1
        pytest.fail(f"{SITE.relative(page)}:{line}: the front matter is not valid YAML, so MkDocs "
                    f"ignores all of it: {getattr(error, 'problem', error)}")


@pytest.mark.parametrize("page", SITE.all_pages(), ids=SITE.relative)
def test_answer_box_comes_before_any_code(page):
    text = page.read_text(encoding="utf-8").splitlines()
    fences = page_fences(SITE, page)
    first_code = fences[0].open_line if fences else len(text) + 1
    note = next((n for n, line in enumerate(text, 1)
                 if re.match(r"^///\s*note\b", line.strip())), None)
    assert note is not None and note < first_code, (
        f"{SITE.relative(page)}: the page must open with its answer, a `/// note | …` box of 2–4 "
        f"bullets, before its first code block (line {first_code}).")
    closing = next(n for n in range(note + 1, len(text) + 1) if text[n - 1].strip() == "///")
    box = text[note:closing - 1]
    # The generated page of release changes: a bullet per pair of releases (verified_docs/build/changes.py).
    bullets = sum(bool(BULLET.match(line)) for line in box) + (
        len(changes.pairs(SITE)) if changes.SUMMARY in box else 0)
    assert 2 <= bullets <= 4, (f"{SITE.relative(page)}:{note}: the answer box has {bullets} bullets; "
                               "give the answer in 2 to 4")


@pytest.mark.parametrize("page", SITE.all_pages(), ids=SITE.relative)
def test_code_and_output_lines_fit_80_columns(page):
    wide = []
    for fence in page_fences(SITE, page):
        if fence.lang not in (*PYTHON_LANGS, OUTPUT_LANG):
            continue
        for offset, line in enumerate(fence.source().splitlines(), 1):
            if len(line) > WIDTH:
                where = (f"{fence.include}:{offset}" if fence.include
                         else f"{SITE.relative(page)}:{fence.open_line + offset}")
                wide.append(f"{where} ({len(line)} columns): {line[:60]}…")
    assert not wide, (f"{SITE.relative(page)}: lines wider than {WIDTH} columns scroll sideways on the "
                      "page; wrap printed reports at 78:\n" + "\n".join(dict.fromkeys(wide)))


@pytest.mark.parametrize("page", SITE.all_pages(), ids=SITE.relative)
def test_visible_examples_do_not_import_the_project(page):
    bad = [f.where for f in visible_examples(page) if IMPORTS_PROJECT.search(f.source())]
    assert not bad, (f"copied into a fresh Python, these visible examples fail on their import "
                     f"of the project's modules: {bad}. Make the example self-contained, or fold "
                     "the harness into a `/// details | Full script` block.")


def unique_visible_examples():
    seen = {}
    for page in SITE.all_pages():
        for fence in visible_examples(page):
            seen.setdefault(fence.source(), fence)
    return list(seen.values())


def newest(fence) -> str:
    """The release a reader most likely has, of those the fence runs on."""
    return SITE.torch.default if SITE.torch.default in fence.releases else fence.releases[-1]


def run_alone(worker: Worker, code: str):
    """The run of `code` in a fork of `worker`, or why it did not finish."""
    process = worker.connect()
    try:
        return process.run(code, "example.py", True, 120, DEFAULT_LIMIT)
    except (TimeoutError, EOFError) as exc:
        return f"it did not finish: {exc!r}"
    finally:
        process.close()


class FreshWorkers(dict):
    """release -> a fresh worker of that release, started on first use."""

    def __missing__(self, release: str) -> Worker:
        self[release] = Worker(SITE, release, fresh=True)
        return self[release]


@pytest.fixture(scope="module")
def fresh():
    yield (workers := FreshWorkers())
    for worker in workers.values():
        worker.close()


@pytest.fixture(scope="module")
def runs(request, fresh):
    """{example's source: future of its run_alone} for the examples this session tests, run as
    a reader who pastes one into a fresh Python with only torch installed: in a fork of a `-I`
    interpreter that has imported torch alone, in an empty folder outside the repository, with
    a `__main__` of its own (verified_docs/pytest/worker.py); on one release, the pages' own run shows
    that it runs on each of its releases. As many at a time as the machine has cores."""
    chosen = [item.callspec.params["fence"] for item in request.session.items
              if getattr(item, "originalname", None) == RUNS_ALONE]
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        yield {fence.source(): pool.submit(run_alone, fresh[newest(fence)], fence.source())
               for fence in chosen}
        pool.shutdown(cancel_futures=True)


RUNS_ALONE = "test_visible_example_runs_alone_in_a_fresh_python"


@pytest.mark.parametrize("fence", unique_visible_examples(), ids=lambda f: f.where)
def test_visible_example_runs_alone_in_a_fresh_python(fence, runs):
    result = runs[fence.source()].result()
    error = result if isinstance(result, str) else result.error and result.stderr + result.error
    assert error is None, (f"{fence.where}: pasted into a fresh Python (PyTorch {newest(fence)}) "
                           f"this example fails:\n{error[-2000:]}")


def test_a_fresh_python_is_a_readers(fresh):
    """What the examples run in: an empty folder, nothing of the project importable, a
    `__main__` of their own."""
    result = run_alone(fresh[SITE.torch.default], (
        "import importlib.util, os, sys\nprint(os.listdir(), [importlib.util.find_spec(m) for m "
        "in ('snippets', 'tests')], sys.modules['__main__'].__dict__ is globals())"))
    assert (result.stdout, result.error) == ("[] [None, None] True\n", None), result
