"""From a page to its source (verified_docs/build/source_links.py): a code block included from
snippets/ titled with its path; with REPO_URL the repository, "edit this page" and feedback links
and no request to another site (the theme's api.github.com call: overrides/partials/source.html);
without REPO_URL none of them."""

import os
import re
import urllib.parse

import pytest

from tests.browser.conftest import LANGS
from tests.helpers import build
from tests.repo import ROOT, SITE
from tests.tiny import tiny_site
from verified_docs.build.source_links import FENCE
from verified_docs.commands import browser as s
from verified_docs.model.site import Site

REPO = "https://github.com/example/custom-autograd"


@pytest.mark.parametrize("lang", LANGS)
def test_included_code_blocks_are_titled_and_no_repository_links_without_repo_url(visits, lang):
    checked = 0
    for v in visits.of(lang):
        text = (ROOT / "docs" / v.page.shown_source).read_text(encoding="utf-8")
        expected = [m["path"] for m in FENCE.finditer(text) if "title=" not in m["info"]]
        missing = [path for path in expected if path not in v.code_titles]
        assert not missing, f"{v.url}: blocks from {missing} show no title naming the file"
        checked += len(expected)
        assert os.environ.get("REPO_URL") or not v.repo_links, (
            f"{v.url}: repository links without REPO_URL: {v.repo_links}")
    assert checked, f"no page in {lang!r} includes a snippet into a code block"


@pytest.fixture(scope="module")
def site_with_repo(tmp_path_factory):
    """The tiny site (tests/tiny.py, its extra.md in English only) under this site's mkdocs.yml,
    theme overrides and texts, built with REPO_URL: what REPO_URL changes is the same on every page,
    so these few pages show it without building the whole site again."""
    from ruamel.yaml import YAML

    root = tiny_site(tmp_path_factory.mktemp("repo"))
    for lang in ("en", "ru"):  # not in the nav below (no page of this site is outside its nav)
        (root / "docs" / lang / "mask.md").unlink()
    yaml = YAML()
    config = yaml.load(ROOT / "mkdocs.yml")
    config["theme"]["custom_dir"] = str(ROOT / "overrides")
    config["nav"] = [{"Home": "index.md"}, {"Extra": "extra.md"}]
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "verified-docs" in plugin:
            plugin["verified-docs"] = {}  # no figure or results table on these pages
    yaml.dump(config, root / "mkdocs.yml")
    site = root / "site"
    result = build(root, site, REPO_URL=REPO, EDIT_URI="")  # "": the default edit path
    assert result.returncode == 0, result.stderr
    tiny = Site.load(root)
    server = s.SiteServer(tiny, site)
    yield root, site, server, s.discover_pages(tiny, site)
    server.close()


@pytest.mark.parametrize("lang", LANGS)
def test_repo_url_adds_repository_edit_and_feedback_links(tab, site_with_repo, lang):
    _, _, server, pages = site_with_repo
    strings = SITE.extra(lang)["strings"]
    for page in (p for p in pages if p.lang.locale == lang):
        tab.page.goto(server.url(page.location), wait_until="load")
        found, where = tab.read("repoLinks"), f"/{page.location}"
        assert found["source"] == [REPO], f"{where}: header links {found['source']}"
        # A page not translated yet is the English file, so that is the one to edit.
        assert found["edit"] == [f"{REPO}/edit/main/docs/{page.shown_source}"], (
            f"{where}: 'edit this page' links {found['edit']}")
        assert found["feedback"] == 1 and found["shown"], (
            f"{where}: no visible feedback link (overrides/partials/feedback-link.html)")
        assert found["text"] == strings["feedback_link"], f"{where}: feedback link {found['text']!r}"
        href = urllib.parse.urlsplit(found["href"])
        assert f"{href.scheme}://{href.netloc}{href.path}" == f"{REPO}/issues/new", href
        query = urllib.parse.parse_qs(href.query)
        assert query["title"] == [strings["feedback_issue_title"].format(
            title=found["title"])], f"{where}: issue title {query['title']}"
        assert query["body"] == [strings["feedback_issue_body"].format(
            url=found["canonical"], source=page.shown_source, lang=lang)], (
            f"{where}: the issue's text {query['body']} does not name the page's address, "
            f"docs/{page.shown_source} and {lang!r}")
    # Material's header asks api.github.com for the repository's stars and forks unless its
    # link is our own partial (overrides/partials/source.html): no third-party request.
    tab.page.wait_for_load_state("networkidle")
    assert not tab.external, f"requests to other sites with REPO_URL set: {tab.external[:3]}"


def test_repo_url_adds_colab_and_source_links(site_with_repo):
    """Above a page with code "Open in Colab" opens its notebook from the gh-pages branch the
    workflow pushes (verified_docs/build/notebooks.py); a snippet's title links the file at main."""
    root, site, _, _ = site_with_repo
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
        assert (root / sources[0].removeprefix(f"{REPO}/blob/main/")).is_file(), sources[0]
        for href, shown in re.findall(r'<span class="filename"><a href="([^"]+)">([^<]+)</a>',
                                      html):
            assert href == f"{REPO}/blob/main/{shown}" and (root / shown).is_file(), href
            snippet_links += 1
    assert snippet_links, "no code block's snippet title links its file"
