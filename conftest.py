# The docs plugin must be registered at the root so that it also applies to docs/**/*.md.
pytest_plugins = ["tests.executable_docs"]
