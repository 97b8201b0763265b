"""MkDocs hook: links from the site to its source, the repository and "edit this page" with
REPO_URL set, and each included code block titled with its snippet's path
(verified_docs/source_links.py)."""

from verified_docs import source_links


def on_config(config):
    return source_links.set_edit_uri(config)


def on_page_markdown(markdown, page, config, files):
    return source_links.title_includes(markdown)
