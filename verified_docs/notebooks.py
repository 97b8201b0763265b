"""Each page with code as a notebook and as a script, for a reader to take home (a piece of the
build, verified_docs/plugin.py).

`docs/<lang>/why-clone.md` becomes `why-clone.ipynb` and `why-clone.py` next to the page's HTML
(`why-clone/` for the default language, `<lang>/why-clone/` for the others). Both are made from
exactly the fences the tests run (fences.python_fences), with their `--8<--` includes expanded by
the site's own snippets preprocessor; the page's prose between them becomes Markdown cells (the
script's `# %% [markdown]` comments, the percent format editors read as cells). The first cell
names the release the outputs were verified with and the `pip install torch==…` line a reader
needs; each code cell carries, as its saved output, that release's output fence.

Decisions, and why:

* Only the default release (the first line of requirements-torch.txt). A notebook runs in one
  environment, so a fence restricted to other releases (`torch="2.13"`) is left out, its prose
  kept: its code may not even run on the default release. Outputs saved in the notebook are the
  fence titled with the default release.
* A notebook runs every cell in one kernel, where the tests run each fence in a fresh process
  (and a `continuation` fence in the state of the one before). Continuation fences therefore
  need nothing special; that the other fences print the same with what the cells before them
  left behind is checked by running every notebook (tests/test_take_home.py).
* Nothing imports the project. The included snippets import one another
  (`from snippets.my_relu import MyReLU`): each such import is replaced by the imported module's
  code, without its `if __name__ == "__main__":` block, the first time a notebook needs it, and
  by a comment naming the module afterwards. The one exception is the exercise's checker, a
  package that starts a process of its own: pages that use it get a first code cell that opens
  the checker archive downloaded from the exercise page (check_custom_relu.pyz, which holds the
  reference solution and the wrong ones too) and puts it on `sys.path`.
"""

from __future__ import annotations

import ast
import dataclasses
import pathlib
import posixpath
import re

from mkdocs.plugins import get_plugin_logger

from verified_docs import exercise_archive, fences, outputs, site
from verified_docs.site import Site

log = get_plugin_logger(__name__)

SNIPPETS = "snippets"
PROVIDED = "snippets.exercise"  # shipped as the checker archive, not inlined

BLOCK_OPEN = re.compile(r"^/{3,}\s*(?P<kind>\w+)(?:\s*\|\s*(?P<title>.*))?$")
BLOCK_CLOSE = re.compile(r"^/{3,}\s*$")
HEADING_ID = re.compile(r"\s*\{\s*#[^}]*\}\s*$")
COMMENT = re.compile(r"<!--.*?-->", re.S)
# A link to another page or file of the site, relative: [text](mask.md#chain-rule)
LOCAL_LINK = re.compile(r"(\]\()(?![a-z]+:|#|/)([^)\s]+)(\))")


class Unsupported(site.PageError):
    """A fence the notebook cannot carry without the project."""


# ---- code: snippets inlined ------------------------------------------------------------------

def _main_block(node: ast.stmt) -> bool:
    return (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
            and isinstance(node.test.left, ast.Name) and node.test.left.id == "__name__")


def _module_path(root: pathlib.Path, module: str) -> pathlib.Path:
    return root / (module.replace(".", "/") + ".py")


