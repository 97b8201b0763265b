"""MkDocs hook: every table already in Material's scrolling box when the page loads, so the
theme's script does not restyle the whole article to wrap it (verified_docs/tables.py)."""

from verified_docs import tables


def on_page_content(html_text, page, config, files):
    return tables.wrapped(html_text)
