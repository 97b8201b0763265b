"""Every page on a phone (390 x 844), in every language, as a reader sees it: the tables that
compare releases and the glossary's table whole on the screen, every output block wrapped inside
it (the home page's answer line too), every other box that scrolls sideways (code, a wide table,
a formula) showing a shadow at its hidden edge, seen in pixels, the answer box in the body's
type, and no text, folded text included, under the 12 px Lighthouse calls legible (extra.css)."""

from __future__ import annotations

import dataclasses
import io

import pytest

from tests.browser.conftest import ANSWER
from tests.repo import SITE

PHONE = {"width": 390, "height": 844}

READ = """([releases, legible]) => {
  const inScreen = el => { const r = el.getBoundingClientRect();
    return r.left >= -0.5 && r.right <= innerWidth + 0.5; };
  const label = el => el.textContent.replace(/\\s+/g, ' ').trim().slice(0, 60);
  const tables = [...document.querySelectorAll('article table')]
    .filter(t => t.id === 'glossary-table'
                 || releases.every(v => [...t.querySelectorAll('th')].some(th => th.textContent.trim() === v)))
    .map(t => ({name: t.id || t.dataset.results || label(t.querySelector('th')),
                cells: t.querySelectorAll('th, td').length,
                cut: [...t.querySelectorAll('th, td')].filter(c => c.checkVisibility())
                  .filter(c => !inScreen(c) || c.scrollWidth > c.clientWidth + 1).map(label),
                scrolls: t.scrollWidth > t.clientWidth + 1}));
  const outputs = [...document.querySelectorAll('article .language-output pre > code')]
    .filter(c => c.checkVisibility())
    .map(c => {
      const range = document.createRange(); range.selectNodeContents(c);
      const past = [...range.getClientRects()].some(r => r.width && (r.left < -0.5 || r.right > innerWidth + 0.5));
      return {text: c.textContent, first: label(c),
              cut: past || c.scrollWidth > c.clientWidth + 1 || !inScreen(c)};
    });
  const scrollers = [...document.querySelectorAll('article *')].filter(el => {
    const s = getComputedStyle(el);
    return ['auto', 'scroll'].includes(s.overflowX) && el.checkVisibility()
           && el.scrollWidth > el.clientWidth + 1;
  });
  scrollers.forEach((el, i) => el.dataset.phoneScroller = i);
  const kind = el => el.matches('pre > code') ? 'code' : el.tagName.toLowerCase() + '.' + el.classList[0];
  const cue = el => { const s = getComputedStyle(el); return [s.backgroundImage, s.backgroundAttachment, s.backgroundSize]; };
  // Text set smaller than LEGIBLE px, folded text too (a reader opens the fold at this size);
  // not KaTeX's MathML copy, which is for screen readers and never drawn, nor its zero-width
  // struts.
  const small = {};
  let read = 0;
  const texts = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
  for (let node; (node = texts.nextNode());) {
    const el = node.parentElement;
    if (!node.textContent.replace(/[\\s\\u200b]/g, '') || el.closest('.katex-mathml')) continue;
    read++;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size >= legible) continue;
    const what = el.closest('.filename') ? 'code title' : el.closest('pre') ? 'code block'
      : el.closest('code') ? 'inline code' : el.tagName.toLowerCase();
    const box = el.closest('details, .admonition, table');
    const where = !box ? 'the text' : box.matches('table') ? 'a table'
      : box.matches('details') ? 'a fold' : 'a box';
    const key = `${what} in ${where}, ${size.toFixed(2)} px`;
    (small[key] = small[key] || {count: 0, first: label(el)}).count++;
  }
  return {tables, outputs, small, texts: read,
          scrollers: scrollers.map((el, i) => ({index: i, kind: kind(el), first: label(el), cue: cue(el)}))};
}"""

# Only the colours the cue paints stay: text, borders and inline code backgrounds go transparent.
PROBE_CSS = """article pre code, article pre code *, article table, article table *,
.katex-display, .katex-display * { color: transparent !important; border-color: transparent !important; }
article table code { background-color: transparent !important; }"""

# The smallest text size Lighthouse calls legible on a phone (its font-size audit).
LEGIBLE = 12

STRIP = 4  # px of the scroller's right edge that are read


def rgb(css: str) -> tuple[int, int, int]:
    return tuple(int(float(x)) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3])


