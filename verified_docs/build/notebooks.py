"""Each page with code as a notebook and a script a reader takes home, beside the page's HTML
(`mask.ipynb` and `mask.py`; `mask.ru.*` in Russian, so that a reader who takes both gets two
names; the home page's are `home.*`). The script is the notebook in jupytext's percent format.

A cell's saved output is the default release's; another release's output follows its cell under
its title. A fence restricted to other releases is left out: a notebook runs in one environment.
Nothing imports the project: an import from a snippet becomes the module's code; the exercise's
checker starts processes of its own, so a first cell unpacks it from the exercise page's archive.
"""

from __future__ import annotations

import ast
import dataclasses
import os
import pathlib
import posixpath
import re
import urllib.parse

from markupsafe import Markup
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File

from verified_docs.build import exercise_archive, output_check, source_links
from verified_docs.model import fences, outputs
from verified_docs.model.site import PageError, Site, location

log = get_plugin_logger(__name__)

SNIPPETS = "snippets"
PROVIDED = "exercise"  # shipped as the checker archive, not inlined
INSTALL_TAG = "install"
BLOCK = re.compile(r"^/{3,}\s*(?:\w+\s*(?:\|\s*(?P<title>.*))?)?$")  # `/// details | Title`
BLOCK_OPTION = re.compile(r"^ {4}[\w-]+:(\s|$)")  # `    select: true` under `/// tab | Title`
COMMENT = re.compile(r"<!--.*?-->", re.S)
ATTR_LIST = re.compile(r"(?<=\))\{:?[ \t]*[^{}\n]*\}")  # [text](file){ download=name }
# [text](mask.md#chain-rule): the page, then its anchor and the closing parenthesis
LOCAL_LINK = re.compile(r"(\]\()(?![a-z]+:|#|/)([^)\s#]+)([^)\s]*\))")
GITHUB = re.compile(r"^https://github\.com/(?P<repo>[^/]+/[^/]+?)(?:\.git)?/?$")
# The script without jupytext's header of notebook metadata (a version stamp that would change
# the file with each jupytext) or the cells' tags.
SCRIPT_FORMAT = {"extension": ".py", "format_name": "percent",
                 "notebook_metadata_filter": "-all", "cell_metadata_filter": "-all"}


class Inliner:
    """Replaces the project's imports in a notebook's code, cell after cell. A module inlined
    once is named by a comment after, until a cell binds one of its names again (the page's own
    `MyReLU` may have replaced the module's)."""

    def __init__(self, site: Site) -> None:
        self.site, self.needs_checker = site, False
        self.defined: dict[str, set[str]] = {}  # module -> the names its code binds

    def cell(self, source: str, where: str) -> str:
        code, tree = self.code(source, where), ast.parse(source)
        rebound = bound(tree) - bound(ast.Module([node for node in tree.body if isinstance(
            node, ast.ImportFrom) and (node.module or "").startswith(SNIPPETS + ".")], []))
        self.defined = {module: names for module, names in self.defined.items()
                        if not names & rebound}
        return code

    def code(self, source: str, where: str) -> str:
        try:
            tree = ast.parse(source)
        except SyntaxError as exc:
            raise PageError(f"{where}: does not parse: {exc}") from None
        replaced = []
        for node in ast.walk(tree):  # the top level first, in order
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom) else
                     [alias.name for alias in node.names] if isinstance(node, ast.Import) else [])
            roots = {name.split(".")[0] for name in names}
            if PROVIDED in roots:
                self.needs_checker = True
            elif SNIPPETS not in roots:
                continue
            elif isinstance(node, ast.Import) or node not in tree.body:
                raise PageError(f"{where}: only a top-level `from snippets.<module> import "
                                     "<name>` can be inlined")
            else:
                replaced.append((node, self.module(node.module, node.names, where)))
        lines = source.splitlines(keepends=True)
        for node, text in reversed(replaced):
            lines[node.lineno - 1:node.end_lineno] = [text]
        return "".join(lines)

    def module(self, module: str, names: list[ast.alias], where: str) -> str:
        path = self.site.root / (module.replace(".", "/") + ".py")
        rel = self.site.relative(path)
        aliases = "".join(f"{alias.asname} = {alias.name}\n" for alias in names
                          if alias.asname not in (None, alias.name))
        if module in self.defined:
            shown = ", ".join(alias.name for alias in names)
            return f"# {shown}: defined above, from {rel}\n{aliases}"
        if not path.is_file():
            raise PageError(f"{where}: imports {module}, which is not a file of the project")
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines(keepends=True)
        for node in reversed(ast.parse(source).body):
            if isinstance(node, ast.If) and "__name__" in ast.unparse(node.test):
                del lines[node.lineno - 1:node.end_lineno]
        body = self.code("".join(lines).rstrip() + "\n", rel)
        self.defined[module] = bound(ast.parse(body))
        return f"# --- {rel} ---\n{body}# --- end of {rel} ---\n{aliases}"


