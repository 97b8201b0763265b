"""`make serve` while editing, for real with the Makefile's arguments, on the tiny site plus a
figure: a missing snippet is an error naming page:line, and a rebuild shows every kind of edit."""

import html
import os
import re
import shlex
import socket
import subprocess
import sys
import threading
import time
import urllib.request

from tests.repo import ROOT
from tests.tiny import tiny_site

TIMEOUT = 240  # seconds, for the first build and for a rebuild, on a busy machine
# The page's English text in a translation's place: the banner, and the text in lang="en".
UNTRANSLATED = ('id="translation-missing"', '<div lang="en">')
# A figure's snippet as the `figures` option asks (snippets/mask/figure.py draws the real one).
FIGURE = """\
def svg(lang, narrow=False, dark=False, site=None):
    return '<svg xmlns="http://www.w3.org/2000/svg"><text>a label</text></svg>'

size, caption, has_labels = (lambda narrow=False: (10, 10)), (lambda lang, site=None: "A"), bool
"""


def serve_arguments(port: int) -> list[str]:
    """What `make serve` passes `mkdocs serve`, with its address moved to `port`."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^serve:.*\n\t.*-m mkdocs serve\b(.*)$", makefile, re.M)
    assert recipe, "Makefile: the `serve` target no longer runs `$(PY) -m mkdocs serve ...`"
    args = shlex.split(recipe[1])
    if "-a" in args:
        del args[args.index("-a"):args.index("-a") + 2]
    return [*args, "-a", f"127.0.0.1:{port}"]


class Server:
    """`mkdocs serve` in a folder, its log collected as it runs."""

    def __init__(self, root):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", *serve_arguments(self.port)], cwd=root,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"},
            text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines: list[str] = []
        threading.Thread(target=lambda: self.lines.extend(self.process.stdout), daemon=True).start()

    def wait(self, done, what: str, since: int = 0, quiet: float = 0) -> str:
        """The log from line `since` once `done(its lines)` has held for `quiet` seconds."""
        deadline, held = time.monotonic() + TIMEOUT, None
        while time.monotonic() < deadline and self.process.poll() is None:
            held = (held or time.monotonic()) if done(self.lines[since:]) else None
            if held and time.monotonic() - held >= quiet:
                return "".join(self.lines[since:])
            time.sleep(0.5)
        raise AssertionError(f"mkdocs serve {'exited' if self.process.poll() is not None else ''}"
                             f" before {what}:\n{''.join(self.lines)}")

    def page(self, path: str) -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/{path}", timeout=30) as found:
            return found.read().decode("utf-8")


def rebuilt(lines) -> bool:
    """Every rebuild the edits started has finished."""
    started = [i for i, line in enumerate(lines) if "Detected file changes" in line]
    finished = [i for i, line in enumerate(lines) if "Reloading browsers" in line]
    return bool(started and finished and finished[-1] > started[-1])


def visible_text(page_html: str) -> str:
    text = re.sub(r"<(script|style)\b.*?</\1>", "", page_html, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path}: expected {old!r} once; update this test's edit"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_serve_reports_a_missing_snippet_and_shows_every_edit(tmp_path):
    root = tiny_site(tmp_path / "tiny")
    edit(root / "mkdocs.yml", "  - verified-docs\n", "  - verified-docs:\n      figures:\n"
         "        assets/figures/relu.svg: snippets/figure.py\n")
    (root / "snippets" / "figure.py").write_text(FIGURE, encoding="utf-8")
    (root / "glossary.yml").touch()  # `make serve` watches it
    docs = root / "docs"
    index = docs / "ru" / "index.md"  # not stamped: built under a banner above its text
    text = index.read_text(encoding="utf-8")
    index.write_text(text + '\n```python\n--8<-- "snippets/no_such_file.py"\n```\n', "utf-8")
    (docs / "en" / "more.md").write_text("# More\n\nText.\n", encoding="utf-8")

    server = Server(root)
    try:
        log = server.wait(lambda lines: any("Serving on" in line for line in lines), "serving")
        line = len(text.splitlines()) + 3
        assert re.search(rf"ERROR +- +verified_docs: docs/ru/index\.md:{line}: cannot include "
                         r"a snippet: .*snippets/no_such_file\.py", log), (
            f"no ERROR naming docs/ru/index.md:{line}, the include's line in the file (not in the "
            f"page after its banner, verified_docs/build/includes.py):\n{log}")
        assert "Traceback" not in log, log
        assert "no_such_file.py" in server.page("ru/"), "the page should show the failed include"
        assert all(mark in server.page("ru/more/") for mark in UNTRANSLATED), (
            "ru/more/, not translated, should show the English text under a banner")

        since = len(server.lines)
        page_words = "A sentence written while the server was running."
        label = "a label, relabelled while the server was running"
        with (docs / "en" / "more.md").open("a", encoding="utf-8") as more:
            more.write(f"\n{page_words}\n")
        edit(root / "snippets" / "double.py", "return 2 * x", "return 2 * x  # edited live")
        edit(root / "snippets" / "figure.py", "a label", label)
        (docs / "ru" / "more.md").write_text("# Ещё\n\nТекст.\n", encoding="utf-8")
        log = server.wait(rebuilt, "rebuilding after the edits (is the edited folder watched? "
                          "see `make serve`)", since, quiet=2)

        svg = html.unescape(server.page("assets/figures/relu.svg"))
        translated = server.page("ru/more/")
        problems = [problem for problem, shown in [
            ("docs/en/more.md: the new sentence is not on the page",
             page_words in visible_text(server.page("more/"))),
            ("snippets/double.py: the edited line is not in the code block of docs/en/index.md",
             "# edited live" in visible_text(server.page(""))),
            ("snippets/figure.py: the edited label is not in the figure; is the snippet "
             "imported afresh on every build (VerifiedDocsPlugin.drawers)?", label in svg),
            ("docs/ru/more.md, translated now, is still shown as an untranslated page (banner or "
             "lang=\"en\"); are the banners kept from the first build?",
             not any(mark in translated for mark in UNTRANSLATED)),
            ("docs/ru/more.md: its title is not on the page", "Ещё" in visible_text(translated)),
        ] if not shown]
        warnings = "\n".join(line for line in log.splitlines() if not line.startswith("INFO"))
        assert not problems, (
            "after the edits, `make serve`'s rebuild still shows the first build:\n  "
            + "\n  ".join(problems) + "\nWhat a build computes from the sources belongs to the "
            "plugin instance (verified_docs/build/plugin.py), which MkDocs makes anew for each "
            "rebuild; a module global outlives it. The rebuild's warnings and errors:\n"
            + (warnings or "(none)"))
    finally:
        server.process.terminate()
        try:
            server.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.process.kill()
