"""`make new-page` (verified_docs/commands/new_page.py) on the tiny site (tests/tiny.py): the files
a page needs, its outputs from real runs on every release, its menu entry and titles, the lints
green; a bad request refused with exit status 2 and nothing written."""

import contextlib
import io
import subprocess
import sys

import pytest

from tests.lints.test_languages import interface_problems, nav_problems
from tests.tiny import RELEASES, tiny_site
from verified_docs.commands import new_page
from verified_docs.model.site import Site


def run(root, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = new_page.main(list(argv), root)
    return code, out.getvalue(), err.getvalue()


def files(root) -> dict[str, bytes]:
    """The site's files, not its tools' (.venv) nor the tests' record (.cache)."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not {".venv", ".cache"} & set(p.relative_to(root).parts)}


def pytest_in(root, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-q", *args],
                          cwd=root, capture_output=True, text=True)


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory):
    root = tiny_site(tmp_path_factory.mktemp("tiny"))
    before = files(root)
    return root, before, run(root, "ping-pong", "--title", "Ping pong")


def test_new_page_writes_the_page_its_code_its_test_and_its_menu_entry(scaffolded):
    root, before, (code, out, err) = scaffolded
    assert code == 0, err
    added = sorted(set(files(root)) - set(before))
    assert added == ["docs/en/ping-pong.md", "snippets/ping_pong/__init__.py",
                     "snippets/ping_pong/example.py", "tests/pages/test_ping_pong.py"], added
    page = (root / "docs/en/ping-pong.md").read_text(encoding="utf-8")
    assert page.startswith('---\ndescription: "Ping pong: ') and "\n# Ping pong\n" in page
    assert page.index("/// note | In short") < page.index("```python")
    assert '```python\n--8<-- "snippets/ping_pong/example.py"\n```\n' in page
    # Written by the page's own tests from a run on every release, not by the command.
    assert (f'```output title="Output · PyTorch {", ".join(RELEASES)}"\n'
            "x.grad = [-2.0, 0.0, 4.0]\n```") in page, page
    site = Site.load(root)
    assert site.config["nav"][-1] == {"Ping pong": "ping-pong.md"}
    assert not nav_problems(site) and not interface_problems(site, "ru", nav=True)
    ru = next(lang for lang in site.i18n.config.languages if lang.locale == "ru")
    assert ru.nav_translations["Ping pong"] == "Ping pong"  # until translated
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    assert config.replace("            Ping pong: Ping pong\n", "").replace(
        "  - Ping pong: ping-pong.md\n", "") == before["mkdocs.yml"].decode(), \
        "mkdocs.yml changed beyond the two lines (comments, quotes or layout lost)"
    assert "            Extra: Дополнение\n            Ping pong: Ping pong\n  # The site's build" \
           in config, "the comment after the last title moved"


def test_the_scaffolded_page_passes_its_tests_and_they_can_fail(scaffolded):
    root = scaffolded[0]
    passed = pytest_in(root, "docs/en/ping-pong.md", "tests/pages/test_ping_pong.py")
    assert passed.returncode == 0, passed.stdout[-3000:]
    example = root / "snippets/ping_pong/example.py"
    right = example.read_text(encoding="utf-8")
    example.write_text(right.replace("return 2 * x * grad_output", "return 3 * x * grad_output"),
                       encoding="utf-8")
    try:
        broken = pytest_in(root, "docs/en/ping-pong.md", "tests/pages/test_ping_pong.py")
    finally:
        example.write_text(right, encoding="utf-8")
    assert broken.returncode == 1 and "2 failed" in broken.stdout, broken.stdout[-3000:]


@pytest.mark.parametrize(("argv", "says"), [
    (["mask", "--title", "Mask again"], "the page mask exists already (docs/en/mask.md, docs/ru/mask.md)"),
    (["Leaky_ReLU", "--title", "Leaky ReLU"], "'Leaky_ReLU' is not a page name"),
    (["../outside", "--title", "Outside"], "'../outside' is not a page name"),
    (["", "--title", "No name"], "no page name given"),
    (["ping", "--title", "  "], "no title given for ping"),
    (["ping"], "no title given for ping"),
    (["ping", "--title", "Mask"], "`nav` has a 'Mask' already"),
])
def test_a_bad_request_is_refused_and_writes_nothing(tmp_path, argv, says):
    root = tiny_site(tmp_path)
    before = files(root)
    code, out, err = run(root, *argv)
    assert (code, out) == (2, "") and err.startswith("error: ") and says in err, (code, out, err)
    assert "make new-page PAGE=" in err or "already" in err
    assert files(root) == before
