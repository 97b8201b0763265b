"""Each page's own meta description, in its language, for search engines and link previews
(a piece of the build, verified_docs/plugin.py).

A page's front matter `description:` wins; otherwise it is the page's first paragraph of running
text (not the title, not the "In short" box or any other admonition, not code), cut at a word
boundary. overrides/main.html writes it as <meta name="description"> and, with the page title,
as Open Graph tags. A page with no paragraph keeps the site's description (site_description, per
language in mkdocs.yml).
"""

from __future__ import annotations

import html
import html.parser
import re

LIMIT = 200  # characters; search engines show about 150-160


class FirstParagraph(html.parser.HTMLParser):
    """Text of the first <p> that is a top-level element of the page's content."""

    VOID = {"br", "img", "hr", "input", "meta", "link", "source", "wbr", "col", "area"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.inside = False
        self.done = False
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID or self.done:
            return
        if tag == "p" and self.depth == 0:
            self.inside = True
        self.depth += 1

    def handle_endtag(self, tag):
        if tag in self.VOID or self.done:
            return
        self.depth -= 1
        if tag == "p" and self.inside and self.depth == 0:
            self.inside = False
            self.done = bool(" ".join(self.parts).strip())

    def handle_data(self, data):
        if self.inside and not self.done:
            self.parts.append(data)


def first_paragraph(content: str) -> str:
    parser = FirstParagraph()
    parser.feed(content)
    return re.sub(r"\s+", " ", "".join(parser.parts)).strip()


def shorten(text: str, limit: int = LIMIT) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:—–-")
    return cut + "…"


def describe(html_text: str, page) -> None:
    """`page.meta["description"]` from the page's HTML, unless its front matter has one."""
    if not (page.meta.get("description") or "").strip():
        text = first_paragraph(html_text)
        if text:
            page.meta["description"] = shorten(text)
