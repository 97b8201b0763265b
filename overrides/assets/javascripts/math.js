/* Typeset the math that pymdownx.arithmatex (generic mode) leaves in the page */
document$.subscribe(function () {
  document.querySelectorAll(".arithmatex").forEach(function (el) {
    renderMathInElement(el, {
      delimiters: [
        { left: "\\(", right: "\\)", display: false },
        { left: "\\[", right: "\\]", display: true }
      ],
      throwOnError: false
    })
  })
})
