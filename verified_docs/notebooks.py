"""Each page with code as a notebook and as a script, for a reader to take home (a piece of the
build, verified_docs/plugin.py).

`docs/<lang>/why-clone.md` becomes `why-clone.ipynb` (`why-clone.ru.ipynb` in Russian: a reader
who takes both gets two names) and the same as a script, next to the page's HTML (`why-clone/`
for the default language, `<lang>/why-clone/` for the others; the home page's are `home.*`).
Both are made from exactly the fences the tests run (fences.python_fences), with their `--8<--`
includes expanded by the site's own snippets preprocessor; the page's prose between them becomes
Markdown cells. The script is the notebook in jupytext's percent format (prose as `# ` comments,
the install cell's `%pip` commented out), so an editor or jupytext reads it back as cells.

Decisions, and why:

* Every verified release's outputs, read from the page's output fences (not run again). A code
  cell holds, as its saved output, what the default release prints (the first line of
  requirements-torch.txt: the release the tests run the notebook on); where another release
  prints something else, a Markdown cell after it shows that fence, under the fence's title
  ("Output · PyTorch 2.13.0"). The first cell names every verified release and the sections
  where each one prints something else (linked), then a `%pip install torch==…` cell that runs
  in Jupyter and in Colab (tagged `install`: the tests skip it, the kernel already has torch).
* A fence restricted to other releases (`torch="2.13"`) is left out, its prose kept: a notebook
  runs in one environment, and its code may not even run on the default release.
* A notebook runs every cell in one kernel, where the tests run each fence in a fresh process
  (and a `continuation` fence in the state of the one before). Continuation fences therefore
  need nothing special; that the other fences print the same with what the cells before them
  left behind is checked by running every notebook (tests/test_take_home.py).
* Links: a heading keeps its id as an `<a id>` in its cell, so the page's `#anchor` links work
  inside the notebook; a link to another page leads to the published site (SITE_URL; a build
  without it, whose links lead to `make serve`'s address, says so in its log).
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

from markupsafe import Markup
from mkdocs.plugins import get_plugin_logger

from verified_docs import exercise_archive, fences, outputs, site
from verified_docs.site import Site

log = get_plugin_logger(__name__)

SNIPPETS = "snippets"
PROVIDED = "snippets.exercise"  # shipped as the checker archive, not inlined

BLOCK_OPEN = re.compile(r"^/{3,}\s*(?P<kind>\w+)(?:\s*\|\s*(?P<title>.*))?$")
BLOCK_CLOSE = re.compile(r"^/{3,}\s*$")
HEADING_ID = re.compile(r"\s*\{\s*#[^}]*\}\s*$")
# `## Title { #id }`: the text and the id of a section's heading
HEADING = re.compile(r"^#{2,6}\s+(?P<text>.*?)\s*(?:\{\s*#(?P<id>[^}\s]+)\s*\})?\s*$")
FENCE_MARK = re.compile(r"^\s*(```|~~~)")
INSTALL_TAG = "install"  # the install cell's tag: the tests' kernel has torch already
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

def heading(line: str) -> tuple[str, str | None] | None:
    """A Markdown heading's (`## Title { #id }`) Markdown and id; None for another line."""
    match = HEADING.match(line)
    return (match["text"], match["id"]) if match else None


def prose(lines: list[str], link_base: str) -> str:
    """A stretch of the page between two code cells as Markdown a notebook renders: the flat
    `/// details | Title` blocks become bold titles, a heading's id an `<a id>` in it (the
    page's `#id` links then work in the notebook), HTML comments go, and relative links point at
    the published site."""
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
        found = heading(line)
        if found and found[1]:
            hashes, _, _ = line.partition(" ")
            line = f"{hashes} " + Markup('<a id="{}"></a>').format(found[1]) + found[0]
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


def release_output(fence: fences.Fence) -> str:
    """An output fence of another release than the default as a Markdown cell: its title (in the
    page's language, naming its releases) over what it shows."""
    text = outputs.normalise(fence.content)
    ticks = "`" * max([3, *(len(run) + 1 for run in re.findall(r"`+", text))])
    return f"**{fence.title}**\n\n{ticks}text\n{text}{ticks}"


# ---- the page as cells ------------------------------------------------------------------------

@dataclasses.dataclass
class PageCells:
    cells: list[tuple]          # ("markdown", text) | ("code", source, saved output or None)
    needs_checker: bool         # the cells import the exercise's checker
    differs: dict[str, list[str]]  # release -> the sections where it prints something else
                                   # than the default one (Markdown: a link to the heading)


def cells(path: pathlib.Path, link_base: str, release: str) -> PageCells:
    """The page's cells; none when the page has no code the default release runs."""
    python = fences.python_fences(path)
    runs = [f for f in python if release in f.releases]
    if not runs:
        return PageCells([], False, {})
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
    differs: dict[str, list[str]] = {}
    section, in_fence = page_title(path), False
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
                for other in outputs_of[fence]:
                    if other == shown:
                        continue
                    found.append(("markdown", release_output(other)))
                    for other_release in outputs.shown_releases(other):
                        where = differs.setdefault(other_release, [])
                        if section not in where:
                            where.append(section)
            last = max([fence.close_line] + [o.close_line for o in outputs_of[fence]])
            line_no = last + 1
            continue
        line = text[line_no - 1]
        if FENCE_MARK.match(line):
            in_fence = not in_fence
        elif not in_fence and line_no != title_at and heading(line):
            name, anchor = heading(line)
            section = f"[{name}](#{anchor})" if anchor else name
        if line_no not in skipped:
            pending.append(line)
        line_no += 1
    if pending:
        found.append(("markdown", prose(pending, link_base)))
    return PageCells([c for c in found if c[0] == "code" or c[1]], inliner.needs_checker,
                     differs)


