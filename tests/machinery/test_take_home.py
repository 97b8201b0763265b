"""What a reader takes home from the site runs without the repository and carries every release
(verified_docs/build/notebooks.py, verified_docs/build/exercise_archive.py). Each notebook runs in a fresh
Jupyter kernel in a temporary folder where only torch is importable (SITECUSTOMIZE), and so does
the downloaded checker; the script is the notebook in another format (jupytext reads it back as
the same cells, and it compiles); the other releases' outputs are checked in the files, in
process. The check of the reader's torch (verified_docs/build/output_check.py) is read where it
runs: in every notebook's kernel on the default release, in one notebook's on another release
and with one example changed, and in one script run by plain Python.
"""

from __future__ import annotations

import ast
import functools
import itertools
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

import jupytext
import nbformat
import pytest

from tests.repo import ROOT, SITE
from verified_docs.build import exercise_archive, notebooks, output_check
from verified_docs.model import fences, outputs
from verified_docs.model import site as model

TIMEOUT = 600
POOL = ThreadPoolExecutor(2)  # the notebooks' runs, two at a time
LANGS = SITE.built_languages
DEFAULT = SITE.torch.default
SKIP = "not-run-here"
# The exercise page's cells that check its lists of cases: the page's own run proves what they
# print on every release, the in-process test below that they are the page's code, and the
# `main(...)` cells before them check solutions from the unpacked archive in this kernel already.
PROVEN_BY_THE_PAGE = re.compile(r"^(show|where)\(\[", re.M)
# Run before the first notebook's own cells, in its kernel; torch is not probed: every notebook
# imports it.
PROBED = ("snippets", "verified_docs")

# Loaded first by every Python run here: the repository and the project's editable install
# leave the import path, so the code runs as it would on a reader's machine with torch alone.
SITECUSTOMIZE = textwrap.dedent(f"""\
    import os
    import sys

    ROOT = {str(ROOT.resolve())!r}
    # The virtualenv stays: in a clone it is the repository's .venv/, and it holds torch.
    VENV = os.path.realpath(sys.prefix)


    def inside(path, folder):
        return os.path.commonpath([os.path.realpath(path or "."), folder]) == folder


    # setuptools' editable finder is a class in sys.meta_path, named after the project
    sys.meta_path[:] = [finder for finder in sys.meta_path
                        if not str(getattr(finder, "__module__", "")).startswith("__editable__")]
    sys.path[:] = [entry for entry in sys.path
                   if not inside(entry, ROOT) or inside(entry, VENV)]
    """)


def page_dest(lang: model.Language, name: str) -> str:
    return lang.prefix + model.location(name) + "index.html"


def page_path(lang: model.Language, name: str) -> pathlib.Path:
    """The page, or the English one for a page not translated yet (no file)."""
    path = SITE.docs / lang.locale / name
    return path if path.exists() else SITE.docs / SITE.default / name


@functools.cache
def made(lang: model.Language, name: str) -> notebooks.TakeHome | None:
    """The page's notebook and script, as the build makes them."""
    return notebooks.take_home(SITE, page_path(lang, name), page_dest(lang, name), lang.locale)


