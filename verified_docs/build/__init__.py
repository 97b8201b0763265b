"""The MkDocs plugin `verified-docs` (entry point mkdocs.plugins) and the pieces of the build it
calls; imports no torch."""
