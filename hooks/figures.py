"""MkDocs hook: draw the site's figures during the build, in the language being built.

mkdocs-static-i18n builds the default language first and then, from its on_post_build, runs the
whole build again for every other language, with `config.theme.language` set to that language.
`on_files` therefore runs once per language. Each run draws the figures with that language's
labels and adds them as generated files, so nothing drawn is kept in the repository.

A page links to a figure relatively, as if it lived in its own language folder:
`docs/<lang>/mask.md` links `assets/figures/relu.svg`, which is `<lang>/assets/figures/relu.svg`
to MkDocs, and that is the src path the figure gets here, so strict link validation finds it.
Its output path sits next to that language's pages: the site root for the default language,
`<lang>/` for the others.
"""

from __future__ import annotations

import importlib.util
import pathlib
import posixpath

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Path of the figure inside a language folder -> the snippet that draws it. The snippet's
# `svg(lang)` returns the SVG text.
FIGURES = {
    "assets/figures/relu.svg": "snippets/figure_relu.py",
}


def load(path: str):
    """Import a snippet module by path: MkDocs does not put the project on sys.path."""
    spec = importlib.util.spec_from_file_location(f"_figure_{pathlib.Path(path).stem}", ROOT / path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# After static-i18n's on_files (priority -100): it rebuilds the file list for the language being
# built from the files on disk, and would drop a generated file added before it.
@event_priority(-110)
def on_files(files, config):
    lang = config.theme["language"]
    prefix = "" if lang == config.plugins["i18n"].default_language else lang
    for uri, snippet in FIGURES.items():
        figure = File.generated(config, f"{lang}/{uri}", content=load(snippet).svg(lang))
        figure.dest_uri = posixpath.join(prefix, uri)
        files.append(figure)
    return files