def isolated(folder: pathlib.Path) -> dict:
    """The environment of a run: the default release, the project out of reach."""
    guard = folder / ".guard"
    guard.mkdir(exist_ok=True)
    (guard / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env.update(PYTHONPATH=str(guard), OMP_NUM_THREADS="1", PYTHONDONTWRITEBYTECODE="1",
               IPYTHONDIR=str(folder / ".ipython"), PYDEVD_DISABLE_FILE_VALIDATION="1")
    return env


def folder_for(*files: pathlib.Path) -> pathlib.Path:
    """A temporary folder outside the repository, holding copies of `files`."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="take-home-"))
    assert not folder.resolve().is_relative_to(ROOT.resolve())
    for file in files:
        shutil.copy(file, folder)
    return folder


def run(folder: pathlib.Path, *args: str, release: str = DEFAULT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-X", "utf8", *args], cwd=folder,
                          env=on_release(isolated(folder), release), capture_output=True,
                          text=True, timeout=TIMEOUT)


def on_release(env: dict, release: str) -> dict:
    """`env` with `release` imported as torch (its folder in front, as the runner does)."""
    folder = SITE.torch.site_packages(release)
    if folder is None:
        return env
    return {**env, "PYTHONPATH": os.pathsep.join([str(folder), env["PYTHONPATH"]])}


def run_notebook(nb, folder: pathlib.Path, release: str = DEFAULT):
    """The notebook executed in a fresh kernel in `folder`, but for its cells tagged SKIP."""
    import nbclient
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    specs = folder / ".kernels"
    (specs / "isolated").mkdir(parents=True, exist_ok=True)
    (specs / "isolated" / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-X", "utf8", "-m", "ipykernel_launcher",
                 "-f", "{connection_file}"],
        "display_name": "torch only", "language": "python"}), encoding="utf-8")
    # Over Unix sockets in `folder` (TCP on 127.0.0.1 works too, but each kernel then warns on
    # stderr that its traffic is not encrypted).
    km = KernelManager(kernel_name="isolated", transport="ipc", ip=str(folder / "kernel"),
                       kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(specs)]))
    client = nbclient.NotebookClient(nb, km=km, timeout=TIMEOUT, startup_timeout=120,
                                     allow_errors=True, skip_cells_with_tag=SKIP,
                                     resources={"metadata": {"path": str(folder)}})
    try:
        client.execute(env=on_release(isolated(folder), release), cwd=str(folder))
    finally:  # a kernel manager given to nbclient is left running by it
        if km.has_kernel:
            km.shutdown_kernel(now=True)
    return nb


@functools.cache
def started(lang: model.Language, name: str):
    """The run of the page's notebook (a Future), the archive beside it as the page offers."""
    th = made(lang, name)
    nb = nbformat.reads(th.notebook, as_version=4)
    skip_check = False
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.get("tags", [])
        if notebooks.INSTALL_TAG in tags or PROVEN_BY_THE_PAGE.search(cell.source) or (
                skip_check and is_check(cell)):
            cell.metadata["tags"] = [SKIP, *(tag for tag in tags if tag == output_check.TAG)]
        skip_check = PROVEN_BY_THE_PAGE.search(cell.source) is not None  # and its check
    if (lang, name) == RUN_PAGES[0]:  # its first cells: the probe of the kernel's import path
        nb.cells[:0] = [nbformat.v4.new_code_cell(f"import {probed}") for probed in PROBED]
    folder = folder_for()
    if th.needs_checker:
        (folder / exercise_archive.NAME).write_bytes(exercise_archive.archive(SITE))
    return POOL.submit(run_notebook, nb, folder)


def expected(lang: model.Language, name: str) -> list[tuple[str, str]]:
    """(page:line, what it prints on the default release) of every fence it runs, in order."""
    found = []
    # the exercise's workbook writes the starter to a file and leaves the solution on the page
    changed = notebooks.workbook_sources(SITE, lang.locale) if name == exercise_archive.PAGE else {}
    for fence in fences.python_fences(SITE, page_path(lang, name)):
        if DEFAULT in fence.releases and fence.source().strip() not in changed:
            shown = outputs.shown_on(fence, DEFAULT)
            found.append((fence.where, outputs.normalise(shown.content) if shown else ""))
    return found


def is_check(cell) -> bool:
    return output_check.TAG in cell.metadata.get("tags", [])


def checks(nb) -> dict[int, str]:
    """{example: what its `check_output(N)` cell printed} of a notebook that ran."""
    return {int(re.fullmatch(r"check_output\((\d+)\)", cell.source)[1]): printed(cell)
            for cell in nb.cells if is_check(cell) and cell.source.startswith("check_output(")
            and SKIP not in cell.metadata.get("tags", [])}


def summary(nb) -> str:
    cell = nb.cells[-1]
    assert cell.source == "check_output.summary()", "the notebook does not end with its summary"
    errors = [f"{o.ename}: {o.evalue}" for o in cell.outputs if o.output_type == "error"]
    assert not errors, errors
    return printed(cell)


def matching(lang: model.Language, name: str, release: str) -> dict[int, str]:
    """{example: "✓ matches PyTorch …" naming every release that prints what `release` prints}
    of the page's examples that show an output and run on `release`."""
    text = SITE.extra(lang.locale)["strings"]["output_check_matches"]
    python = [f for f in fences.page_fences(SITE, page_path(lang, name))
              if f.lang in fences.PYTHON_LANGS]
    found = {}
    for example, fence in enumerate(python, 1):
        if "notest" in fence.options or release not in fence.releases or \
                not fences.output_fences(fence):
            continue
        group = next(rs for rs, _ in output_check.verified(fence) if release in rs)
        found[example] = text.format(releases=", ".join(group))
    return found


def printed(cell) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", [])
                   if o.get("output_type") == "stream" and o.get("name") == "stdout")


