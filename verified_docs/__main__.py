"""`python -m verified_docs <command> …`: the commands behind the Makefile's targets."""

import sys

COMMANDS = {"translations": "verified_docs.i18n.cli", "bench": "verified_docs.commands.bench",
            "results": "verified_docs.build.results", "screenshots": "verified_docs.commands.screenshots",
            "install-release": "verified_docs.commands.install",
            "add-release": "verified_docs.commands.add_release"}


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(f"usage: python -m verified_docs {{{','.join(COMMANDS)}}} ...", file=sys.stderr)
        return 2
    import importlib

    return importlib.import_module(COMMANDS[sys.argv[1]]).main(sys.argv[2:]) or 0


if __name__ == "__main__":
    sys.exit(main())