def bound(tree: ast.Module) -> set[str]:
    """The names a module's top level binds."""
    names, stack = set(), list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)  # their bodies bind names of their own scope
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif not isinstance(node, ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))
    return names


def prose(lines: list[str], link_base: str) -> str:
    """The page between two code cells as Markdown a notebook renders: a `/// details` block's
    title in bold without its options, a heading's id an `<a id>`, no comments or attribute
    lists, links to the published site."""
    out, options = [], False
    for line in lines:
        if options and BLOCK_OPTION.match(line):
            continue  # the block's options, for the theme, not the reader
        block, heading = BLOCK.match(line.strip()), fences.HEADING.match(line)
        options = bool(block)
        if block:
            out += [f"**{block['title'].strip()}**", ""] if block["title"] else []
        elif heading and heading["id"]:
            out.append(f"{heading['hashes']} " + Markup('<a id="{}"></a>').format(heading["id"])
                       + heading["text"])
        else:
            out.append(line)
    # Jupyter's Markdown has no attribute lists: it would show them as text.
    text = ATTR_LIST.sub("", COMMENT.sub("", "\n".join(out)))
    text = LOCAL_LINK.sub(lambda m: m[1] + link_base + (location(m[2]) if m[2].endswith(
        ".md") else m[2]) + m[3], text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


@dataclasses.dataclass
class PageCells:
    title: str
    cells: list  # nbformat cells
    needs_checker: bool
    differs: dict[str, dict[str, None]]  # release -> links to the sections where it prints otherwise
    # example number -> what each release prints there (output_check.py), for the examples
    # whose output the page shows, in order
    checked: dict[int, list] = dataclasses.field(default_factory=dict)


def cells(site: Site, path: pathlib.Path, link_base: str, release: str) -> PageCells:
    """The page's cells; none when the default release runs none of its code."""
    from nbformat import v4  # imported when a build makes notebooks, not with every config load

    python, headings = fences.python_fences(site, path), fences.headings(site, path)
    title_at = next((n for n, heading in headings.items() if heading["hashes"] == "#"), None)
    found = PageCells(headings[title_at]["text"] if title_at else path.stem, [], False, {})
    if not any(release in fence.releases for fence in python):
        return found
    text, inliner, pending = site.read_text(path).splitlines(), Inliner(site), []

    def flush() -> None:  # the title heads the first cell
        markdown = prose([text[n - 1] for n in pending if n != title_at], link_base)
        found.cells += [v4.new_markdown_cell(markdown)] if markdown else []
        pending.clear()

    def section(fence: fences.Fence) -> str:
        """The heading `fence` is under, a link if it has an id; the title for none."""
        heading = fences.heading_above(fence)
        return found.title if not heading or heading["hashes"] == "#" else \
            f"[{heading['text']}](#{heading['id']})" if heading["id"] else heading["text"]

    done = fences.body_start(site, path) + 1  # the first line not yet in a cell
    for fence in python:  # with its output fences, a code cell, or left out on other releases
        shown = fences.output_fences(fence)
        pending += range(done, fence.open_line)
        done = max([fence.close_line] + [out.close_line for out in shown]) + 1
        if release not in fence.releases:
            continue
        flush()
        saved = outputs.shown_on(fence, release)
        stream = [v4.new_output("stream", name="stdout", text=saved.content)] \
            if saved and saved.content else []
        source = inliner.cell(fence.source(), fence.where).rstrip("\n")
        found.cells.append(v4.new_code_cell(source, outputs=stream))
        for other in (out for out in shown if out != saved):  # under its title
            printed = outputs.normalise(other.content)
            ticks = outputs.ticks(printed)
            found.cells.append(v4.new_markdown_cell(
                f"**{other.title}**\n\n{ticks}text\n{printed}{ticks}"))
            for other_release in outputs.shown_releases(other):
                found.differs.setdefault(other_release, {})[section(fence)] = None
        # After an example whose output the page shows, the check of the reader's; none in the
        # exercise's workbook, whose cells print the learner's own results.
        if shown and path.name != exercise_archive.PAGE:
            example = output_check.number(fence)
            found.checked[example] = output_check.verified(fence)
            found.cells.append(v4.new_code_cell(f"check_output({example})",
                                                metadata={"tags": [output_check.TAG]}))
    pending += range(done, len(text) + 1)
    flush()
    found.needs_checker = inliner.needs_checker
    return found


CHECKER_CELL = '''\
# {comment}
import os
import sys
import urllib.request
import zipfile

if not os.path.exists({name!r}):
    try:
        urllib.request.urlretrieve({url!r}, {name!r})
    except OSError as error:
        raise FileNotFoundError(f{missing!r}) from error
with zipfile.ZipFile({name!r}) as archive:
    archive.extractall(members=[n for n in archive.namelist()
                                if n.startswith("exercise/")])
sys.path.insert(0, os.getcwd())'''


def checker_cell(url: str, page: str, strings) -> str:
    """The cell that fetches the checker from `url`, its texts in the notebook's language; if it
    cannot, it says where to download it from (`page`) and into which folder."""
    name = exercise_archive.NAME
    return CHECKER_CELL.format(
        comment=strings("checker_cell_comment"), name=name, url=url,
        missing=strings("checker_cell_missing").format(name=name, page=page,
                                                       folder="{os.getcwd()}"))


# The exercise's notebook is a workbook: the starter cell writes my_relu.py, the next cell runs
# the checker on it, and the reference solution stays on the page.
WORKBOOK_TAG = "workbook"
CHECK_CELL = """\
import sys

!{{sys.executable}} {name} {starter}{lang}"""


def workbook_sources(site: Site, lang: str) -> dict[str, str]:
    """The cells of the page in `lang` the workbook changes, by source: the starter's, in that
    language (written to a file and checked), and the reference solution's (left on the page)."""
    def source(name: str) -> str:
        return (site.root / name).read_text(encoding="utf-8").strip()

    return {source(exercise_archive.starter_source(site, lang)): "starter",
            source(exercise_archive.PACKAGE + "/solution.py"): "solution"}


def workbook(nb_cells: list, site: Site, lang: str, page_url: str) -> list:
    """The exercise notebook's cells as a workbook, in the language `lang` ('' the default)."""
    from nbformat import v4

    code = lang.rstrip("/") or site.default
    changed = workbook_sources(site, code)
    mine = next(source for source, kind in changed.items() if kind == "starter")
    cells = []
    for cell in nb_cells:
        kind = changed.get(cell.source.strip()) if cell.cell_type == "code" else None
        if kind == "solution":
            cells.append(v4.new_markdown_cell(site.text("workbook_solution", code).format(
                url=f"{page_url}#solution")))
        elif kind == "starter":
            tags = {"tags": [WORKBOOK_TAG]}
            cells.append(v4.new_code_cell(
                f"%%writefile {exercise_archive.STARTER}\n{mine}", metadata=tags))
            cells.append(v4.new_code_cell(CHECK_CELL.format(
                name=exercise_archive.NAME, starter=exercise_archive.STARTER,
                lang=f" --lang {lang.rstrip('/')}" if lang else ""), metadata=dict(tags)))
        else:
            cells.append(cell)
    return cells


def first_cell(found: PageCells, page_url: str, torch, strings) -> str:
    """The title, where the cells come from, and which release prints which outputs."""
    def text(key: str, **values) -> str:
        return strings(key).format(default=torch.default, **values)

    intro = text("take_home_intro", page=page_url, releases=", ".join(torch.ascending()))
    lines = [f"# {found.title}", "", intro, ""]
    for release in [torch.default, *(r for r in torch.ascending() if r != torch.default)]:
        said = (text("take_home_default") if release == torch.default
                else text("take_home_differs" if len(found.differs[release]) > 1
                          else "take_home_differs_one", release=release,
                          sections=", ".join(found.differs[release]))
                if release in found.differs else text("take_home_same"))
        lines.append(f"- **PyTorch {release}**: {said}")
    return "\n".join([*lines, "", text("take_home_install")])


@dataclasses.dataclass(frozen=True)
class TakeHome:
    notebook_uri: str
    script_uri: str
    notebook: str
    script: str
    needs_checker: bool


def take_home(site: Site, path: pathlib.Path, page_dest: str, lang: str) -> TakeHome | None:
    """The notebook and script of the page at `path` whose HTML goes to `page_dest`, in `lang`
    (its texts and its links, absolute under the site's address); None when the default release
    runs none of it."""
    import jupytext
    import nbformat
    from nbformat import v4

    torch, lang_prefix = site.torch, "" if lang == site.default else f"{lang}/"
    base = (site.config.site_url or "/").rstrip("/") + "/"
    found = cells(site, path, base + lang_prefix, torch.default)
    if not found.cells:
        return None
    folder = posixpath.dirname(page_dest)
    page_url = (base + folder).rstrip("/") + "/"
    nb = v4.new_notebook(metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"}})
    def strings(key: str) -> str:
        return site.text(key, lang)

    nb.cells = [v4.new_markdown_cell(first_cell(found, page_url, torch, strings)),
                v4.new_code_cell(f"%pip install torch=={torch.default}",
                                 metadata={"tags": [INSTALL_TAG]})]
    if found.needs_checker:  # the archive beside the exercise page of the notebook's language
        exercise = base + lang_prefix + exercise_archive.PAGE.removesuffix(".md") + "/"
        nb.cells.append(v4.new_code_cell(checker_cell(exercise + exercise_archive.NAME,
                                                      exercise, strings)))
    if found.checked:  # the checking code first, the summary last (output_check.py)
        setup = output_check.setup_source(found.checked, strings, page_url, site.config.repo_url)
        body = [v4.new_code_cell(setup, metadata={
            "tags": [output_check.TAG], "jupyter": {"source_hidden": True}}), *found.cells,
            v4.new_code_cell("check_output.summary()", metadata={"tags": [output_check.TAG]})]
    else:
        body = found.cells
    nb.cells += workbook(body, site, lang_prefix, page_url) \
        if path.name == exercise_archive.PAGE else body
    for number, cell in enumerate(nb.cells, 1):  # not random ids: each build writes the same
        cell.id = f"cell-{number}"
    nbformat.validate(nb)
    stem = ("home" if path.stem == "index" else path.stem) + \
        (f".{lang_prefix.rstrip('/')}" if lang_prefix else "")
    return TakeHome(posixpath.join(folder, f"{stem}.ipynb"), posixpath.join(folder, f"{stem}.py"),
                    nbformat.writes(nb) + "\n", jupytext.writes(nb, fmt=SCRIPT_FORMAT),
                    found.needs_checker)


def files(files, site: Site, made: dict, archive: bytes) -> list:
    """Every page's notebook and script in the language being built (recorded in `made` by
    the page's dest_uri), and beside the exercise page its checker archive and starter."""
    config, lang = site.config, site.language
    prefix = "" if lang == site.default else f"{lang}/"
    added = []

    def generated(uri: str, content) -> None:
        # Named as if it lay in the language's folder (docs/<lang>/exercise/my_relu.py), so that
        # a page's Markdown links it as any other file (`[…](exercise/my_relu.py)`).
        file = File.generated(config, f"{lang}/{uri.removeprefix(prefix)}", content=content)
        file.dest_uri = uri
        added.append(file)

    for page in list(files.documentation_pages()):
        # A page not translated yet is the English file (static-i18n's fallback): taken home so.
        try:
            found = take_home(site, pathlib.Path(page.abs_src_path), page.dest_uri, lang)
        except PageError as exc:  # an error naming page and line; `make serve` goes on
            log.error(f"{exc}; the page gets no notebook or script")
            continue
        if found is None:
            continue
        made[page.dest_uri] = found
        generated(found.notebook_uri, found.notebook)
        generated(found.script_uri, found.script)
        if page.src_uri.partition("/")[2] == exercise_archive.PAGE and archive:
            folder = posixpath.dirname(page.dest_uri)
            generated(posixpath.join(folder, exercise_archive.NAME), archive)
            generated(posixpath.join(folder, exercise_archive.STARTER),
                      (site.root / exercise_archive.starter_source(site, lang)).read_bytes())
    if added and not prefix and local(config.site_url):
        # Not a warning: the strict build of the default config (`make build`, the tests) must
        # pass, and `make serve` is at that address. But published so, the files lead nowhere.
        log.info(f"The notebooks and scripts link to {config.site_url}, this machine (SITE_URL "
                 "is not set): set SITE_URL to the published address before publishing them.")
    return added


def local(site_url: str | None) -> bool:
    """Whether the site's address is this machine's (the default one: SITE_URL not set)."""
    host = urllib.parse.urlsplit(site_url or "").hostname
    return host in (None, "localhost", "::1") or (host or "").startswith("127.")


def links(found: TakeHome | None, page, site: Site) -> dict | None:
    """What overrides/partials/take-home.html shows above the page. Colab opens a notebook from
    the branch the site is pushed to (PAGES_BRANCH, as .github/workflows/pages.yml pushes)."""
    if found is None:
        return None
    github = GITHUB.match(site.config.repo_url or "")
    branch = os.environ.get("PAGES_BRANCH") or "gh-pages"
    return {"notebook": posixpath.basename(found.notebook_uri),
            "script": posixpath.basename(found.script_uri),
            "colab": github and "https://colab.research.google.com/github/"
                                f"{github['repo']}/blob/{branch}/{found.notebook_uri}",
            "source": source_links.page_source(page, site)}
