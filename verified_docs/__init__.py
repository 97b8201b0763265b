"""The machinery behind the site's executable docs; each module's docstring says what it owns.

- The pages' code: `site` (the site as a value), `versions` and `install` (the PyTorch releases),
  `fences` (a page's fences and includes), `worker` and `runner` (a page's code in a child per
  release, under limits), `outputs` (output fences grouped by release, `make outputs`),
  `highlights`, `provenance`, `results` (and their tables), and `pytest_plugin`, which runs
  them under pytest.
- The build, one MkDocs plugin (`plugin`, `verified-docs` in mkdocs.yml), and its pieces:
  `figures`, `katex`, `page_meta`, `source_links`, `translated_pages`, `includes`,
  `tables`, `release_outputs`, `changes`, `notebooks`, `exercise_archive`.
- The commands (`python -m verified_docs <command>`, behind the Makefile): `i18n`, `glossary`,
  `bench`, `browser`, `screenshots`.

Nothing here is imported at package import time: the worker must start with torch alone.
"""
