"""A translated page is the English page with only its prose translated (and comments in its own
code fences). Compared in order: headings (level, `{ #id }`), code and output fences (language,
options but the title, each code line but comments), `--8<--` includes, images; link targets as
a multiset, since a translated sentence may reorder them. A fence of a translation may include
the file's translation, `<name>.<lang>.py` for `<name>.py`, when only its comments and docstrings
differ (the exercise's starter)."""

from __future__ import annotations

import ast
import difflib
import io
import re
import tokenize
from typing import NamedTuple

from markdown_it import MarkdownIt

from verified_docs.model.fences import INCLUDE_LINE, PYTHON_LANGS, body_start, page_fences
from verified_docs.model.site import Site


class Item(NamedTuple):
    key: tuple     # equal in every language
    line: int      # 1-based line in its page
    shown: str     # how a message quotes it


HEADING_ID = re.compile(r"\{[^}]*#([^\s}]+)[^}]*\}\s*$")
HTML_ATTR = {"image": re.compile(r"""<img\b[^>]*?\bsrc=["']([^"']+)"""),
             "link target": re.compile(r"""<a\b[^>]*?\bhref=["']([^"']+)""")}
EXTERNAL = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*:|//)")
SHELL_LANGS = ("sh", "bash", "shell", "console", "zsh", "yaml", "yml", "toml", "ini", "make")
HEADING, FENCE, INCLUDE, IMAGE, LINK = ("heading (level and `{ #id }`)", "code or output fence",
                                        "include", "image", "link target")


def code_lines(lang: str, code: str) -> list[tuple[int, str]]:
    """(line in the fence, text) of the lines that must be identical: comments (in languages
    whose comments may be translated) cut off, trailing spaces and then empty lines dropped."""
    cuts = {}
    if lang in PYTHON_LANGS:
        try:
            cuts = {tok.start[0]: tok.start[1]
                    for tok in tokenize.generate_tokens(io.StringIO(code).readline)
                    if tok.type == tokenize.COMMENT}
        except (tokenize.TokenError, SyntaxError):
            pass
    elif lang in SHELL_LANGS:
        cuts = {n: m.start(1) for n, line in enumerate(code.splitlines(), 1)
                if (m := re.search(r"(?:^|\s)(#.*)$", line))}
    return [(n, kept) for n, line in enumerate(code.splitlines(), 1)
            if (kept := line[:cuts.get(n, len(line))].rstrip())]


def code_of(source: str) -> str:
    """The module's code without its comments and docstrings: what translating cannot change."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def translated_file(lang: str, line: str) -> tuple[str, str] | None:
    """(`<name>.py`, `<name>.<lang>.py`) when `line` includes a file's translation."""
    match = INCLUDE_LINE.match(line)
    target = match and match[2].strip("\"'")
    if target and target.endswith(f".{lang}.py"):
        return target.removesuffix(f".{lang}.py") + ".py", target
    return None


def items(site: Site, path) -> dict[str, list[Item]]:
    """What a translation keeps of its page, by what a message calls it."""
    text, body = site.read_text(path), site.front_matter(path)[1]
    lang = site.language_of(path)
    found: dict[str, list[Item]] = {HEADING: [], FENCE: [], INCLUDE: [], IMAGE: [], LINK: []}
    fenced = set()
    for fence in page_fences(site, path):
        # The title is translated (`title="Вывод"`); each code line is an item of its own, so
        # that a message names the line that differs.
        options = re.sub(r"""\btitle=("[^"]*"|'[^']*'|\S*)""", "", " ".join(fence.options))
        key = (fence.lang, options.strip())
        found[FENCE].append(Item(key, fence.open_line, f"```{' '.join(filter(None, key))}"))
        found[FENCE] += [Item(("code", line.replace(pair[1], pair[0]) if (
                                   pair := translated_file(lang, line)) else line),
                              fence.open_line + n, f"`{line.strip()}`")
                         for n, line in code_lines(fence.lang, fence.content)]
        fenced.update(range(fence.open_line, fence.close_line + 1))
    lines = text.splitlines()
    found[INCLUDE] = [Item((m[2],), n, f"`{line.strip()}`") for n, line in enumerate(lines, 1)
                      if n not in fenced and (m := INCLUDE_LINE.match(line))]
    # Lines keep their numbers: the front matter is blanked, not cut.
    tokens = MarkdownIt("commonmark").parse("\n" * body_start(site, path) + body)
    for token, inline in zip(tokens, tokens[1:]):
        if token.type == "heading_open":
            anchor, level = HEADING_ID.search(inline.content), int(token.tag[1])
            found[HEADING].append(Item((level, anchor and anchor[1]), token.map[0] + 1,
                                       f"`{'#' * level} {inline.content}`"))
    for block in (t for t in tokens if t.map):
        for kind, attr in ((IMAGE, "src"), (LINK, "href")):
            values = HTML_ATTR[kind].findall(block.content) if block.type == "html_block" else []
            for token in block.children or []:
                if token.type == {IMAGE: "image", LINK: "link_open"}[kind]:
                    values.append(token.attrGet(attr))
                elif token.type == "html_inline":
                    values += HTML_ATTR[kind].findall(token.content)
            first, last = block.map
            found[kind] += [Item((value,), next((n for n in range(first + 1, last + 1)
                                                 if value in lines[n - 1]), first + 1),
                                 f"`{value}`")
                            for value in values if kind == IMAGE or not EXTERNAL.match(value)]
    found[LINK].sort(key=lambda item: (item.key, item.line))
    return found


