# Every target builds .venv from the pinned requirements first, so a fresh clone needs only
# Python 3.11 and make. PIP_ARGS lets a machine without the local CPU wheel of torch point pip
# at another index (see README).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready
PIP_ARGS ?=
# MkDocs prints an advert for its successor on every run; it is noise in build logs.
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve build test outputs bench clean

$(READY): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -r requirements.txt $(PIP_ARGS)
	touch $@

serve: $(READY)
	$(PY) -m mkdocs serve -a 127.0.0.1:8000

build: $(READY)
	$(PY) -m mkdocs build --strict

test: $(READY)
	$(PY) -m pytest

outputs: $(READY)
	$(PY) -m pytest --update-outputs docs

bench: $(READY)
	$(PY) scripts/bench_docs.py

clean:
	rm -rf site .pytest_cache

# Translations (see CONTRIBUTING.md): `make translations` prints, per language, which pages are up
# to date, outdated or missing; `make translations STAMP=docs/ru/page.md` records, after review,
# that the page translates today's English page. `make new-language LANG=de` adds a language.
.PHONY: translations new-language

translations: $(READY)
	$(PY) -m scripts.translations $(if $(STAMP),stamp $(STAMP),status)

# LANG is also the locale variable of every shell: only a LANG given on the command line counts.
new-language: $(READY)
	@test "$(origin LANG)" = "command line" || \
		{ echo "usage: make new-language LANG=<code> [NAME=<name in the switcher>], e.g. LANG=de"; exit 2; }
	LANG=C.UTF-8 $(PY) -m scripts.translations new-language $(LANG) $(if $(NAME),--name "$(NAME)")

# The site in a browser (Debian's chromium, see README): `make screenshots` saves the home page of
# each language to screenshots/; `make bench-site` reports page weight against a default Material
# build and Lighthouse scores, with npm's lighthouse (pinned; 12.x runs on Node 20) under .cache/.
.PHONY: screenshots bench-site
LIGHTHOUSE_VERSION := 12.2.3
LIGHTHOUSE := .cache/npm/node_modules/.bin/lighthouse

$(LIGHTHOUSE):
	npm install --prefix .cache/npm --no-audit --no-fund --save-exact lighthouse@$(LIGHTHOUSE_VERSION)

screenshots: $(READY)
	$(PY) scripts/screenshots.py

bench-site: $(READY) $(LIGHTHOUSE)
	$(PY) scripts/bench_site.py --lighthouse $(LIGHTHOUSE)
