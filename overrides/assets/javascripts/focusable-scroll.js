// Every box that scrolls sideways (code, a wide table, a formula) takes keyboard focus
// (tabindex="0"), so a keyboard user can scroll it with the arrow keys: axe's
// scrollable-region-focusable. Material gives code blocks that scroll a tabindex only on a device
// with hover and takes it away on the others when it sets a block up (content.lazy, when the block
// first comes into view), so a phone's keyboard, switch or screen reader could not reach them;
// whatever sets or removes the attribute, it is put back on a box that scrolls.
(() => {
  const BOXES = "article pre > code, article table.wrapped-table, article .katex-display";
  // All widths are read before any attribute is written: a write between two reads makes the
  // browser lay the page out again for the next one, once per box (on why-clone, ~150 ms of
  // main-thread time at load in Lighthouse's phone run).
  const mark = boxes => {
    const scrolls = boxes.map(box => box.scrollWidth > box.clientWidth + 1);
    boxes.forEach((box, i) => {
      if (scrolls[i] && box.getAttribute("tabindex") !== "0") {
        box.setAttribute("tabindex", "0");
        box.dataset.focusableScroll = "";
      } else if (!scrolls[i] && "focusableScroll" in box.dataset) {
        box.removeAttribute("tabindex");
        delete box.dataset.focusableScroll;
      }
    });
  };
  const markAll = () => mark([...document.querySelectorAll(BOXES)]);
  new MutationObserver(changes => {
    mark([...new Set(changes.map(change => change.target))].filter(box => box.matches(BOXES)));
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ["tabindex"]});
  let pending = 0;
  addEventListener("resize", () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(markAll);
  });
  // Folds opened later show boxes that had no width while closed.
  document.addEventListener("toggle", markAll, true);
  document.fonts.ready.then(markAll);
  markAll();
})();
