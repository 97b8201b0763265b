"""Translations of the pages: the workflow behind `make translations` and `make new-language`.

| module   | owns                                                                                |
|----------|-------------------------------------------------------------------------------------|
| stamps   | what a translation records of its English page (`source_hash`); stamping            |
| status   | each translation up to date, outdated or missing: `make translations`' table        |
| gaps     | what is left to translate outside the pages: mkdocs.yml, figure labels, glossary    |
| scaffold | a new language: its entry in mkdocs.yml                                             |
| parity   | what a translation may not change: headings, code, includes, links                  |
| cli      | `python -m verified_docs translations …` (`make translations`, `make new-language`) |

The site itself (languages, pages, reading a page) is verified_docs/site.py; what readers see of
the workflow (banners, an untranslated page's English text) is verified_docs/translated_pages.py.
"""


class UsageError(Exception):
    """What a command was asked to do and cannot; the command prints it as `error: …`."""
