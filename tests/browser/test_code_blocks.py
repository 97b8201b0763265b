"""Code blocks and tabs as a reader sees them (extra.css): every block scrolled to gets its copy
button (content.lazy in mkdocs.yml), clear of the code; a tab's label does not look like a link."""

import pytest

from tests.browser.conftest import LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_block_has_a_copy_button_clear_of_its_code(visits, lang):
    blocks = [(v.url, *block) for v in visits.of(lang) for block in v.copy_buttons]
    assert any(has for _, _, has, _ in blocks), (
        f"no code block in {lang!r} has a copy button (theme feature content.code.copy)")
    missing = [f"{url}: {first!r}" for url, first, has, _ in blocks if not has]
    assert not missing, "code blocks without a copy button after scrolling to them:\n  " + (
        "\n  ".join(missing))
    covered = [f"{url}: {first!r}" for url, first, _, clear in blocks if not clear]
    assert not covered, "copy buttons over the first line of:\n  " + "\n  ".join(covered)


@pytest.mark.parametrize("lang", LANGS)
def test_tab_labels_are_not_underlined(visits, lang):
    underlined = {v.url: v.tab_label for v in visits.of(lang) if v.tab_label != ["none", "none"]}
    assert not underlined, f"tab labels underlined like links [a label put in, the page's]: {underlined}"