def edge_rows(tab, index: int) -> tuple[float, list]:
    """The share of rows of the scroller's rightmost pixels that differ from its background, at
    its start and at its end (scrolled fully to the right); and where it was."""
    page = tab.page
    el = page.locator(f'[data-phone-scroller="{index}"]')
    el.scroll_into_view_if_needed()
    page.wait_for_timeout(50)
    shares = []
    for end in (False, True):
        box, background = page.evaluate("""([el, end]) => {
          el.scrollLeft = end ? el.scrollWidth : 0;
          const r = el.getBoundingClientRect(), s = getComputedStyle(el);
          const left = r.right - parseFloat(s.borderRightWidth) - 1 - %d;
          const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
          let under = el;  // the colour under the box: its own, or the first opaque ancestor's
          while (under.parentElement && getComputedStyle(under).backgroundColor === 'rgba(0, 0, 0, 0)')
            under = under.parentElement;
          return [{x: left, y: top, width: %d, height: bottom - top}, getComputedStyle(under).backgroundColor];
        }""" % (STRIP, STRIP), [el.element_handle(), end])
        shot = page.screenshot(clip=box)
        from PIL import Image

        image = Image.open(io.BytesIO(shot)).convert("RGB")
        want = rgb(background)
        rows = [[image.getpixel((x, y)) for x in range(image.width)] for y in range(image.height)]
        differ = [any(max(abs(a - b) for a, b in zip(px, want)) > 12 for px in row) for row in rows]
        shares.append(sum(differ) / max(len(differ), 1))
        page.evaluate("el => el.scrollLeft = 0", el.element_handle())
    return shares[0], shares[1]


@dataclasses.dataclass
class PhoneVisit:
    source: str
    lang: str
    tables: list
    outputs: list
    scrollers: list
    seen: dict          # kind -> (index, share of edge rows with the cue at the start, at the
                        # end), for the first page of its language where a box of the kind scrolls
    answer: dict | None
    small: dict         # "element in container, size" -> {count, first}: text under LEGIBLE px
    texts: int          # how many texts of the page's content were measured


@pytest.fixture(scope="session")
def phone_visits(browser, server, pages) -> dict[str, PhoneVisit]:
    """Every page loaded once more on a phone; what it shows, and in each language the scroll
    cue of the first box of each kind that scrolls, read in pixels."""
    from tests.browser.conftest import read_every_page

    releases = list(SITE.torch.ascending())
    seen_in: dict[tuple, str] = {}   # (language, kind) -> the page whose box was read in pixels

    def read(t, page, url):
        found = t.page.evaluate(READ, [releases, LEGIBLE])
        answer = t.page.evaluate(ANSWER)
        t.page.add_style_tag(content=PROBE_CSS)
        seen = {}
        for scroller in found["scrollers"]:
            key = (page.lang.locale, scroller["kind"])
            if scroller["kind"] not in seen and seen_in.setdefault(key, page.location) == page.location:
                seen[scroller["kind"]] = (scroller["index"], *edge_rows(t, scroller["index"]))
        return PhoneVisit(source=page.source, lang=page.lang.locale, tables=found["tables"],
                          outputs=found["outputs"], scrollers=found["scrollers"], seen=seen,
                          answer=answer, small=found["small"], texts=found["texts"])

    return read_every_page(browser, server, pages, read, scroll=False, viewport=PHONE,
                           is_mobile=True, has_touch=True)


def test_tables_of_releases_and_the_glossary_are_whole_on_a_phone(phone_visits):
    names = [table["name"] for v in phone_visits.values() for table in v.tables]
    assert any(name != "glossary-table" for name in names), (
        "no page shows a table with a column per verified release (the results table of "
        "relu-vs-clamp); nothing was measured")
    assert "glossary-table" in names, "no glossary table found on the phone"
    cut = [f"docs/{v.source}, table {t['name']!r}: "
           + ("scrolls sideways; " if t["scrolls"] else "") + f"cut: {t['cut'][:4]}"
           for v in phone_visits.values() for t in v.tables if t["cut"] or t["scrolls"]]
    assert not cut, ("at 390 px these tables must fit the screen, every column visible (extra.css "
                     "lays them out as cards below 44.9375em):\n  " + "\n  ".join(cut))


def test_every_output_wraps_inside_the_screen(phone_visits):
    home = [o for v in phone_visits.values() if v.source.endswith("/index.md") for o in v.outputs]
    assert any("MyReLU" in o["text"] for o in home), (
        "the home pages show no output with MyReLU's gradient; the answer line was not measured")
    cut = [f"docs/{v.source}: output starting {o['first']!r}"
           for v in phone_visits.values() for o in v.outputs if o["cut"]]
    assert not cut, ("at 390 px these outputs run past the screen's edge, where a phone shows no "
                     "scrollbar (extra.css: output blocks wrap their lines):\n  " + "\n  ".join(cut))


