"""What readers see of the translation workflow, a piece of the build: a banner over an outdated
translation and over a page static-i18n's `fallback_to_default` builds from English (marked
`lang="en"`); a `<lang>/404.html` per language (static-i18n builds all into one folder, so the
last would overwrite `404.html`); the glossary table; ¶ tooltips in the page's language."""

from __future__ import annotations

import html
import pathlib
import re

from mkdocs.plugins import get_plugin_logger
from mkdocs.utils import get_relative_url, write_file

from verified_docs.i18n.glossary import GLOSSARY, NOT_TERMS, GlossaryError, load_glossary
from verified_docs.i18n.stamps import HASH_KEY, text_hash
from verified_docs.model.site import Site

log = get_plugin_logger(__name__)
GLOSSARY_PLACEHOLDER = "<!-- glossary-table -->"


def page_markdown(markdown: str, page, site: Site) -> str:
    default, lang = site.default, site.language
    if lang != default:
        english = site.docs / default / page.file.norm_src_uri
        outdated = english.exists() and str(page.meta.get(HASH_KEY)) != text_hash(
            site.read_text(english))
        kind = "missing" if page.file.locale != lang else "outdated" if outdated else None
        if kind:  # a `/// warning` right under the page's `# Title`
            target = page.url.removeprefix(f"{lang}/")  # the English page, relative to this one
            url = get_relative_url(target or ".", page.url) + ("" if target else "/")  # home: "../"
            banner = (f"/// warning | {site.text(f'{kind}_title')}\n"
                      f"    attrs: {{class: translation-banner, id: translation-{kind}}}\n\n"
                      f"{site.text(f'{kind}_text')} <a href=\"{html.escape(url)}\" "
                      f'hreflang="{default}">{site.text("english_link")}</a>\n\n///\n')
            title = re.match(r"\s*# [^\n]*(?:\n|\Z)", markdown)
            at = title.end() if title else 0
            markdown = f"{markdown[:at]}\n{banner}\n{markdown[at:]}"
    if GLOSSARY_PLACEHOLDER in markdown:
        markdown = markdown.replace(GLOSSARY_PLACEHOLDER, glossary_table(site))
    return markdown


def page_html(html_text: str, page, site: Site) -> str:
    english = (site.config.mdx_configs.get("toc") or {}).get("permalink_title", "Permanent link")
    title = html.escape(site.text("permalink_title"), quote=True)
    html_text = re.sub(r'(<a class="headerlink" href="[^"]*" title=")' + re.escape(english) + '"',
                       lambda m: m[1] + title + '"', html_text)
    if page.file.locale != site.language:  # English in its place
        html_text = english_body(html_text)
    return html_text


BANNER = re.compile(r'<div class="admonition[^"]*" id="translation-missing">.*?</div>', re.S)


def english_body(html_text: str) -> str:
    """A page not translated yet marked `lang="en"` after its banner (in the reader's language)
    and in its `<h1>`'s attribute, so that the line the theme puts under the title stays out."""
    match = BANNER.search(html_text)
    if not match:
        return f'<div lang="en">\n{html_text}\n</div>'
    before, after = html_text[:match.start()], html_text[match.end():]
    return (before.replace("<h1", '<h1 lang="en"', 1) + match[0]
            + f'\n<div lang="en">\n{after}\n</div>')


def post_template(output: str, template_name: str, site: Site) -> str:
    """A translation's 404 page goes to `<lang>/404.html`; an empty output makes MkDocs leave
    the default one in place."""
    if template_name != "404.html" or site.language == site.default:
        return output
    write_file(output.encode("utf-8"),
               str(pathlib.Path(site.config.site_dir) / site.language / "404.html"))
    return ""


def glossary_table(site: Site) -> str:
    """glossary.yml as a table Material styles as its own (no class); the reasons in the page's
    language. Cells on lines of their own: the search index, which keeps only their text, would
    run one into the next."""
    try:
        entries = load_glossary(site, site.root / GLOSSARY)
    except GlossaryError as exc:
        log.warning(str(exc))
        return ""
    default, lang = site.default, site.language
    names = {language.locale: language.name for language in site.languages}
    columns = [key for key in entries[0] if key not in NOT_TERMS]

    def cell(value) -> str:  # `code` in glossary.yml shows as code
        return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(str(value or "")))

    def avoided(entry) -> str:  # a language with no terms in glossary.yml yet reads English
        rule = entry.get("grammar")
        pairs = [*(entry.get("avoid") or {}).items(), *([(rule["example"], rule)] if rule else [])]
        return "<br>\n".join(f"<s>{cell(v)}</s>\u00a0— {cell(why.get(lang) or why[default])}"
                             for v, why in pairs)

    head = [names.get(c, c) for c in columns] + [site.text("glossary_avoid")]
    rows = ["<tr>\n" + "\n".join(f"<td>{cell(entry.get(c))}</td>" for c in columns)
            + f"\n<td>{avoided(entry)}</td>\n</tr>" for entry in entries]
    return ('<table id="glossary-table">\n<thead>\n<tr>\n'
            + "\n".join(f"<th>{html.escape(h)}</th>" for h in head)
            + "\n</tr>\n</thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table>")
