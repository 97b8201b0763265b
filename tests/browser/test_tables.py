"""Every table, on a phone, in both languages: in Material's scrolling box once (put there by the
build, verified_docs/tables.py, not again by the theme's script), the page no wider than the
screen, and the look of the theme's own tables (compared with a class-less table that Material's
stylesheet styles, on the same page)."""

import pytest

from tests.repo import SITE

LANGS = [lang.locale for lang in SITE.built_languages]
PHONE = {"width": 360, "height": 740}
# Computed styles a wrapped table shares with Material's class-less table. Results tables set
# their own padding and alignment of values (extra.css), so cells' padding is compared elsewhere.
SAME = {"table": ["fontSize", "backgroundColor", "borderTopStyle", "borderTopWidth",
                  "borderTopColor", "borderTopLeftRadius", "display", "maxWidth",
                  "overflowX"],
        "th": ["fontWeight", "verticalAlign", "minWidth"],
        "td": ["borderTopStyle", "borderTopWidth", "borderTopColor", "verticalAlign"]}
PADDING = ["paddingTop", "paddingLeft"]

MEASURE = """(same) => [...document.querySelectorAll('article table')].map(table => {
  const box = table.parentElement, wrap = box && box.parentElement;
  // Material's look: a class-less copy of the first rows, in the same kind of box, same place.
  const ref = table.cloneNode(true);
  ref.removeAttribute('class'); ref.removeAttribute('id');
  const refWrap = wrap.cloneNode(false), refBox = box.cloneNode(false);
  refBox.append(ref); refWrap.append(refBox); wrap.after(refWrap);
  const style = (el, props) => el ? Object.fromEntries(props.map(p => [p, getComputedStyle(el)[p]])) : null;
  const compare = (sel, props) => ({ours: style(sel === 'table' ? table : table.querySelector(sel), props),
                                    theirs: style(sel === 'table' ? ref : ref.querySelector(sel), props)});
  const found = {
    name: table.id || table.getAttribute('data-results')
          || [...table.querySelectorAll('th')].map(th => th.textContent.trim()).join(' | '),
    classes: table.className,
    inBox: box.classList.contains('md-typeset__table') && wrap.classList.contains('md-typeset__scrollwrap'),
    boxedTwice: !!wrap.parentElement.closest('.md-typeset__table'),
    look: Object.fromEntries(Object.entries(same.look).map(([sel, props]) => [sel, compare(sel, props)])),
    padding: compare('td', same.padding)};
  refWrap.remove();
  found.pageWider = document.documentElement.scrollWidth > innerWidth;
  return found;
})"""


@pytest.mark.parametrize("lang", LANGS)
def test_every_table_scrolls_in_its_box_and_looks_like_the_themes(browser, server, site, pages,
                                                                   lang):
    from tests.browser.conftest import read_every_page

    with_tables = [page for page in pages if page.lang.locale == lang
                   and "<table" in (site / page.location / "index.html").read_text(encoding="utf-8")]
    assert with_tables, f"no page in {lang!r} has a table"
    measure = {"look": SAME, "padding": PADDING}
    found = read_every_page(browser, server, with_tables,
                            lambda t, page, url: (page.source, t.page.evaluate(MEASURE, measure)),
                            viewport=PHONE, is_mobile=True)
    for source, tables in found.values():
        for table in tables:
            where = f"docs/{source}, table {table['name']!r}"
            assert "wrapped-table" in table["classes"].split(), (
                f"{where}: not wrapped by the build, so Material's script wraps it on load and "
                "the browser restyles the whole article (verified_docs/tables.py)")
            assert table["inBox"] and not table["boxedTwice"], (
                f"{where}: not in exactly one of Material's scrolling boxes "
                "(verified_docs/tables.py wraps every table at build time)")
            assert not table["pageWider"], f"{where}: on a phone the page is wider than the screen"
            looks = dict(table["look"])
            cards = table["look"]["table"]["ours"]["display"] == "grid"
            if cards:
                # Laid out as cards on a phone (extra.css); tests/browser/test_phone.py checks
                # that they fit. Everything else still looks like the theme's table, but for
                # the cells' padding, which keeps a card's lines together.
                looks["table"] = {side: {k: v for k, v in styles.items() if k != "display"}
                                  for side, styles in looks["table"].items()}
            if table["classes"].split() == ["wrapped-table"] and not cards:
                looks["td padding"] = table["padding"]
            for part, styles in looks.items():
                assert styles["ours"] == styles["theirs"], (
                    f"{where}: its {part} does not look like Material's table "
                    f"(extra.css, table.wrapped-table): {styles['ours']} != {styles['theirs']}")
