"""The CustomReLU exercise: its starter (starter.py), reference solution (solution.py),
saved-tensor versions (saved_versions.py), wrong solutions (cases/) and its checker.

Usage (from the repository root, with the interpreter that has torch):
    .venv/bin/python -m exercise check FILE [--lang CODE] [--timeout S]

FILE must define a class CustomReLU. It runs in a child process of its own,
stopped after --timeout seconds (default 60); each requirement is reported on
its own line. Exit status: 0 when every required check passes, 1 when a check
fails or FILE cannot be loaded, 2 for usage errors (no FILE, a FILE that does
not exist or is a directory). The checker is also a function:
check(path, lang="en") returns a list of Result; execute(path) runs the
solution once and judge(attempt, lang) words the verdict in any language.
"""
from .checker import (
                      DEFAULT_TIMEOUT,
                      EXAMPLE,
                      EXPECTED_GRAD,
                      EXPECTED_OUTPUT,
                      REQUIRED,
                      Attempt,
                      Result,
                      all_required_passed,
                      check,
                      execute,
                      judge,
                      report,
)
from .cli import main
from .messages import MESSAGES, translate

__all__ = ["DEFAULT_TIMEOUT", "EXAMPLE", "EXPECTED_GRAD", "EXPECTED_OUTPUT", "MESSAGES",
           "REQUIRED", "Attempt", "Result", "all_required_passed", "check", "execute", "judge",
           "main", "report", "translate"]
