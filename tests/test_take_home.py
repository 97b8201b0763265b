"""What a reader takes home from the site runs without the repository and carries every release
(verified_docs/notebooks.py, verified_docs/exercise_archive.py).

Every page's notebook runs top to bottom in a fresh Jupyter kernel (nbclient, ipykernel) and its
script with `python page.py`, each in a temporary folder outside the repository, in a Python
where only torch and the like are importable: the project's own packages are not (the kernel and
the script start with a sitecustomize that drops the repository and the editable install from
the import path; a test proves that `import snippets` and `import verified_docs` fail there).
What each prints must be the page's output fences for the default release, the one the tests
have installed (the install cell, tagged `install`, is skipped). The other releases' outputs are
checked in the files, in process: each output fence of the page, for every release, is in the
notebook after its cell and in the script as comments, the first cell names every release, and
the `-38` is there wherever its page shows it. The downloaded checker judges a solution in such a
folder too, as the starter's own instructions say. The files run are made by the same function
the build uses, and the built site's are compared with them byte for byte.

The runs take a minute or more together: they all start with this module's first test, two at
a time, torch on one thread in each.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import textwrap
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from tests.repo import ROOT, SITE
from verified_docs import exercise_archive, fences, notebooks, outputs
from verified_docs import site as model

TIMEOUT = 600
LANGS = SITE.built_languages
SITE_URL = SITE.config["site_url"]

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
    stem = name.removesuffix(".md")
    return lang.prefix + ("index.html" if stem == "index" else f"{stem}/index.html")


def made(lang: model.Language, name: str) -> notebooks.TakeHome | None:
    """The page's notebook and script, as the build makes them."""
    path = SITE.docs / lang.locale / name
    default = SITE.docs / SITE.default / name
    strings = SITE.extra(lang.locale).get("strings") or {}
    return notebooks.take_home(path if path.exists() else default, page_dest(lang, name),
                               SITE_URL, lang.prefix, strings)


def isolated(folder: pathlib.Path) -> dict:
    """The environment of a run: the default release, the project out of reach."""
    guard = folder / ".guard"
    guard.mkdir(exist_ok=True)
    (guard / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env.update(PYTHONPATH=str(guard), OMP_NUM_THREADS="1", PYTHONDONTWRITEBYTECODE="1",
               IPYTHONDIR=str(folder / ".ipython"), PYDEVD_DISABLE_FILE_VALIDATION="1")
    return env


def folder_for(th: notebooks.TakeHome | None) -> pathlib.Path:
    folder = pathlib.Path(tempfile.mkdtemp(prefix="take-home-"))
    assert not folder.resolve().is_relative_to(ROOT.resolve())
    if th is not None and th.needs_checker:  # downloaded beside it, as the page offers
        (folder / exercise_archive.NAME).write_bytes(exercise_archive.archive(SITE))
    return folder


def run_notebook(text: str, folder: pathlib.Path) -> dict:
    """The notebook executed in a fresh kernel in `folder`; the executed notebook."""
    import nbclient
    import nbformat
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
    nb = nbformat.reads(text, as_version=4)
    client = nbclient.NotebookClient(nb, km=km, timeout=TIMEOUT, startup_timeout=120,
                                     allow_errors=True,
                                     skip_cells_with_tag=notebooks.INSTALL_TAG,
                                     resources={"metadata": {"path": str(folder)}})
    try:
        client.execute(env=isolated(folder), cwd=str(folder))
    finally:  # a kernel manager given to nbclient is left running by it
        if km.has_kernel:
            km.shutdown_kernel(now=True)
    return nb


def run_script(text: str, folder: pathlib.Path, name: str) -> subprocess.CompletedProcess:
    (folder / name).write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-X", "utf8", name], cwd=folder,
                          env=isolated(folder), capture_output=True, text=True,
                          timeout=TIMEOUT)


# Every page of every language, those not translated yet (no file) too: they take home English.
PAGES = [(lang, name) for lang in LANGS for name in SITE.pages(SITE.default)]
RUNS: dict = {}  # (kind, page) -> Future of the run
POOL: list = []


def started(th: notebooks.TakeHome, kind: str) -> Future:
    """The run of this notebook or script."""
    key = kind, th.notebook_uri
    if key not in RUNS:
        if not POOL:
            POOL.append(ThreadPoolExecutor(2))
        if kind == "notebook":
            RUNS[key] = POOL[0].submit(run_notebook, th.notebook, folder_for(th))
        else:
            RUNS[key] = POOL[0].submit(run_script, th.script, folder_for(th),
                                       pathlib.PurePath(th.script_uri).name)
    return RUNS[key]


