"""The build reads the site from the config MkDocs hands it, nothing else: `mkdocs build -f
other.yml`, a `make serve` rebuild after an edit of mkdocs.yml, and a language's `extra` as
static-i18n replaces it, each on the tiny site (tests/tiny.py). The notebooks are the witness:
they expand a page's `--8<--` lines with the snippet settings of the build."""

import contextlib
import json
import subprocess
import sys

from mkdocs.commands.build import build
from mkdocs.config import load_config

from tests.helpers import build as strict_build
from tests.tiny import tiny_site
from verified_docs.model.site import Site

SETTINGS = "      check_paths: true\n"  # tests/fixtures/tiny/mkdocs.yml's pymdownx.snippets
ELSEWHERE = "      check_paths: true\n      base_path: [elsewhere]\n"
OTHER_CODE = "return 3 * x  # elsewhere/snippets/double.py"


def site_with_other_snippets(tmp_path):
    root = tiny_site(tmp_path)
    other = root / "elsewhere" / "snippets" / "double.py"
    other.parent.mkdir(parents=True)
    other.write_text(f"def double(x):\n    {OTHER_CODE}\n", encoding="utf-8")
    return root, root / "mkdocs.yml"


def notebook_code(site_dir) -> str:
    cells = json.loads((site_dir / "home.ipynb").read_text(encoding="utf-8"))["cells"]
    return "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


def test_a_build_with_f_reads_every_piece_from_that_file(tmp_path):
    root, config = site_with_other_snippets(tmp_path)
    (root / "other.yml").write_text(config.read_text("utf-8").replace(SETTINGS, ELSEWHERE), "utf-8")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", "other.yml",
                             "-d", str(root / "site")], cwd=root, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert OTHER_CODE in notebook_code(root / "site"), (
        "`mkdocs build -f other.yml`: the home page's notebook expanded its include with the "
        "snippet settings of mkdocs.yml, not other.yml's")


def test_a_rebuild_after_an_edit_of_the_snippet_settings_uses_the_new_ones(tmp_path):
    """`make serve` loads mkdocs.yml again and makes new plugins for each rebuild, in one
    process: nothing of the first build may be kept."""
    root, config = site_with_other_snippets(tmp_path)
    with contextlib.chdir(root):  # where pymdownx.snippets' base_path starts
        build(load_config(str(config), site_dir=str(root / "site"), strict=True))
        assert OTHER_CODE not in notebook_code(root / "site")
        config.write_text(config.read_text("utf-8").replace(SETTINGS, ELSEWHERE), "utf-8")
        build(load_config(str(config), site_dir=str(root / "site"), strict=True))
    assert OTHER_CODE in notebook_code(root / "site"), (
        "after an edit of pymdownx.snippets' settings, the rebuilt notebook expanded its include "
        "with the settings of the first build")


MARKED = """
```python
print(1)
```

```output title="Вывод · PyTorch 1.0" hl_lines="1"
1
```

```output title="Вывод · PyTorch 2.0" hl_lines="1"
2
```
"""


def test_a_language_missing_one_interface_text_fails_the_strict_build(tmp_path):
    """static-i18n replaces `extra.strings` whole: a text a language lacks is missing there, not
    the default language's; the build says which, and the strict build fails."""
    root = tiny_site(tmp_path)
    config, line = root / "mkdocs.yml", "              outputs_differ:"
    text = config.read_text("utf-8").replace(  # output blocks side by side, as on the real site
        "  - pymdownx.highlight\n", "  - pymdownx.highlight: {pygments_lang_class: true}\n")
    config.write_text("\n".join(t for t in text.split("\n") if not t.startswith(line)), "utf-8")
    with (root / "docs" / "ru" / "index.md").open("a", encoding="utf-8") as page:
        page.write(MARKED)  # two outputs side by side, the differing line marked
    assert "outputs_differ" not in Site.load(root).extra("ru")["strings"]
    result = strict_build(root, root / "site")
    assert result.returncode != 0 and (
        "`extra.strings.outputs_differ` is missing for language 'ru'") in result.stderr, (
        f"a missing Russian text was not reported (exit {result.returncode}):\n{result.stderr}")
