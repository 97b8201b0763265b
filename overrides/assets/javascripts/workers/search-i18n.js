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
 * Results then name their query words by stem: Material marks a query word
 * as found in a result only if an indexed stem starts with the typed word,
 * which «градиента» never is, so the page opened from a result got an empty
 * `?h=` and highlighted nothing. A word found in a result's <mark>ed text is
 * now named by its stem («?h=градиент»), which the page highlights in every
 * form.
 *
 * A minus sign in front of a number is the number's sign, not lunr's
 * "must not contain": "-38" is read as 38 (the index splits "-38" at its
 * separator, so 38 is the indexed word), where lunr returned every page
 * without a 38.
 *
 * A word the index leaves out is left out of the query too: lunr-languages'
 * stop-word filters (English, and the page's language) drop «в», «и», «на»,
 * "by", "an" from the index, but Material appends "*" to every typed word and
 * lunr runs no pipeline on a word with a wildcard, so «в*» matched «вторая»,
 * «вычислиться» and "an*" matched "answer", and ranked pages by them. A query
 * of stop words only is kept as typed.
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

  /* The index's stop-word filters, once lunr and the language are loaded */
  var stopping = false
  function stopWord(word) {
    var lunr = self.lunr, w = word.toLowerCase()
    var filters = [lunr.stopWordFilter, lunr[lang] && lunr[lang].stopWordFilter]
    return filters.some(function (f) { return f && !f(w) })
  }
  function withoutStopWords(query) {
    if (!stopping || !self.lunr) return query
    var words = query.split(/\s+/).filter(Boolean)
    var kept = words.filter(function (w) {
      return !/^[\p{L}\p{N}]+$/u.test(w) || !stopWord(w)
    })
    return kept.length ? kept.join(" ") : query
  }

  /* Runs before Material's own listener: filter the index in place */
  addEventListener("message", function (ev) {
    var message = ev.data
    if (message && message.type === 2 /* QUERY */ && typeof message.data === "string")
      message.data = withoutStopWords(message.data.replace(/(^|\s)-(?=\d)/g, "$1"))
    if (!message || message.type !== 0 /* SETUP */ || !message.data) return
    var index = message.data
    stopping = !!index.config && Array.isArray(index.config.pipeline) &&
      index.config.pipeline.indexOf("stopWordFilter") >= 0
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
  var searchPipeline = null
  lunr.Index.prototype.query = function (fn) {
    var pipeline = searchPipeline = this.pipeline
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

  /* Name each result's query words by their stems (see above) */
  function stem(word) {
    if (!searchPipeline) return word
    var stems = searchPipeline.runString(word.toLowerCase())
    return stems.length === 1 && stems[0] ? stems[0] : word
  }
  function marked(doc) {
    var found = [], re = /<mark>([^<]*)<\/mark>/g, m
    var text = String(doc.title || "") + " " + String(doc.text || "")
    while ((m = re.exec(text))) found.push(m[1].toLowerCase())
    return found
  }
  function restem(doc) {
    if (!doc || !doc.terms) return
    var terms = {}, words = marked(doc)
    Object.keys(doc.terms).forEach(function (word) {
      var root = stem(word)
      terms[root] = doc.terms[word] || words.some(function (w) {
        return w.indexOf(root) === 0
      })
    })
    doc.terms = terms
  }
  var post = self.postMessage
  self.postMessage = function (message) {
    if (message && message.type === 3 /* RESULT */ && message.data && message.data.items)
      message.data.items.forEach(function (group) {
        (Array.isArray(group) ? group : [group]).forEach(restem)
      })
    return post.apply(self, arguments)
  }
})()
