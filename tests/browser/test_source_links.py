"""From a page to its source (verified_docs/source_links.py): a code block included from snippets/
shows the file's path as its title; with REPO_URL set the header links the repository, every
page has an "edit this page" link to its own Markdown file and, after its text, a link that opens
a new issue naming the page (overrides/partials/feedback-link.html), and no page asks another
site for anything (the theme's repository facts from api.github.com: overrides/partials/
source.html); without REPO_URL none of these links is there.
"""

import os
import subprocess
import sys
import urllib.parse

import pytest

from tests.repo import ROOT, SITE
from verified_docs import browser as s
from verified_docs.source_links import FENCE

LANGS = [lang.locale for lang in SITE.built_languages]
REPO = "https://github.com/example/custom-autograd"


def untitled_includes(source: str) -> list[str]:
    """Snippet paths of the page's fences that only include a file and have no title."""
    text = (ROOT / "docs" / source).read_text(encoding="utf-8")
    return [m["path"] for m in FENCE.finditer(text) if "title=" not in m["info"]]


@pytest.mark.parametrize("lang", LANGS)
def test_included_code_blocks_are_titled_with_their_file(visits, lang):
    checked = 0
    for v in (v for v in visits.values() if v.page.lang.locale == lang):
        expected = untitled_includes(v.page.shown_source)
        missing = [path for path in expected if path not in v.code_titles]
        assert not missing, f"{v.url}: blocks from {missing} show no title naming the file"
        checked += len(expected)
    assert checked, f"no page in {lang!r} includes a snippet into a code block"


@pytest.mark.parametrize("lang", LANGS)
def test_no_repository_links_without_repo_url(visits, tab, server, site, lang):
    if os.environ.get("REPO_URL"):
        pytest.skip("REPO_URL is set for this run")
    prefix = next(x.prefix for x in SITE.built_languages if x.locale == lang)
    tab.goto(server.url(prefix))
    found = tab.page.locator(".md-source, a[rel=edit], .page-feedback").evaluate_all(
        "els => els.map(e => e.className || e.rel)")
    assert not found, f"{tab.page.url}: repository links without REPO_URL: {found}"
    with_feedback = [v.url for v in visits.values() if v.page.lang.locale == lang
                     and 'class="page-feedback"' in
                     (site / v.page.location / "index.html").read_text(encoding="utf-8")]
    assert not with_feedback, f"a feedback link without REPO_URL on: {with_feedback}"


@pytest.fixture(scope="module")
def site_with_repo(tmp_path_factory):
    site = tmp_path_factory.mktemp("site-repo")
    env = {**os.environ, "REPO_URL": REPO, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("EDIT_URI", None)
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                             str(site)], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr
    server = s.SiteServer(site)
    server.site_dir = site  # read as files by test_repo_url_adds_colab_and_source_links
    yield server, s.discover_pages(site)
    server.close()


@pytest.mark.parametrize("lang", LANGS)
def test_repo_url_adds_repository_and_edit_links(browser, site_with_repo, lang):
    from tests.browser.conftest import Tab

    server, pages = site_with_repo
    t = Tab(browser)
    try:
        for page in (p for p in pages if p.lang.locale == lang):
            t.goto(server.url(page.location), wait_until="load")
            assert t.page.locator("header a.md-source").get_attribute("href") == REPO, page.location
            edit = t.page.locator("a.md-content__button[rel=edit]")
            assert edit.count() == 1, f"/{page.location}: no 'edit this page' link"
            assert edit.get_attribute("href") == f"{REPO}/edit/main/docs/{page.source}"
            feedback_link_names_the_page(t, page, server, lang)
        # Material's header asks api.github.com for the repository's stars and forks unless its
        # link is our own partial (overrides/partials/source.html): no third-party request.
        t.page.wait_for_load_state("networkidle")
        assert not t.external, f"requests to other sites with REPO_URL set: {t.external[:3]}"
    finally:
        t.close()


def test_repo_url_adds_colab_and_source_links(site_with_repo):
    """With REPO_URL set: above each page with code, "Open in Colab" opens its notebook from the
    gh-pages branch the workflow pushes (verified_docs/notebooks.py) and "View source" its
    Markdown; each code block titled with a snippet links that file at main."""
    import re

    server, _ = site_with_repo
    site = server.site_dir
    notebooks = sorted(site.rglob("*.ipynb"))
    assert notebooks, "the build made no notebook"
    owner_repo = REPO.removeprefix("https://github.com/")
    snippet_links = 0
    for notebook in notebooks:
        page = notebook.parent / "index.html"
        html = page.read_text(encoding="utf-8")
        bar = re.search(r'<p class="take-home">(.*?)</p>', html, re.S)
        assert bar, f"{page}: no links above the title"
        hrefs = re.findall(r'href="([^"]+)"', bar[1])
        relative = notebook.relative_to(site).as_posix()
        colab = f"https://colab.research.google.com/github/{owner_repo}/blob/gh-pages/{relative}"
        assert colab in hrefs, f"{page}: no 'Open in Colab' link to {colab}"
        sources = [h for h in hrefs if h.startswith(f"{REPO}/blob/main/docs/")]
        assert len(sources) == 1, f"{page}: no single 'View source' link"
        assert (ROOT / sources[0].removeprefix(f"{REPO}/blob/main/")).is_file(), sources[0]
        for href, shown in re.findall(r'<span class="filename"><a href="([^"]+)">([^<]+)</a>',
                                      html):
            assert href == f"{REPO}/blob/main/{shown}" and (ROOT / shown).is_file(), href
            snippet_links += 1
    assert snippet_links, "no code block's snippet title links its file"


def feedback_link_names_the_page(t, page, server, lang):
    """The page's "report a problem" link: visible, in the page's language, to a new issue of
    REPO_URL whose title names the page and whose text its address, source file and language."""
    strings = SITE.extra(lang)["strings"]
    link = t.page.locator("article .page-feedback a")
    assert link.count() == 1 and link.is_visible(), (
        f"/{page.location}: no visible feedback link (overrides/partials/feedback-link.html)")
    assert link.inner_text().strip() == strings["feedback_link"], link.inner_text()
    href = urllib.parse.urlsplit(link.get_attribute("href"))
    assert f"{href.scheme}://{href.netloc}{href.path}" == f"{REPO}/issues/new", href
    query = urllib.parse.parse_qs(href.query)
    title = t.page.evaluate("() => document.querySelector('.md-nav__link--active, h1')"
                            ".textContent.trim()")
    assert query["title"] == [strings["feedback_issue_title"].format(title=title)], (
        f"/{page.location}: issue title {query['title']}")
    canonical = t.page.locator("link[rel=canonical]").get_attribute("href")
    body = query["body"][0]
    for fact in (canonical, f"docs/{page.source}", lang):
        assert fact in body, f"/{page.location}: the issue's text {body!r} does not name {fact!r}"
    assert body == strings["feedback_issue_body"].format(
        url=canonical, source=page.source, lang=lang), body
