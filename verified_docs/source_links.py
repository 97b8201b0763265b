"""Links from the site to its source (a piece of the build, verified_docs/plugin.py).

* With REPO_URL set (mkdocs.yml: `repo_url: !ENV REPO_URL`), the header links the repository and
  every page has an "edit this page" button (theme feature content.action.edit). Its address is
  REPO_URL + EDIT_URI + the page's source path; EDIT_URI defaults to `edit/main/docs/` (a GitHub
  or GitLab repository whose branch is main). Without REPO_URL there is neither.
* A code block that shows a file from snippets/ says which file: its title is the snippet's path.
  A fence whose only line is `--8<-- "snippets/x.py"` and that has no title of its own gets
  `title="snippets/x.py"`, added to its other attributes (hl_lines, continuation, torch="2.13"
  ... are kept). Only the Markdown handed to the build changes; the pages' source, which the
  tests run, does not.
"""

from __future__ import annotations

import os
import re

# The edit link's path inside the repository, before the page's path under docs/.
DEFAULT_EDIT_URI = "edit/main/docs/"

# An opening fence, its include line and the closing fence (same indent and backticks).
FENCE = re.compile(
    r'^(?P<indent>[ \t]*)(?P<ticks>`{3,}|~{3,})(?P<info>[^\n`]*)\n'
    r'(?P=indent)--8<--\s+"(?P<path>[^"\n]+)"[ \t]*\n'
    r'(?P=indent)(?P=ticks)[ \t]*$',
    re.M)


def titled(info: str, path: str) -> str:
    """The fence's info string with `title="path"` added, in the syntax it already uses."""
    stripped = info.strip()
    if re.search(r'(?:^|[\s{])title=', stripped):
        return info
    attr = f'title="{path}"'
    if stripped.startswith("{") and stripped.endswith("}"):
        return f"{stripped[:-1].rstrip()} {attr}}}"
    return f"{stripped} {attr}" if stripped else info


def title_includes(markdown: str) -> str:
    """The page's Markdown with every include-only fence titled with its snippet's path."""
    def add(match: re.Match) -> str:
        info = titled(match["info"], match["path"])
        if info == match["info"]:
            return match[0]
        return match[0].replace(match["ticks"] + match["info"], match["ticks"] + info, 1)

    return FENCE.sub(add, markdown)


def set_edit_uri(config):
    """The edit links' path, when REPO_URL is set and EDIT_URI is not."""
    # MkDocs itself would guess `edit/master/docs/` for GitHub and nothing for other hosts.
    if config.repo_url and not os.environ.get("EDIT_URI"):
        config.edit_uri = DEFAULT_EDIT_URI
    return config


def blob_base(config) -> str | None:
    """REPO_URL's address of the repository's files at the edit links' branch
    (`…/blob/main/`), or None without REPO_URL or with an EDIT_URI of another form."""
    if not config.repo_url:
        return None
    match = re.match(r"^(?:edit|blob)/([^/]+)/", config.edit_uri or "")
    if not match:
        return None
    return f"{config.repo_url.rstrip('/')}/blob/{match[1]}/"


def page_source(page, config) -> str | None:
    """The page's Markdown file in the repository ("View source")."""
    base = blob_base(config)
    if base is None:
        return None
    docs = os.path.relpath(config.docs_dir, os.path.dirname(config.config_file_path))
    return base + f"{docs}/{page.file.src_uri}".replace(os.sep, "/")


SNIPPET_TITLE = re.compile(r'<span class="filename">(snippets/[^<"]+)</span>')


def linked_titles(html: str, config) -> str:
    """With REPO_URL set, a code block's title naming a file of snippets/ links to that file
    in the repository ("View source" for each snippet)."""
    base = blob_base(config)
    if base is None:
        return html
    return SNIPPET_TITLE.sub(
        lambda m: f'<span class="filename"><a href="{base}{m[1]}">{m[1]}</a></span>', html)