# ---- the two files ----------------------------------------------------------------------------

def checker_cell(archive_url: str, page_url: str) -> str:
    name = exercise_archive.NAME
    return (f"# The exercise's checker: {name}, from the exercise page, holds it, the\n"
            "# reference solution and the wrong ones. The cells below import it and check\n"
            "# those files, so it is unpacked here (downloaded first if it is not here).\n"
            "import os\nimport sys\nimport urllib.request\nimport zipfile\n\n"
            f"if not os.path.exists({name!r}):\n"
            "    try:\n"
            f"        urllib.request.urlretrieve({archive_url!r}, {name!r})\n"
            "    except OSError as error:\n"
            "        raise FileNotFoundError(\n"
            f'            f"download {name} from {page_url} into {{os.getcwd()}}"\n'
            "        ) from error\n"
            f"with zipfile.ZipFile({name!r}) as archive:\n"
            "    archive.extractall(members=[n for n in archive.namelist()\n"
            "                                if n.startswith(\"snippets/\")])\n"
            "sys.path.insert(0, os.getcwd())")


def first_cell(title: str, page_url: str, releases: tuple[str, ...], default: str,
               differs: dict[str, list[str]], strings: dict) -> str:
    """The title, where the cells come from, and which release prints which outputs."""
    def text(key: str, fallback: str, **values) -> str:
        return strings.get(key, fallback).format(**values)

    lines = [f"# {title}", "", text("take_home_intro", "{page}: PyTorch {releases}",
                                     page=page_url, releases=", ".join(releases),
                                     default=default), ""]
    for release in [default, *(r for r in releases if r != default)]:
        if release == default:
            said = text("take_home_default", "the saved outputs")
        elif release in differs:
            said = text("take_home_differs", "{sections}",
                        sections=", ".join(differs[release]), release=release)
        else:
            said = text("take_home_same", "the saved outputs")
        lines.append(f"- **PyTorch {release}**: {said}")
    lines += ["", text("take_home_install", "pip install torch=={default}", default=default)]
    return "\n".join(lines)


def notebook(first: str, release: str, page_cells: list[tuple],
             checker: str | None):
    """The notebook (nbformat's), validated."""
    import nbformat
    from nbformat import v4

    nb = v4.new_notebook()
    nb.metadata = {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                  "language": "python"},
                   "language_info": {"name": "python"}}
    nb.cells.append(v4.new_markdown_cell(first))
    nb.cells.append(v4.new_code_cell(f"%pip install torch=={release}",
                                     metadata={"tags": [INSTALL_TAG]}))
    if checker:
        nb.cells.append(v4.new_code_cell(checker))
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
    return nb


# The script: jupytext's percent format, without its header of notebook metadata (a version
# stamp that would change the file with each jupytext) or the cells' tags.
SCRIPT_FORMAT = {"extension": ".py", "format_name": "percent",
                 "notebook_metadata_filter": "-all", "cell_metadata_filter": "-all"}


def names(page_dest: str, src_uri: str, lang: str) -> tuple[str, str]:
    """Where a page's notebook and script go: beside its HTML, named after the page (the home
    page `home`) and, but for the default language's, the language (`mask.ru.ipynb`)."""
    stem = posixpath.splitext(posixpath.basename(src_uri))[0]
    stem = "home" if stem == "index" else stem
    stem += f".{lang}" if lang else ""
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
    import jupytext
    import nbformat

    torch = Site.containing(path).torch
    base = site_url.rstrip("/") + "/"
    found = cells(path, base + lang_prefix, torch.default)
    if not found.cells:
        return None
    notebook_uri, script_uri = names(page_dest, path.name, lang_prefix.rstrip("/"))
    page_url = base + posixpath.dirname(page_dest)
    page_url = page_url.rstrip("/") + "/"
    checker = None
    if found.needs_checker:
        # The default language's copy: the same bytes in every language, and so the same code
        # in every language's notebook.
        page = exercise_archive.PAGE.removesuffix(".md") + "/"
        checker = checker_cell(base + page + exercise_archive.NAME, base + page)
    first = first_cell(page_title(path), page_url, torch.ascending(), torch.default,
                       found.differs, strings)
    nb = notebook(first, torch.default, found.cells, checker)
    return TakeHome(notebook_uri, script_uri, nbformat.writes(nb) + "\n",
                    jupytext.writes(nb, fmt=SCRIPT_FORMAT), found.needs_checker)


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
    if added and not prefix and local(config.site_url):
        # Not a warning: the strict build of the default config (`make build`, the tests) must
        # pass, and `make serve` is at that address. But published so, the files lead nowhere.
        log.info(f"The notebooks and scripts link to {config.site_url}, this machine (SITE_URL "
                 "is not set): set SITE_URL to the published address before publishing them.")
    return added


def local(site_url: str | None) -> bool:
    """Whether the site's address is this machine's (the default one: SITE_URL not set)."""
    import urllib.parse

    host = urllib.parse.urlsplit(site_url or "").hostname
    return host in (None, "localhost", "::1") or (host or "").startswith("127.")


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
