"""The repository and its mkdocs.yml: the one place that loads the site's configuration."""

from __future__ import annotations

import importlib
import logging
import pathlib
import sys
from functools import cache

ROOT = pathlib.Path(__file__).resolve().parent.parent


@cache
def config():
    from mkdocs.config import load_config

    logging.getLogger("mkdocs").setLevel(logging.WARNING)  # load_config chats at INFO
    try:
        return load_config(str(ROOT / "mkdocs.yml"))
    finally:
        logging.getLogger("mkdocs").setLevel(logging.NOTSET)


def docs_dir() -> pathlib.Path:
    return pathlib.Path(config()["docs_dir"])


def languages() -> list[str]:
    """Locales of the static-i18n plugin, default language first."""
    langs = config()["plugins"]["i18n"].config.languages
    return [lang.locale for lang in sorted(langs, key=lambda lang: not lang.default)]


def default_language() -> str:
    return languages()[0]


def pages(lang: str) -> list[str]:
    """Page paths of one language, relative to its folder."""
    folder = docs_dir() / lang
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.md"))


def all_pages() -> list[pathlib.Path]:
    return [docs_dir() / lang / page for lang in languages() for page in pages(lang)]


def language_of(path) -> str | None:
    """`ru` for docs/ru/…, None outside the docs folder."""
    path = pathlib.Path(path).resolve()
    docs = docs_dir().resolve()
    return path.relative_to(docs).parts[0] if path.is_relative_to(docs) else None


def extra(lang: str) -> dict:
    """`extra` of mkdocs.yml as the build sees it in `lang`: the language's own `extra`
    (static-i18n) merged over the global one, `strings` merged key by key."""
    base = dict(config()["extra"])
    for language in config()["plugins"]["i18n"].config.languages:
        if language.locale == lang:
            own = dict(language.extra or {})
            strings = {**base.get("strings", {}), **own.pop("strings", {})}
            base.update(own)
            base["strings"] = strings
    return base


def build_languages(build_config) -> tuple[str, str]:
    """(default language, language being built) of a build, for the plugin's pieces:
    static-i18n builds the default language, then every other one in turn, and sets the theme's
    `language` to it in each pass's on_config (so from on_files on)."""
    default = next(lang.locale for lang in build_config.plugins["i18n"].config.languages
                   if lang.default)
    return default, build_config.theme["language"]


def interface_text(build_config, key: str) -> str:
    """`extra.strings[key]` of the language being built, for a piece of the build
    (`build_config` is the config MkDocs passes the plugin). A missing text is logged, naming
    the key and the language, and the key stands in for it, so the build goes on (and fails
    under --strict)."""
    from mkdocs.plugins import get_plugin_logger

    value = (build_config.extra.get("strings") or {}).get(key)
    if not value:
        _, lang = build_languages(build_config)
        get_plugin_logger(__name__).warning(
            f"mkdocs.yml: `extra.strings.{key}` is missing for language {lang!r}; "
            "add it (translated) to that language's `extra.strings`.")
    return value or key


def relative(path) -> str:
    path = pathlib.Path(path).resolve()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def built_html(site: pathlib.Path, lang: str, page: str) -> pathlib.Path:
    """Where the build puts `docs/<lang>/<page>`: static-i18n serves the default language at the
    root, and MkDocs turns `name.md` into `name/index.html`."""
    out = site if lang == default_language() else site / lang
    name = page.removesuffix(".md")
    name = "" if name == "index" else name.removesuffix("/index") + "/"
    return out / name / "index.html"


def snippet(name: str, fresh: bool = False):
    """`snippets.<name>`, imported normally, with the repository root on sys.path as for the
    tests (MkDocs started as a console script does not put it there). `fresh`: executed again
    if the process has imported it already, so that it is the file as it is now."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    module = sys.modules.get(f"snippets.{name}")
    if not (fresh and module is not None):
        return importlib.import_module(f"snippets.{name}")
    # Without writing its .pyc: a new one under snippets/, which `make serve` watches, would
    # start a second rebuild.
    dont_write, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        return importlib.reload(module)
    finally:
        sys.dont_write_bytecode = dont_write
