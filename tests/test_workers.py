"""How `make test` shares the tests out between its two pytest-xdist workers (tests/conftest.py):
the scopes a worker gets whole, and the wait of a worker's site build for the pages that run on
the other worker (verified_docs.pytest_plugin)."""

import pathlib
import types

import pytest

from tests.conftest import scope_of
from verified_docs.pytest_plugin import marker, wait_for_the_pages
from verified_docs.site import ROOT, docs_dir, languages

PAGE = "why-clone.md"


def test_a_page_and_its_translations_are_one_scope():
    docs = docs_dir().relative_to(ROOT).as_posix()
    scopes = {scope_of(ROOT, f"{docs}/{lang}/{PAGE}::[CodeFence#1][line:9]") for lang in languages()}
    assert scopes == {f"page {PAGE}"}


def test_the_browser_tests_are_one_scope_and_other_files_one_each():
    assert scope_of(ROOT, "tests/browser/test_phone.py::test_a[en]") == \
        scope_of(ROOT, "tests/browser/test_search.py::test_b") == "tests/browser"
    assert scope_of(ROOT, "tests/test_exercise.py::test_c[x]") == "tests/test_exercise.py"


def worker(tmp_path, pages) -> types.SimpleNamespace:
    """What wait_for_the_pages reads of a worker's config: its run's folder and the pages it
    collected."""
    recorder = types.SimpleNamespace(expected=dict.fromkeys(pages, 1))
    return types.SimpleNamespace(
        workerinput={}, option=types.SimpleNamespace(basetemp=str(tmp_path / "popen-gw1")),
        pluginmanager=types.SimpleNamespace(get_plugin=lambda name: recorder))


def test_the_site_waits_for_a_page_the_other_worker_has_not_finished(tmp_path):
    config = worker(tmp_path, ["en/index.md", f"ru/{PAGE}"])
    folder = tmp_path / "pages-finished"
    folder.mkdir()
    (folder / marker("en/index.md")).touch()
    with pytest.raises(TimeoutError, match=rf"code blocks of ru/{PAGE} have still not finished"):
        wait_for_the_pages(config, timeout=0.2)
    (folder / marker(f"ru/{PAGE}")).touch()
    wait_for_the_pages(config, timeout=0.2)


def test_one_process_does_not_wait(tmp_path):
    config = worker(tmp_path, ["en/index.md"])
    del config.workerinput
    wait_for_the_pages(config, timeout=0)
    assert not pathlib.Path(tmp_path / "pages-finished").exists()
