"""Every page on a phone (390 x 844): the tables of releases and the glossary whole, outputs
wrapped, every box that scrolls sideways showing a shadow at its hidden edge (seen in pixels) and
taking keyboard focus, what a sentence points to whole on the screen, the answer box in body type
(a desktop too), no text under the 12 px Lighthouse calls legible (extra.css)."""

import pytest

from tests.browser.conftest import LEGIBLE, POINTED_TO


def test_tables_of_releases_and_the_glossary_are_whole_on_a_phone(phone_visits):
    names = [table["name"] for v in phone_visits.values() for table in v.tables]
    assert any(name != "glossary-table" for name in names), (
        "no page shows a table with a column per verified release (the results table of "
        "relu-vs-clamp); nothing was measured")
    assert "glossary-table" in names, "no glossary table found on the phone"
    cut = [f"docs/{v.page.source}, table {t['name']!r}: "
           + ("scrolls sideways; " if t["scrolls"] else "") + f"cut: {t['cut'][:4]}"
           for v in phone_visits.values() for t in v.tables if t["cut"] or t["scrolls"]]
    assert not cut, ("at 390 px these tables must fit the screen, every column visible (extra.css "
                     "lays them out as cards below 44.9375em):\n  " + "\n  ".join(cut))


def test_every_output_wraps_inside_the_screen(phone_visits):
    home = [o for v in phone_visits.values() if v.page.source.endswith("/index.md")
            for o in v.outputs]
    assert any("MyReLU" in o["text"] for o in home), (
        "the home pages show no output with MyReLU's gradient; the answer line was not measured")
    cut = [f"docs/{v.page.source}: output starting {o['first']!r}"
           for v in phone_visits.values() for o in v.outputs if o["cut"]]
    assert not cut, ("at 390 px these outputs run past the screen's edge, where a phone shows no "
                     "scrollbar (extra.css: output blocks wrap their lines):\n  " + "\n  ".join(cut))


def test_every_box_that_scrolls_shows_a_shadow_at_its_hidden_edge(phone_visits):
    kinds = {s["kind"] for v in phone_visits.values() for s in v.scrollers}
    assert "code" in kinds, "no code block scrolls sideways at 390 px; the cue was not measured"
    problems, verified = [], {}
    for v in phone_visits.values():
        for kind, (index, start, end) in v.seen.items():
            what = f"docs/{v.page.source}: the first {kind} that scrolls ({v.scrollers[index]['first']!r})"
            if start < 0.5:
                problems.append(f"{what}: only {start:.0%} of its right edge shows a shadow")
            if end > 0.1:
                problems.append(f"{what}: scrolled to its end, {end:.0%} of its right edge still "
                                "shows a shadow, so the shadow does not say that more is hidden")
            verified[v.page.lang.locale, kind] = (v.page.source, v.scrollers[index]["cue"])
    for v in phone_visits.values():
        for scroller in v.scrollers:
            source, cue = verified[v.page.lang.locale, scroller["kind"]]
            if scroller["cue"] != cue:
                problems.append(f"docs/{v.page.source}: {scroller['kind']} {scroller['first']!r} "
                                f"scrolls without the background whose shadow docs/{source} "
                                f"shows: {scroller['cue']} != {cue}")
    assert not problems, ("at 390 px a box that scrolls sideways must show that it does (mobile "
                          "browsers draw no scrollbar; extra.css draws a shadow with "
                          "background-attachment local/scroll):\n  " + "\n  ".join(problems))


def test_every_box_that_scrolls_is_reachable_by_keyboard(phone_visits):
    unreachable = [f"docs/{v.page.source}: {s['first'][:50]!r} (tabindex {s['tabindex']})"
                   for v in phone_visits.values() for s in v.scrollers if s["tabindex"] != "0"]
    assert not unreachable, (
        "at 390 px a box that scrolls sideways must take keyboard focus (tabindex=\"0\": "
        "overrides/assets/javascripts/focusable-scroll.js; Material sets it only where there "
        "is hover, and takes it away when it sets the block up):\n  " + "\n  ".join(unreachable))


@pytest.mark.parametrize("screen", ["phone_visits", "visits"])
def test_answer_box_in_body_type(request, screen):
    problems = []
    for v in request.getfixturevalue(screen).values():
        where, answer = f"docs/{v.page.source} ({screen})", v.answer
        if answer is None:
            problems.append(f"{where}: no answer box (a note before the first code block) or "
                            "no paragraph")
            continue
        if abs(answer["text"] - answer["body"]) > 0.1:
            problems.append(f"{where}: the answer box's text is {answer['text']} px, the body's "
                            f"{answer['body']} px")
        if not answer["title"] or (answer["border"] < 1 and answer["background"] == answer["page"]):
            problems.append(f"{where}: the answer box is not set apart (no title, border or "
                            "background of its own)")
    assert not problems, ("the answer box must be as readable as the text around it "
                          "(extra.css, the answer box):\n  " + "\n  ".join(problems))


def test_all_text_is_legible_on_a_phone(phone_visits):
    unread = [f"docs/{v.page.source}" for v in phone_visits.values() if not v.texts]
    assert not unread, f"no text of these pages' content was measured: {unread}"
    small = [f"docs/{v.page.source}: {where}, {n['count']} text(s), the first {n['first']!r}"
             for v in phone_visits.values() for where, n in v.small.items()]
    assert not small, (f"at 390 px this text is under {LEGIBLE} px, too small to read on a phone "
                       "(Material sets boxes, folds and tables in smaller type, and code at 0.85 "
                       "of that; extra.css sets boxes and folds in the body's type and keeps code "
                       "in tables at 12 px or more):\n  " + "\n  ".join(small))


def test_what_the_text_points_to_is_whole_on_a_phone(phone_visits):
    measured, problems = 0, []
    for v in phone_visits.values():
        for what, found in v.pointed.items():
            where = f"docs/{v.page.source}, {what}"
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


def test_a_wrapped_output_line_goes_on_under_a_hanging_indent(phone_visits):
    """Read from where the text's line boxes start: a printed line the screen wraps goes on
    further in than its own first character, so it never reads as a line of its own."""
    wrapped = [(v, w) for v in phone_visits.values() for o in v.outputs for w in o["wrapped"]]
    assert wrapped, "no output line wraps at 390 px: the hanging indent was not measured"
    flush = [f"docs/{v.page.source}: {w['line']!r} starts at {w['first']:.0f} px, goes on at "
             f"{', '.join(f'{x:.0f}' for x in w['goes_on'])} px"
             for v, w in wrapped if min(w["goes_on"]) <= w["first"] + 1]
    assert not flush, (f"{len(flush)} of {len(wrapped)} wrapped output lines go on no further in "
                       "than they start (extra.css: `.output-line`'s hanging indent; "
                       "verified_docs/build/release_outputs.py makes the rows):\n  "
                       + "\n  ".join(flush[:20]))