# Every page of every language, those not translated yet too: they take home English.
CODE_PAGES = [(lang, name) for lang in LANGS for name in SITE.pages(SITE.default)
              if expected(lang, name)]
IDS = [f"{lang.locale}/{name}" for lang, name in CODE_PAGES]
# The default language's notebooks run: a translation's have the same code (the translation
# checks hold a page's code to the English one's) and differ in prose only.
RUN_PAGES = [(lang, name) for lang, name in CODE_PAGES if lang.default]


@pytest.fixture(scope="module", autouse=True)
def runs_started(request):
    """The notebooks chosen start with this module's first test, two at a time (the probe's test
    comes first when chosen without its notebook's)."""
    for item in request.session.items:
        if getattr(item, "originalname", "").startswith("test_notebook_prints_"):
            started(*(item.callspec.params[key] for key in ("lang", "name")))


@pytest.mark.parametrize("lang, name", RUN_PAGES, ids=[f"{lang.locale}/{name}"
                                                       for lang, name in RUN_PAGES])
def test_notebook_prints_the_page_outputs_in_a_fresh_kernel(lang, name):
    """In a fresh kernel, on the default release: the notebook says it was verified there."""
    nb = started(lang, name).result()
    code = [cell for cell in nb.cells if cell.cell_type == "code" and not is_check(cell)
            and notebooks.WORKBOOK_TAG not in cell.metadata.get("tags", [])]
    want = expected(lang, name)
    code = code[len(code) - len(want):]  # after the install cell and the checker's set-up
    ran = 0
    for cell, (where, text) in zip(code, want, strict=True):
        if SKIP in cell.metadata.get("tags", []):
            continue
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, (f"{where}: its notebook cell failed: {errors[0].ename}: "
                            f"{errors[0].evalue}")
        extra = [o.output_type for o in cell.outputs if o.output_type != "stream"]
        assert not extra, f"{where}: its notebook cell shows {extra} besides what it prints"
        assert outputs.normalise(printed(cell)) == text, (
            f"{where}: its notebook cell printed something else than the page's output on "
            f"PyTorch {DEFAULT}:\n{printed(cell)}")
        ran += 1
    assert ran, f"docs/{lang.locale}/{name}: no cell of its notebook ran"
    # the workbook prints the learner's own results: no verified release's to compare with
    said = checks(nb)
    want_said = {} if name == exercise_archive.PAGE else matching(lang, name, DEFAULT)
    for example, text in said.items():
        assert text.strip() == want_said[example], (
            f"docs/{lang.locale}/{name}#example-{example}: on {DEFAULT} its check says "
            f"{text!r}, not {want_said[example]!r}")
    skipped = {int(re.search(r"\d+", cell.source)[0]) for cell in nb.cells
               if is_check(cell) and SKIP in cell.metadata.get("tags", [])}
    assert set(said) | skipped == set(want_said), (
        f"docs/{lang.locale}/{name}: examples checked {sorted(said)}, skipped "
        f"{sorted(skipped)}; the page shows the output of {sorted(want_said)}")
    if want_said:
        strings = SITE.extra(lang.locale)["strings"]
        assert strings["output_check_same"] in summary(nb), summary(nb)


def test_the_project_cannot_be_imported_where_the_notebooks_run():
    probes = started(*RUN_PAGES[0]).result().cells[:len(PROBED)]
    for name, cell in zip(PROBED, probes, strict=True):
        error = [o.ename for o in cell.outputs if o.output_type == "error"]
        assert error == ["ModuleNotFoundError"], (
            f"`import {name}` in the notebooks' kernel: {error or 'imported'}; only torch may "
            "be importable there (SITECUSTOMIZE)")
    script = run(folder_for(), "-c", "import snippets")
    assert "ModuleNotFoundError: No module named 'snippets'" in script.stderr, script.stderr


def test_a_snippet_is_inlined_once_and_again_after_the_page_rebinds_its_names():
    inliner = notebooks.Inliner(SITE)
    first = inliner.cell("from snippets.shared.my_relu import MyReLU\nprint(1)\n", "page.md:1")
    assert "class MyReLU(torch.autograd.Function):" in first and "import snippets" not in first
    assert 'if __name__ == "__main__":' not in first
    again = inliner.cell("from snippets.shared.my_relu import MyReLU\n", "page.md:9")
    assert again.startswith("# MyReLU: defined above, from snippets/shared/my_relu.py")
    inliner.cell("class MyReLU:\n    pass\n", "page.md:20")  # the page's own MyReLU
    third = inliner.cell("from snippets.shared.my_relu import MyReLU\n", "page.md:30")
    assert "class MyReLU(torch.autograd.Function):" in third


