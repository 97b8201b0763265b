"""The machinery behind the site's executable docs.

| module        | owns                                                                      |
|---------------|---------------------------------------------------------------------------|
| site          | the repository, mkdocs.yml (loaded once, lazily), languages, pages        |
| versions      | the PyTorch releases the pages are verified on and how to run each one    |
| install       | installing a release beside the default one (`make`)                      |
| fences        | a page's fences, its output fences, continuation chains, snippet includes |
| worker        | the child interpreter that runs a page's code (stdlib and torch only)     |
| runner        | running a fence in that child under a time and size limit                 |
| outputs       | output fences grouped by release, their titles, `make outputs`' rewriting |
| provenance    | the record of which releases verified each page, and when                 |
| translations  | the translation model: status, stamps, stubs, new languages, what is left |
| glossary      | glossary.yml, read with every problem named by file and line              |
| pytest_plugin | the pytest side: collection, comparison, update mode, provenance          |

Nothing here is imported at package import time: the worker must start with torch alone.
"""
