"""Code blocks and tabs as a reader sees them (overrides/assets/stylesheets/extra.css): every
block has a copy button, the button never sits on code, and a tab's label does not look like a
link."""

import pytest

from tests.repo import SITE

LANGS = [lang.locale for lang in SITE.built_languages]
DESKTOP = {"width": 1280, "height": 800}

# For every code block with a copy button: is the button clear of the code's text? Either above
# the first line (in the title bar) or right of the text's box.
COPY_BUTTONS = """() => [...document.querySelectorAll('article pre > .md-code__nav')].map(nav => {
  const code = nav.parentElement.querySelector('code'), cs = getComputedStyle(code);
  const c = code.getBoundingClientRect(), n = nav.getBoundingClientRect();
  const textTop = c.top + parseFloat(cs.paddingTop);
  const textRight = c.right - parseFloat(cs.paddingRight);
  return {first: code.textContent.split('\\n')[0].slice(0, 60),
          clear: n.bottom <= textTop + 1 || n.left >= textRight - 1};
})"""

# A tab set as pymdownx.blocks.tab writes it, with the anchor content.tabs.link adds to a label.
TAB_LABEL = """() => {
  const box = document.createElement('div');
  box.innerHTML = '<div class="tabbed-set tabbed-alternate"><div class="tabbed-labels">'
    + '<label for="t1"><a href="#t1" tabindex="-1">PyTorch 2.15</a></label></div></div>';
  document.querySelector('article').append(box);
  const a = box.querySelector('a'), style = getComputedStyle(a);
  const real = document.querySelector('article .tabbed-labels a');
  return [style.textDecorationLine, real ? getComputedStyle(real).textDecorationLine : null];
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_copy_button_does_not_cover_code(browser, server, pages, lang):
    from tests.browser.conftest import Tab

    t = Tab(browser, viewport=DESKTOP)
    covered, seen = {}, 0
    try:
        for page in (p for p in pages if p.lang.locale == lang):
            t.goto(server.url(page.location))
            t.read_through()
            buttons = t.page.evaluate(COPY_BUTTONS)
            seen += len(buttons)
            bad = [b["first"] for b in buttons if not b["clear"]]
            if bad:
                covered[page.location] = bad
    finally:
        t.close()
    assert seen, f"no code block in {lang!r} has a copy button (theme feature content.code.copy)"
    assert not covered, f"copy buttons over the first line of: {covered}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_block_gets_a_copy_button(visits, lang):
    """The theme adds a block's button when the block first comes into view (content.lazy in
    mkdocs.yml): every block a reader scrolls to must have one."""
    missing = [f"{v.url}: {first!r}" for v in visits.values() if v.page.lang.locale == lang
               for first, has_button in v.copy_buttons if not has_button]
    seen = sum(len(v.copy_buttons) for v in visits.values() if v.page.lang.locale == lang)
    assert seen, f"no code block found on the {lang!r} pages"
    assert not missing, "code blocks without a copy button after scrolling to them:\n  " + (
        "\n  ".join(missing))


@pytest.mark.parametrize("lang", LANGS)
def test_tab_labels_are_not_underlined(tab, server, lang):
    prefix = next(x.prefix for x in SITE.built_languages if x.locale == lang)
    tab.goto(server.url(prefix))
    inserted, real = tab.page.evaluate(TAB_LABEL)
    assert inserted == "none" and real in (None, "none"), (inserted, real)
