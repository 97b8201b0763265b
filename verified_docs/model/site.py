"""The site: a folder with its mkdocs.yml, and the one model of it every other module uses.

Each runtime makes it once at its entry point and hands it down: the build from the config MkDocs
passes its plugin, pytest from its rootdir, the commands from `--root` (`Site.load`).
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
    """A folder's mkdocs.yml (static-i18n, `docs_structure: folder`), as MkDocs loaded it."""

    def __init__(self, config):
        """`config`: the config MkDocs passes a plugin (the build's own, `-f` and `serve` edits
        included), or `Site.load`'s."""
        self.config = config
        self.root = pathlib.Path(config.config_file_path).resolve().parent

    @classmethod
    def load(cls, root, file: str = "mkdocs.yml") -> Site:
        """The site of `root/file`, read now: pytest's and the commands' entry points."""
        from mkdocs.config import load_config

        logger = logging.getLogger("mkdocs")
        level = logger.level
        logger.setLevel(logging.WARNING)  # load_config chats at INFO
        try:
            return cls(load_config(str(pathlib.Path(root).resolve() / file)))
        finally:
            logger.setLevel(level)

    @cached_property
    def torch(self) -> versions.Releases:
        return versions.Releases(self.root)

    def __repr__(self) -> str:
        return f"Site({self.config.config_file_path!r})"

    @cached_property
    def snippets(self):
        """pymdownx.snippets' preprocessor as this config sets it up. Its run keeps state (the
        files being included, against loops): not to be run in two threads at once."""
        import markdown

        return markdown.Markdown(extensions=self.config["markdown_extensions"],
                                 extension_configs=self.config["mdx_configs"]
                                 ).preprocessors["snippet"]

    @cached_property
    def docs(self) -> pathlib.Path:
        return pathlib.Path(self.config["docs_dir"])

    @cached_property
    def languages(self) -> tuple[Language, ...]:
        """Every language of the static-i18n plugin, the default first, then mkdocs.yml's order."""
        found = [Language(lang.locale, lang.name, bool(lang.default),
                          "" if lang.default else lang.link.strip("/") + "/", bool(lang.build))
                 for lang in self.i18n.config.languages]
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

    @property
    def i18n(self):
        return self.config["plugins"]["i18n"]

    @property
    def language(self) -> str:
        """The language being built (static-i18n's), the default one outside a build."""
        return self.i18n.current_language or self.default

    def extra(self, lang: str | None = None) -> dict:
        """`extra` as the build sees it in `lang` (the language being built by default):
        static-i18n updates the global `extra` with the language's own, key by key at the top
        (so a language's `strings` replace the global ones whole)."""
        lang = lang or self.language
        if lang == self.i18n.current_language:  # this pass of a build: as static-i18n left it
            return dict(self.config["extra"])
        base = getattr(self.i18n, "original_configs", {}).get("extra", self.config["extra"])
        own = next(language.extra or {} for language in self.i18n.config.languages
                   if language.locale == lang)
        return {**base, **own}

    def text(self, key: str, lang: str | None = None) -> str:
        """`extra.strings[key]` in `lang` (the language being built by default). A missing text
        is a warning naming the key and the language (the strict build fails), and the key
        stands in for it: no text falls back to another language's."""
        lang = lang or self.language
        value = (self.extra(lang).get("strings") or {}).get(key)
        if not value:
            logging.getLogger("mkdocs.plugins.verified_docs").warning(
                f"mkdocs.yml: `extra.strings.{key}` is missing for language {lang!r}; "
                "add it (translated) to that language's `extra.strings`.")
        return value or key

    def counterpart(self, path, lang: str) -> pathlib.Path:
        """The page of `lang` at the place of `path` (a page of any language)."""
        _, *rest = pathlib.Path(path).resolve().relative_to(self.docs.resolve()).parts
        return self.docs / lang / pathlib.Path(*rest)

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



def location(page: str) -> str:
    """Where MkDocs builds a page, in its language: `mask.md` -> `mask/`, `index.md` -> ``."""
    name = page.removesuffix(".md")
    return "" if name == "index" else name.removesuffix("/index") + "/"

