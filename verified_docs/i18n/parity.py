"""Translation parity: a translated page is the default language's page with only its prose
translated (and comments inside the page's own code fences).

Compared page by page: headings (count, levels, explicit `{ #id }` anchors), code and output fences
(order, language, options, code), `--8<--` includes, images and internal link targets. A page not
translated yet has no file: static-i18n's `fallback_to_default` shows the English page in its
place. tests/test_translation_parity.py applies this to every page;
tests/test_translation_checks.py tests it on small pages.
"""

from __future__ import annotations

import collections
import dataclasses
import difflib
import io
import pathlib
import re
import tokenize
from collections.abc import Callable

from markdown_it import MarkdownIt

from verified_docs.fences import INCLUDE_LINE, PYTHON_LANGS, page_fences
from verified_docs.site import Site


def read_text(path):
    return Site.containing(path).read_text(path)


def front_matter(path):
    return Site.containing(path).front_matter(path)


def relative(path):
    return Site.containing(path).relative(path)

# ---- what is compared -------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Item:
    key: tuple     # equal in every language
    line: int      # 1-based line in its page
    shown: str     # how a message quotes it


def markdown_tokens(path: pathlib.Path):
    """CommonMark tokens of the page; the front matter is blanked, so lines keep their numbers."""
    text = read_text(path)
    body = front_matter(path)[1]
    head = text[:len(text) - len(body)] if text.endswith(body) else ""
    return MarkdownIt("commonmark").parse("\n" * head.count("\n") + body)


HEADING_ID = re.compile(r"\{[^}]*#([^\s}]+)[^}]*\}\s*$")


def headings(path: pathlib.Path) -> list[Item]:
    tokens = markdown_tokens(path)
    found = []
    for token, inline in zip(tokens, tokens[1:]):
        if token.type == "heading_open":
            anchor = HEADING_ID.search(inline.content)
            level = int(token.tag[1])
            found.append(Item((level, anchor[1] if anchor else None), token.map[0] + 1,
                              f"`{'#' * level} {inline.content}`"))
    return found


SHELL_LANGS = ("sh", "bash", "shell", "console", "zsh", "yaml", "yml", "toml", "ini", "make")


def comment_columns(lang: str, code: str) -> dict[int, int]:
    """{line: column where its comment starts}, in languages whose comments may be translated."""
    if lang in PYTHON_LANGS:
        try:
            return {tok.start[0]: tok.start[1]
                    for tok in tokenize.generate_tokens(io.StringIO(code).readline)
                    if tok.type == tokenize.COMMENT}
        except (tokenize.TokenError, SyntaxError):
            return {}
    if lang in SHELL_LANGS:
        return {n: m.start(1) for n, line in enumerate(code.splitlines(), 1)
                if (m := re.search(r"(?:^|\s)(#.*)$", line))}
    return {}


def code_lines(lang: str, code: str) -> list[tuple[int, str]]:
    """(line in the fence, text) of the lines that must be identical: comments cut off,
    trailing spaces and then empty lines dropped."""
    cuts = comment_columns(lang, code)
    kept = [(n, line[:cuts.get(n, len(line))].rstrip())
            for n, line in enumerate(code.splitlines(), 1)]
    return [(n, line) for n, line in kept if line]


def without_title(options: tuple[str, ...]) -> str:
    """The fence's options but its title, which is translated (`title="Вывод"`)."""
    return re.sub(r"""\btitle=("[^"]*"|'[^']*'|\S*)""", "", " ".join(options)).strip()


def fences(path: pathlib.Path) -> list[Item]:
    found = []
    for fence in page_fences(path):
        lines = code_lines(fence.lang, fence.content)
        first = f", first line `{lines[0][1].strip()}`" if lines else ""
        found.append(Item((fence.lang, without_title(fence.options), tuple(t for _, t in lines)),
                          fence.open_line, f"```{fence.lang} fence{first}"))
    return found


def includes(path: pathlib.Path) -> list[Item]:
    """`--8<--` lines outside fences (the fences' own are compared with their code)."""
    inside = {n for f in page_fences(path) for n in range(f.open_line, f.close_line + 1)}
    lines = read_text(path).splitlines()
    return [Item((m[2],), n, f"`{line.strip()}`") for n, line in enumerate(lines, 1)
            if n not in inside and (m := INCLUDE_LINE.match(line))]


HTML_ATTR = {"image": re.compile(r"""<img\b[^>]*?\bsrc=["']([^"']+)"""),
             "link": re.compile(r"""<a\b[^>]*?\bhref=["']([^"']+)""")}
EXTERNAL = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*:|//)")


def targets(path: pathlib.Path, kind: str) -> list[Item]:
    """Images (kind "image") or internal link targets (kind "link"), Markdown and HTML."""
    lines = read_text(path).splitlines()
    found = []
    for block in markdown_tokens(path):
        if not block.map:
            continue
        values = HTML_ATTR[kind].findall(block.content) if block.type == "html_block" else []
        for token in block.children or []:
            if kind == "image" and token.type == "image":
                values.append(token.attrGet("src"))
            elif kind == "link" and token.type == "link_open":
                values.append(token.attrGet("href"))
            elif token.type == "html_inline":
                values += HTML_ATTR[kind].findall(token.content)
        first, last = block.map
        for value in values:
            if kind == "link" and EXTERNAL.match(value):
                continue
            line = next((n for n in range(first + 1, last + 1) if value in lines[n - 1]), first + 1)
            found.append(Item((value,), line, f"`{value}`"))
    return found


