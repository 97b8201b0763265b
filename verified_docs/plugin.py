"""The site's build: `verified-docs` in mkdocs.yml's plugins, after `i18n`
(the entry point is in pyproject.toml).

Each piece of the build lives in its own module of this package; the plugin calls them, event
by event, in this order, and holds what one build of the whole site keeps between pages and
between languages:

    on_config
      provenance        the footer's record of which PyTorch releases verified each page, and
                        when (the `provenance` option: .cache/provenance.json, written by the
                        tests)
      source_links      the edit links' path, when REPO_URL is set
    on_files, after static-i18n's
      figures           the figures, drawn in the language being built
      katex             KaTeX's stylesheet and fonts, cut to the characters of the formulas
      notebooks         each page with code as a notebook and a script, beside its HTML;
                        beside the exercise page, its starter and the checker as one file
                        (exercise_archive)
    on_page_markdown
      translated_pages  banners on outdated and untranslated pages, the glossary table
      source_links      a code block included from snippets/ is titled with its path
      results_table     `<!-- results-table: NAME -->` becomes the HTML table of
                        snippets/results/NAME.json, a column per release
      includes          a `--8<--` snippet that cannot be read is an error naming page and
                        line, not a traceback (or a stuck `make serve`)
    on_page_content
      figures           each figure captioned, with a stacked drawing for phones
      katex             formulas typeset at build time in KaTeX's own fonts (no math script);
                        search indexes a formula once, as rendered, without its TeX source
      page_meta         the page's meta description and Open Graph text, from its own text
      translated_pages  anchor tooltips in the page's language; an untranslated page's
                        English text as `lang="en"`
      tables            every table in Material's scrolling box from the build on, not
                        wrapped by script on load
      release_outputs   the outputs of one code block on different releases side by side
                        when their longest line fits a column (else, and on a phone,
                        stacked), what a marked line differs from, a line one release
                        lacks as a row of its own
      source_links      with REPO_URL, a code block's snippet title links to the file
      search_text       code and outputs left out of the search index: it holds the prose
    on_page_context
      provenance        the line under the page's title and the footer's, dated in the
                        page's language
      notebooks         the links to the page's notebook and script (and, with REPO_URL,
                        Colab and the page's source), for overrides/partials/take-home.html
      search_text       the page's front-matter `keywords` on its own search entry (after
                        the search plugin, which is before this one in mkdocs.yml)
    on_post_template
      translated_pages  each language's own 404 page

State. mkdocs-static-i18n builds the default language, then, from its on_post_build, builds
every other language again with this same instance, and its own on_config rewrites the config
for that language: so nothing here is reset in on_config, and what is computed once for the
site (the fonts' characters, the figures' snippets, the provenance record) is computed in the
first pass and kept. A new build of the whole site is a new instance: MkDocs makes one on every
config load, which `mkdocs serve` does before each rebuild, as long as the plugin has no
on_startup or on_shutdown (which would make MkDocs keep it across rebuilds). That is how a
rebuild sees an edited page, snippet, figure label, formula or translation.

Warnings go through MkDocs' plugin logger, under "mkdocs", so `mkdocs build --strict` fails on
them; `make serve` (not strict) logs them and keeps serving.
"""

from __future__ import annotations

from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from verified_docs import (
    changes,
    exercise_archive,
    fences,
    figures,
    includes,
    katex,
    notebooks,
    page_meta,
    provenance,
    release_outputs,
    results_table,
    search_text,
    source_links,
    tables,
    translated_pages,
)
from verified_docs.site import Site, build_languages

log = get_plugin_logger(__name__)


class VerifiedDocsConfig(base.Config):
    # The record of the tests' runs, relative to mkdocs.yml (verified_docs.provenance).
    provenance = c.Type(str, default=str(provenance.RECORD))
    # Figures drawn at build time: {path in a language folder: the snippet that draws it}.
    figures = c.Type(dict, default={})
    # Tables of recorded results (verified_docs/results_table.py): {table: the `extra.strings`
    # keys of its first column, its value columns and its last column}.
    results_tables = c.Type(dict, default={})


class VerifiedDocsPlugin(BasePlugin[VerifiedDocsConfig]):
    def __init__(self) -> None:
        self.provenance: dict | None = None  # read in the first language's on_config
        self.glyphs: frozenset[str] | None = None  # every formula's characters, on_files
        self.drawers: dict | None = None  # the figures' snippet modules, on_files
        self.snippets: Any = None  # the include check's pymdownx.snippets preprocessor
        self.archive: bytes | None = None  # the exercise's checker archive, on_files
        # dest_uri of a page -> its notebook and script (every language's pages: a page not
        # translated yet has the English src_uri, but its own dest_uri)
        self.take_home: dict[str, notebooks.TakeHome] = {}

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        if self.provenance is None:  # the first language of this build
            fences.page_fences.cache_clear()  # pages as they are now, on each `make serve` build
            try:
                self.provenance = provenance.read(Site.of(config).root / self.config.provenance)
            except provenance.Unreadable as exc:
                log.warning(f"{exc}; footers will say 'not yet verified'. Delete it and re-run "
                            "`make test` to regenerate it.")
                self.provenance = {}
        return source_links.set_edit_uri(config)

    # After static-i18n's on_files (priority -100): it rebuilds the file list for the language
    # being built from the files on disk, and would drop a generated file added before it.
    @event_priority(-110)
    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        if self.drawers is None:
            self.drawers = figures.drawers(config, self.config.figures)
        if self.glyphs is None:
            self.glyphs = katex.used_characters(config)
        files = figures.add_drawings(files, config, self.drawers)
        for file in katex.assets(config, self.glyphs):
            files.append(file)
        if self.archive is None:
            self.archive = exercise_archive.archive(Site.of(config)) or b""
        for file in notebooks.files(files, config, self.take_home, self.archive):
            files.append(file)
        return files

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig,
                         files: Files) -> str:
        markdown = translated_pages.page_markdown(markdown, page, config)
        markdown = source_links.title_includes(markdown)
        markdown = changes.page_markdown(markdown, Site.of(config), config, page.url)
        markdown = results_table.tables_in(markdown, page, config, self.config.results_tables)
        if includes.has_includes(markdown, config):
            if self.snippets is None:
                self.snippets = includes.preprocessor(config)
            markdown = includes.checked(markdown, page, config, self.snippets)
        return markdown

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig,
                        files: Files) -> str:
        _, lang = build_languages(config)
        html = figures.captioned_figures(html, page, lang, self.drawers or {})
        html = katex.typeset_page(html, page, self.glyphs or frozenset())
        html = katex.searchable(html)
        page_meta.describe(html, page)
        html = translated_pages.page_html(html, page, config)
        html = tables.wrapped(html)
        html = changes.anchored(html)
        html = source_links.linked_titles(html, config)
        html = release_outputs.side_by_side(html, config.extra.get("strings") or {})
        return search_text.code_left_out(html)

    def on_page_context(self, context: dict, /, *, page: Page, config: MkDocsConfig,
                        nav: Navigation) -> dict:
        _, lang = build_languages(config)
        search_text.keywords_indexed(page, config)
        context["provenance"] = provenance.footer(self.provenance or {}, page.file.src_uri, lang)
        context["take_home"] = notebooks.links(self.take_home.get(page.file.dest_uri), page,
                                               config)
        return context

    def on_post_template(self, output_content: str, /, *, template_name: str,
                         config: MkDocsConfig) -> str:
        return translated_pages.post_template(output_content, template_name, config)
