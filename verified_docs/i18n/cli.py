"""Translations of the pages: status, re-stamping after review, adding a language.

    make translations                          # per language: up to date / outdated / missing
    make translations STAMP=docs/ru/mask.md    # after review: the page translates today's English
    make new-language LANG=de                  # docs/de/ from English, de in mkdocs.yml

A translated page names the English text it translates: `source_hash` in its front matter is a
hash of the file `docs/<default language>/<page>` without the bodies of its ```output fences
(`make outputs` regenerates those in every language), so any edit of the English prose, headings
or code makes the translation *outdated* until a translator has reviewed and re-stamped it.

A page not translated yet is a stub, a file that holds only this front matter:

    ---
    untranslated: true
    ---

The site then shows the English text under a banner in the reader's language
(verified_docs/translated_pages.py); the tests accept the stub (tests/test_translation_parity.py).
"""

from __future__ import annotations

import pathlib

import argparse
import sys

from verified_docs.i18n import UsageError
from verified_docs.i18n.scaffold import new_language
from verified_docs.i18n.stamps import stamp
from verified_docs.i18n.status import print_status
from verified_docs.site import PageError, Site


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verified_docs translations",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("status", help="table of every language: up to date / outdated / missing")
    stamp_cmd = commands.add_parser("stamp", help="after review: record that a translation "
                                                  "matches the English page as it is now")
    stamp_cmd.add_argument("pages", nargs="+", metavar="PAGE", help="e.g. docs/ru/mask.md")
    lang_cmd = commands.add_parser("new-language", help="scaffold a language")
    lang_cmd.add_argument("code", help="language code, e.g. de")
    lang_cmd.add_argument("--name", help="name in the language switcher (default: from Babel)")
    args = parser.parse_args(argv)

    site = Site.at(pathlib.Path.cwd())
    try:
        if args.command == "stamp":
            failed = False
            for page in args.pages:  # a refused page does not stop the others
                try:
                    print(stamp(site, page))
                except (UsageError, PageError) as exc:
                    print(f"error: {exc}", file=sys.stderr)
                    failed = True
            return int(failed)
        if args.command == "new-language":
            print("\n".join(new_language(site, args.code, args.name)))
        elif not print_status(site):
            return 1
    except (UsageError, PageError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
