"""The site the tests check: this repository, found from the tests' own place in it."""

import pathlib

from verified_docs.model.site import Site

SITE = Site.load(pathlib.Path(__file__).resolve().parent.parent)
ROOT = SITE.root
