"""MkDocs hook: what readers see of the translation workflow: banners on outdated and missing
translations, each language's 404 page, the glossary table (verified_docs/translated_pages.py)."""

from verified_docs import translated_pages as pages


def on_page_markdown(markdown, page, config, files):
    return pages.page_markdown(markdown, page, config)


def on_page_content(html_text, page, config, files):
    return pages.page_html(html_text, page, config)


def on_post_template(output, template_name, config):
    return pages.post_template(output, template_name, config)
