"""The small site the tests run and build (tests/fixtures/tiny/), its mkdocs.yml shaped as the
real one (comments and tags that `make new-language` keeps among them). Its pages name releases
as `{all}` and `{newest}`, filled in from requirements-torch.txt when the site is copied."""

import pathlib
import shutil

from tests.repo import ROOT, SITE
from verified_docs.model.fences import Fence, python_fences
from verified_docs.model.site import Site

FIXTURE = pathlib.Path(__file__).parent / "fixtures" / "tiny"
RELEASES = SITE.torch.ascending()
OLDEST, NEWEST = RELEASES[0], RELEASES[-1]
PRINT_RELEASE = "import torch\nprint(torch.__version__.split('+')[0])"


def tiny_site(root: pathlib.Path) -> pathlib.Path:
    shutil.copytree(FIXTURE, root, dirs_exist_ok=True)
    shutil.copy(ROOT / "requirements-torch.txt", root)
    for page in (root / "docs").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("{all}", ", ".join(RELEASES))
                        .replace("{newest}", NEWEST), encoding="utf-8")
    (root / ".venv").mkdir()
    for installed in (ROOT / ".venv").glob("torch-*"):
        (root / ".venv" / installed.name).symlink_to(installed)
    return root


def write_page(site: Site, path: pathlib.Path, *fences: tuple[str, str]) -> list[Fence]:
    """A page of a title, then each fence (its info string, its text), the first on line 3: its
    Python fences."""
    lines = [f"# {path.stem}", ""]
    for info, text in fences:
        lines += [f"```{info}", *text.splitlines(), "```", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return python_fences(site, path)

