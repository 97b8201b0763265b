# The repository root is a rootdir conftest so that `import snippets` and `import tests` work the
# same from any test; the pages' plugin is verified_docs.pytest.plugin (a pytest11 entry point).
