"""Fixtures of the browser tests: the session's built site (`site`, tests/conftest.py), served on
127.0.0.1 and loaded page by page in Debian's Chromium with every non-loopback request blocked.

Each page is loaded once (`visits`); the tests then check what was recorded.
"""

from __future__ import annotations

import dataclasses
import importlib.resources

import pytest

from tests.repo import SITE
from verified_docs import browser as s


@pytest.fixture(scope="session")
def server(site):
    srv = s.SiteServer(site)
    yield srv
    srv.close()


@pytest.fixture(scope="session")
def pages(site) -> list[s.Page]:
    found = s.discover_pages(site)
    langs = {page.lang.locale for page in found}
    missing = [lang.locale for lang in SITE.built_languages if lang.locale not in langs]
    assert not missing, f"the built site has no pages for {missing} (languages in mkdocs.yml)"
    return found


@pytest.fixture(scope="session")
def browser():
    message = s.chromium_missing_message()
    if message:
        pytest.fail(message, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=s.CHROMIUM, args=s.CHROMIUM_ARGS)
        yield chromium
        chromium.close()


READ_THROUGH = """async () => {
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
    scrollTo(0, y);
    await frame();
  }
  scrollTo(0, 0);
  await frame();
}"""


class Tab:
    """A browser tab whose non-loopback requests are blocked and recorded, with console errors."""

    def __init__(self, browser, **context_args):
        self.context = browser.new_context(**context_args)
        self.external: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(
            f"console error: {m.text} (at {m.location.get('url', '?')})"))
        self.page.on("pageerror", lambda e: self.errors.append(f"uncaught exception: {e}"))
        self.page.on("response", lambda r: r.status >= 400 and self.errors.append(
            f"HTTP {r.status} for {r.url}"))

    def _route(self, route):
        url = route.request.url
        if s.is_loopback(url):
            route.continue_()
        else:
            self.external.append(url)
            route.abort("blockedbyclient")

    def reset(self):
        self.external.clear()
        self.errors.clear()

    def goto(self, url: str, wait_until: str = "networkidle"):
        self.page.goto(url, wait_until=wait_until)

    def read_through(self):
        """Scroll from the top of the page to its end, a screen at a time, and back, as a reader
        would. The theme sets up a code block (copy button) when it first comes into view
        (content.lazy); a check of every block on a page comes after this."""
        self.page.evaluate(READ_THROUGH)

    def height(self) -> int:
        """The document's height, once the browser has drawn what it has (two frames)."""
        return self.page.evaluate("""async () => {
          for (let i = 0; i < 2; i++) await new Promise(r => requestAnimationFrame(r));
          return document.documentElement.scrollHeight;
        }""")

    def close(self):
        self.context.close()


@pytest.fixture
def tab(browser):
    t = Tab(browser)
    yield t
    t.close()


AXE_JS = importlib.resources.files("axe_playwright_python") / "axe.min.js"


@dataclasses.dataclass
class Visit:
    page: s.Page
    url: str
    external: list
    errors: list
    html_lang: str
    math_total: int
    math_rendered: int      # typeset by KaTeX (its HTML), laid out with a size
    raw_math: list
    math_fonts: list        # [family of a formula's computed font-family, ...] one per formula
    katex_fonts: list       # [family, style, weight, status] of the page's KaTeX @font-faces
    ids: list
    headings: list          # [tag, id, text]
    fragment_links: list    # absolute hrefs with a #fragment, from the page's content
    switcher: list          # [hreflang, absolute href]
    logo: str
    provenance: dict | None
    description: str        # <meta name="description">
    og: dict                # Open Graph property -> content
    toc: list               # [text, href] of the table of contents' entries
    code_titles: list       # title of each code block in the content ("" for none)
    copy_buttons: list      # [first line, has a copy button] of each code block a reader sees
    answer: dict | None     # the answer box's type and look (ANSWER)
    under_title: dict | None  # the element right after the <h1>: class, data-*, visible text
    heights: tuple          # the document's height at load, and after reading to the end
    axe: list               # serious and critical violations


