"""Offline: every page loads from the site alone, with nothing asked of the internet and no
errors in the console."""

import pytest

from tests.repo import SITE

LANGS = [lang.locale for lang in SITE.built_languages]


@pytest.mark.parametrize("lang", LANGS)
def test_no_request_leaves_the_machine(visits, lang):
    leaks = {v.url: v.external for v in visits.values() if v.page.lang.locale == lang and v.external}
    assert not leaks, (
        "pages asked for resources outside the site (blocked here, so they would fail offline):\n"
        + "\n".join(f"  {page}\n    " + "\n    ".join(urls) for page, urls in leaks.items())
        + "\nServe them from the site instead: theme.font: false (or self-hosted fonts), "
          "vendored scripts under overrides/assets/vendor/, no CDN links in mkdocs.yml.")


@pytest.mark.parametrize("lang", LANGS)
def test_no_console_errors(visits, lang):
    errors = {v.url: v.errors for v in visits.values() if v.page.lang.locale == lang and v.errors}
    assert not errors, ("errors while loading pages:\n" + "\n".join(
        f"  {page}\n    " + "\n    ".join(dict.fromkeys(errs)) for page, errs in errors.items()))
