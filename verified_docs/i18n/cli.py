"""Translations of the pages: status, re-stamping after review, adding a language.

    make translations                          # per language: up to date / outdated / missing
    make translations STAMP=docs/ru/mask.md    # after review: the page translates today's English
    make new-language LANG=de                  # de in mkdocs.yml, its pages in English for now
"""

from __future__ import annotations

import argparse
import pathlib
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
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path.cwd(),
                        help="the repository (default: the current directory)")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("status", help="table of every language: up to date / outdated / missing")
    stamp_cmd = commands.add_parser("stamp", help="after review: record that a translation "
                                                  "matches the English page as it is now")
    stamp_cmd.add_argument("pages", nargs="+", metavar="PAGE", help="e.g. docs/ru/mask.md")
    lang_cmd = commands.add_parser("new-language", help="scaffold a language")
    lang_cmd.add_argument("code", help="language code, e.g. de")
    lang_cmd.add_argument("--name", help="name in the language switcher (default: from Babel)")
    args = parser.parse_args(argv)

    site = Site(args.root)  # read afresh: a command may follow another that edited mkdocs.yml
    if args.command == "stamp":  # a refused page does not stop the others
        return max(run(stamp, site, page) for page in args.pages)
    if args.command == "new-language":
        return run(new_language, site, args.code, args.name)
    return run(print_status, site)


def run(command, *args) -> int:
    """Print the text `command` returns; 1 if it refused (`error: …`) or returned False."""
    try:
        out = command(*args)
    except (UsageError, PageError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if isinstance(out, str):
        print(out)
    return int(out is False)