COLLECT = """async () => {
  await document.fonts.ready;
  const text = el => el.textContent.replace(/\\s+/g, ' ').trim();
  const math = [...document.querySelectorAll('.arithmatex')];
  const prov = document.querySelector('.provenance');
  const meta = sel => (document.querySelector(sel) || {}).content || '';
  return {
    html_lang: document.documentElement.lang,
    math_total: math.length,
    math_rendered: math.filter(el => {
      const m = el.querySelector('.katex-html');
      if (!m) return false;
      const box = m.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    }).length,
    raw_math: math.filter(el => !el.querySelector('.katex')).map(text)
      .concat([...document.querySelectorAll('article p, article li, article td')]
        .filter(el => !el.closest('.arithmatex, code, pre') && /\\\\\\(|\\\\\\[|\\$\\$/.test(el.textContent))
        .map(text)),
    ids: [...document.querySelectorAll('[id]')].map(el => el.id),
    headings: [...document.querySelectorAll('article :is(h1,h2,h3,h4,h5,h6)')]
      .map(h => [h.tagName.toLowerCase(), h.id, text(h).replace(/¶$/, '').trim()]),
    fragment_links: [...document.querySelectorAll('article a[href*="#"]')].map(a => a.href),
    switcher: [...document.querySelectorAll('a.md-select__link[hreflang]')]
      .map(a => [a.getAttribute('hreflang'), a.href]),
    logo: (document.querySelector('a.md-logo') || {}).href || '',
    provenance: prov ? {...prov.dataset, text: text(prov)} : null,
    under_title: (() => {
      const next = (document.querySelector('article h1') || {}).nextElementSibling;
      return next ? {className: next.className, ...next.dataset, text: next.innerText.trim()}
                  : null;
    })(),
    math_fonts: math.map(el => getComputedStyle(el.querySelector('.katex') || el).fontFamily
      .split(',')[0].replace(/["']/g, '').trim()),
    katex_fonts: [...document.fonts].filter(f => f.family.replace(/["']/g, '').startsWith('KaTeX'))
      .map(f => [f.family.replace(/["']/g, ''), f.style, f.weight, f.status]),
    description: meta('meta[name="description"]'),
    og: Object.fromEntries([...document.querySelectorAll('meta[property^="og:"]')]
      .map(m => [m.getAttribute('property'), m.content])),
    toc: [...document.querySelectorAll('.md-sidebar--secondary nav.md-nav--secondary a.md-nav__link')]
      .map(a => [text(a), a.getAttribute('href')]),
    code_titles: [...document.querySelectorAll('article .highlight')]
      .map(h => h.querySelector(':scope > .filename') ? text(h.querySelector(':scope > .filename')) : ''),
    copy_buttons: [...document.querySelectorAll('article pre > code')]
      .filter(code => code.checkVisibility())
      .map(code => [code.textContent.split('\\n')[0].slice(0, 60),
                    !!code.parentElement.querySelector(':scope > .md-code__nav')]),
  };
}"""

# The answer box, found as tests/test_shape_of_pages.py finds it in the Markdown: the first note
# before the first code block; its text's font size next to a paragraph of the body's.
ANSWER = """() => {
  const article = document.querySelector('article');
  const firstCode = article.querySelector('pre');
  const box = [...article.querySelectorAll('.admonition.note')].find(n =>
    !firstCode || (n.compareDocumentPosition(firstCode) & Node.DOCUMENT_POSITION_FOLLOWING));
  // The body's type: a paragraph of prose, not the site's own lines about the page (a class
  // of their own: the verified line under the title, the links to take the code home).
  const para = [...article.querySelectorAll('p')].find(p => !p.className
    && !p.closest('.admonition, details, table, .tabbed-set') && p.textContent.trim().length > 40);
  if (!box || !para) return null;
  const text = box.querySelector('li, p:not(.admonition-title)');
  const s = getComputedStyle(box), page = getComputedStyle(document.body);
  return {text: parseFloat(getComputedStyle(text).fontSize), body: parseFloat(getComputedStyle(para).fontSize),
          border: parseFloat(s.borderLeftWidth), background: s.backgroundColor, page: page.backgroundColor,
          title: !!box.querySelector('.admonition-title')};
}"""