@pytest.mark.parametrize("source", ["import snippets.shared.my_relu\n",
                                    "def f():\n    from snippets.shared.my_relu import MyReLU\n"])
def test_an_import_that_cannot_be_inlined_names_the_fence(source):
    with pytest.raises(model.PageError, match=r"^page\.md:7: only a top-level `from snippets"):
        notebooks.Inliner(SITE).cell(source, "page.md:7")


@pytest.mark.parametrize("lang, name", CODE_PAGES, ids=IDS)
def test_the_files_carry_every_release_and_the_script_is_the_notebook(lang, name):
    th = made(lang, name)
    nb = nbformat.reads(th.notebook, as_version=4)
    page = f"docs/{lang.locale}/{name}"
    comments = {line.removeprefix("#").strip() for line in th.script.splitlines()
                if line.startswith("#")}
    first, install = nb.cells[0].source, nb.cells[1]
    inliner = notebooks.Inliner(SITE)
    changed = notebooks.workbook_sources(SITE, lang.locale) if name == exercise_archive.PAGE else {}
    for fence in fences.python_fences(SITE, page_path(lang, name)):
        if DEFAULT not in fence.releases or fence.source().strip() in changed:
            continue
        source = inliner.cell(fence.source(), fence.where).rstrip("\n")
        index = next((i for i, cell in enumerate(nb.cells)
                      if cell.cell_type == "code" and cell.source == source), None)
        assert index is not None, f"{fence.where}: no notebook cell holds this fence's code"
        after = [cell.source for cell in itertools.takewhile(
            lambda cell: cell.cell_type == "markdown", nb.cells[index + 1:])]
        for shown in fences.output_fences(fence):
            text, releases = outputs.normalise(shown.content), outputs.shown_releases(shown)
            if DEFAULT in releases:
                assert outputs.normalise(printed(nb.cells[index])) == text, (
                    f"{fence.where}: the cell's saved output is not the page's for {DEFAULT}")
                continue
            assert any(f"**{shown.title}**" in md and text in md for md in after), (
                f"{fence.where}: the output the page shows for {', '.join(releases)} (line "
                f"{shown.open_line}) is not in a Markdown cell right after its notebook cell")
            missing = [line for line in text.splitlines() if line.strip() not in comments]
            assert not missing, (f"{fence.where}: the script lacks, as a comment, the output "
                                 f"line {missing[0]!r} of {shown.title}")
            for release in releases:
                line = next(x for x in first.splitlines() if f"PyTorch {release}**" in x)
                assert "](#" in line, (f"{fence.where}: PyTorch {release} prints something "
                                       "else here, and the first cell links no section for it")
    for release in SITE.torch.all:
        assert f"**PyTorch {release}**" in first, f"{page}: the first cell lacks {release}"
    assert install.source == f"%pip install torch=={DEFAULT}", install.source
    assert install.metadata.get("tags") == [notebooks.INSTALL_TAG], (
        f"{page}: the install cell is not tagged {notebooks.INSTALL_TAG!r}: the tests' kernel "
        "would install torch again")
    markdown = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")
    dead = set(re.findall(r"\]\(#([^)]+)\)", markdown)) - \
        set(re.findall(r'<a id="([^"]+)"></a>', markdown))
    assert not dead, f"{page}: its notebook links #{sorted(dead)[0]}, no cell has that id"
    back = jupytext.reads(th.script, fmt="py:percent")
    assert [(c.cell_type, c.source) for c in back.cells] == \
        [(c.cell_type, c.source) for c in nb.cells], f"{page}: the script is not the notebook"
    compile(th.script, th.script_uri, "exec")  # `python page.py` runs it: `%pip` a comment


def test_the_files_are_named_by_page_and_language():
    taken = {}
    for lang, name in CODE_PAGES:
        for uri in (made(lang, name).notebook_uri, made(lang, name).script_uri):
            base = pathlib.PurePath(uri).name
            assert base not in taken, f"{uri} and {taken[base]} download under one name"
            assert not base.startswith("index."), uri
            taken[base] = uri


