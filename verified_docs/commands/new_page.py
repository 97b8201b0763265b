"""A new page with everything it needs that is not its content, every test green before the
contributor writes a word:

    make new-page PAGE=leaky-relu TITLE="Leaky ReLU"

docs/<default>/<page>.md (its `description:`, an answer box, one example and its outputs, run on
every release), snippets/<page_>/ with the example, tests/pages/test_<page_>.py with a fact
asserted on it, and the page in mkdocs.yml's `nav` with its title in every other language's
`nav_translations` (the English title until a translator writes theirs: `make translations` lists
it). Until docs/<lang>/<page>.md exists, a translation shows the English page under a banner.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import subprocess
import sys

from verified_docs.model.site import Site

NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
EXAMPLE = "example"

PAGE = '''\
---
description: "{title}: one sentence that answers the page's question, as a search result shows it."
---

# {title}

/// note | In short
- The answer to the page's question, in one sentence a reader can act on.
- Why it holds, shown by the example below and its output.
///

## The shortest example {{ #example }}

A function with its own `backward`: for each input the gradient is twice the input, as the
output shows.

```python
--8<-- "snippets/{package}/{example}.py"
```
'''

SNIPPET = '''\
import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return 2 * x * grad_output


x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
Square.apply(x).sum().backward()
print("x.grad =", x.grad.tolist())
'''

FACTS = '''\
"""Facts behind the page {title!r} (docs/*/{page}.md), asserted on its snippets."""

import torch

from snippets.{package} import {example}


def test_square_backward_is_the_derivative():
    x = torch.tensor([-1.5, 0.0, 3.0], dtype=torch.double, requires_grad=True)
    assert torch.autograd.gradcheck({example}.Square.apply, (x,))
    {example}.Square.apply(x).sum().backward()
    assert x.grad.tolist() == [-3.0, 0.0, 6.0]
'''


class UsageError(Exception):
    """What the command cannot do; printed as `error: …`, exit status 2, nothing written."""


def main(argv: list[str], root: pathlib.Path) -> int:
    parser = argparse.ArgumentParser(prog="python -m verified_docs new-page", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page", nargs="?", default="", help="file name without .md: leaky-relu")
    parser.add_argument("--title", default="", help='its title in the menu: "Leaky ReLU"')
    args = parser.parse_args(argv)
    site = Site.load(root)
    try:
        files = planned(site, args.page, args.title.strip())
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return write(site, args.page, args.title.strip(), files)


def planned(site: Site, page: str, title: str) -> dict[pathlib.Path, str]:
    """{path: text} of every new file, after checking that none exists yet."""
    usage = 'usage: make new-page PAGE=<name> TITLE="<title>", e.g. PAGE=leaky-relu TITLE="Leaky ReLU"'
    if not page:
        raise UsageError(f"no page name given. {usage}")
    if not NAME.fullmatch(page):
        raise UsageError(f"{page!r} is not a page name: lower-case letters and digits in words "
                         f"joined by single hyphens, starting with a letter. {usage}")
    if not title:
        raise UsageError(f"no title given for {page}. {usage}")
    if "\n" in title or '"' in title:
        raise UsageError(f"the title {title!r} must be one line without double quotes")
    package = page.replace("-", "_")
    fill = {"title": title, "page": page, "package": package, "example": EXAMPLE}
    files = {site.docs / site.default / f"{page}.md": PAGE.format(**fill),
             site.root / "snippets" / package / "__init__.py": "",
             site.root / "snippets" / package / f"{EXAMPLE}.py": SNIPPET,
             site.root / "tests" / "pages" / f"test_{package}.py": FACTS.format(**fill)}
    folder = site.root / "snippets" / package
    existing = [site.relative(path) for path in files
                if path.exists() and not path.is_relative_to(folder)]
    existing += [site.relative(site.docs / lang / f"{page}.md") for lang in site.locales[1:]
                 if (site.docs / lang / f"{page}.md").exists()]
    if folder.exists():
        existing.append(site.relative(folder) + "/")
    if existing:
        raise UsageError(f"the page {page} exists already ({', '.join(dict.fromkeys(existing))}); "
                         "choose another name, or edit it")
    from verified_docs.i18n.status import nav_items, nav_titles
    nav = site.config["nav"] or []
    if title in nav_titles(nav):
        raise UsageError(f"mkdocs.yml: `nav` has a {title!r} already; choose another title")
    if f"{page}.md" in [v for _, v in nav_items(nav) if isinstance(v, str)]:
        raise UsageError(f"mkdocs.yml: `nav` names {page}.md already, but there is no such page; "
                         "remove that entry first")
    return files


def write(site: Site, page: str, title: str, files: dict[pathlib.Path, str]) -> int:
    """Write the files and the nav, then the outputs from real runs; on failure undo it all."""
    config = site.root / "mkdocs.yml"
    before = config.read_text(encoding="utf-8")
    made = [folder for folder in {p.parent for p in files} if not folder.exists()]
    try:
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        add_to_nav(config, page, title)
        # The output fences, written by the pages' own tests from real runs on every release.
        english = site.relative(site.docs / site.default / f"{page}.md")
        run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-q",
                              "--update-outputs", english], cwd=site.root,
                             capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"the example's run failed:\n{run.stdout[-3000:]}{run.stderr[-2000:]}")
    except BaseException as exc:
        for path in files:
            path.unlink(missing_ok=True)
        for folder in sorted(made, key=lambda p: len(p.parts), reverse=True):
            if folder.exists() and not any(folder.iterdir()):
                folder.rmdir()
        config.write_text(before, encoding="utf-8")
        if isinstance(exc, RuntimeError):
            print(f"error: {exc}\nnothing was written", file=sys.stderr)
            return 1
        raise
    others = [lang for lang in site.locales[1:]]
    print("\n".join([
        f"added {site.relative(path)}" for path in files] + [
        f"added `{title}: {page}.md` at the end of `nav` in mkdocs.yml (move it where it belongs)",
        *(f"added `{title}: {title}` to {lang}'s nav_translations: its translator writes the "
          f"{lang} title when translating docs/{lang}/{page}.md" for lang in others),
        f"next: write the page (CONTRIBUTING.md, \"Add a page\"), then "
        f"`.venv/bin/python -m pytest -p no:xdist -q --update-outputs {english}`"]))
    return 0


def add_to_nav(config: pathlib.Path, page: str, title: str) -> None:
    """`- title: page.md` at the end of `nav`, and `title: title` in every other language's
    `nav_translations`. A ruamel.yaml round trip keeps the file's comments, quotes and tags."""
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap

    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    data = yaml.load(config)
    nav = data["nav"]
    entry = CommentedMap({title: f"{page}.md"})
    if nav:
        keep_after(nav[-1], entry)
    nav.append(entry)
    i18n = next(p["i18n"] for p in data["plugins"] if isinstance(p, dict) and "i18n" in p)
    for lang in i18n["languages"]:
        if lang.get("default"):
            continue
        if "nav_translations" not in lang:
            lang["nav_translations"] = CommentedMap()
        titles = lang["nav_translations"]
        titles[title] = title
        if len(titles) > 1:
            keep_after(titles, titles, list(titles)[-2])
    yaml.dump(data, config)


def keep_after(before, after, key=None) -> None:
    """Move what follows `before`'s last key (`key`) in the file, comments and blank lines about
    what comes next, to after `after`'s last key, so that they stay where they were."""
    key = key if key is not None else list(before)[-1]
    slot = before.ca.items.get(key)
    if slot and len(slot) > 2 and slot[2] is not None:
        token, slot[2] = slot[2], None
        after.ca.items.setdefault(list(after)[-1], [None, None, None, None])[2] = token
