"""MkDocs hook: the outputs of one code block on different releases, side by side
(verified_docs/release_outputs.py)."""

from verified_docs import release_outputs


def on_page_content(html_text, page, config, files):
    return release_outputs.side_by_side(html_text)