def test_every_box_that_scrolls_shows_a_shadow_at_its_hidden_edge(phone_visits):
    kinds = {s["kind"] for v in phone_visits.values() for s in v.scrollers}
    assert "code" in kinds, "no code block scrolls sideways at 390 px; the cue was not measured"
    problems, verified = [], {}
    for v in phone_visits.values():
        for kind, (index, start, end) in v.seen.items():
            what = f"docs/{v.source}: the first {kind} that scrolls ({v.scrollers[index]['first']!r})"
            if start < 0.5:
                problems.append(f"{what}: only {start:.0%} of its right edge shows a shadow")
            if end > 0.1:
                problems.append(f"{what}: scrolled to its end, {end:.0%} of its right edge still "
                                "shows a shadow, so the shadow does not say that more is hidden")
            verified[v.lang, kind] = (v.source, v.scrollers[index]["cue"])
    for v in phone_visits.values():
        for scroller in v.scrollers:
            source, cue = verified[v.lang, scroller["kind"]]
            if scroller["cue"] != cue:
                problems.append(f"docs/{v.source}: {scroller['kind']} {scroller['first']!r} "
                                f"scrolls without the background whose shadow docs/{source} "
                                f"shows: {scroller['cue']} != {cue}")
    assert not problems, ("at 390 px a box that scrolls sideways must show that it does (mobile "
                          "browsers draw no scrollbar; extra.css draws a shadow with "
                          "background-attachment local/scroll):\n  " + "\n  ".join(problems))


def check_answer_box(where: str, answer: dict | None) -> list[str]:
    if answer is None:
        return [f"{where}: no answer box (a note before the first code block) or no paragraph"]
    problems = []
    if abs(answer["text"] - answer["body"]) > 0.1:
        problems.append(f"{where}: the answer box's text is {answer['text']} px, the body's "
                        f"{answer['body']} px")
    if not answer["title"] or (answer["border"] < 1 and answer["background"] == answer["page"]):
        problems.append(f"{where}: the answer box is not set apart (no title, border or "
                        "background of its own)")
    return problems


def test_answer_box_in_body_type_on_a_phone(phone_visits):
    problems = [p for v in phone_visits.values()
                for p in check_answer_box(f"docs/{v.source} (phone)", v.answer)]
    assert not problems, ("the answer box must be as readable as the text around it "
                          "(extra.css, the answer box):\n  " + "\n  ".join(problems))


def test_answer_box_in_body_type_on_a_desktop(visits):
    problems = [p for v in visits.values()
                for p in check_answer_box(f"docs/{v.page.source} (desktop)", v.answer)]
    assert not problems, ("the answer box must be as readable as the text around it "
                          "(extra.css, the answer box):\n  " + "\n  ".join(problems))


def test_all_text_is_legible_on_a_phone(phone_visits):
    unread = [f"docs/{v.source}" for v in phone_visits.values() if not v.texts]
    assert not unread, f"no text of these pages' content was measured: {unread}"
    small = [f"docs/{v.source}: {where}, {n['count']} text(s), the first {n['first']!r}"
             for v in phone_visits.values() for where, n in v.small.items()]
    assert not small, (f"at 390 px this text is under {LEGIBLE} px, too small to read on a phone "
                       "(Material sets boxes, folds and tables in smaller type, and code at 0.85 "
                       "of that; extra.css sets boxes and folds in the body's type and keeps code "
                       "in tables at 12 px or more):\n  " + "\n  ".join(small))


# What a sentence of the text points to, on a phone: (page, what, the section's id, the first
# element after its heading that matches and holds the text given). Each was cut at the
# screen's edge or scrolled sideways with the value the text is about out of sight (ux-3 M5,
# m11).
POINTED_TO = [
    ("exercise.md", "the expected result (\"Note the third gradient\")", "task",
     ".language-text pre > code", "'grad'"),
    ("exercise.md", "the checker's commands (the `--lang ru` one)", "check",
     ".language-sh pre > code", "--lang ru"),
    ("why-clone.md", "the double-backward table", "double-backward", "table", "E-no-grad"),
    ("mask.md", "the subgradient formula", "subgradient", ".katex-display", "\u27fa"),
]

