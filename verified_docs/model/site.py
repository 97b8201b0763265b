"""The site: a folder with its mkdocs.yml, and the one model of it every other module uses.

Each entry point makes it from what it is given (`Site.of`, `Site.at`, `Site.containing`); no
module fixes a path at import time.
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
import pathlib
import sys
from functools import cached_property

from verified_docs.model import versions


class PageError(Exception):
    """Bad input in a file of the site: the message starts with path:line."""


@dataclasses.dataclass(frozen=True)
class Language:
    locale: str
    name: str
    default: bool
    prefix: str          # location of its pages under the site root: "" or "ru/"
    build: bool = True   # False: in mkdocs.yml, but the build leaves it out


class Site:
    """A folder with its mkdocs.yml (static-i18n, `docs_structure: folder`)."""

    def __init__(self, root: pathlib.Path):
        self.root = pathlib.Path(root)

    @classmethod
    def at(cls, root: pathlib.Path) -> Site:
        """The site at `root`, one per root for the process; `Site(root)` reads it afresh."""
        root = pathlib.Path(root).resolve()
        return _SITES.setdefault(root, cls(root))

    @classmethod
    def of(cls, config) -> Site:
        """The site a build is building (`config`: the config MkDocs passes a plugin)."""
        return cls.at(pathlib.Path(config.config_file_path).parent)

    @classmethod
    def containing(cls, path) -> Site:
        """The site of the nearest folder above `path` with a mkdocs.yml."""
        path = pathlib.Path(path).resolve()
        folder = next((f for f in path.parents if (f / "mkdocs.yml").is_file()), None)
        if folder is None:
            raise PageError(f"{path}: lies in no folder with a mkdocs.yml")
        return cls.at(folder)

    @cached_property
    def torch(self) -> versions.Releases:
        return versions.Releases(self.root)

    def __repr__(self) -> str:
        return f"Site({str(self.root)!r})"

    @cached_property
    def config(self):
        """mkdocs.yml as MkDocs loads it, read once."""
        from mkdocs.config import load_config

        logger = logging.getLogger("mkdocs")
        level = logger.level
        logger.setLevel(logging.WARNING)  # load_config chats at INFO
        try:
            return load_config(str(self.root / "mkdocs.yml"))
        finally:
            logger.setLevel(level)

    @cached_property
    def docs(self) -> pathlib.Path:
        return pathlib.Path(self.config["docs_dir"])

    @cached_property
    def languages(self) -> tuple[Language, ...]:
        """Every language of the static-i18n plugin, the default first, then mkdocs.yml's order."""
        found = [Language(lang.locale, lang.name, bool(lang.default),
                          "" if lang.default else lang.link.strip("/") + "/", bool(lang.build))
                 for lang in self.config["plugins"]["i18n"].config.languages]
        return tuple(sorted(found, key=lambda lang: not lang.default))

    @property
    def locales(self) -> tuple[str, ...]:
        return tuple(lang.locale for lang in self.languages)

    @property
    def default(self) -> str:
        return self.languages[0].locale

    @property
    def built_languages(self) -> tuple[Language, ...]:
        return tuple(lang for lang in self.languages if lang.build)

    def language_at(self, location: str) -> Language:
        """The language of a location in the built site ("ru/mask/" -> ru)."""
        return next((lang for lang in self.built_languages
                     if lang.prefix and location.startswith(lang.prefix)), self.built_languages[0])

    def extra(self, lang: str) -> dict:
        """`extra` of mkdocs.yml as the build sees it in `lang`: the language's own `extra`
        (static-i18n) merged over the global one, `strings` merged key by key."""
        base = self.config["extra"]
        own = next((language.extra or {} for language in self.config["plugins"]["i18n"].config
                    .languages if language.locale == lang), {})
        return {**base, **own, "strings": {**base.get("strings", {}), **own.get("strings", {})}}

    def pages(self, lang: str) -> list[str]:
        folder = self.docs / lang
        return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.md"))

    def all_pages(self) -> list[pathlib.Path]:
        return [self.docs / lang / page for lang in self.locales for page in self.pages(lang)]

    def language_of(self, path) -> str | None:
        """`ru` for docs/ru/…, None outside the docs folder."""
        path = pathlib.Path(path).resolve()
        docs = self.docs.resolve()
        parts = path.relative_to(docs).parts if path.is_relative_to(docs) else ()
        return parts[0] if parts else None

    def relative(self, path) -> str:
        """`path` relative to the root, for messages; as it is if it lies elsewhere."""
        path = pathlib.Path(path).resolve()
        root = self.root.resolve()
        return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)

    def read_text(self, path) -> str:
        """The file's text; PageError naming the line of its first byte that is not UTF-8."""
        path = pathlib.Path(path)
        data = path.read_bytes()
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[:exc.start].count(b"\n") + 1
            raise PageError(f"{self.relative(path)}:{line}: not valid UTF-8 (byte "
                            f"{data[exc.start:exc.start + 1]!r}); save the file as UTF-8") from None

    def front_matter(self, path) -> tuple[dict, str]:
        """(front matter, text after it)."""
        from mkdocs.utils.meta import get_data

        body, meta = get_data(self.read_text(path))
        return meta, body

    def built_html(self, site_dir: pathlib.Path, lang: str, page: str) -> pathlib.Path:
        """Where the build puts `docs/<lang>/<page>`: static-i18n builds the default language
        at the root, the others into `<lang>/`."""
        out = site_dir if lang == self.default else site_dir / lang
        return out / location(page) / "index.html"

    def snippet(self, path: str, fresh: bool = False):
        """The module of `path` (`snippets/<page>/x.py`), the site's folder put on sys.path
        (`mkdocs` as a console script does not put it there); `fresh`: executed again, as the
        file is now."""
        if str(self.root) not in sys.path:
            sys.path.insert(0, str(self.root))
        name = pathlib.PurePosixPath(path).with_suffix("").as_posix().replace("/", ".")
        module = sys.modules.get(name)
        if not (fresh and module is not None):
            return importlib.import_module(name)
        # Without writing its .pyc: a new one under snippets/, which `make serve` watches, would
        # start a second rebuild.
        dont_write, sys.dont_write_bytecode = sys.dont_write_bytecode, True
        try:
            return importlib.reload(module)
        finally:
            sys.dont_write_bytecode = dont_write


_SITES: dict[pathlib.Path, Site] = {}


def location(page: str) -> str:
    """Where MkDocs builds a page, in its language: `mask.md` -> `mask/`, `index.md` -> ``."""
    name = page.removesuffix(".md")
    return "" if name == "index" else name.removesuffix("/index") + "/"


def build_languages(build_config) -> tuple[str, str]:
    """(default language, language being built) of a build (the config MkDocs passes a plugin):
    static-i18n sets the theme's `language` in each language's pass, from on_files on."""
    default = next(lang.locale for lang in build_config.plugins["i18n"].config.languages
                   if lang.default)
    return default, build_config.theme["language"]


def interface_text(build_config, key: str) -> str:
    """`extra.strings[key]` of the language being built. A missing text is a warning naming the
    key and the language, and the key stands in for it (the strict build fails)."""
    from mkdocs.plugins import get_plugin_logger

    value = (build_config.extra.get("strings") or {}).get(key)
    if not value:
        _, lang = build_languages(build_config)
        get_plugin_logger(__name__).warning(
            f"mkdocs.yml: `extra.strings.{key}` is missing for language {lang!r}; "
            "add it (translated) to that language's `extra.strings`.")
    return value or key
