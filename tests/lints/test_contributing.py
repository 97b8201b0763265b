"""CONTRIBUTING.md and each translation (CONTRIBUTING.<lang>.md) have the same sections, in order,
with the same commands and code (a merge that drops a section of one guide fails here)."""

import re

import pytest

from tests.repo import ROOT

GUIDES = sorted(ROOT.glob("CONTRIBUTING.*.md"))
FENCE = re.compile(r"^ *(```+)[^\n]*\n(.*?)^ *\1\s*$", re.M | re.S)
COMMAND = re.compile(r"`((?:make|\.venv/bin/python|git) [^`]+)`")


def sections(path):
    """[(heading line, commands and code of the section)] of a guide."""
    text = path.read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r"^## .*$", text, re.M):
        end = text.find("\n## ", match.end())
        body = text[match.end():end if end != -1 else len(text)]
        code = [" ".join(block.split()) for _, block in FENCE.findall(body)]
        # A comment after `#` in a shell line is prose, and is translated.
        code = [re.sub(r"\s#\s.*", "", line) for line in code]
        commands = set(COMMAND.findall(FENCE.sub("", body))) | set(code)
        # Placeholders are words of the guide's language: docs/<lang>/<page>.md, <язык>.
        found.append((text.count("\n", 0, match.start()) + 1,
                      sorted({re.sub(r"<[^<>]+>", "<…>", c) for c in commands})))
    return found


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_guide_has_every_section_of_the_english_one_with_its_commands(guide):
    english, translated = sections(ROOT / "CONTRIBUTING.md"), sections(guide)
    assert len(translated) == len(english), (
        f"{guide.name} has {len(translated)} sections (## headings), CONTRIBUTING.md has "
        f"{len(english)}: translate the missing ones (headings at CONTRIBUTING.md lines "
        f"{[line for line, _ in english]}, {guide.name} lines {[line for line, _ in translated]})")
    for (line, commands), (their_line, theirs) in zip(english, translated):
        assert commands == theirs, (
            f"{guide.name}:{their_line} gives other commands or code than CONTRIBUTING.md:{line}:"
            f"\n  {theirs}\n  vs\n  {commands}")
