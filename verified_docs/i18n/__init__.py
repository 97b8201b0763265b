"""`make translations`, `make new-language` (cli) and what a translation may not change (parity);
what readers see of it is verified_docs/build/translated_pages.py."""
