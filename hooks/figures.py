"""MkDocs hook: the site's figures, drawn in the language being built and shown captioned, with a
stacked drawing for phones (verified_docs/figures.py)."""

from mkdocs.plugins import event_priority

from verified_docs import figures


# After static-i18n's on_files (priority -100): it rebuilds the file list for the language being
# built from the files on disk, and would drop a generated file added before it.
@event_priority(-110)
def on_files(files, config):
    return figures.add_drawings(files, config)


def on_page_content(html_text, page, config, files):
    return figures.captioned_figures(html_text, page, config)
