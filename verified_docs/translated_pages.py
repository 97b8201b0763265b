"""What readers see of the translation workflow, a piece of the build (verified_docs/plugin.py):

* a translation whose English page changed since it was stamped gets a banner in the reader's
  language linking to the English page; a page with no file in the language being built is the
  English page (static-i18n's `fallback_to_default`; `page.file.locale` is the language of the
  file a page was built from) under a banner saying so, its English text marked `lang="en"`;
* each language gets its own `<lang>/404.html` (static-i18n builds every language into one site
  directory, so the last one built would overwrite the default `404.html`);
* `<!-- glossary-table -->` becomes the table of glossary.yml, its reasons in the page's language;
* a heading's ¶ anchor gets its tooltip in the page's language (toc's is one for the whole site).

The texts come from `extra.strings` in mkdocs.yml, which every language translates.
"""

from __future__ import annotations

import html
import pathlib
import re

from mkdocs.plugins import get_plugin_logger
from mkdocs.utils import get_relative_url, write_file

from verified_docs.glossary import GLOSSARY, GlossaryError, load_glossary
from verified_docs.i18n.stamps import HASH_KEY, source_hash
from verified_docs.site import Site, build_languages, interface_text

log = get_plugin_logger(__name__)
GLOSSARY_PLACEHOLDER = "<!-- glossary-table -->"


def text(config, key: str) -> str:
    if not isinstance(config.extra.get("strings"), dict):
        log.warning("mkdocs.yml: `extra.strings` (texts of the translation banners, the 404 "
                    "page and the glossary table) is missing; restore it from git history "
                    "(`git log -p mkdocs.yml`).")
    return interface_text(config, key)


def banner(config, kind: str, english_url: str) -> str:
    """A `/// warning` block: `kind` is "outdated" or "missing"."""
    return (f"/// warning | {text(config, kind + '_title')}\n"
            f"    attrs: {{class: translation-banner, id: translation-{kind}}}\n\n"
            f"{text(config, kind + '_text')} "
            f'<a href="{html.escape(english_url)}" hreflang="{build_languages(config)[0]}">'
            f"{text(config, 'english_link')}</a>\n\n///\n")


def under_title(markdown: str, block: str) -> str:
    """`block` right after the page's `# Title` if it starts with one, else at the top."""
    match = re.match(r"\s*# [^\n]*(?:\n|\Z)", markdown)
    at = match.end() if match else 0
    return f"{markdown[:at]}\n{block}\n{markdown[at:]}"


def english_url(url: str, lang: str) -> str:
    """The English page of the page at `url` (e.g. `ru/mask/`), relative to it."""
    target = url.removeprefix(f"{lang}/")
    relative = get_relative_url(target or ".", url)
    return relative if target else relative + "/"  # the home page: "../", not ".."


def page_markdown(markdown: str, page, config) -> str:
    """A translation's banner (outdated, or not translated at all), the glossary table."""
    default, lang = build_languages(config)
    if lang != default:
        url = english_url(page.url, lang)
        english = pathlib.Path(config.docs_dir) / default / page.file.norm_src_uri
        if page.file.locale != build_languages(config)[1]:  # English in its place
            markdown = under_title(markdown, banner(config, "missing", url))
        elif english.exists() and str(page.meta.get(HASH_KEY)) != source_hash(
                Site.of(config), english):
            markdown = under_title(markdown, banner(config, "outdated", url))
    if GLOSSARY_PLACEHOLDER in markdown:
        markdown = markdown.replace(GLOSSARY_PLACEHOLDER, glossary_table(config))
    return markdown


def page_html(html_text: str, page, config) -> str:
    """Anchor tooltips in the page's language; the default language's text shown in another
    language marked as English."""
    english = (config.mdx_configs.get("toc") or {}).get("permalink_title", "Permanent link")
    title = html.escape(text(config, "permalink_title"), quote=True)
    html_text = re.sub(r'(<a class="headerlink" href="[^"]*" title=")' + re.escape(english) + '"',
                       lambda m: m[1] + title + '"', html_text)
    if page.file.locale != build_languages(config)[1]:  # English in its place
        html_text = english_body(html_text)
    return html_text


BANNER = re.compile(r'<div class="admonition[^"]*" id="translation-missing">.*?</div>', re.S)


def english_body(html_text: str) -> str:
    """The English text of a page not translated yet marked `lang="en"`: its title (an attribute
    of the `<h1>`, so that the line the theme puts under the title, in the reader's language,
    stays out of it) and all after the banner, which is in the reader's language."""
    match = BANNER.search(html_text)
    if not match:
        return f'<div lang="en">\n{html_text}\n</div>'
    before, after = html_text[:match.start()], html_text[match.end():]
    return (before.replace("<h1", '<h1 lang="en"', 1) + match[0]
            + f'\n<div lang="en">\n{after}\n</div>')


def post_template(output: str, template_name: str, config) -> str:
    """Write a translation's 404 page to `<lang>/404.html` and keep the default one in place
    (an empty output makes MkDocs skip writing the file)."""
    default, current = build_languages(config)
    if template_name != "404.html" or current == default:
        return output
    write_file(output.encode("utf-8"), str(pathlib.Path(config.site_dir) / current / "404.html"))
    return ""


def reason(config, variant: str, value, covered: set) -> str:
    """The reason for avoiding `variant` in the language being built (`value`: language ->
    text); else the default language's, with a warning if glossary.yml has terms in that language
    (`covered`; a new language has none yet: English, silently)."""
    default, lang = build_languages(config)
    texts = value if isinstance(value, dict) else {default: value}
    if not texts.get(lang) and lang in covered:
        log.warning(f"glossary.yml: the reason for avoiding «{variant}» has no `{lang}` text; "
                    f"the {lang!r} Glossary page shows the {default!r} one. Add `{lang}: …` under it.")
    return str(texts.get(lang) or texts.get(default) or "")


def glossary_table(config) -> str:
    """glossary.yml as an HTML table: the same terms in every language, the reasons in the page's
    language. No class: Material styles it as its own tables, in a box that scrolls sideways on
    a narrow screen. Cells on lines of their own, so that the search index, which keeps only
    their text, does not run one cell into the next."""
    try:
        entries = load_glossary(Site.of(config).root / GLOSSARY)
    except GlossaryError as exc:
        log.warning(str(exc))
        return ""
    names = {lang.locale: lang.name for lang in config.plugins["i18n"].config.languages}
    columns = [key for key in entries[0] if key not in ("avoid", "grammar")]
    covered = {key for e in entries for key in e if key not in ("avoid", "grammar")}

    def cell(value) -> str:  # `code` in glossary.yml shows as code
        return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(str(value or "")))

    def avoided(entry) -> str:
        grammar = entry.get("grammar")
        pairs = [*(entry.get("avoid") or {}).items(), *(
            [(grammar["example"], grammar)] if isinstance(grammar, dict) and grammar.get("example")
            else [])]
        return "<br>\n".join(f"<s>{cell(v)}</s>\u00a0— {cell(reason(config, v, why, covered))}"
                             for v, why in pairs)

    head = [names.get(c, c) for c in columns] + [text(config, "glossary_avoid")]
    rows = ["<tr>\n" + "\n".join(f"<td>{cell(entry.get(c))}</td>" for c in columns)
            + f"\n<td>{avoided(entry)}</td>\n</tr>" for entry in entries]
    return ('<table id="glossary-table">\n<thead>\n<tr>\n'
            + "\n".join(f"<th>{html.escape(h)}</th>" for h in head)
            + "\n</tr>\n</thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table>")