AXE_RUN = """async (rules) => {
  const only = rules ? {runOnly: {type: 'rule', values: rules}} : {};
  const result = await axe.run(document, {resultTypes: ['violations'], ...only});
  return result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
                nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
}"""


class Started:
    """axe running in a tab's page, not waited for: the reading of the next page, in the other
    tab, goes on meanwhile. Its result is taken before that tab loads another page."""

    def __init__(self, tab: Tab):
        self.tab = tab

    def result(self):
        return self.tab.page.evaluate("() => window.__axe")


def finished(record):
    """`record` with its Started fields replaced by their results."""
    if isinstance(record, Started):
        return record.result()
    if dataclasses.is_dataclass(record):
        started = {f.name: getattr(record, f.name).result() for f in dataclasses.fields(record)
                   if isinstance(getattr(record, f.name), Started)}
        return dataclasses.replace(record, **started) if started else record
    return record


TABS = 2  # one page is read while axe checks the one before it, in the other tab


def read_every_page(browser, server, pages, read, scroll=True, **context_args) -> dict:
    """Every page loaded once, scrolled through (unless `scroll` is false), and
    `read(tab, page, url)`; the result of each, by location. The pages take turns in two tabs,
    so what `read` starts and leaves running (`axe`) finishes while the next page loads; axe has
    to come last in `read`: it adds its script to the page."""
    tabs = [Tab(browser, **context_args) for _ in range(TABS)]
    out, unfinished = {}, {id(t): [] for t in tabs}

    def finish(t):
        for location in unfinished[id(t)]:
            out[location] = finished(out[location])
        unfinished[id(t)].clear()

    try:
        for n, page in enumerate(pages):
            t = tabs[n % TABS]
            finish(t)
            url = server.url(page.location)
            t.reset()
            t.goto(url)
            at_load = t.height()
            if scroll:
                t.read_through()
            t.heights = (at_load, t.height())
            out[page.location] = read(t, page, url)
            unfinished[id(t)].append(page.location)
        for t in tabs:
            finish(t)
    finally:
        for t in tabs:
            t.close()
    return {page.location: out[page.location] for page in pages}


# The rules whose outcome a colour scheme can change: the dark pass runs only these, on pages
# whose markup is the light pass's (the scheme is an attribute of <body> and CSS).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def axe(t: Tab, rules: list[str] | None = None) -> Started:
    t.page.add_script_tag(path=str(AXE_JS))
    t.page.evaluate(f"(rules) => {{ window.__axe = ({AXE_RUN})(rules); }}", rules)
    return Started(t)


@pytest.fixture(scope="session")
def visits(browser, server, pages) -> dict[str, Visit]:
    """Every page of every language loaded once; what a reader's browser did and showed."""
    def read(t, page, url):
        data = t.page.evaluate(COLLECT)
        return Visit(page=page, url=url, external=list(t.external), errors=list(t.errors),
                     answer=t.page.evaluate(ANSWER), heights=t.heights, axe=axe(t), **data)

    return read_every_page(browser, server, pages, read)


@dataclasses.dataclass
class DarkVisit:
    page: s.Page
    url: str
    scheme: str             # the body's data-md-color-scheme
    background: str         # computed background colour of the body
    errors: list
    axe: list


@pytest.fixture(scope="session")
def dark_visits(browser, server, pages) -> dict[str, DarkVisit]:
    """Every page loaded once more by a reader whose system asks for a dark scheme, with axe."""
    def read(t, page, url):
        scheme, background = t.page.evaluate(
            "() => [document.body.dataset.mdColorScheme, getComputedStyle(document.body).backgroundColor]")
        return DarkVisit(page=page, url=url, scheme=scheme, background=background,
                         errors=list(t.errors), axe=axe(t, COLOUR_RULES))

    return read_every_page(browser, server, pages, read, color_scheme="dark")
