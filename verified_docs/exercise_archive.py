"""The exercise's checker as one file a reader downloads (a piece of the build,
verified_docs/plugin.py): `check_custom_relu.pyz`, a zipapp (PEP 441) of `snippets/exercise/`.

    python check_custom_relu.pyz my_relu.py [--lang ru]

needs only torch: the archive holds the package the tests run, file for file (not a copy kept
apart), with `snippets/__init__.py` so that its imports are those of the repository, and a
`__main__.py` that runs its command line without the repository's `check` word (the page's
command and the usage line are `python check_custom_relu.pyz FILE`). The reference solution
and the wrong ones come along: the exercise page's notebook checks them. The archive is written with zipfile
rather than `zipapp.create_archive`, which takes each file's time stamp from the disk: with a
fixed one, every build writes the same bytes.
"""

from __future__ import annotations

import io
import zipfile

from verified_docs.site import Site

NAME = "check_custom_relu.pyz"
PAGE = "exercise.md"  # the archive and the starter are published beside this page
STARTER = "my_relu.py"  # the starter, under the name the page's command checks
PACKAGE = "snippets/exercise"
SHEBANG = b"#!/usr/bin/env python3\n"
STAMP = (2020, 1, 1, 0, 0, 0)
MAIN = f'''\
"""python {NAME} [--lang CODE] [--timeout SECONDS] FILE: check a CustomReLU solution."""
import sys

from snippets.exercise.cli import main

sys.exit(main(sys.argv[1:], prog="python {NAME}", command=False))
'''


def files(site: Site) -> list[str]:
    """The archive's files, relative to the site's folder: the package and its cases."""
    root = site.root / PACKAGE
    found = ["snippets/__init__.py"]
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            found.append(path.relative_to(site.root).as_posix())
    return found


def archive(site: Site) -> bytes | None:
    """The archive, or None for a site with no exercise."""
    if not (site.root / PACKAGE).is_dir():
        return None
    buffer = io.BytesIO()
    buffer.write(SHEBANG)
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        def add(name: str, data: bytes) -> None:
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)

        add("__main__.py", MAIN.encode())
        for name in files(site):
            add(name, (site.root / name).read_bytes())
    return buffer.getvalue()


def starter(site: Site) -> bytes:
    return (site.root / PACKAGE / "starter.py").read_bytes()