class Inliner:
    """Replaces the project's imports in a notebook's code, cell after cell (one per notebook:
    it remembers which modules an earlier cell defined)."""

    def __init__(self, site: Site) -> None:
        self.site = site
        # module -> the names its code binds, while no later cell has bound one of them again
        # (then a cell that imports it gets its code again: the page's own `MyReLU` may have
        # replaced the module's by then)
        self.defined: dict[str, set[str]] = {}
        self.needs_checker = False

    def cell(self, source: str, where: str) -> str:
        """A fence's code, its imports of the project replaced."""
        code = self.code(source, where)
        tree = ast.parse(source)
        imported = {(a.asname or a.name) for node in tree.body
                    if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0]
                    == SNIPPETS for a in node.names}
        rebound = bound(tree) - imported  # by the fence's own code
        for module, names in list(self.defined.items()):
            if names & rebound:
                del self.defined[module]
        return code

    def code(self, source: str, where: str) -> str:
        return self._code(source, where)

    def _code(self, source: str, where: str) -> str:
        try:
            tree = ast.parse(source)
        except SyntaxError as exc:
            raise Unsupported(f"{where}: does not parse: {exc}") from None
        lines = source.splitlines(keepends=True)
        top = {id(node) for node in tree.body}
        replaced: list[tuple[int, int, str]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import) and any(
                    a.name.split(".")[0] == SNIPPETS for a in node.names):
                raise Unsupported(f"{where}: `import snippets…` cannot be inlined; write "
                                  "`from snippets.<module> import <name>`")
            if not (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                    and node.module.split(".")[0] == SNIPPETS):
                continue
            if node.module == PROVIDED or node.module.startswith(PROVIDED + "."):
                self.needs_checker = True
                continue
            if id(node) not in top:
                raise Unsupported(f"{where}: an import of {node.module} inside a block cannot "
                                  "be inlined; import it at the top of the code")
            replaced.append((node.lineno, node.end_lineno or node.lineno,
                             self.module(node.module, node.names, where)))
        for start, end, text in sorted(replaced, reverse=True):
            lines[start - 1:end] = [text]
        return "".join(lines)

    def module(self, module: str, names, where: str) -> str:
        path = _module_path(self.site.root, module)
        aliases = "".join(f"{alias.asname} = {alias.name}\n" for alias in names
                          if alias.asname and alias.asname != alias.name)
        shown = ", ".join(alias.name for alias in names)
        if module in self.defined:
            return f"# {shown}: defined above, from {self.site.relative(path)}\n{aliases}"
        if not path.is_file():
            raise Unsupported(f"{where}: imports {module}, which is not a file of the project")
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        lines = source.splitlines(keepends=True)
        for node in reversed(tree.body):
            if _main_block(node):
                del lines[node.lineno - 1:node.end_lineno]
        body = self._code("".join(lines).rstrip() + "\n", self.site.relative(path))
        names = bound(ast.parse(body))
        self.defined[module] = names
        rel = self.site.relative(path)
        return f"# --- {rel} ---\n{body}# --- end of {rel} ---\n" \
               + aliases


def bound(tree: ast.Module) -> set[str]:
    """The names a module's top level binds (assignments, defs, classes, imports, loops)."""
    names: set[str] = set()
    for node in tree.body:
        stack = [node]
        while stack:
            item = stack.pop()
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(item.name)
                continue  # their bodies bind names of their own scope
            if isinstance(item, ast.Lambda):
                continue
            if isinstance(item, ast.Name) and isinstance(item.ctx, ast.Store):
                names.add(item.id)
            elif isinstance(item, ast.alias):
                names.add((item.asname or item.name).split(".")[0])
            stack.extend(ast.iter_child_nodes(item))
    return names


# ---- prose ------------------------------------------------------------------------------------

