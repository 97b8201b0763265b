"""Accessibility: axe-core (from the axe-playwright-python package) finds no serious or critical
violation on any page in any language, in the light scheme; and in the dark one that a reader
whose system prefers dark gets (mkdocs.yml theme.palette), none of the rules about colour."""

import pytest

from tests.repo import SITE

LANGS = [lang.locale for lang in SITE.built_languages]


def report(found: dict) -> str:
    lines = []
    for page, violations in found.items():
        lines.append(f"  {page}")
        for v in violations:
            lines.append(f"    [{v['impact']}] {v['id']}: {v['help']} ({v['url']})")
            lines.extend(f"        at {node}" for node in v["nodes"])
    return "\n".join(lines)


@pytest.mark.parametrize("lang", LANGS)
def test_no_serious_axe_violations(visits, lang):
    found = {v.url: v.axe for v in visits.values() if v.page.lang.locale == lang and v.axe}
    assert not found, "axe-core violations (serious/critical):\n" + report(found)


@pytest.mark.parametrize("lang", LANGS)
def test_no_serious_axe_violations_in_the_dark_scheme(dark_visits, lang):
    mine = [v for v in dark_visits.values() if v.page.lang.locale == lang]
    light = {v.url: v.scheme for v in mine if v.scheme != "slate"}
    assert not light, (
        f"with a dark system preference these pages are not in the dark scheme (slate): {light}; "
        "is theme.palette in mkdocs.yml given a '(prefers-color-scheme: dark)' option?")
    found = {v.url: v.axe for v in mine if v.axe}
    assert not found, "axe-core violations in the dark scheme (serious/critical):\n" + report(found)