def differences(what: str, en_rel: str, tr_rel: str, en: list[Item], tr: list[Item]) -> list[str]:
    """Where two sequences part, naming the line in both pages: the first place (one difference
    shifts all after it), or every place for link targets, which are sorted."""
    matcher = difflib.SequenceMatcher(None, [i.key for i in en], [i.key for i in tr],
                                      autojunk=False)
    found = []
    for op, i1, _, j1, _ in matcher.get_opcodes():
        if op == "replace":
            e, t = en[i1], tr[j1]
            found.append(f"{tr_rel}:{t.line} vs {en_rel}:{e.line}: the {what} differs:\n"
                         f"  {en_rel}: {e.shown}\n  {tr_rel}: {t.shown}")
        elif op == "delete":
            where = f"after {tr_rel}:{tr[j1 - 1].line}" if j1 else "before the first one there"
            found.append(f"{en_rel}:{en[i1].line}: {what} {en[i1].shown} is missing from "
                         f"{tr_rel}" + (f" (expected {where})" if what != LINK else ""))
        elif op == "insert":
            found.append(f"{tr_rel}:{tr[j1].line}: {what} {tr[j1].shown} is not in {en_rel}")
        if found and what != LINK:
            break
    return found


def translated_file_problems(site: Site, translation, lines: list[Item]) -> list[str]:
    """Each file's translation the page includes: that it exists and has the code of the file it
    translates."""
    problems, lang = [], site.language_of(translation)
    for item in lines:
        pair = translated_file(lang, item.shown.strip("`"))
        if not pair:
            continue
        where, (original, translated) = f"{site.relative(translation)}:{item.line}", pair
        if not (site.root / translated).is_file():
            problems.append(f"{where}: includes {translated}, which does not exist")
            continue
        try:
            same = code_of((site.root / original).read_text("utf-8")) == code_of(
                (site.root / translated).read_text("utf-8"))
        except SyntaxError as error:
            problems.append(f"{translated}:{error.lineno}: {error.msg}, so its code cannot be "
                            f"compared with {original} (included at {where})")
            continue
        if not same:
            problems.append(f"{where}: {translated} differs from {original} in more than "
                            "comments and docstrings; translate only those, and copy the code")
    return problems


def page_problems(site: Site, english, translation) -> list[str]:
    """What keeps `translation` from being a translation of `english`, with what to do."""
    en, tr = items(site, english), items(site, translation)
    problems = [problem for what in en
                for problem in differences(what, site.relative(english), site.relative(translation),
                                           en[what], tr[what])]
    problems += translated_file_problems(site, translation, tr[FENCE])
    return problems and [*problems, (
        f"\nA translation changes only the prose of {site.relative(english)}: headings keep "
        "their level and `{ #id }`; code and output fences, includes, images and link targets "
        "stay exactly as they are (comments inside the page's own code fences may be "
        "translated, and a fence may include `<name>.<lang>.py` for `<name>.py`, the file "
        "with only its comments and docstrings translated). Bring the translation in line, or fix the English page if it is wrong.")]


def page_set_problems(site: Site, lang: str) -> list[str]:
    """The pages `lang` has beyond the default language's: pages no reader of the default
    language has, which no parity check covers. A page `lang` lacks is not translated yet."""
    extra = sorted(set(site.pages(lang)) - set(site.pages(site.default)))
    return [f"docs/{lang}/ has {extra}, which docs/{site.default}/ lacks"] if extra else []