def start(nodeids: list[str]) -> None:
    """Start the notebook and script runs whose tests are among `nodeids` (the session's)."""
    pages = [(lang, name, made(lang, name)) for lang, name in PAGES]
    # The exercise's runs first: they take longest (each checks a dozen solutions).
    pages.sort(key=lambda page: not (page[2] and page[2].needs_checker))
    for lang, name, th in pages:
        if th is None:
            continue
        for kind in ("notebook", "script"):
            if any(f"::test_{kind}" in n and n.endswith(f"[{lang.locale}/{name}]")
                   for n in nodeids):
                started(th, kind)


@pytest.fixture(scope="module", autouse=True)
def runs_started(request):
    """The session's runs start with this module's first test, on the pytest-xdist worker that
    got the module (tests/conftest.py), and run two at a time."""
    start([item.nodeid for item in request.session.items])


def expected(lang: model.Language, name: str) -> list[tuple[str, str]]:
    """(page:line, what it prints on the default release) of every fence the default release
    runs, in order: read from the page's output fences."""
    path = SITE.docs / lang.locale / name
    if not path.exists():  # not translated yet: the English page in its place
        path = SITE.docs / SITE.default / name
    release = SITE.torch.default
    found = []
    for fence in fences.python_fences(path):
        if release not in fence.releases:
            continue
        shown = outputs.shown_on(fence, release)
        found.append((fence.where, outputs.normalise(shown.content) if shown else ""))
    return found


def printed(cell) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", [])
                   if o.get("output_type") == "stream" and o.get("name") == "stdout")


CODE_PAGES = [(lang, name) for lang, name in PAGES if expected(lang, name)]
# The default language's files run: a translation's have the same code (the translation checks
# hold a page's code to the English one's) and differ in prose only.
RUN_PAGES = [(lang, name) for lang, name in CODE_PAGES if lang.default]
IDS = [f"{lang.locale}/{name}" for lang, name in RUN_PAGES]


@pytest.mark.parametrize("lang, name", RUN_PAGES, ids=IDS)
def test_notebook_prints_the_page_outputs_in_a_fresh_kernel(lang, name):
    """Default release only: the notebook says it was verified with that one."""
    nb = started(made(lang, name), "notebook").result()
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    want = expected(lang, name)
    code = code[len(code) - len(want):]  # after the install cell and the checker's set-up
    for cell, (where, text) in zip(code, want, strict=True):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, (f"{where}: its notebook cell failed: {errors[0].ename}: "
                            f"{errors[0].evalue}")
        extra = [o.output_type for o in cell.outputs if o.output_type != "stream"]
        assert not extra, f"{where}: its notebook cell shows {extra} besides what it prints"
        assert outputs.normalise(printed(cell)) == text, (
            f"{where}: its notebook cell printed something else than the page's output on "
            f"PyTorch {SITE.torch.default}:\n{printed(cell)}")


@pytest.mark.parametrize("lang, name", RUN_PAGES, ids=IDS)
def test_script_prints_the_page_outputs(lang, name):
    """Default release only, as the notebook."""
    result = started(made(lang, name), "script").result()
    assert result.returncode == 0, f"docs/{lang.locale}/{name}: its script failed:\n" \
                                   f"{result.stderr[-3000:]}"
    want = "".join(text for _, text in expected(lang, name))
    assert outputs.normalise(result.stdout) == outputs.normalise(want), (
        f"docs/{lang.locale}/{name}: its script printed something else than the page's "
        f"outputs on PyTorch {SITE.torch.default}")


def test_the_project_cannot_be_imported_where_the_notebooks_run():
    import nbformat
    from nbformat import v4

    nb = v4.new_notebook(cells=[v4.new_code_cell(f"import {name}")
                                for name in ("torch", "snippets", "verified_docs")])
    ran = run_notebook(nbformat.writes(nb), folder_for(None))
    errors = [[o.ename for o in cell.outputs if o.output_type == "error"] for cell in ran.cells]
    for name, error in zip(("torch", "snippets", "verified_docs"), errors):
        want = [] if name == "torch" else ["ModuleNotFoundError"]
        assert error == want, (f"`import {name}` in the notebooks' kernel: {error or 'imported'}; "
                               "only torch may be importable there (SITECUSTOMIZE)")
    script = run_script("import snippets\n", folder_for(None), "page.py")
    assert "ModuleNotFoundError: No module named 'snippets'" in script.stderr, script.stderr


