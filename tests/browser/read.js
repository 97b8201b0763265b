// What the browser tests read of a page (tests/browser/conftest.py), put in every page they open
// before its own scripts run. It only reads, or puts something in the page for a moment and
// takes it away.
window.__tests = (() => {
  const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const all = (sel, root = document) => [...root.querySelectorAll(sel)];
  const text = el => el ? el.textContent.replace(/\s+/g, ' ').trim() : '';
  const label = el => text(el).slice(0, 60);
  const style = (el, props) => el && Object.fromEntries(props.map(p => [p, getComputedStyle(el)[p]]));
  const scrolls = el => el.scrollWidth > el.clientWidth + 1;
  const inScreen = el => { const r = el.getBoundingClientRect();
    return r.left >= -0.5 && r.right <= innerWidth + 0.5; };
  // Is any line of `node`'s text drawn past the screen's edge?
  const pastScreen = node => { const range = document.createRange(); range.selectNodeContents(node);
    return [...range.getClientRects()].some(r => r.width && (r.left < -0.5 || r.right > innerWidth + 0.5)); };
  const fontSize = el => parseFloat(getComputedStyle(el).fontSize);
  // A CSS colour's red, green and blue, as getComputedStyle writes it (rgb() or rgba()).
  const rgb = css => css.match(/[\d.]+/g).slice(0, 3).map(c => Math.trunc(Number(c)));
  const background = el => rgb(getComputedStyle(el).backgroundColor);
  // WCAG's contrast ratio of two colours ([r, g, b]).
  const contrast = (a, b) => {
    const luminance = c => c.map(x => x / 255)
      .map(x => x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4)
      .reduce((sum, x, i) => sum + x * [0.2126, 0.7152, 0.0722][i], 0);
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (high + 0.05) / (low + 0.05);
  };

  // Is a copy button clear of its code's text: above the first line (in the title bar) or right
  // of the text's box?
  const clear = (code, nav) => {
    const cs = getComputedStyle(code), c = code.getBoundingClientRect();
    const n = nav.getBoundingClientRect();
    return n.bottom <= c.top + parseFloat(cs.paddingTop) + 1
      || n.left >= c.right - parseFloat(cs.paddingRight) - 1;
  };

  // A tab set as pymdownx.blocks.tab writes it, with the anchor content.tabs.link adds to a
  // label, put in the page for a moment: how every tab label looks, on pages without tabs too.
  const tabLabel = () => {
    const box = document.createElement('div');
    box.innerHTML = '<div class="tabbed-set tabbed-alternate"><div class="tabbed-labels">'
      + '<label for="t1"><a href="#t1" tabindex="-1">PyTorch 2.15</a></label></div></div>';
    document.querySelector('article').append(box);
    const inserted = getComputedStyle(box.querySelector('a')).textDecorationLine;
    const real = document.querySelector('article .tabbed-labels a:not([href="#t1"])');
    box.remove();
    return [inserted, real ? getComputedStyle(real).textDecorationLine : 'none'];
  };

  // The answer box, found as tests/lints/test_shape_of_pages.py finds it in the Markdown: the first
  // note before the first code block; its text's font size next to a paragraph of the body's
  // (prose, not the site's own lines about the page, which have a class of their own).
  const answer = () => {
    const article = document.querySelector('article'), firstCode = article.querySelector('pre');
    const box = all('.admonition.note', article).find(n =>
      !firstCode || (n.compareDocumentPosition(firstCode) & Node.DOCUMENT_POSITION_FOLLOWING));
    const para = all('p', article).find(p => !p.className
      && !p.closest('.admonition, details, table, .tabbed-set') && p.textContent.trim().length > 40);
    if (!box || !para) return null;
    const s = getComputedStyle(box);
    return {text: fontSize(box.querySelector('li, p:not(.admonition-title)')), body: fontSize(para),
            border: parseFloat(s.borderLeftWidth), background: s.backgroundColor,
            page: getComputedStyle(document.body).backgroundColor,
            title: !!box.querySelector('.admonition-title')};
  };

  // What a reader meets with its folds closed: the page's height and the first code block shown
  // (after the answer box, which test_shape_of_pages puts before any code), its lines as written.
  const lesson = () => {
    const first = all('article div.highlight:not(.language-output)').find(b => b.checkVisibility());
    return {height: document.documentElement.scrollHeight,
            first: first ? first.querySelector('code').textContent.replace(/\n$/, '').split('\n') : [],
            // Each file the page offers for download, and how far down the page its link is.
            downloads: all('article a[download]').filter(a => a.checkVisibility())
              .map(a => [a.getAttribute('download'), a.getBoundingClientRect().bottom + scrollY])};
  };

  // An element in a fold ("Full script") is read with the fold open, as a reader reads it: the
  // folds this opened, to close again.
  const openFolds = el => {
    const opened = [];
    for (let fold = el.closest('details'); fold; fold = fold.parentElement.closest('details')) {
      if (!fold.open) opened.push(fold);
      fold.open = true;
    }
    return opened;
  };

  // Each box of a code block's outputs (one block per release group), as drawn.
  const releaseOutputs = async () => {
    const found = [], opened = [];
    for (const box of all('article .release-outputs')) {
      // A code block's outputs follow it; the changes page's pairs of releases follow no code.
      if (!box.previousElementSibling?.matches('.language-python')) continue;
      opened.push(...openFolds(box));
      const blocks = [];
      for (const block of all(':scope > .highlight', box)) {
        // The theme sets a block up (its title bar's copy button) when it first comes into
        // view (content.lazy): each block is brought into view and read once it is drawn.
        block.scrollIntoView({block: 'start', behavior: 'instant'});
        const title = block.querySelector(':scope > .filename');
        for (let i = 0; i < 10 && title && !title.innerText.trim(); i++) await frames();
        const rect = block.getBoundingClientRect();
        const differ = title && title.querySelector('.release-differ');
        // The title's own text, without the "≠ …" legend after it.
        const shownTitle = title && title.checkVisibility() ? [...title.childNodes]
          .filter(n => n !== differ).map(n => n.textContent).join('').trim() : '';
        blocks.push({
          title: shownTitle,
          // The releases the title names (after "PyTorch").
          releases: shownTitle.split('PyTorch').pop().replace(/,/g, ' ').split(/\s+/).filter(Boolean),
          differ: differ && differ.checkVisibility()
            ? differ.querySelector('[aria-hidden]').innerText.trim() : '',
          // Each line as drawn: a printed line (one `go` span) or a missing-line row; a line
          // drawn on more than one line box (told apart by their tops) has wrapped.
          rows: all('pre > code > .output-line > .go, pre > code > .release-missing', block)
            .map(el => ({text: el.innerText.replace(/\n$/, ''),
                         lines: new Set([...el.getClientRects()].filter(r => r.width > 0)
                           .map(r => Math.round(r.top))).size})),
          top: rect.top + scrollY, bottom: rect.bottom + scrollY, left: rect.left, right: rect.right,
          visible: block.checkVisibility() && rect.width > 0 && rect.height > 0,
          // Each marked line, its bar and the bar's contrast with the code's background (the
          // <code>'s: the <pre> around it is transparent).
          marks: all('.hll', block).map(line => {
            const shadow = getComputedStyle(line).boxShadow;
            const bar = (shadow.match(/rgba?\([^)]*\)/) || [''])[0];
            return {text: line.innerText.trim(), bar,
                    contrast: bar ? contrast(rgb(bar), background(block.querySelector('pre > code'))) : 0,
                    barWidth: parseFloat((shadow.match(/\)\s+([\d.]+)px/) || [0, 0])[1])};
          }),
        });
      }
      // The blocks' layout: each under the one before, or all in one row, left to right.
      const after = test => blocks.every((b, i) => !i || test(blocks[i - 1], b));
      const width = box.getBoundingClientRect().width;
      found.push({blocks, children: [...box.children].map(c => c.className),
                  row: box.classList.contains('release-outputs--row'),
                  stacked: after((above, b) => b.top >= above.bottom),
                  sideBySide: after((left, b) => b.top === left.top && b.left >= left.right),
                  fullWidth: blocks.every(b => Math.abs(b.right - b.left - width) < 1),
                  pageWider: document.documentElement.scrollWidth > innerWidth});
    }
    opened.forEach(fold => fold.open = false);
    return found;
  };

  // Each figure: the drawing shown (they load lazily: brought into view and decoded first), its
  // size on screen and as the page reserves it, its caption.
  const figures = async () => {
    const figures = all('article figure');
    for (const f of figures) {
      f.scrollIntoView({block: 'center'});
      await Promise.all(all('img', f).filter(i => i.checkVisibility())
        .map(i => i.decode().catch(() => null)));
    }
    return figures.map(f => {
      const shown = all('img', f).filter(i => i.checkVisibility());
      const img = shown[0], cap = f.querySelector('figcaption'), r = img.getBoundingClientRect();
      return {shown: shown.map(i => i.currentSrc), src: img.currentSrc, width: r.width,
              natural: img.naturalWidth, left: r.left, right: r.right,
              sizes: all('img, source', f).map(el =>
                [el.tagName.toLowerCase(), el.getAttribute('width'), el.getAttribute('height')]),
              caption: cap ? cap.textContent.trim() : null,
              captionShown: !!cap && cap.getBoundingClientRect().height > 0
                            && getComputedStyle(cap).visibility === 'visible',
              page: document.documentElement.scrollWidth,
              background: background(document.body),
              scheme: document.body.dataset.mdColorScheme};
    });
  };

  // The fill of every <text> of a drawing, as the browser computes it (the SVG inlined off
  // screen for a moment: an <img>'s insides cannot be read), and its contrast with colour `on`.
  const labelColours = async ([src, on]) => {
    const box = document.createElement('div');
    box.style.cssText = 'position:absolute;left:-10000px;top:0';
    box.innerHTML = await (await fetch(src)).text();
    document.body.append(box);
    const fills = all('text', box).map(t => {
      const fill = getComputedStyle(t).fill;
      return [t.textContent, fill, Math.round(contrast(rgb(fill), on) * 100) / 100];
    });
    box.remove();
    return fills;
  };

  // Each non-ASCII heading id opened by a link, percent-encoded as a browser sends it: id ->
  // the id of the element that is then :target.
  const targets = async headings => {
    const found = {};
    for (const [, id] of headings.filter(([, id]) => id && /[^\x00-\x7f]/.test(id))) {
      location.hash = encodeURIComponent(id);
      await frames();
      found[id] = (document.querySelector(':target') || {}).id || null;
    }
    return found;
  };

  // Everything a desktop reader's browser shows that the tests check.
  const collect = async () => {
    await document.fonts.ready;
    const math = all('.arithmatex'), prov = document.querySelector('.provenance');
    const meta = sel => (document.querySelector(sel) || {}).content || '';
    const fontFamily = el => el.replace(/["']/g, '').split(',')[0].trim();
    const next = (document.querySelector('article h1') || {}).nextElementSibling;
    const headings = all('article :is(h1,h2,h3,h4,h5,h6)')
      .map(h => [h.tagName.toLowerCase(), h.id, text(h).replace(/¶$/, '').trim()]);
    return {
      html_lang: document.documentElement.lang,
      title: document.title,
      math_total: math.length,
      math_rendered: math.filter(el => {  // typeset by KaTeX (its HTML), laid out with a size
        const box = el.querySelector('.katex-html')?.getBoundingClientRect();
        return box && box.width > 0 && box.height > 0;
      }).length,
      raw_math: math.filter(el => !el.querySelector('.katex')).map(text)
        .concat(all('article p, article li, article td')
          .filter(el => !el.closest('.arithmatex, code, pre') && /\\\(|\\\[|\$\$/.test(el.textContent))
          .map(text)),
      math_fonts: math.map(el => fontFamily(getComputedStyle(el.querySelector('.katex') || el).fontFamily)),
      katex_fonts: [...document.fonts].filter(f => fontFamily(f.family).startsWith('KaTeX'))
        .map(f => [fontFamily(f.family), f.style, f.weight, f.status]),
      ids: all('[id]').map(el => el.id),
      headings,
      permalinks: all('a.headerlink').map(a => a.title),
      fragment_links: all('article a[href*="#"]').map(a => a.href),
      switcher: all('a.md-select__link').map(a => ({lang: a.lang, hreflang: a.hreflang,
        href: a.href, current: a.getAttribute('aria-current'),
        bold: getComputedStyle(a.querySelector('strong') || a).fontWeight})),
      logo: (document.querySelector('a.md-logo') || {}).href || '',
      footer: document.querySelector('.md-footer-meta').innerText,
      next: text(document.querySelector('.md-footer__link--next .md-footer__direction')),
      top: !!document.querySelector('[data-md-component="top"]'),
      provenance: prov ? {...prov.dataset, text: text(prov)} : null,
      // the element right after the <h1>: class, data-*, visible text
      under_title: next ? {className: next.className, ...next.dataset, text: next.innerText.trim()} : null,
      description: meta('meta[name="description"]'),
      og: Object.fromEntries(all('meta[property^="og:"]').map(m => [m.getAttribute('property'), m.content])),
      toc: all('.md-sidebar--secondary nav.md-nav--secondary a.md-nav__link')
        .map(a => [text(a), a.getAttribute('href')]),
      code_titles: all('article .highlight').map(h => text(h.querySelector(':scope > .filename'))),
      // [first line, has a copy button, the button clear of the code] of each block a reader sees
      copy_buttons: all('article pre > code').filter(code => code.checkVisibility()).map(code => {
        const nav = code.parentElement.querySelector(':scope > .md-code__nav');
        return [code.textContent.split('\n')[0].slice(0, 60), !!nav, !nav || clear(code, nav)];
      }),
      repo_links: all('.md-source, a[rel=edit], .page-feedback').map(e => e.className || e.rel),
      tab_label: tabLabel(),
      answer: answer(),
      lesson: lesson(),
      results: all('article table.results-table').map(table => {
        const opened = openFolds(table);
        table.scrollIntoView({behavior: 'instant'});
        const wrap = table.closest('.md-typeset__scrollwrap') || table;
        const found = {name: table.dataset.results,
                       releases: all('thead tr:nth-child(2) th', table).map(th => th.innerText.trim()),
                       rows: all('tbody tr', table).map(tr => all('td', tr).map(td => td.innerText.trim())),
                       scrolls: wrap.scrollWidth > wrap.clientWidth};
        opened.forEach(fold => fold.open = false);
        return found;
      }),
      release_outputs: await releaseOutputs(),
      figures: await figures(),
      targets: await targets(headings),
    };
  };

  // The colour scheme the page is in, and the page's colour.
  const scheme = () => ({scheme: document.body.dataset.mdColorScheme,
                         background: background(document.body)});

  // What a sentence of the text points to (a section's id, the first element after its heading
  // that matches `selector` and holds `holding`), brought into view: its text drawn past the
  // screen's edge, and the boxes of it that clip their text.
  const whole = ([id, selector, holding]) => {
    const heading = document.getElementById(id);
    const el = heading && all('article ' + selector).find(e =>
      (heading.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)
      && e.textContent.includes(holding));
    if (!el) return null;
    el.scrollIntoView({block: 'center', behavior: 'instant'});
    const hidden = [], walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());) {
      if (node.textContent.trim() && !node.parentElement.closest('.katex-mathml') && pastScreen(node))
        hidden.push(node.textContent.trim().slice(0, 40));
    }
    return {text: el.innerText.replace(/\s+/g, ' ').trim().slice(0, 60), hidden,
            overflowing: [el, ...all('th, td', el)].filter(b => b.checkVisibility() && scrolls(b))
              .map(b => text(b).slice(0, 40))};
  };

  // Each printed line of `code` that the screen wraps: its start, [left of its first character
  // that is not a space, left of each line box it goes on in], in px from the code's left edge.
  // Read from the text's own boxes (a Range per printed line), whatever the markup.
  const wrappedLines = code => {
    const chars = [];
    const walk = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let node; (node = walk.nextNode());) {
      if (!node.parentElement.checkVisibility()) continue;
      for (let i = 0; i < node.length; i++) chars.push([node, i, node.data[i]]);
    }
    const origin = code.getBoundingClientRect().left;
    const box = (a, b) => {
      const range = document.createRange();
      range.setStart(chars[a][0], chars[a][1]);
      range.setEnd(chars[b][0], chars[b][1] + 1);
      return [...range.getClientRects()].filter(r => r.width > 0);
    };
    const found = [];
    for (let start = 0; start < chars.length;) {
      let end = start;
      while (end < chars.length && chars[end][2] !== '\n') end++;
      const text = chars.slice(start, end).map(c => c[2]).join('');
      const lead = text.length - text.trimStart().length;
      if (text.trim() && end > start) {
        const rects = box(start, end - 1);
        const tops = [...new Set(rects.map(r => Math.round(r.top)))].sort((a, b) => a - b);
        if (tops.length > 1) {
          const first = box(start + lead, start + lead)[0];
          found.push({line: text.trim().slice(0, 50), first: first.left - origin,
                      goes_on: tops.slice(1).map(top => Math.min(...rects
                        .filter(r => Math.round(r.top) === top).map(r => r.left)) - origin)});
        }
      }
      start = end + 1;
    }
    return found;
  };

  // On a phone: the tables that compare releases and the glossary's, every output block, every
  // box that scrolls sideways (numbered for `edge`), every formula, text set under `legible`
  // px, and what the sentences of `pointed` point to.
  const phone = async ([releases, legible, pointed]) => {
    const tables = all('article table')
      .filter(t => t.id === 'glossary-table'
                   || releases.every(v => all('th', t).some(th => th.textContent.trim() === v)))
      .map(t => ({name: t.id || t.dataset.results || label(t.querySelector('th')),
                  cut: all('th, td', t).filter(c => c.checkVisibility())
                    .filter(c => !inScreen(c) || scrolls(c)).map(label),
                  scrolls: scrolls(t)}));
    // Every block whose lines wrap (outputs, results to compare, commands): a Python block scrolls.
    const outputs = all('article pre > code')
      .filter(c => c.checkVisibility() && getComputedStyle(c).whiteSpace.startsWith('pre-wrap'))
      .map(c => ({text: c.textContent, first: label(c), cut: pastScreen(c) || scrolls(c) || !inScreen(c),
                  wrapped: wrappedLines(c)}));
    const scrollers = all('article *').filter(el => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)
      && el.checkVisibility() && scrolls(el));
    scrollers.forEach((el, i) => el.dataset.phoneScroller = i);
    const formulas = all('.arithmatex .katex').map(k => {
      const box = k.closest('.katex-display') || k.closest('.arithmatex'), r = box.getBoundingClientRect();
      return {tex: (k.querySelector('annotation')?.textContent || '').slice(0, 60), left: r.left,
              right: r.right, overflow: getComputedStyle(box).overflowX, scrolls: scrolls(box)};
    });
    // Folded text too (a reader opens the fold at this size); not KaTeX's MathML copy, which is
    // for screen readers and never drawn, nor its zero-width struts.
    const small = {};
    let read = 0;
    const texts = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
    for (let node; (node = texts.nextNode());) {
      const el = node.parentElement;
      if (!node.textContent.replace(/[\s\u200b]/g, '') || el.closest('.katex-mathml')) continue;
      read++;
      const size = fontSize(el);
      if (size >= legible) continue;
      const what = el.closest('.filename') ? 'code title' : el.closest('pre') ? 'code block'
        : el.closest('code') ? 'inline code' : el.tagName.toLowerCase();
      const box = el.closest('details, .admonition, table');
      const where = !box ? 'the text' : box.matches('table') ? 'a table'
        : box.matches('details') ? 'a fold' : 'a box';
      const key = `${what} in ${where}, ${size.toFixed(2)} px`;
      (small[key] = small[key] || {count: 0, first: label(el)}).count++;
    }
    return {tables, outputs, small, texts: read, formulas, answer: answer(),
            width: [document.documentElement.scrollWidth, innerWidth],
            scrollers: scrollers.map((el, i) => ({
              index: i, kind: el.matches('pre > code') ? 'code' : el.tagName.toLowerCase() + '.' + el.classList[0],
              first: label(el), tabindex: el.getAttribute('tabindex'),
              cue: Object.values(style(el, ['backgroundImage', 'backgroundAttachment', 'backgroundSize']))})),
            pointed: Object.fromEntries(pointed.map(([what, ...where]) => [what, whole(where)])),
            release_outputs: await releaseOutputs(), figures: await figures()};
  };

  // Computed styles a wrapped table shares with Material's class-less table. Results tables set
  // their own padding and alignment of values (extra.css): cells' padding is compared only on a
  // plain wrapped table.
  const same = {table: ['fontSize', 'backgroundColor', 'borderTopStyle', 'borderTopWidth',
                        'borderTopColor', 'borderTopLeftRadius', 'display', 'maxWidth', 'overflowX'],
                th: ['fontWeight', 'verticalAlign', 'minWidth'],
                td: ['borderTopStyle', 'borderTopWidth', 'borderTopColor', 'verticalAlign']};

  // Every table next to a class-less copy of it (Material's look: in the same kind of box, same
  // place): the styles `same` names of each (`look`: part -> ours, theirs), and whether it is in
  // one scrolling box. A table laid out as cards on a phone (extra.css; test_phone.py checks that
  // they fit) is compared but for its display and its cells' padding, which keeps a card's lines
  // together.
  const tables = () => all('article table').map(table => {
    const box = table.parentElement, wrap = box.parentElement;
    const ref = table.cloneNode(true);
    ref.removeAttribute('class'); ref.removeAttribute('id');
    const refWrap = wrap.cloneNode(false), refBox = box.cloneNode(false);
    refBox.append(ref); refWrap.append(refBox); wrap.after(refWrap);
    const compare = (sel, props) => ({ours: style(sel === 'table' ? table : table.querySelector(sel), props),
                                      theirs: style(sel === 'table' ? ref : ref.querySelector(sel), props)});
    const look = Object.fromEntries(Object.entries(same).map(([sel, props]) => [sel, compare(sel, props)]));
    const cards = look.table.ours.display === 'grid';
    if (cards) Object.values(look.table).forEach(styles => delete styles.display);
    else if ([...table.classList].join(' ') === 'wrapped-table') look['td padding'] = compare('td', ['paddingTop', 'paddingLeft']);
    const found = {
      name: table.id || table.dataset.results || all('th', table).map(text).join(' | '),
      classes: table.className,
      inBox: box.classList.contains('md-typeset__table') && wrap.classList.contains('md-typeset__scrollwrap'),
      boxedTwice: !!wrap.parentElement.closest('.md-typeset__table'),
      look};
    refWrap.remove();
    return {...found, pageWider: document.documentElement.scrollWidth > innerWidth};
  });

  // Only the colours the scroll cue paints stay: text, borders and inline code backgrounds go
  // transparent.
  const probe = () => {
    if (document.getElementById('edge-probe')) return;
    const css = document.createElement('style');
    css.id = 'edge-probe';
    css.textContent = `article pre code, article pre code *, article table, article table *,
      .katex-display, .katex-display * { color: transparent !important; border-color: transparent !important; }
      article table code { background-color: transparent !important; }`;
    document.head.append(css);
  };

  // The 4 rightmost px of scroller `index` (PHONE's numbering), in view (with only the cue's
  // colours: `probe`) and scrolled to its start or its end, and the colour under it: its own, or
  // the first opaque ancestor's.
  const edge = async ([index, end]) => {
    const el = document.querySelector(`[data-phone-scroller="${index}"]`), strip = 4;
    probe();
    el.scrollIntoViewIfNeeded();  // centred if it is not in view, as Playwright does
    el.scrollLeft = end ? el.scrollWidth : 0;
    await new Promise(r => setTimeout(r, 50));
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    let under = el;
    while (under.parentElement && getComputedStyle(under).backgroundColor === 'rgba(0, 0, 0, 0)')
      under = under.parentElement;
    const top = Math.max(r.top, 0);
    return [{x: r.right - parseFloat(s.borderRightWidth) - 1 - strip, y: top, width: strip,
             height: Math.min(r.bottom, innerHeight) - top}, background(under)];
  };

  // Has the search shown its results, or said that there are none?
  const searchDone = () => {
    const none = JSON.parse(document.getElementById('__config').textContent)
      .translations['search.result.none'];
    const meta = document.querySelector('.md-search-result__meta').textContent.trim();
    return document.querySelector('.md-search-result__list').children.length || meta === none;
  };

  // What a search shows: the results' hrefs (sections too), the first result (its title
  // shown?), how much code the teasers hold and where the first result ends.
  const searchResults = () => {
    const links = all('.md-search-result__list .md-search-result__link');
    const items = all('.md-search-result__list > li'), first = items[0]?.querySelector('article');
    const h = links[0]?.querySelector('h1, h2');
    return {hrefs: all('.md-search-result__list a[href]').map(a => a.href),
            results: links.map(a => a.getAttribute('href')),
            first: links[0] && {href: links[0].href, title: h ? h.innerText.trim() : '',
                                visible: !!h && h.checkVisibility()},
            code: items.map(li => all('pre, .highlight', li).length).reduce((a, b) => a + b, 0),
            bottom: first ? first.getBoundingClientRect().bottom : 0};
  };

  // The links to the repository, to edit the page and to report a problem (with REPO_URL).
  const repoLinks = () => {
    const feedback = document.querySelector('article .page-feedback a');
    return {source: all('header a.md-source').map(a => a.getAttribute('href')),
            edit: all('a.md-content__button[rel=edit]').map(a => a.getAttribute('href')),
            feedback: all('article .page-feedback a').length,
            shown: !!feedback && feedback.checkVisibility(),
            text: feedback ? feedback.innerText.trim() : '', href: feedback ? feedback.href : '',
            title: document.querySelector('.md-nav__link--active, h1').textContent.trim(),
            canonical: document.querySelector('link[rel=canonical]').getAttribute('href')};
  };

  // axe-core's serious and critical violations (of `rules`, else all), once conftest.py has
  // put axe in the page.
  const axeRun = async rules => {
    // Transitions finished first: axe reads a colour half-way (the back-to-top button fading as
    // the page scrolls, 125 ms) as the colour shown, and failed the button's contrast with it.
    // Each is jumped to its end: waiting for it hung now and then (a tab indicator's transform
    // never finished in headless Chromium).
    document.getAnimations().filter(a => a.effect.getComputedTiming().endTime !== Infinity)
      .forEach(a => a.finish());
    const only = rules ? {runOnly: {type: 'rule', values: rules}} : {};
    const result = await axe.run(document, {resultTypes: ['violations'], ...only});
    return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
      .map(v => ({id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
                  nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
  };

  // Once the screen's `width` is applied (up to 5 s): a phone applies the page's viewport
  // (width=device-width) a frame or more after load on a busy machine, until then laying the page
  // out 980 px wide. A page wider than the screen never gets there: the tests then report its
  // width.
  const settle = async width => {
    const start = Date.now();
    while (width && document.documentElement.clientWidth > width && Date.now() - start < 5000)
      await frames();
    await document.fonts.ready;
    await frames();
    return document.documentElement.scrollHeight;
  };

  // Scroll to the end a screen at a time and back, as a reader does.
  const readThrough = async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await frames();
    }
    scrollTo(0, 0);
    return settle();
  };

  return {settle, readThrough, collect, releaseOutputs, figures, labelColours, scheme, phone,
          tables, edge, searchDone, searchResults, repoLinks, axeRun};
})();
