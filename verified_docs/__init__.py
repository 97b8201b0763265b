"""The machinery behind the site's executable docs; each module's docstring says what it owns:
the pages' code (`site`, `fences`, `runner`…, run under pytest by `pytest_plugin`), the build
(`plugin`, one MkDocs plugin, and its pieces) and the commands (`__main__` lists them).

Nothing here is imported at package import time: the worker must start with torch alone.
"""
