"""`make serve` while editing, run for real on a scratch copy with the Makefile's arguments: a
rebuild shows every kind of edit a writer or a translator makes (a page, a snippet, a figure's
labels, a formula with a new character, a page that gets translated), and a mistake is an error in
its log and on the page, never a server that exits or stops rebuilding (verified_docs/includes.py).
"""

from __future__ import annotations

import contextlib
import html
import io
import os
import re
import shlex
import socket
import subprocess
import sys
import threading
import time
import urllib.request

from fontTools.ttLib import TTFont

from tests.helpers import scratch_copy
from tests.repo import ROOT, SITE
from verified_docs import katex

STARTUP = 240  # seconds: the first build of every language, on a busy machine
REBUILD = 240


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def make_serve_arguments(port: int) -> list[str]:
    """What `make serve` passes `mkdocs serve`, with its address moved to `port`."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^serve:.*\n\t(.*-m mkdocs serve\b.*)$", makefile, re.M)
    assert recipe, "Makefile: the `serve` target no longer runs `$(PY) -m mkdocs serve ...`"
    args = shlex.split(recipe[1].split("-m mkdocs serve", 1)[1])
    if "-a" in args:
        del args[args.index("-a"):args.index("-a") + 2]
    return [*args, "-a", f"127.0.0.1:{port}"]


class Server:
    """`mkdocs serve` in a repository, its log collected as it runs."""

    def __init__(self, repo):
        self.port = free_port()
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", *make_serve_arguments(self.port)],
            cwd=repo, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines: list[str] = []
        self.reader = threading.Thread(target=lambda: self.lines.extend(self.process.stdout),
                                       daemon=True)
        self.reader.start()

    @property
    def log(self) -> str:
        return "".join(self.lines)

    def wait_until_serving(self) -> None:
        deadline = time.monotonic() + STARTUP
        while (time.monotonic() < deadline and self.process.poll() is None
               and "Serving on" not in self.log):
            time.sleep(0.5)
        assert self.process.poll() is None, (
            f"mkdocs serve exited ({self.process.returncode}):\n{self.log}")
        assert "Serving on" in self.log, f"mkdocs serve did not serve in {STARTUP} s:\n{self.log}"

    def wait_for_rebuild(self, since: int) -> str:
        """The log of the rebuilds that the edits made after log line `since` started, once the
        last of them has finished and no file has changed for two seconds."""
        deadline, quiet_since = time.monotonic() + REBUILD, None
        while time.monotonic() < deadline and self.process.poll() is None:
            lines = self.lines[since:]
            started = [i for i, line in enumerate(lines) if "Detected file changes" in line]
            finished = [i for i, line in enumerate(lines) if "Reloading browsers" in line]
            if started and finished and finished[-1] > started[-1]:
                quiet_since = quiet_since or time.monotonic()
                if time.monotonic() - quiet_since > 2:
                    return "".join(lines)
            else:
                quiet_since = None
            time.sleep(0.5)
        raise AssertionError(f"mkdocs serve did not finish rebuilding in {REBUILD} s after the "
                             f"edits (is the edited folder watched? see `make serve`):\n"
                             f"{''.join(self.lines[since:])}")

    def get(self, path: str) -> bytes:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/{path}", timeout=30) as response:
            return response.read()

    def page(self, lang: str, page: str) -> str:
        address = SITE.built_html(ROOT, lang, page).parent.relative_to(ROOT).as_posix()
        return self.get("" if address == "." else address + "/").decode("utf-8")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.reader.join(timeout=5)


@contextlib.contextmanager
def serving(repo):
    server = Server(repo)
    try:
        server.wait_until_serving()
        yield server
    finally:
        server.stop()


def visible_text(page_html: str) -> str:
    """What a reader reads of a page: its text without tags, scripts or styles."""
    text = re.sub(r"<(script|style)\b.*?</\1>", "", page_html, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def svg_text(svg: bytes) -> str:
    return " ".join(html.unescape(t) for t in re.findall(r"<text\b[^>]*>(.*?)</text>",
                                                          svg.decode("utf-8"), re.S))


def fonts_with(server: Server, character: str) -> list[str]:
    """The KaTeX fonts the site serves that have a glyph for `character`."""
    css = server.get("assets/katex/katex.min.css").decode("utf-8")
    names = sorted(set(re.findall(r"url\(fonts/([^)]+\.woff2)\)", css)))
    fonts = {name: TTFont(io.BytesIO(server.get(f"assets/katex/fonts/{name}"))) for name in names}
    return [name for name, font in fonts.items() if character in katex.cmap(font)]


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path}: expected {old!r} once; update this test's edit"
    path.write_text(text.replace(old, new), encoding="utf-8")


def append(path, paragraph: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + f"\n{paragraph}\n", encoding="utf-8")


def test_a_rebuild_shows_every_edit(tmp_path):
    """One server, two builds: the first of the repository with a page not translated, the
    second after five edits, each of which must show in what the second build serves."""
    repo = scratch_copy(tmp_path)
    docs, en = repo / SITE.docs.name, SITE.default
    lang = next(lang for lang in SITE.locales[1:] if (docs / lang / "going-further.md").exists())
    translation = docs / lang / "going-further.md"
    translated_text = translation.read_text(encoding="utf-8")
    translated_title = re.search(r"^# (.+)$", translated_text, re.M)[1]
    translation.unlink()  # not translated yet: the English page in its place

    page_words = "A sentence written while the server was running."
    snippet_words = "# the tutorial's class, edited while the server was running"
    label = "derivative of ReLU, relabelled while the server was running"
    with serving(repo) as server:
        assert page_words not in visible_text(server.page(en, "why-clone.md"))
        assert snippet_words not in visible_text(server.page(en, "index.md"))
        assert label not in svg_text(server.get("assets/figures/relu.svg"))
        stub = server.page(lang, "going-further.md")
        assert 'id="translation-missing"' in stub and '<div lang="en">' in stub, (
            f"{lang}/going-further/, not translated, should show the English text under a banner")

        since = len(server.lines)
        append(docs / en / "why-clone.md", page_words)
        edit(repo / "snippets" / "home_grad_at_zero.py",
             "# the tutorial's class, unchanged", snippet_words)
        edit(repo / "snippets" / "figure_relu.py",
             '"derivative": "derivative of ReLU",', f'"derivative": "{label}",')
        append(docs / en / "mask.md", "Planck's constant over two pi, \\( \\hbar \\).")
        translation.write_text(translated_text, encoding="utf-8")
        rebuilt = server.wait_for_rebuild(since)

        problems = []
        if page_words not in visible_text(server.page(en, "why-clone.md")):
            problems.append(f"docs/{en}/why-clone.md: the new sentence is not on the page")
        if snippet_words not in visible_text(server.page(en, "index.md")):
            problems.append(f"snippets/home_grad_at_zero.py: the edited line is not in the "
                            f"code block of docs/{en}/index.md")
        if label not in svg_text(server.get("assets/figures/relu.svg")):
            problems.append("snippets/figure_relu.py: the edited label is not in the figure; "
                            "is the snippet imported afresh on every build (figures.drawers)?")
        mask = server.page(en, "mask.md")
        if "ℏ" not in katex.characters(mask):
            problems.append(f"docs/{en}/mask.md: the new formula \\hbar is not typeset")
        elif not fonts_with(server, "ℏ"):
            problems.append("no KaTeX font the site serves has the new formula's ℏ; were the "
                            "fonts cut to the characters of the first build?")
        if "KaTeX fonts were not cut to" in rebuilt:
            problems.append("the rebuild warned that the fonts lack a formula's character; "
                            "were the formulas' characters kept from the first build?")
        page = server.page(lang, "going-further.md")
        if 'id="translation-missing"' in page or '<div lang="en">' in page:
            problems.append(f"docs/{lang}/going-further.md, translated now, is still shown as an "
                            "untranslated page (banner or lang=\"en\"); are the banners kept from "
                            "the first build?")
        if translated_title not in visible_text(page):
            problems.append(f"docs/{lang}/going-further.md: its translated title "
                            f"{translated_title!r} is not on the page")
        warnings = "\n".join(line for line in rebuilt.splitlines() if not line.startswith("INFO"))
        assert not problems, (
            "after the edits, `make serve`'s rebuild still shows the first build:\n  "
            + "\n  ".join(problems) + "\nWhat a build computes from the sources belongs to the "
            "plugin instance (verified_docs/plugin.py), which MkDocs makes anew for each "
            "rebuild; a module global outlives it. The rebuild's warnings and errors:\n"
            + (warnings or "(none)"))


def test_missing_snippet_is_an_error_and_the_server_keeps_serving(tmp_path):
    repo = scratch_copy(tmp_path)
    page = repo / SITE.docs.name / SITE.default / "index.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text + '\n```python\n--8<-- "snippets/no_such_file.py"\n```\n',
                    encoding="utf-8")
    line = len(text.splitlines()) + 3
    with serving(repo) as server:
        relative = f"{SITE.docs.name}/{SITE.default}/index.md"
        assert re.search(rf"ERROR +- +verified_docs: {re.escape(relative)}:{line}: cannot "
                         r"include a snippet: .*snippets/no_such_file\.py", server.log), server.log
        assert "Traceback" not in server.log, server.log
        assert "no_such_file.py" in server.page(SITE.default, "index.md"), (
            "the page should show the include that failed")
