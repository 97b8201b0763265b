"""`python -m exercise check FILE`: the command line, in the report's language (--lang)."""
import argparse
import os
import sys
from pathlib import Path
from unittest import mock

from .checker import DEFAULT_TIMEOUT, all_required_passed, check, report
from .messages import argparse_text, translate

GREEN, RED, RESET = "\033[32m", "\033[31m", "\033[0m"


def coloured(text, lang):
    """The report with its status marks coloured, for a terminal (not with NO_COLOR set)."""
    marks = {translate(lang, key): colour for key, colour in (
        ("PASS", GREEN), ("BONUS PASS", GREEN), ("FAIL", RED), ("BONUS FAIL", RED))}
    lines = []
    for line in text.splitlines():
        mark = line[1:line.find("]")] if line.startswith("[") else None
        lines.append(f"{marks[mark]}[{mark}]{RESET}{line[len(mark) + 2:]}"
                     if mark in marks else line)
    return "\n".join(lines)


def language(argv):
    """The --lang of `argv`, read before parsing, so that usage errors speak it too."""
    argv = list(argv)
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return "en"


def parser(prog="python -m exercise", command=True, lang="en"):
    """The repository's command line (`check FILE`), or with `command=False` the downloadable
    archive's, which does one thing and takes FILE alone (`python check_custom_relu.pyz FILE`)."""
    def t(key, **values):
        return translate(lang, key, **values).replace("%", "%%")  # argparse formats help

    # A fixed width keeps the help text the same in every terminal.
    formatter = lambda prog: argparse.HelpFormatter(prog, width=78)  # noqa: E731
    main_parser = argparse.ArgumentParser(
        prog=prog, description=t("cli.description"),
        formatter_class=formatter, epilog=t("cli.epilog"))
    check_parser = main_parser
    if command:
        commands = main_parser.add_subparsers(dest="command", metavar="check")
        check_parser = commands.add_parser(
            "check", help=t("cli.check"), formatter_class=formatter, epilog=t("cli.epilog"))
    check_parser.add_argument("file", metavar="FILE")
    check_parser.add_argument("--lang", default="en", metavar="CODE", help=t("cli.lang"))
    check_parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                              metavar="SECONDS",
                              help=t("cli.timeout", seconds=f"{DEFAULT_TIMEOUT:g}"))
    return main_parser


def main(argv=None, prog="python -m exercise", command=True, pages=None):
    """Run the command; returns the exit status (0 pass, 1 fail, 2 usage). `prog` is how the
    usage messages name the command (the downloadable archive names itself, and has no
    `check`: `command=False`, and knows the exercise page's address in each language:
    `pages`, {language: address})."""
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = language(argv)
    # argparse words its usage and errors through gettext: given the report's language here.
    with mock.patch.object(argparse, "_", argparse_text(lang)):
        cli = parser(prog, command, lang)
        try:
            args = cli.parse_args(argv)
        except SystemExit as stop:  # --help (0) or a usage error (2), already printed
            return stop.code
        if command and args.command is None:
            cli.print_usage(sys.stderr)
            print(f"{cli.prog}: {translate(lang, 'usage.error')}"
                  f"{translate(lang, 'cli.command')}", file=sys.stderr)
            return 2
    path = Path(args.file)
    error = None
    if not args.timeout > 0:
        error = translate(args.lang, "usage.timeout")
    elif path.is_dir():
        error = translate(args.lang, "usage.directory", path=args.file)
    elif not path.exists():
        error = translate(args.lang, "usage.missing", path=args.file)
    if error:
        print(error, file=sys.stderr)
        return 2
    results = check(args.file, args.lang, timeout=args.timeout)
    page = (pages or {}).get(args.lang.replace("_", "-").split("-")[0].lower()) or \
        (pages or {}).get("en")
    text = report(args.file, results, args.lang, page=page)
    if sys.stdout.isatty() and not os.environ.get("NO_COLOR"):
        text = coloured(text, args.lang)
    print(text)
    return 0 if all_required_passed(results) else 1


if __name__ == "__main__":  # python -m exercise.cli check FILE
    sys.exit(main(prog="python -m exercise.cli"))