def test_the_checker_cell_says_where_the_checker_is_when_it_cannot_download_it():
    folder, page = folder_for(), "https://example.org/docs/exercise/"
    (folder / "cell.py").write_text(notebooks.checker_cell(
        "http://127.0.0.1:9/", page, lambda key: SITE.text(key, SITE.default)), encoding="utf-8")
    result = run(folder, "cell.py")
    assert f"download {exercise_archive.NAME} from {page} into {folder}" in result.stderr, \
        result.stderr[-2000:]
    assert notebooks.local("http://127.0.0.1:8000/") and not notebooks.local(page)


def test_the_downloaded_checker_and_starter_work_as_the_page_says(site):
    """The starter is the page's, and its docstring's commands are the page's: run beside it,
    they report its failed checks; the usage line has no `check`."""
    downloads = (site / page_dest(LANGS[0], exercise_archive.PAGE)).parent
    archive, starter = downloads / exercise_archive.NAME, downloads / exercise_archive.STARTER
    assert starter.read_bytes() == (ROOT / "exercise/starter.py").read_bytes()
    doc = ast.get_docstring(ast.parse(starter.read_text(encoding="utf-8"))) or ""
    commands = [line.split()[1:] for line in doc.splitlines() if line.lstrip()[:7] == "python "]
    page = (SITE.docs / SITE.default / exercise_archive.PAGE).read_text(encoding="utf-8")
    assert commands and all(" ".join(["python", *c]) in page for c in commands), (
        f"the starter's docstring says {commands}, not a command of the exercise page")
    assert ".venv" not in doc and "snippets" not in doc, doc
    # The reference solution and the Russian report from the same archive are the exercise
    # notebook's cells; here its `__main__`, the one part the notebook does not run.
    with ThreadPoolExecutor(2) as threads:
        *started, usage = threads.map(lambda r: run(*r), [
            *((folder_for(archive, starter), *command) for command in commands),
            (folder_for(archive), exercise_archive.NAME)])
    for command, result in zip(commands, started):
        assert result.returncode == 1 and "of 8 required checks passed" in result.stdout, (
            f"`python {' '.join(command)}` beside the downloads: exit {result.returncode}\n"
            f"{result.stdout[-2000:]}{result.stderr[-2000:]}")
    usage_line = f"usage: python {exercise_archive.NAME} [-h] [--lang CODE] [--timeout SECONDS]"
    assert usage.returncode == 2 and usage.stderr.startswith(usage_line), usage.stderr
    assert f"{exercise_archive.NAME} check" not in usage.stderr, usage.stderr


@pytest.mark.parametrize("lang", LANGS, ids=[lang.locale for lang in LANGS])
def test_every_page_with_code_links_its_notebook_and_script(site, lang):
    """On the session's build: the links above each page with code (`<p class="take-home">`)
    lead to files that are, byte for byte, the ones checked above."""
    pages = [name for code_lang, name in CODE_PAGES if code_lang == lang]
    assert pages, f"no page in {lang.locale!r} has code"
    for name in pages:
        page = site / page_dest(lang, name)
        html = page.read_text(encoding="utf-8")
        box = re.search(r'<p class="take-home">(.*?)</p>', html, re.S)
        hrefs = re.findall(r'<a [^>]*href="([^"]+)"', box[1]) if box else []
        for suffix, text in ((".ipynb", made(lang, name).notebook),
                             (".py", made(lang, name).script)):
            linked = [href for href in hrefs if href.endswith(suffix) and "://" not in href]
            assert len(linked) == 1, f"{page}: no single link to its {suffix} above the title"
            target = page.parent / linked[0]
            assert target.is_file(), f"{page}: its link {linked[0]} leads to no file"
            assert target.read_text(encoding="utf-8") == text, (
                f"{target}: not the file the tests checked (was the site built with another "
                "SITE_URL?)")


CHECKED_PAGE = "relu-vs-clamp.md"
OTHER = SITE.torch.ascending()[0]  # the oldest release, not the default
EXTRA = "one line more"
REPO = "https://github.com/example/docs"


def checked_take_home(lang: model.Language, repo_url: str | None = None) -> notebooks.TakeHome:
    """CHECKED_PAGE's files, as a build with REPO_URL=`repo_url` makes them."""
    site = SITE if repo_url is None else model.Site.load(ROOT)
    if repo_url:
        site.config["repo_url"] = repo_url
    return notebooks.take_home(site, page_path(lang, CHECKED_PAGE),
                               page_dest(lang, CHECKED_PAGE), lang.locale)


