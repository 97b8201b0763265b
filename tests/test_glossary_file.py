"""glossary.yml as a file: whatever is wrong with it is reported as `glossary.yml:LINE: what`
(verified_docs.glossary), not as a YAML traceback that names no file."""

from __future__ import annotations

import re

import pytest

from verified_docs.glossary import GLOSSARY, GlossaryError, load_glossary


def test_the_glossary_loads():
    assert load_glossary(GLOSSARY)


@pytest.mark.parametrize("text, line, what", [
    # a flow list never closed: the line it opened on is named too
    ("- en: a\n  ru: b\n- en: c\n  ru: [d\n", 4, "not valid YAML: expected ',' or ']'"),
    ("- en: a\n\tru: b\n", 2, "not valid YAML: found character '\\t' that cannot start any token"),
    ("- en: a\n  ru: b: c\n", 2, "not valid YAML: mapping values are not allowed here"),
    ("- en: 'a\n  ru: b\n", 2, "(while scanning a quoted scalar, at line 1)"),
    ("- en: a\n  ru: b\n ru: c\n", 3, "not valid YAML: expected <block end>"),
    (b"- en: a\n  ru: \xd0\n", 2, "not valid UTF-8 (byte b'\\xd0'); save the file as UTF-8"),
    ("en: a\nru: b\n", 1, "expected a list of terms"),
    ("", 1, "expected a list of terms"),
    ("- en: a\n  ru: b\n- just text\n", 3, "expected a term (`<language>: <term>` lines)"),
    ("- en: a\n  ru: b\n  en: c\n", 1, "the term has `en` twice"),
    ("- en: a\n  ru: b\n  avoid: [x]\n", 1, "`avoid` should map each variant to the reason"),
])
def test_each_problem_names_file_and_line(tmp_path, text, line, what):
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")  # a site's file
    path = tmp_path / "glossary.yml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(GlossaryError) as caught:
        load_glossary(path)
    message = str(caught.value)
    assert re.match(rf"glossary\.yml:{line}: ", message), message
    assert what in message, message
