"""The site the tests check: this repository, found from the tests' own place in it; and the
(major, minor) of the PyTorch release this session runs (a child session of
machinery/test_on_every_release.py runs another), read without importing torch."""

import importlib.metadata
import pathlib

from verified_docs.model import versions
from verified_docs.model.site import Site

SITE = Site.load(pathlib.Path(__file__).resolve().parent.parent)
ROOT = SITE.root
RELEASE = versions.key(versions.release_of(importlib.metadata.version("torch")))[:2]