def prose(lines: list[str], link_base: str) -> str:
    """A stretch of the page between two code cells as Markdown a notebook renders: the flat
    `/// details | Title` blocks become bold titles, heading ids and HTML comments go, and
    relative links point at the published site."""
    out = []
    for line in lines:
        stripped = line.strip()
        if BLOCK_CLOSE.match(stripped):
            continue
        opened = BLOCK_OPEN.match(stripped)
        if opened:
            if opened["title"]:
                out.append(f"**{opened['title'].strip()}**")
                out.append("")
            continue
        if stripped.startswith("#"):
            line = HEADING_ID.sub("", line)
        out.append(line)
    text = COMMENT.sub("", "\n".join(out))
    text = LOCAL_LINK.sub(lambda m: m[1] + absolute(m[2], link_base) + m[3], text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def absolute(target: str, link_base: str) -> str:
    """A page's relative link as the published address (`mask.md#x` -> `<site>/mask/#x`)."""
    path, _, anchor = target.partition("#")
    if path.endswith(".md"):
        path = path[:-3]
        path = "" if path == "index" else path.removesuffix("/index") + "/"
    url = link_base + path
    return url + (f"#{anchor}" if anchor else "")


# ---- the page as cells ------------------------------------------------------------------------

def cells(path: pathlib.Path, link_base: str, release: str) -> tuple[list[tuple], bool]:
    """[("markdown", text) | ("code", source, saved output)], and whether the cells need the
    checker archive. Empty when the page has no code the default release runs."""
    python = fences.python_fences(path)
    runs = [f for f in python if release in f.releases]
    if not runs:
        return [], False
    outputs_of = {f: fences.output_fences(f) for f in python}
    skipped: set[int] = set()
    for fence in python:
        skipped.update(range(fence.open_line, fence.close_line + 1))
        for out in outputs_of[fence]:
            skipped.update(range(out.open_line, out.close_line + 1))
    raw = Site.containing(path).read_text(path)
    _, body = Site.containing(path).front_matter(path)
    start = raw[:len(raw) - len(body)].count("\n")  # the lines of the front matter
    text = raw.splitlines()
    # The title heads the first cell (`notebook`), not the page's prose again.
    title_at = next((i for i, line in enumerate(text[start:], start + 1)
                     if line.startswith("# ")), None)
    if title_at is not None:
        skipped.add(title_at)
    inliner = Inliner(Site.containing(path))
    found: list[tuple] = []
    pending: list[str] = []
    code_at = {f.open_line: f for f in python}
    line_no = start + 1
    while line_no <= len(text):
        fence = code_at.get(line_no)
        if fence is not None:
            if fence in runs:
                if pending:
                    found.append(("markdown", prose(pending, link_base)))
                    pending = []
                source = inliner.cell(fence.source(), fence.where).rstrip("\n")
                shown = outputs.shown_on(fence, release)
                found.append(("code", source, shown.content if shown else None))
            last = max([fence.close_line] + [o.close_line for o in outputs_of[fence]])
            line_no = last + 1
            continue
        if line_no not in skipped:
            pending.append(text[line_no - 1])
        line_no += 1
    if pending:
        found.append(("markdown", prose(pending, link_base)))
    return [c for c in found if c[0] == "code" or c[1]], inliner.needs_checker


# ---- the two files ----------------------------------------------------------------------------

def checker_cell(archive_url: str) -> str:
    name = exercise_archive.NAME
    return (f"# The exercise's checker: {name}, from the exercise page, holds it, the\n"
            "# reference solution and the wrong ones. The cells below import it and check\n"
            "# those files, so it is unpacked here (downloaded first if it is not here).\n"
            "import os\nimport sys\nimport urllib.request\nimport zipfile\n\n"
            f"if not os.path.exists({name!r}):\n"
            f"    urllib.request.urlretrieve({archive_url!r}, {name!r})\n"
            f"with zipfile.ZipFile({name!r}) as archive:\n"
            "    archive.extractall(members=[n for n in archive.namelist()\n"
            "                                if n.startswith(\"snippets/\")])\n"
            "sys.path.insert(0, os.getcwd())")


def notebook(title: str, intro: str, release: str, page_cells: list[tuple],
             checker_url: str | None) -> str:
    """The notebook as nbformat writes it."""
    import nbformat
    from nbformat import v4

    nb = v4.new_notebook()
    nb.metadata = {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                  "language": "python"},
                   "language_info": {"name": "python"}}
    nb.cells.append(v4.new_markdown_cell(
        f"# {title}\n\n{intro}\n\n```sh\npip install torch=={release}\n```"))
    if checker_url:
        nb.cells.append(v4.new_code_cell(checker_cell(checker_url)))
    for cell in page_cells:
        if cell[0] == "markdown":
            nb.cells.append(v4.new_markdown_cell(cell[1]))
        else:
            outputs = ([v4.new_output("stream", name="stdout", text=cell[2])]
                       if cell[2] else [])
            nb.cells.append(v4.new_code_cell(cell[1], outputs=outputs))
    for number, cell in enumerate(nb.cells, 1):  # not random ids: each build writes the same
        cell.id = f"cell-{number}"
    nbformat.validate(nb)
    return nbformat.writes(nb) + "\n"


def script(title: str, intro: str, release: str, page_cells: list[tuple],
           checker_url: str | None) -> str:
    """The same cells as a script in the percent format: prose as comments."""
    def commented(text: str) -> str:
        return "\n".join(f"# {line}".rstrip() for line in text.splitlines())

    parts = ["# %% [markdown]\n" + commented(
        f"# {title}\n\n{intro}\n\n    pip install torch=={release}")]
    if checker_url:
        parts.append("# %%\n" + checker_cell(checker_url))
    for cell in page_cells:
        if cell[0] == "markdown":
            parts.append("# %% [markdown]\n" + commented(cell[1]))
        else:
            parts.append("# %%\n" + cell[1])
    return "\n\n".join(parts) + "\n"


def names(page_dest: str, src_uri: str) -> tuple[str, str]:
    """Where a page's notebook and script go: beside its HTML, named after the page."""
    stem = posixpath.splitext(posixpath.basename(src_uri))[0]
    folder = posixpath.dirname(page_dest)
    return posixpath.join(folder, f"{stem}.ipynb"), posixpath.join(folder, f"{stem}.py")


def page_title(path: pathlib.Path) -> str:
    _, body = Site.containing(path).front_matter(path)
    for line in body.splitlines():
        if line.startswith("# "):
            return HEADING_ID.sub("", line[2:]).strip()
    return path.stem


