"""`make serve` while editing: it watches what pages are made of, and a mistake is an error in its
log and on the page, never a server that exits or stops rebuilding (hooks/snippets.py)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request

from tests.helpers import scratch_copy
from verified_docs.site import ROOT, default_language, docs_dir

STARTUP = 240  # seconds: the first build of every language, on a busy machine


def serve_recipe() -> str:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return re.search(r"^serve:.*\n((?:\t.*\n)+)", makefile, re.M)[1]


def test_make_serve_watches_what_pages_are_made_of_and_is_not_strict():
    recipe = serve_recipe()
    for path in ("snippets", "glossary.yml", "hooks", "verified_docs"):
        assert f"-w {path}" in recipe, f"`make serve` does not watch {path}: {recipe}"
    assert "--no-strict" in recipe, (
        "`make serve` is strict: the first warning while editing would stop its rebuilds")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_missing_snippet_is_an_error_and_the_server_keeps_serving(tmp_path):
    repo = scratch_copy(tmp_path)
    page = repo / docs_dir().name / default_language() / "index.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text + '\n```python\n--8<-- "snippets/no_such_file.py"\n```\n',
                    encoding="utf-8")
    line = len(text.splitlines()) + 3
    port = free_port()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--no-strict", "--no-livereload",
         "-a", f"127.0.0.1:{port}"], cwd=repo, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    log: list[str] = []
    reader = threading.Thread(target=lambda: log.extend(server.stdout), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + STARTUP
        while (time.monotonic() < deadline and server.poll() is None
               and not any("Serving on" in entry for entry in log)):
            time.sleep(0.5)
        output = "".join(log)
        assert server.poll() is None, f"mkdocs serve exited ({server.returncode}):\n{output}"
        assert "Serving on" in output, f"mkdocs serve did not serve in {STARTUP} s:\n{output}"
        relative = f"{docs_dir().name}/{default_language()}/index.md"
        assert re.search(rf"ERROR +- +{re.escape(relative)}:{line}: cannot include a snippet: "
                         r".*snippets/no_such_file\.py", output), output
        assert "Traceback" not in output, output
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as response:
            html = response.read().decode("utf-8")
        assert "no_such_file.py" in html, "the page should show the include that failed"
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        reader.join(timeout=5)
