# The docs plugin must be registered at the root so that it also applies to docs/**/*.md.
# tests.provenance records, per page, the torch version its outputs were verified with (footer).
pytest_plugins = ["tests.executable_docs", "tests.provenance"]
