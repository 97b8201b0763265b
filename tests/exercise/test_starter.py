"""The starter in each language: the same code, only its comments and docstring translated, and
published on that language's page."""
import subprocess
import sys

import pytest

from tests.repo import ROOT, SITE
from verified_docs.build.exercise_archive import STARTER_SOURCE, starter_source
from verified_docs.i18n.parity import code_of


@pytest.mark.parametrize("lang", SITE.locales[1:])
def test_each_language_publishes_a_starter_of_its_own_with_the_same_code(lang):
    source = starter_source(SITE, lang)
    assert source != STARTER_SOURCE, f"docs/{lang}/exercise.md publishes the English starter"
    assert code_of((ROOT / source).read_text("utf-8")) == code_of(
            (ROOT / STARTER_SOURCE).read_text("utf-8")), (
        f"{source} differs from {STARTER_SOURCE} in more than comments and its docstring")
    assert "--lang " + lang in (ROOT / source).read_text(encoding="utf-8")


def test_the_downloaded_checker_links_the_exercise_page_in_the_report_s_language(tmp_path):
    from verified_docs.build import exercise_archive

    pages = exercise_archive.pages(SITE)
    checker = tmp_path / exercise_archive.NAME
    checker.write_bytes(exercise_archive.archive(SITE))
    solution = tmp_path / "my_relu.py"
    solution.write_text((ROOT / "exercise" / "cases" / "mask_keeps_zero.py").read_text())
    for lang in pages:
        done = subprocess.run([sys.executable, str(checker), str(solution), "--lang", lang],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert done.returncode == 1, done.stdout + done.stderr
        assert f"{pages[lang]}#requirements" in "".join(done.stdout.split()), done.stdout
