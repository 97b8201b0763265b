"""Accessibility: axe-core (from the axe-playwright-python package) finds no serious or critical
violation on any page in any language."""

import pytest

from tests.browser.site import languages

LANGS = [lang.locale for lang in languages()]


@pytest.mark.parametrize("lang", LANGS)
def test_no_serious_axe_violations(visits, lang):
    found = {v.url: v.axe for v in visits.values() if v.page.lang.locale == lang and v.axe}
    lines = []
    for page, violations in found.items():
        lines.append(f"  {page}")
        for v in violations:
            lines.append(f"    [{v['impact']}] {v['id']}: {v['help']} ({v['url']})")
            lines.extend(f"        at {node}" for node in v["nodes"])
    assert not found, "axe-core violations (serious/critical):\n" + "\n".join(lines)
