"""Links from the site to its source, with REPO_URL set (`repo_url: !ENV REPO_URL`): the header's
repository link, each page's "edit this page" (REPO_URL + EDIT_URI + the page's path) and a code
block titled with a file of snippets/ links that file.

A fence whose only line is `--8<-- "snippets/x.py"` gets `title="snippets/x.py"` in the Markdown
handed to the build only (the pages' source, which the tests run, is unchanged).
"""

from __future__ import annotations

import re

from markupsafe import Markup

from verified_docs.model.site import Site

DEFAULT_EDIT_URI = "edit/main/docs/"  # MkDocs would guess edit/master/docs/ for GitHub only
# An opening fence, its include line and the closing fence (same indent and backticks).
FENCE = re.compile(
    r'^(?P<indent>[ \t]*)(?P<ticks>`{3,}|~{3,})(?P<info>[^\n`]*)\n'
    r'(?P=indent)--8<--\s+"(?P<path>[^"\n]+)"[ \t]*\n'
    r'(?P=indent)(?P=ticks)[ \t]*$',
    re.M)
SNIPPET_TITLE = re.compile(r'<span class="filename">(snippets/[^<"]+)</span>')


def titled(info: str, path: str) -> str:
    """The fence's info string with `title="path"` added, in the syntax it already uses."""
    stripped = info.strip()
    if not stripped or re.search(r'(?:^|[\s{])title=', stripped):
        return info
    if stripped.startswith("{") and stripped.endswith("}"):
        return f'{stripped[:-1].rstrip()} title="{path}"}}'
    return f'{stripped} title="{path}"'


def title_includes(markdown: str) -> str:
    return FENCE.sub(lambda m: m[0].replace(m["ticks"] + m["info"],
                                            m["ticks"] + titled(m["info"], m["path"]), 1),
                     markdown)


def blob_base(config) -> str | None:
    """REPO_URL's address of the files at the edit links' branch (`…/blob/main/`), or None
    without REPO_URL or with an EDIT_URI of another form."""
    match = re.match(r"^(?:edit|blob)/([^/]+)/", config.edit_uri or "")
    if not (config.repo_url and match):
        return None
    return f"{config.repo_url.rstrip('/')}/blob/{match[1]}/"


def page_source(page, site: Site) -> str | None:
    """The page's Markdown file in the repository ("View source")."""
    base = blob_base(site.config)
    if base is None:
        return None
    return f"{base}{site.relative(site.docs)}/{page.file.src_uri}"


def linked_titles(html: str, config) -> str:
    base = blob_base(config)
    if base is None:
        return html
    return SNIPPET_TITLE.sub(lambda m: Markup('<span class="filename"><a href="{}{}">{}</a></span>'
                                              ).format(base, Markup(m[1]), Markup(m[1])), html)
