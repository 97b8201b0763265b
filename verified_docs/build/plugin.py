"""The site's build: `verified-docs` in mkdocs.yml's plugins, after `i18n` and `search`; it
calls the build's modules (verified_docs/__init__.py) event by event and holds one build's state.

The site (verified_docs.model.site) is made once per build from the config MkDocs passes, so
`mkdocs build -f other.yml` and `serve`'s reloaded mkdocs.yml are what every piece reads, and
handed to each piece. mkdocs-static-i18n builds every language with this one instance and that
one config, rewriting it in its own on_config: so nothing is reset in on_config, and what is
computed once per build (the figures' snippets, the provenance record) is kept from the first
language. `mkdocs serve` makes a new
instance before each rebuild as long as the plugin has no on_startup or on_shutdown: that is how
a rebuild sees an edited page, snippet, figure label, formula or translation.
"""

from __future__ import annotations

import os

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger

from verified_docs.build import (
    changes,
    exercise_archive,
    figures,
    includes,
    katex,
    notebooks,
    release_outputs,
    results,
    search_text,
    source_links,
    tables,
    translated_pages,
)
from verified_docs.model import fences, provenance
from verified_docs.model.site import Site

log = get_plugin_logger(__name__)


class VerifiedDocsConfig(base.Config):
    # The record of the tests' runs, relative to mkdocs.yml (verified_docs.model.provenance).
    provenance = c.Type(str, default=str(provenance.RECORD))
    # Figures drawn at build time: {path in a language folder: the snippet that draws it}.
    figures = c.Type(dict, default={})
    # {table: the `extra.strings` keys of its first, value and last columns} (results).
    results_tables = c.Type(dict, default={})


class VerifiedDocsPlugin(BasePlugin[VerifiedDocsConfig]):
    def __init__(self) -> None:
        self.site: Site | None = None  # made in the first language's on_config
        self.provenance: dict | None = None
        self.drawers: dict | None = None  # the figures' snippet modules
        self.archive: bytes | None = None  # the exercise's checker archive
        self.take_home: dict[str, notebooks.TakeHome] = {}  # by the page's dest_uri

    def on_config(self, config):
        if self.site is None:  # the first language of this build
            self.site = Site(config)
            fences.page_fences.cache_clear()  # pages as they are now, on each `make serve` build
            try:
                self.provenance = provenance.read(self.site.root / self.config.provenance)
            except provenance.Unreadable as exc:
                log.warning(f"{exc}; footers will say 'not yet verified'. Delete it and re-run "
                            "`make test` to regenerate it.")
                self.provenance = {}
        if config.repo_url and not os.environ.get("EDIT_URI"):
            config.edit_uri = source_links.DEFAULT_EDIT_URI
        return config

    # After static-i18n's on_files (priority -100): it rebuilds the file list for the language
    # being built from the files on disk, and would drop a generated file added before it.
    @event_priority(-110)
    def on_files(self, files, /, *, config):
        if self.drawers is None:  # the first language of this build: the snippets as they are now
            self.drawers = {uri: self.site.snippet(path, fresh=True)
                            for uri, path in self.config.figures.items()}
            self.archive = exercise_archive.archive(self.site) or b""
        figures.add_drawings(files, self.site, self.drawers)
        for file in [*katex.assets(config),
                     *notebooks.files(files, self.site, self.take_home, self.archive)]:
            files.append(file)
        return files

    def on_page_markdown(self, markdown, /, *, page, config, files):
        markdown = translated_pages.page_markdown(markdown, page, self.site)
        markdown = source_links.title_includes(markdown)
        markdown = changes.page_markdown(markdown, self.site, page.url)
        markdown = results.tables_in(markdown, page, self.site, self.config.results_tables)
        if fences.SNIPPET_LINE.search(markdown) and "pymdownx.snippets" in config.markdown_extensions:
            markdown = includes.checked(markdown, page, self.site)
        return markdown

    def on_page_content(self, html, /, *, page, config, files):
        html = figures.captioned_figures(html, page, self.site.language, self.drawers,
                                         self.site)
        html = katex.typeset_page(html, page)
        html = translated_pages.page_html(html, page, self.site)
        html = tables.wrapped(html)
        html = changes.anchored(html)
        html = source_links.linked_titles(html, config)
        html = release_outputs.side_by_side(html, self.site.text)
        return search_text.code_left_out(html)

    def on_page_context(self, context, /, *, page, config, nav):
        search_text.keywords_indexed(page, config)
        context["provenance"] = provenance.footer(self.provenance, page.file.src_uri,
                                                  self.site.language)
        context["take_home"] = notebooks.links(self.take_home.get(page.file.dest_uri), page,
                                               self.site)
        return context

    def on_post_template(self, output_content, /, *, template_name, config):
        return translated_pages.post_template(output_content, template_name, self.site)