# ---- the inlining, in process ------------------------------------------------------------------

def test_a_snippet_is_inlined_once_and_again_after_the_page_rebinds_its_names():
    inliner = notebooks.Inliner(SITE)
    first = inliner.cell("from snippets.my_relu import MyReLU\nprint(1)\n", "page.md:1")
    assert "class MyReLU(torch.autograd.Function):" in first and "import snippets" not in first
    assert 'if __name__ == "__main__":' not in first
    again = inliner.cell("from snippets.my_relu import MyReLU\n", "page.md:9")
    assert again.startswith("# MyReLU: defined above, from snippets/my_relu.py")
    inliner.cell("class MyReLU:\n    pass\n", "page.md:20")  # the page's own MyReLU
    third = inliner.cell("from snippets.my_relu import MyReLU\n", "page.md:30")
    assert "class MyReLU(torch.autograd.Function):" in third


def test_an_import_that_cannot_be_inlined_names_the_fence():
    with pytest.raises(model.PageError, match=r"^page\.md:7: `import snippets…` cannot be"):
        notebooks.Inliner(SITE).cell("import snippets.my_relu\n", "page.md:7")
    with pytest.raises(model.PageError, match=r"^page\.md:8: an import of snippets\.my_relu"):
        notebooks.Inliner(SITE).cell("def f():\n    from snippets.my_relu import MyReLU\n",
                                 "page.md:8")


# ---- every release in the files, in process -----------------------------------------------------

IN_ALL = [(lang, name) for lang, name in CODE_PAGES]
ALL_IDS = [f"{lang.locale}/{name}" for lang, name in IN_ALL]


def page_path(lang: model.Language, name: str) -> pathlib.Path:
    path = SITE.docs / lang.locale / name
    return path if path.exists() else SITE.docs / SITE.default / name


def cells_after(nb, where: str, source: str) -> tuple[object, list[str]]:
    """The code cell whose source is `source`, and the Markdown cells right after it."""
    index = next((i for i, cell in enumerate(nb.cells)
                  if cell.cell_type == "code" and cell.source == source), None)
    assert index is not None, f"{where}: no notebook cell holds this fence's code"
    after = []
    for cell in nb.cells[index + 1:]:
        if cell.cell_type != "markdown":
            break
        after.append(cell.source)
    return nb.cells[index], after


@pytest.mark.parametrize("lang, name", IN_ALL, ids=ALL_IDS)
def test_every_release_output_of_a_cell_is_in_the_notebook_and_the_script(lang, name):
    """Read from the page's output fences: the default release's is the cell's saved output;
    every other one follows the cell, under the fence's title, and is in the script as
    comments."""
    import nbformat

    th = made(lang, name)
    nb = nbformat.reads(th.notebook, as_version=4)
    inliner = notebooks.Inliner(SITE)
    default = SITE.torch.default
    comments = {line.removeprefix("#").strip() for line in th.script.splitlines()
                if line.startswith("#")}
    for fence in fences.python_fences(page_path(lang, name)):
        if default not in fence.releases:
            continue
        source = inliner.cell(fence.source(), fence.where).rstrip("\n")
        cell, after = cells_after(nb, fence.where, source)
        for shown in fences.output_fences(fence):
            text = outputs.normalise(shown.content)
            if default in outputs.shown_releases(shown):
                assert outputs.normalise(printed(cell)) == text, (
                    f"{fence.where}: the cell's saved output is not the page's for {default}")
                continue
            assert any(f"**{shown.title}**" in md and text in md for md in after), (
                f"{fence.where}: the output the page shows for "
                f"{', '.join(outputs.shown_releases(shown))} (line {shown.open_line}) is not in "
                "a Markdown cell right after the notebook's cell, under its title")
            missing = [line for line in text.splitlines() if line.strip() not in comments]
            assert not missing, (f"{fence.where}: the script lacks, as a comment, the output "
                                 f"line {missing[0]!r} of {shown.title}")


