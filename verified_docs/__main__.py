"""`python -m verified_docs [--root DIR] <command> …`: the commands behind the Makefile's targets,
each on the site at DIR (default: the current folder), which it reads when it starts."""

import pathlib
import sys

COMMANDS = {"translations": "verified_docs.i18n.cli", "screenshots": "verified_docs.commands.screenshots",
            "install-release": "verified_docs.commands.install",
            "add-release": "verified_docs.commands.add_release",
            "new-page": "verified_docs.commands.new_page"}


def main(argv: list[str]) -> int:
    root = pathlib.Path.cwd()
    if argv[:1] == ["--root"] and len(argv) > 1:
        root, argv = pathlib.Path(argv[1]), argv[2:]
    if not argv or argv[0] not in COMMANDS:
        print(f"usage: python -m verified_docs [--root DIR] {{{','.join(COMMANDS)}}} ...",
              file=sys.stderr)
        return 2
    import importlib

    return importlib.import_module(COMMANDS[argv[0]]).main(argv[1:], root) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
