"""Each page's own meta description (overrides/main.html: <meta name="description"> and Open
Graph): the front matter's `description:`, else the page's first top-level paragraph (not the
title, an admonition or code), cut at a word boundary; else the language's site_description.
"""

from __future__ import annotations

import html.parser
import re

LIMIT = 200  # characters; search engines show about 150-160
VOID = {"br", "img", "hr", "input", "meta", "link", "source", "wbr", "col", "area"}


class FirstParagraph(html.parser.HTMLParser):
    """Text of the first non-empty <p> that is a top-level element of the page's content."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth, self.inside, self.done, self.parts = 0, False, False, []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID and not self.done:
            self.inside = self.inside or (tag == "p" and self.depth == 0)
            self.depth += 1

    def handle_endtag(self, tag):
        if tag not in VOID and not self.done:
            self.depth -= 1
            if tag == "p" and self.inside and self.depth == 0:
                self.inside, self.done = False, bool("".join(self.parts).strip())

    def handle_data(self, data):
        if self.inside and not self.done:
            self.parts.append(data)


def describe(html_text: str, page) -> None:
    if (page.meta.get("description") or "").strip():
        return
    parser = FirstParagraph()
    parser.feed(html_text)
    text = re.sub(r"\s+", " ", "".join(parser.parts)).strip()
    if len(text) > LIMIT:
        text = text[:LIMIT - 1].rsplit(" ", 1)[0].rstrip(" ,;:—–-") + "…"
    if text:
        page.meta["description"] = text
