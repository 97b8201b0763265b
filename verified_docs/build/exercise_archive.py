"""The exercise's checker as one file a reader downloads, `python check_custom_relu.pyz FILE`: a
zipapp (PEP 441) of `exercise/`, cases included (the exercise's notebook checks them), so that
its imports are the repository's. Written with zipfile and a
fixed time stamp, not `zipapp.create_archive`, which stamps each file with its time on disk: every
build writes the same bytes.
"""

from __future__ import annotations

import io
import zipfile

from verified_docs.model.site import Site

NAME = "check_custom_relu.pyz"
PAGE = "exercise.md"  # the archive and the starter are published beside this page
STARTER = "my_relu.py"  # the starter, under the name the page's command checks
PACKAGE = "exercise"
STARTER_SOURCE = f"{PACKAGE}/starter.py"
MAIN = f'''\
"""python {NAME} [--lang CODE] [--timeout SECONDS] FILE: check a CustomReLU solution."""
import sys

from exercise.cli import main

# The exercise page in each language: where a failed check's report sends the reader.
PAGES = {{pages!r}}
sys.exit(main(sys.argv[1:], prog="python {NAME}", command=False, pages=PAGES))
'''


def starter_source(site: Site, lang: str) -> str:
    """The starter a page in `lang` publishes: its own translation (`starter.ru.py`, the same
    code with its comments translated) where there is one, else the default's."""
    translated = STARTER_SOURCE.removesuffix(".py") + f".{lang}.py"
    return translated if (site.root / translated).is_file() else STARTER_SOURCE


def pages(site: Site) -> dict[str, str]:
    """The exercise page's address in each built language, under the site's address."""
    base = (site.config["site_url"] or "/").rstrip("/") + "/"
    return {lang.locale: base + lang.prefix + PAGE.removesuffix(".md") + "/"
            for lang in site.built_languages}


def archive(site: Site) -> bytes | None:
    """The archive, or None for a site with no exercise."""
    root = site.root / PACKAGE
    if not root.is_dir():
        return None
    names = [path.relative_to(site.root).as_posix() for path in sorted(root.rglob("*"))
             if path.is_file() and "__pycache__" not in path.parts]
    buffer = io.BytesIO(b"#!/usr/bin/env python3\n")
    buffer.seek(0, io.SEEK_END)
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in [("__main__.py", MAIN.format(pages=pages(site)).encode()),
                           *((name, (site.root / name).read_bytes()) for name in names)]:
            info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
            info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            zf.writestr(info, data)
    return buffer.getvalue()
