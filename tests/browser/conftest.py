"""Fixtures of the browser tests: the session's built site (`site`, tests/conftest.py) served on
127.0.0.1, read in Debian's Chromium with every non-loopback request blocked and recorded. Each
page is loaded once per screen a reader uses and read during that load by read.js: `visits` (a
desktop), `dark_visits` (a desktop whose system asks for a dark scheme), `phone_visits` (390 x
844, touch). Only a test that clicks or types loads a page itself."""

from __future__ import annotations

import importlib.resources
import io
import pathlib
import types

import pytest
from PIL import Image
from playwright.sync_api import sync_playwright

from tests.repo import SITE
from verified_docs.commands import browser as s

LANGS = [lang.locale for lang in SITE.built_languages]
DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}  # the tables' box and look are read on it too
PHONE_ARGS = dict(viewport=PHONE, is_mobile=True, has_touch=True)
READ_JS = pathlib.Path(__file__).with_name("read.js")


@pytest.fixture(scope="session")
def server(site):
    srv = s.SiteServer(SITE, site)
    yield srv
    srv.close()


@pytest.fixture(scope="session")
def pages(site) -> list[s.Page]:
    found = s.discover_pages(SITE, site)
    missing = sorted(set(LANGS) - {page.lang.locale for page in found})
    assert not missing, f"the built site has no pages for {missing} (languages in mkdocs.yml)"
    return found


@pytest.fixture(scope="session")
def browser():
    message = s.chromium_missing_message()
    if message:
        pytest.fail(message, pytrace=False)
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=s.CHROMIUM, args=s.CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Tab:
    """A browser tab whose non-loopback requests are blocked and recorded, with console errors;
    its pages have read.js (`read(name, arg)`)."""

    def __init__(self, browser, **context_args):
        self.context = browser.new_context(**context_args)
        self.context.add_init_script(path=str(READ_JS))
        self.width = context_args.get("viewport", DESKTOP)["width"]
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
        if s.is_loopback(route.request.url):
            route.continue_()
        else:
            self.external.append(route.request.url)
            route.abort("blockedbyclient")

    def read(self, name: str, arg=None):
        return self.page.evaluate(f"arg => window.__tests.{name}(arg)", arg)

    def goto(self, url: str) -> int:
        """Open `url` and wait until the reader sees it: loaded, at the screen's width, its fonts
        in, drawn (two frames). The document's height then."""
        self.page.goto(url, wait_until="load")
        return self.read("settle", self.width)

    def close(self):
        self.context.close()


@pytest.fixture
def tab(browser):
    t = Tab(browser, viewport=DESKTOP)
    yield t
    t.close()


class Visits(dict):
    """location -> what was read of that page (a namespace: page, url, heights, errors, ...)."""

    def of(self, lang: str) -> list:
        return [v for v in self.values() if v.page.lang.locale == lang]


def read_every_page(browser, server, pages, read, scroll=True, **context_args) -> Visits:
    """Every page loaded once, read through as a reader scrolls (unless `scroll` is false: the
    theme sets a code block up, its copy button, when it first comes into view), and `read(tab,
    page)`'s dict of it. The pages take turns in two tabs: a callable in that dict (axe, the
    requests and errors the page makes after load) is called while the other tab loads."""
    tabs = [Tab(browser, **context_args) for _ in range(2)]
    records, pending = {}, {id(t): [] for t in tabs}

    def finish(t):
        for record in pending[id(t)]:
            record.update({k: v() for k, v in record.items() if callable(v)})
        pending[id(t)].clear()
        t.external.clear()
        t.errors.clear()

    try:
        for n, page in enumerate(pages):
            t = tabs[n % 2]
            finish(t)
            url = server.url(page.location)
            at_load = t.goto(url)
            record = {"page": page, "url": url,
                      "heights": (at_load, t.read("readThrough") if scroll else at_load),
                      "external": lambda t=t: list(t.external),
                      "errors": lambda t=t: list(dict.fromkeys(t.errors))}
            records[page.location] = {**record, **read(t, page)}
            pending[id(t)].append(records[page.location])
        for t in tabs:
            finish(t)
    finally:
        for t in tabs:
            t.close()
    return Visits((p.location, types.SimpleNamespace(**records[p.location])) for p in pages)


AXE_JS = importlib.resources.files("axe_playwright_python") / "axe.min.js"
# The rules whose outcome a colour scheme can change: the dark pass runs only these, on pages
# whose markup is the light pass's (the scheme is an attribute of <body> and CSS).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def axe(t: Tab, rules: list[str] | None = None):
    """Start axe-core on the tab's page (it adds its script: read everything else first); a
    callable that returns its serious and critical violations."""
    t.page.add_script_tag(path=str(AXE_JS))
    t.page.evaluate("rules => { window.__axe = window.__tests.axeRun(rules); }", rules)
    return lambda: t.page.evaluate("() => window.__axe")