WHOLE = """([id, selector, holding]) => {
  const heading = document.getElementById(id);
  if (!heading) return null;
  const el = [...document.querySelectorAll('article ' + selector)].find(e =>
    (heading.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)
    && e.textContent.includes(holding));
  if (!el) return null;
  el.scrollIntoView({block: 'center', behavior: 'instant'});
  // What is drawn past the screen's edge or past the edge of a box that clips it.
  const hidden = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    if (!node.textContent.trim() || node.parentElement.closest('.katex-mathml')) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    const past = [...range.getClientRects()].some(r => r.width && (r.left < -0.5
      || r.right > innerWidth + 0.5));
    if (past) hidden.push(node.textContent.trim().slice(0, 40));
  }
  const boxes = [el, ...el.querySelectorAll('th, td')]
    .filter(b => b.checkVisibility() && b.scrollWidth > b.clientWidth + 1)
    .map(b => b.textContent.replace(/\\s+/g, ' ').trim().slice(0, 40));
  return {text: el.innerText.replace(/\\s+/g, ' ').trim().slice(0, 60), hidden, overflowing: boxes};
}"""

SCROLLERS = """() => [...document.querySelectorAll('article *')].filter(el => {
    const s = getComputedStyle(el);
    return ['auto', 'scroll'].includes(s.overflowX) && el.checkVisibility()
           && el.scrollWidth > el.clientWidth + 1;
  }).map(el => ({first: el.textContent.replace(/\\s+/g, ' ').trim().slice(0, 50),
                 tabindex: el.getAttribute('tabindex')}))"""


@dataclasses.dataclass
class PointedVisit:
    source: str
    found: dict         # what (POINTED_TO) -> WHOLE's reading, None when not found
    scrollers: list     # every box that scrolls sideways: its first text and tabindex
    axe: list           # axe's scrollable-region-focusable violations (a Started until read)


@pytest.fixture(scope="session")
def pointed_to_visits(browser, server, pages):
    """The pages of POINTED_TO (and the home page) on a phone, read through as a reader scrolls
    (the theme sets a code block up when it comes into view), each element of POINTED_TO, every
    box that scrolls sideways, and axe's scrollable-region-focusable."""
    from tests.browser.conftest import axe, read_every_page

    wanted = {source for source, *_ in POINTED_TO} | {"index.md"}
    chosen = [p for p in pages if p.source.split("/", 1)[1] in wanted]

    def read(t, page, url):
        name = page.source.split("/", 1)[1]
        found = {what: t.page.evaluate(WHOLE, [id_, selector, holding])
                 for source, what, id_, selector, holding in POINTED_TO if source == name}
        return PointedVisit(page.source, found, t.page.evaluate(SCROLLERS),
                            axe(t, ["scrollable-region-focusable"]))

    return read_every_page(browser, server, chosen, read, viewport=PHONE, is_mobile=True,
                           has_touch=True)


def test_what_the_text_points_to_is_whole_on_a_phone(pointed_to_visits):
    measured, problems = 0, []
    for visit in pointed_to_visits.values():
        for what, found in visit.found.items():
            where = f"docs/{visit.source}, {what}"
            if found is None:
                problems.append(f"{where}: not found (its section or element moved?)")
                continue
            measured += 1
            if found["hidden"] or found["overflowing"]:
                problems.append(f"{where} ({found['text']!r}): at 390 px "
                                f"{found['hidden'] or found['overflowing']} lie past the "
                                "screen's or their box's edge")
    assert measured >= len(POINTED_TO), f"only {measured} elements were measured: {problems}"
    assert not problems, ("on a phone no value a sentence points to may be hidden sideways "
                          "(extra.css: text and sh blocks wrap, the six-column table is cards; "
                          "the formula is split over lines in the page):\n  "
                          + "\n  ".join(problems))


def test_every_box_that_scrolls_is_reachable_by_keyboard_on_a_phone(pointed_to_visits):
    scrolling = [(v.source, s) for v in pointed_to_visits.values() for s in v.scrollers]
    assert scrolling, "no box scrolls sideways at 390 px on these pages; nothing was measured"
    unreachable = [f"docs/{source}: {s['first']!r} (tabindex {s['tabindex']})"
                   for source, s in scrolling if s["tabindex"] != "0"]
    axe_found = {v.source: v.axe for v in pointed_to_visits.values() if v.axe}
    assert not unreachable and not axe_found, (
        "at 390 px a box that scrolls sideways must take keyboard focus (tabindex=\"0\": "
        "overrides/assets/javascripts/focusable-scroll.js; Material sets it only where there "
        "is hover, and takes it away when it sets the block up):\n  "
        + "\n  ".join(unreachable) + f"\naxe: {axe_found}")