@dataclasses.dataclass(frozen=True)
class TakeHome:
    """A page's notebook and script, and where they go on the site."""
    notebook_uri: str
    script_uri: str
    notebook: str
    script: str
    needs_checker: bool


def take_home(path: pathlib.Path, page_dest: str, site_url: str, lang_prefix: str,
              strings: dict) -> TakeHome | None:
    """The notebook and script of the page at `path` (the English page, for a page not
    translated yet) whose HTML goes to `page_dest`; None when the default release runs none of
    its code. `strings` are the language's `extra.strings`; `site_url` and `lang_prefix` ("" or
    "ru/") make the links absolute."""
    release = Site.containing(path).torch.default
    base = site_url.rstrip("/") + "/"
    page_cells, needs_checker = cells(path, base + lang_prefix, release)
    if not page_cells:
        return None
    notebook_uri, script_uri = names(page_dest, path.name)
    page_url = base + posixpath.dirname(page_dest)
    page_url = page_url.rstrip("/") + "/"
    intro = strings.get("take_home_intro", "{page} {torch}").format(page=page_url,
                                                                    torch=release)
    title = page_title(path)
    checker_url = None
    if needs_checker:
        # The default language's copy: the same bytes in every language, and so the same code
        # in every language's notebook.
        checker_url = base + exercise_archive.PAGE.removesuffix(".md") + "/" + exercise_archive.NAME
    return TakeHome(notebook_uri, script_uri,
                    notebook(title, intro, release, page_cells, checker_url),
                    script(title, intro, release, page_cells, checker_url), needs_checker)


# ---- in the build ------------------------------------------------------------------------------

def files(files, config, made: dict, archive: bytes) -> list:
    """The generated files of the language being built: every page's notebook and script
    (recorded in `made` by the page's dest_uri), and beside the exercise page its checker
    archive and starter."""
    from mkdocs.structure.files import File

    default, lang = site.build_languages(config)
    prefix = "" if lang == default else f"{lang}/"
    strings = config.extra.get("strings") or {}
    added = []

    def generated(uri: str, content) -> None:
        # Named as if it lay in the language's folder (docs/<lang>/exercise/my_relu.py), so that
        # a page's Markdown links it as any other file (`[…](exercise/my_relu.py)`).
        file = File.generated(config, f"{lang}/{uri.removeprefix(prefix)}", content=content)
        file.dest_uri = uri
        added.append(file)

    for page in list(files.documentation_pages()):
        # A page not translated yet is the English file (static-i18n's fallback), and so is
        # taken home in English.
        path, name = pathlib.Path(page.abs_src_path), page.src_uri.partition("/")[2]
        try:
            found = take_home(path, page.dest_uri, config.site_url or "/", prefix, strings)
        except site.PageError as exc:  # an error naming page and line; `make serve` goes on
            log.error(f"{exc}; the page gets no notebook or script")
            continue
        if found is None:
            continue
        made[page.dest_uri] = found
        generated(found.notebook_uri, found.notebook)
        generated(found.script_uri, found.script)
        if name == exercise_archive.PAGE and archive:
            folder = posixpath.dirname(page.dest_uri)
            generated(posixpath.join(folder, exercise_archive.NAME), archive)
            generated(posixpath.join(folder, exercise_archive.STARTER),
                      exercise_archive.starter(Site.of(config)))
    return added


GITHUB = re.compile(r"^https://github\.com/(?P<repo>[^/]+/[^/]+?)(?:\.git)?/?$")


def colab(notebook_uri: str, config) -> str | None:
    """Colab's address of a published notebook: it opens notebooks from a GitHub repository,
    here from the branch the site's files are pushed to (PAGES_BRANCH, default gh-pages, see
    .github/workflows/pages.yml)."""
    import os

    match = GITHUB.match(config.repo_url or "")
    if not match:
        return None
    branch = os.environ.get("PAGES_BRANCH") or "gh-pages"
    return f"https://colab.research.google.com/github/{match['repo']}/blob/{branch}/{notebook_uri}"


def links(found: TakeHome | None, page, config) -> dict | None:
    """What overrides/partials/take-home.html shows above the page: addresses relative to the
    page (the files lie beside its HTML)."""
    if found is None:
        return None
    from verified_docs import source_links

    return {"notebook": posixpath.basename(found.notebook_uri),
            "script": posixpath.basename(found.script_uri),
            "colab": colab(found.notebook_uri, config),
            "source": source_links.page_source(page, config)}