def figure_colours(t: Tab) -> list[dict]:
    """The page's first figure, if any, at a desktop's width and a phone's: what read.js's
    `figures` finds, the commonest colour of the drawing's pixels on screen, its labels' fills
    and their contrast with it."""
    seen = []
    if not t.page.locator("article figure").count():
        return seen
    for viewport in (DESKTOP, PHONE):
        t.page.set_viewport_size(viewport)
        found = t.read("figures")[0]
        shot = t.page.locator("article figure img:visible").first.screenshot()
        image = Image.open(io.BytesIO(shot)).convert("RGB")
        _, found["drawn_on"] = max(image.getcolors(image.width * image.height))
        seen.append({**found, "screen": viewport["width"],
                     "labels": t.read("labelColours", [found["src"], found["drawn_on"]])})
    t.page.set_viewport_size(DESKTOP)
    return seen


@pytest.fixture(scope="session")
def visits(browser, server, pages) -> Visits:
    """Every page of every language on a desktop, light: read.js `collect`, the figure's
    colours, and axe-core's serious and critical violations."""
    def read(t, page):
        return {**t.read("collect"), "figure_colours": figure_colours(t), "axe": axe(t)}

    return read_every_page(browser, server, pages, read, viewport=DESKTOP)


@pytest.fixture(scope="session")
def dark_visits(browser, server, pages) -> Visits:
    """Every page on a desktop whose system asks for a dark scheme, not read through: what the
    theme sets up on the way (a code block's copy button) has no text for axe's colour rules."""
    def read(t, page):
        return {**t.read("scheme"), "release_outputs": t.read("releaseOutputs"),
                "figure_colours": figure_colours(t), "axe": axe(t, COLOUR_RULES)}

    return read_every_page(browser, server, pages, read, scroll=False, viewport=DESKTOP,
                           color_scheme="dark")


# What a sentence of the text points to, on a phone: (page, what, the section's id, the first
# element after its heading that matches and holds the text given). Each was cut at the screen's
# edge or scrolled sideways with the value the text is about out of sight (ux-3 M5, m11).
POINTED_TO = [
    ("exercise.md", "the expected result (\"Note the third gradient\")", "task",
     ".language-text pre > code", "'grad'"),
    ("exercise.md", "the checker's commands (the `--lang ru` one)", "check",
     ".language-sh pre > code", "--lang ru"),
    ("double-backward.md", "the double-backward table", "double-backward", "table", "E-no-grad"),
    ("mask.md", "the subgradient formula", "subgradient", ".katex-display", "\u27fa"),
]
# The smallest text size Lighthouse calls legible on a phone (its font-size audit).
LEGIBLE = 12


def edge_share(t: Tab, index: int, end: bool) -> float:
    """The share of rows of scroller `index`'s rightmost pixels that differ from its background,
    at its start or at its end (scrolled fully to the right)."""
    box, background = t.read("edge", [index, end])
    image = Image.open(io.BytesIO(t.page.screenshot(clip=box))).convert("RGB")
    differ = [any(max(abs(a - b) for a, b in zip(image.getpixel((x, y)), background)) > 12
                  for x in range(image.width)) for y in range(image.height)]
    return sum(differ) / max(len(differ), 1)


@pytest.fixture(scope="session")
def phone_visits(browser, server, pages) -> Visits:
    """Every page on a phone: what read.js's `phone` finds; the tables at 360 px; in each
    language the scroll cue of the first box of each kind that scrolls, read in pixels."""
    releases = list(SITE.torch.ascending())
    seen_in: dict[tuple, str] = {}   # (language, kind) -> the page whose box was read in pixels

    def read(t, page):
        tables_360 = []
        if t.page.locator("article table").count():  # a relayout at 360 px only where it tells
            t.page.set_viewport_size(SMALL_PHONE)
            tables_360 = t.read("tables")
            t.page.set_viewport_size(PHONE)
        name = page.source.split("/", 1)[1]
        pointed = [what for source, *what in POINTED_TO if source == name]
        data = {**t.read("phone", [releases, LEGIBLE, pointed]), "tables_360": tables_360}
        data["seen"] = {}  # kind -> (index, share of edge rows with the cue at start, at end)
        for scroller in data["scrollers"]:
            kind, index = scroller["kind"], scroller["index"]
            if kind in data["seen"] or seen_in.setdefault((page.lang.locale, kind),
                                                          page.location) != page.location:
                continue
            data["seen"][kind] = (index, *(edge_share(t, index, end) for end in (False, True)))
            t.read("edge", [index, False])
        # axe's scrollable-region-focusable on the pages whose boxes it was about (POINTED_TO, the
        # home page); every box's tabindex: test_phone.py.
        return {**data, "axe": axe(t, ["scrollable-region-focusable"])
                if pointed or name == "index.md" else []}

    return read_every_page(browser, server, pages, read, **PHONE_ARGS)