# ---- how differences are told -----------------------------------------------------------------

def first_difference(what: str, english: pathlib.Path, translation: pathlib.Path,
                     en: list[Item], tr: list[Item],
                     explain: Callable[[Item, Item], str] | None = None) -> list[str]:
    """The first place where two sequences part, naming the line in both pages."""
    en_rel, tr_rel = relative(english), relative(translation)
    matcher = difflib.SequenceMatcher(None, [i.key for i in en], [i.key for i in tr],
                                      autojunk=False)
    for op, i1, _, j1, _ in matcher.get_opcodes():
        if op == "replace":
            e, t = en[i1], tr[j1]
            detail = explain(e, t) if explain else f"\n  {en_rel}: {e.shown}\n  {tr_rel}: {t.shown}"
            return [f"{tr_rel}:{t.line} vs {en_rel}:{e.line}: the {what} differs:{detail}"]
        if op == "delete":
            e = en[i1]
            where = f"after {tr_rel}:{tr[j1 - 1].line}" if j1 else "before the first one there"
            return [f"{en_rel}:{e.line}: {what} {e.shown} is missing from {tr_rel} "
                    f"(expected {where})"]
        if op == "insert":
            t = tr[j1]
            return [f"{tr_rel}:{t.line}: {what} {t.shown} is not in {en_rel}"]
    return []


def fence_difference(english: pathlib.Path, translation: pathlib.Path):
    """Explains two fences that differ: language, options or the first differing code line."""
    en_fences = {f.open_line: f for f in page_fences(english)}
    tr_fences = {f.open_line: f for f in page_fences(translation)}

    def explain(e: Item, t: Item) -> str:
        if e.key[:2] != t.key[:2]:
            return (f" ```{' '.join(filter(None, e.key[:2]))} in English, "
                    f"```{' '.join(filter(None, t.key[:2]))} in the translation")
        ef, tf = en_fences[e.line], tr_fences[t.line]
        el, tl = code_lines(ef.lang, ef.content), code_lines(tf.lang, tf.content)
        for k in range(max(len(el), len(tl))):
            if k >= len(el) or k >= len(tl) or el[k][1] != tl[k][1]:
                side = lambda lines, path, f: (  # noqa: E731
                    f"{relative(path)}:{f.open_line + lines[k][0]}: {lines[k][1]}"
                    if k < len(lines) else f"{relative(path)}: (fence ends at line {f.close_line})")
                return f"\n  {side(el, english, ef)}\n  {side(tl, translation, tf)}"
        return ""
    return explain


def count_difference(what: str, english: pathlib.Path, translation: pathlib.Path,
                     en: list[Item], tr: list[Item]) -> list[str]:
    """Targets compared as a multiset: sentences may reorder the links of a paragraph."""
    en_lines, tr_lines = collections.defaultdict(list), collections.defaultdict(list)
    for item in en:
        en_lines[item.shown].append(item.line)
    for item in tr:
        tr_lines[item.shown].append(item.line)
    def where(path, lines):
        return f"{len(lines)}x in {relative(path)}" + (
            f" ({'line' if len(lines) == 1 else 'lines'} {', '.join(map(str, lines))})"
            if lines else "")
    return [f"{what} {target}: {where(english, en_lines[target])}, "
            f"{where(translation, tr_lines[target])}"
            for target in sorted(set(en_lines) | set(tr_lines))
            if len(en_lines[target]) != len(tr_lines[target])]


def structure_differences(english: pathlib.Path, translation: pathlib.Path) -> list[str]:
    return [
        *first_difference("heading (level and `{ #id }`)", english, translation,
                          headings(english), headings(translation)),
        *first_difference("code or output fence", english, translation,
                          fences(english), fences(translation),
                          fence_difference(english, translation)),
        *first_difference("include", english, translation,
                          includes(english), includes(translation)),
        *first_difference("image", english, translation,
                          targets(english, "image"), targets(translation, "image")),
        *count_difference("link target", english, translation,
                          targets(english, "link"), targets(translation, "link")),
    ]


def page_problems(english: pathlib.Path, translation: pathlib.Path) -> list[str]:
    """What keeps `translation` from being a translation of `english`, each problem naming both
    pages and lines, with what to do; none for a faithful translation."""
    problems = structure_differences(english, translation)
    if problems:
        problems.append(
            f"\nA translation changes only the prose of {relative(english)}: headings keep "
            "their level and `{ #id }`; code and output fences, includes, images and link "
            "targets stay exactly as they are (comments inside the page's own code fences may "
            "be translated). Bring the translation in line, or fix the English page if it is "
            "wrong.")
    return problems


def page_set_problems(site, lang: str) -> list[str]:
    """The pages `lang` has beyond the default language's (a `Site`): pages no reader of the
    default language has, which no parity check covers. A page `lang` lacks is not translated
    yet: the build shows the default language's in its place."""
    extra = sorted(set(site.pages(lang)) - set(site.pages(site.default)))
    return [f"docs/{lang}/ has {extra}, which docs/{site.default}/ lacks"] if extra else []