@pytest.mark.parametrize("lang, name", IN_ALL, ids=ALL_IDS)
def test_the_first_cells_name_every_release_and_install_the_default_one(lang, name):
    import nbformat

    th = made(lang, name)
    nb = nbformat.reads(th.notebook, as_version=4)
    first, install = nb.cells[0], nb.cells[1]
    for release in SITE.torch.all:
        assert f"**PyTorch {release}**" in first.source, (
            f"docs/{lang.locale}/{name}: the notebook's first cell does not say what PyTorch "
            f"{release} prints")
    # A release that prints something else is sent to the sections where it does.
    for fence in fences.python_fences(page_path(lang, name)):
        for shown in fences.output_fences(fence):
            if SITE.torch.default in outputs.shown_releases(shown):
                continue
            for release in outputs.shown_releases(shown):
                line = next(x for x in first.source.splitlines() if f"PyTorch {release}**" in x)
                assert "](#" in line, (f"{fence.where}: PyTorch {release} prints something else "
                                       "here, and the first cell's line on it links no section")
    assert install.cell_type == "code" and install.source == \
        f"%pip install torch=={SITE.torch.default}", install.source
    assert install.metadata.get("tags") == [notebooks.INSTALL_TAG]
    assert f"# %pip install torch=={SITE.torch.default}" in th.script


def test_every_notebook_shows_the_minus_38_where_its_page_does():
    """The question's -38, which 2.13.0 prints: each output line of a page that shows it is a
    line of its notebook (in an output block, not only the prose's `-38`) and a comment of its
    script."""
    import nbformat

    found = 0
    for lang, name in IN_ALL:
        lines = {line for fence in fences.python_fences(page_path(lang, name))
                 for shown in fences.output_fences(fence)
                 for line in outputs.normalise(shown.content).splitlines() if "-38" in line}
        if not lines:
            continue
        found += 1
        th = made(lang, name)
        nb = nbformat.reads(th.notebook, as_version=4)
        in_notebook = {line for cell in nb.cells
                       for text in [cell.source, *(o.get("text", "") for o in
                                                   cell.get("outputs", []))]
                       for line in text.splitlines()}
        in_script = {line.removeprefix("# ") for line in th.script.splitlines()}
        for line in sorted(lines):
            assert line in in_notebook, f"docs/{lang.locale}/{name}: its notebook lacks {line!r}"
            assert line in in_script, f"docs/{lang.locale}/{name}: its script lacks {line!r}"
    assert found, "no page's output shows the -38 any more: is this test still needed?"


@pytest.mark.parametrize("lang, name", IN_ALL, ids=ALL_IDS)
def test_in_notebook_links_lead_to_an_anchor_in_the_notebook(lang, name):
    import re

    import nbformat

    nb = nbformat.reads(made(lang, name).notebook, as_version=4)
    text = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert links, f"docs/{lang.locale}/{name}: no in-notebook link (the first cell's are gone?)"
    dead = sorted(links - anchors)
    assert not dead, f"docs/{lang.locale}/{name}: its notebook links #{dead[0]}, no cell has it"


@pytest.mark.parametrize("lang, name", IN_ALL, ids=ALL_IDS)
def test_the_script_is_the_notebook_in_the_percent_format(lang, name):
    """jupytext reads the script back as the notebook's cells, the install cell's `%pip`
    included (commented out in the script, so that `python` runs it)."""
    import jupytext
    import nbformat

    th = made(lang, name)
    nb = nbformat.reads(th.notebook, as_version=4)
    back = jupytext.reads(th.script, fmt="py:percent")
    assert [(c.cell_type, c.source) for c in back.cells] == \
        [(c.cell_type, c.source) for c in nb.cells]


def test_the_files_are_named_by_page_and_language():
    taken = {}
    for lang, name in IN_ALL:
        th = made(lang, name)
        for uri in (th.notebook_uri, th.script_uri):
            base = pathlib.PurePath(uri).name
            assert base not in taken, f"{uri} and {taken[base]} download under one name"
            assert not base.startswith("index."), uri
            taken[base] = uri


def test_the_checker_cell_says_where_the_checker_is_when_it_cannot_download_it():
    folder = folder_for(None)
    page = "https://example.org/docs/exercise/"
    cell = notebooks.checker_cell("http://127.0.0.1:9/" + exercise_archive.NAME, page)
    result = run_script(cell, folder, "cell.py")
    assert f"download {exercise_archive.NAME} from {page} into {folder}" in result.stderr, \
        result.stderr[-2000:]
    assert notebooks.local("http://127.0.0.1:8000/") and not notebooks.local(page)


# ---- the exercise from the site alone -------------------------------------------------------

@pytest.fixture(scope="module")
def downloaded(site):
    """The checker and the starter as a reader downloads them from the exercise page."""
    folder = folder_for(None)
    lang = LANGS[0]
    page = pathlib.Path(site / page_dest(lang, exercise_archive.PAGE)).parent
    for name in (exercise_archive.NAME, exercise_archive.STARTER):
        shutil.copy(page / name, folder / name)
    return folder