@pytest.fixture(scope="module")
def changed_run():
    """On another release, with a repository: the notebook with its first checked example
    printing one line more, and that example's check run twice."""
    assert OTHER != DEFAULT
    nb = nbformat.reads(checked_take_home(LANGS[0], REPO).notebook, as_version=4)
    for cell in nb.cells:
        if notebooks.INSTALL_TAG in cell.metadata.get("tags", []):
            cell.metadata["tags"] = [SKIP]
    check = next(i for i, cell in enumerate(nb.cells) if is_check(cell)
                 and cell.source.startswith("check_output("))
    example = int(re.search(r"\d+", nb.cells[check].source)[0])
    code = next(i for i in range(check - 1, 0, -1) if nb.cells[i].cell_type == "code")
    nb.cells[code].source += f"\nprint({EXTRA!r})"
    nb.cells.insert(check + 1, nbformat.from_dict(dict(nb.cells[check], id="check-again")))
    return example, POOL.submit(run_notebook, nb, folder_for(), OTHER)


def test_on_another_release_each_example_names_the_release_it_matches_or_its_difference(
        changed_run):
    example, run = changed_run
    nb, lang = run.result(), LANGS[0]
    strings = SITE.extra(lang.locale)["strings"]
    said, want = checks(nb), matching(lang, CHECKED_PAGE, OTHER)
    again = next(i for i, cell in enumerate(nb.cells) if cell.get("id") == "check-again")
    assert printed(nb.cells[again]) == printed(nb.cells[again - 1]), (
        "a check run twice says something else the second time")
    assert set(said) == set(want), (sorted(said), sorted(want))
    for n, text in said.items():
        assert n == example or text.strip() == want[n], (
            f"docs/{lang.locale}/{CHECKED_PAGE}#example-{n} on {OTHER}: {text!r}")
    assert said[example].startswith(strings["output_check_differs"].split("{")[0]), \
        said[example]
    assert f"+{EXTRA}" in said[example].splitlines(), (
        f"the difference shown is not the extra line:\n{said[example]}")
    total = summary(nb)
    assert f"{OTHER}" in total.splitlines()[0], total  # the reader's torch, its build included
    assert strings["output_check_count"].format(
        release=OTHER, matched=len(want) - 1, total=len(want)) in total, total
    assert strings["output_check_differ"].format(count=1, total=len(want)) in total, total
    assert f"#example-{example}" in total, total
    issue = next(line for line in total.splitlines() if line.startswith(f"{REPO}/issues/new?"))
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(issue).query)
    assert f"#example-{example}" in query["body"][0] and "PyTorch" in query["title"][0], query
    assert f"+{EXTRA}" in query["body"][0].splitlines(), "the issue does not show the difference"


def test_the_script_checks_the_readers_torch_as_the_notebook_does():
    """The script, in the other language, run by plain Python on another release."""
    lang, folder = LANGS[-1], folder_for()
    (folder / "page.py").write_text(checked_take_home(lang).script, encoding="utf-8")
    result = run(folder, "page.py", release=OTHER)
    assert result.returncode == 0, result.stderr[-3000:]
    strings = SITE.extra(lang.locale)["strings"]
    said = [line for line in result.stdout.splitlines()
            if line.startswith(strings["output_check_matches"].split("{")[0])
            or line.startswith(strings["output_check_differs"].split("{")[0])]
    assert said == list(matching(lang, CHECKED_PAGE, OTHER).values()), said
    assert strings["output_check_same"] in result.stdout, result.stdout[-2000:]


def test_a_block_s_options_and_a_link_s_attributes_do_not_reach_the_notebook():
    page = ["/// tab | Report", "    select: true", "    type: note", "", "Text: with a colon.",
            "///", "Get [`a.pyz`](a.pyz){ download=a.pyz }, then {x} stays."]
    assert notebooks.prose(page, "https://x/") == (
        "**Report**\n\nText: with a colon.\nGet [`a.pyz`](https://x/a.pyz), then {x} stays.")


def test_the_first_cell_names_one_differing_section_in_the_singular():
    releases = [r for r in SITE.torch.ascending() if r != SITE.torch.default]
    for sections, key in (({"[A](#a)": None}, "take_home_differs_one"),
                          ({"[A](#a)": None, "[B](#b)": None}, "take_home_differs")):
        found = notebooks.PageCells("T", [], False, {releases[0]: sections})
        first = notebooks.first_cell(found, "https://x/", SITE.torch,
                                     lambda k: k + (" {sections}" if "differs" in k else ""))
        assert f"{key} {', '.join(sections)}" in first, first
