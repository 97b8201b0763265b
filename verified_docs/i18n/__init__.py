"""Translations of the pages: the workflow behind `make translations` and `make new-language`
(cli); what a translation records of its English page (stamps); the table of every translation
and what is left outside the pages (status); a new language (scaffold); what a translation may
not change (parity). What readers see of it is verified_docs/translated_pages.py."""


class UsageError(Exception):
    """What a command was asked to do and cannot; the command prints it as `error: …`."""
