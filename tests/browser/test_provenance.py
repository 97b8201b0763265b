"""Provenance: every page's footer says which PyTorch releases and date its outputs were last
verified with, as the docs tests recorded it (verified_docs/provenance.py -> .cache/provenance.json ->
verified_docs/plugin.py), and a fresh clone with no test run builds and says "not yet verified"."""

import datetime
import shutil

import pytest

from verified_docs import browser as s
from tests.helpers import build, scratch_copy
from verified_docs import provenance, site
from verified_docs.provenance import PATH
from verified_docs.site import built_languages

LANGS = [lang.locale for lang in built_languages()]


def visible_text(lang, want) -> str:
    """What a reader of `lang` reads in the footer: the language's text, filled in."""
    template = site.extra(lang)["strings"][f"provenance_{want['scope']}"]
    return " ".join(template.format(torch=want["torch"], date=want["verified"]).split())


@pytest.mark.parametrize("lang", LANGS)
def test_footer_shows_recorded_provenance(visits, request, lang):
    records = provenance.read()
    plugin = request.config.pluginmanager.get_plugin("verified-docs-provenance")
    verified_now = plugin.verified_now if plugin else {}
    problems = []
    for v in (v for v in visits.values() if v.page.lang.locale == lang):
        shown = v.provenance
        want = provenance.footer(records, v.page.source)
        if shown is None:
            problems.append(f"{v.url}: no provenance line in the footer "
                            "(overrides/partials/copyright.html includes partials/provenance.html)")
        elif want is None:
            if shown.get("provenance") != "pending":
                problems.append(f"{v.url}: footer says {shown['text']!r}, but {PATH.name} has no "
                                f"entry for {v.page.source}: it should say 'not yet verified'")
        elif shown["text"] != visible_text(lang, want):
            problems.append(f"{v.url}: the footer reads {shown['text']!r}, but it should read "
                            f"{visible_text(lang, want)!r} (overrides/partials/provenance.html)")
        elif [shown.get(k) for k in ("torch", "verified", "scope")] != \
                [want["torch"], want["verified"], want["scope"]]:
            problems.append(f"{v.url}: footer says {shown.get('text')!r}; {PATH.name} says "
                            f"torch {want['torch']} on {want['verified']} (for the {want['scope']})")
        if v.page.source in verified_now:
            releases = ", ".join(verified_now[v.page.source])
            today = datetime.date.today().isoformat()
            if shown and (shown.get("torch"), shown.get("verified")) != (releases, today):
                problems.append(f"{v.url}: its code blocks passed in this run with PyTorch "
                                f"{releases}, but the footer says {shown.get('text')!r}")
            for release in verified_now[v.page.source]:
                if shown and release not in shown.get("text", ""):
                    problems.append(f"{v.url}: footer text {shown.get('text')!r} lacks {release}")
    assert not problems, "\n".join(problems)


def test_fresh_clone_builds_and_says_not_yet_verified(tmp_path):
    repo = scratch_copy(tmp_path)
    shutil.rmtree(repo / ".cache", ignore_errors=True)
    result = build(repo, tmp_path / "site")
    assert result.returncode == 0, (
        "without .cache/provenance.json (a fresh clone, before any test run) the site must still "
        f"build:\n{result.stderr}")
    pages = s.discover_pages(tmp_path / "site")
    missing = [p.location for p in pages
               if 'data-provenance="pending"' not in
               (tmp_path / "site" / p.location / "index.html").read_text("utf-8")]
    assert not missing, f"pages without the 'not yet verified' footer on a fresh clone: {missing}"