def check(downloaded: pathlib.Path, solution: pathlib.Path, *args: str):
    folder = folder_for(None)
    shutil.copy(downloaded / exercise_archive.NAME, folder)
    shutil.copy(solution, folder / "my_relu.py")
    return subprocess.run([sys.executable, exercise_archive.NAME, "my_relu.py", *args],
                          cwd=folder, env=isolated(folder), capture_output=True, text=True,
                          timeout=TIMEOUT)


def test_the_downloaded_checker_accepts_the_reference_solution(downloaded):
    result = check(downloaded, ROOT / "snippets/exercise/solution.py")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "8 of 8 required checks passed." in result.stdout


def test_the_downloaded_checker_rejects_a_wrong_solution_in_both_languages(downloaded):
    wrong = ROOT / "snippets/exercise/cases/inplace_grad_output.py"
    result = check(downloaded, wrong, "--lang", "ru")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "[НЕ ЗАЧТЕНО] 5." in result.stdout


def test_the_starter_downloaded_is_the_one_on_the_page(downloaded):
    assert (downloaded / exercise_archive.STARTER).read_bytes() == \
        (ROOT / "snippets/exercise/starter.py").read_bytes()


def test_the_starters_instructions_are_the_pages_and_work_where_it_was_downloaded(downloaded):
    """Its docstring's command is the exercise page's, not one of the repository; run as it
    says beside the downloaded checker, it reports the unchanged starter's failed checks."""
    import ast

    starter = (downloaded / exercise_archive.STARTER).read_text(encoding="utf-8")
    doc = ast.get_docstring(ast.parse(starter))
    commands = [line.strip() for line in doc.splitlines() if line.strip().startswith("python ")]
    page = (SITE.docs / SITE.default / exercise_archive.PAGE).read_text(encoding="utf-8")
    assert commands and all(command in page for command in commands), (
        f"the starter's docstring says {commands}, not a command of the exercise page")
    assert ".venv" not in doc and "snippets" not in doc, doc
    for command in commands:
        result = subprocess.run([sys.executable, *command.split()[1:]], cwd=downloaded,
                                env=isolated(downloaded), capture_output=True, text=True,
                                timeout=TIMEOUT)
        assert result.returncode == 1 and "of 8 required checks passed" in result.stdout, (
            f"`{command}` beside the downloads: exit {result.returncode}\n"
            f"{result.stdout[-2000:]}{result.stderr[-2000:]}")


def test_the_downloaded_checkers_usage_is_the_pages_command(downloaded):
    """No `check` word: the page runs `python check_custom_relu.pyz my_relu.py`."""
    result = subprocess.run([sys.executable, exercise_archive.NAME], cwd=downloaded,
                            env=isolated(downloaded), capture_output=True, text=True,
                            timeout=TIMEOUT)
    assert result.returncode == 2, result.stderr
    usage = f"usage: python {exercise_archive.NAME} [-h] [--lang CODE] [--timeout SECONDS]"
    assert result.stderr.startswith(usage), result.stderr
    assert f"{exercise_archive.NAME} check" not in result.stderr, result.stderr


# ---- the built site links what was run -------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS, ids=[lang.locale for lang in LANGS])
def test_every_page_with_code_links_its_notebook_and_script(site, lang):
    """On the session's build: the links above each page with code lead to files that exist
    and are, byte for byte, the ones run above."""
    import html.parser

    class Links(html.parser.HTMLParser):
        def __init__(self):
            super().__init__()
            self.inside, self.hrefs = False, []

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag == "p" and attrs.get("class") == "take-home":
                self.inside = True
            elif tag == "a" and self.inside:
                self.hrefs.append(attrs["href"])

        def handle_endtag(self, tag):
            if tag == "p":
                self.inside = False

    pages = [name for code_lang, name in CODE_PAGES if code_lang == lang]
    assert pages, f"no page in {lang.locale!r} has code"
    for name in pages:
        page = site / page_dest(lang, name)
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        th = made(lang, name)
        for suffix, text in ((".ipynb", th.notebook), (".py", th.script)):
            linked = [href for href in parser.hrefs if href.endswith(suffix)]
            assert len(linked) == 1, f"{page}: no single link to its {suffix} above the title"
            target = page.parent / linked[0]
            assert target.is_file(), f"{page}: its link {linked[0]} leads to no file"
            assert target.read_text(encoding="utf-8") == text, (
                f"{target}: not the file the tests ran (was the site built with another "
                "SITE_URL?)")
