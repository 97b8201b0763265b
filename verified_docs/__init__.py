"""The machinery behind the site's executable docs.

The pytest side (and the child interpreter it runs pages in):

| module        | owns                                                                      |
|---------------|---------------------------------------------------------------------------|
| site          | the site as a value (`Site.of`, `.at`, `.containing`): mkdocs.yml, pages  |
| versions      | the PyTorch releases the pages are verified on and how to run each one    |
| install       | installing a release beside the default one (`make`)                      |
| fences        | a page's fences, its output fences, continuation chains, snippet includes |
| worker        | the child interpreter that runs a page's code (stdlib and torch only)     |
| runner        | running a fence in that child under a time and size limit                 |
| outputs       | output fences grouped by release, their titles, `make outputs`' rewriting |
| highlights    | a code block's highlighted lines, checked against the code they name      |
| provenance    | the record of which releases verified each page, and when                 |
| results       | snippets' results measured on every release, recorded for the tables      |
| pytest_plugin | the pytest side: the default language's pages, comparison, update mode    |
|               | (translations' outputs written from the English run), provenance          |

The site's build, one MkDocs plugin (`verified-docs` in mkdocs.yml; options `provenance`,
`figures`, `results_tables`) and its pieces:

| module           | owns                                                                   |
|------------------|------------------------------------------------------------------------|
| plugin           | the plugin: calls the pieces below, holds one build's state            |
| figures          | the figures, drawn per language, captioned, with a drawing for phones  |
| katex            | formulas typeset by KaTeX (vendor/katex) at build time, fonts cut      |
| page_meta        | each page's meta description, from its own text                        |
| source_links     | repository and edit links; included code blocks titled with the file   |
| translated_pages | translation banners, untranslated pages' English, 404 pages, glossary  |
| results_table    | the HTML tables of snippets/results/*.json                             |
| includes         | an unreadable snippet include, as an error naming page and line        |
| tables           | every table in Material's scrolling box from the build on              |
| release_outputs  | outputs of several releases, a row when lines fit; marks, gaps named   |
| changes          | the page of what changed between releases, from the output fences      |
| notebooks        | each page with code as a notebook and a script, snippets inlined       |
| exercise_archive | the exercise's checker as one download (check_custom_relu.pyz)         |

Commands (`python -m verified_docs <command>`, behind the Makefile's targets):

| module        | owns                                                                      |
|---------------|---------------------------------------------------------------------------|
| i18n          | translations: stamps, status, what is left, new languages, parity         |
| glossary      | glossary.yml, read with every problem named by file and line              |
| bench         | `make bench`: the docs tests' time against plain runs                     |
| browser       | the built site as a browser sees it (also for tests/browser/)             |
| screenshots   | `make screenshots`                                                        |

Nothing here is imported at package import time: the worker must start with torch alone.
"""
