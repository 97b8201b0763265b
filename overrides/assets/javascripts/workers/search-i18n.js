/*
 * Search worker for a bilingual site.
 *
 * Material builds one search index for all languages. This worker wraps
 * Material's own worker and, before the index is built:
 *   - keeps only the documents of the page's language, so the Russian site
 *     finds Russian pages and the English site English pages;
 *   - keeps only the lunr languages the page needs (its own, plus English
 *     for code words).
 * After Material's worker is loaded it makes prefix queries stem-aware:
 * Material appends "*" to every typed word, and lunr skips the stemmer for
 * words with a wildcard, so «градиента*» never met the indexed stem
 * «градиент». Each such word is now stemmed first («градиент*»).
 *
 * Parameters come from the worker URL (see overrides/main.html):
 *   worker  - file name of Material's hashed search worker
 *   lang    - language of the page
 *   prefix  - location prefix of that language ("" for the default language)
 *   others  - comma-separated location prefixes of the other languages
 */
(function () {
  "use strict"
  var params = new URLSearchParams(self.location.search)
  var lang = params.get("lang") || ""
  var prefix = params.get("prefix") || ""
  var others = (params.get("others") || "").split(",").filter(Boolean)

  function ownLanguage(location) {
    if (prefix) return location.indexOf(prefix) === 0
    return !others.some(function (p) { return location.indexOf(p) === 0 })
  }

  /* Runs before Material's own listener: filter the index in place */
  addEventListener("message", function (ev) {
    var message = ev.data
    if (!message || message.type !== 0 /* SETUP */ || !message.data) return
    var index = message.data
    index.docs = index.docs.filter(function (doc) {
      return ownLanguage(doc.location)
    })
    if (lang && index.config && Array.isArray(index.config.lang)) {
      var langs = index.config.lang.filter(function (l) {
        return l === lang || l === "en"
      })
      if (langs.length) index.config.lang = langs
    }
  })

  importScripts(params.get("worker"))

  /* Stem words that carry a trailing wildcard before matching */
  var lunr = self.lunr
  var query = lunr.Index.prototype.query
  lunr.Index.prototype.query = function (fn) {
    var pipeline = this.pipeline
    return query.call(this, function (q) {
      fn.call(q, q)
      q.clauses.forEach(function (clause) {
        var match = /^([^*]+)\*$/.exec(clause.term)
        if (clause.usePipeline || !match) return
        var stems = pipeline.runString(match[1], { fields: clause.fields })
        if (stems.length === 1 && stems[0]) clause.term = stems[0] + "*"
      })
    })
  }
})()
