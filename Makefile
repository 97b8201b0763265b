# Every target builds .venv first, so a fresh clone needs only Python 3.11 and make. `make serve`
# and `make build` install only what the site's build needs: requirements.txt (the tools, exact
# pins) and this project's package, editable; the build imports no torch. `make test`,
# `make outputs` and `make bench` add the PyTorch releases of requirements-torch.txt: the first
# (the site's default) into .venv, held to the pins of requirements.txt, every other one into
# .venv/torch-<release>/; `make test` also adds requirements-test.txt (the notebooks' kernel, the
# workflow's checkers). PIP_ARGS lets a machine without the local CPU wheels point pip at
# another index (see README).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready
PIP_ARGS ?=
TORCH_RELEASES := $(shell sed -n 's/^torch==\([0-9][0-9.]*\).*/\1/p' requirements-torch.txt)
DEFAULT_TORCH := $(firstword $(TORCH_RELEASES))
DEFAULT_READY := $(VENV)/.torch-$(DEFAULT_TORCH)
OTHER_TORCH := $(addprefix $(VENV)/torch-,$(addsuffix /.ready,$(wordlist 2,99,$(TORCH_RELEASES))))
# MkDocs prints an advert for its successor on every run; it is noise in build logs.
export NO_MKDOCS_2_WARNING := 1

# --no-compile: pip would compile every module of every package up front (a third of the time
# to `make serve`'s first page); Python compiles each one the first time it is imported instead.
$(READY): requirements.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --no-compile -r requirements.txt $(PIP_ARGS)
	$(PY) -m pip install --quiet --no-compile --no-deps --no-build-isolation -e .
	touch $@

# The site's default release, in .venv itself.
$(DEFAULT_READY): requirements-torch.txt | $(READY)
	rm -f $(VENV)/.torch-*
	$(PY) -m pip install --quiet torch==$(DEFAULT_TORCH) -c requirements.txt $(PIP_ARGS)
	touch $@

# Another release, beside the default one: torch, and what it needs that the venv has no
# version of (verified_docs/commands/install.py).
$(VENV)/torch-%/.ready: requirements-torch.txt | $(DEFAULT_READY)
	$(PY) -m verified_docs install-release $* $(PIP_ARGS)
	touch $@

# What only the tests need (requirements-test.txt), held to the pins of requirements.txt.
TEST_TOOLS := $(VENV)/.test-tools
$(TEST_TOOLS): requirements-test.txt requirements.txt | $(READY)
	$(PY) -m pip install --quiet -r requirements-test.txt -c requirements.txt $(PIP_ARGS)
	touch $@

# The tests start hundreds of Pythons, many with PYTHONDONTWRITEBYTECODE: every package is
# compiled once here, since the site's were installed without (--no-compile above). As with
# pip's own compiling, a file that is not Python 3.11 (torch ships some for 3.12) is skipped.
TEST_READY := $(VENV)/.test-ready
$(TEST_READY): $(TEST_TOOLS) $(DEFAULT_READY)
	-$(PY) -m compileall -q -j 0 $$($(PY) -c 'import sysconfig; print(sysconfig.get_path("purelib"))') >/dev/null 2>&1
	touch $@

# The set-up runs two steps at a time (pip spends most of its time unpacking wheels, a core
# each): the default release beside the tests' tools, then the other releases, each into its own
# folder once the default one is in, beside the compiling.
.PHONY: env test-env
env:
	@$(MAKE) --no-print-directory -j 2 $(READY) $(DEFAULT_READY) $(OTHER_TORCH)
test-env:
	@$(MAKE) --no-print-directory -j 2 $(READY) $(DEFAULT_READY) $(OTHER_TORCH) $(TEST_READY)

# The browser tests need Debian's chromium; install it when it is missing.
BROWSER := $(shell command -v chromium 2>/dev/null)
.PHONY: browser
browser:
ifeq ($(BROWSER),)
	@echo "make: no chromium on this machine; installing Debian's chromium for the browser tests"
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null \
	  || { echo "make: could not install chromium; install Debian's chromium package by hand"; exit 1; }
endif

.PHONY: serve build test outputs bench clean

# Not strict: a warning or an error while editing is logged and the server keeps serving (strict,
# the first one would stop it); `make build` and `make test` stay strict. MkDocs watches docs/ and
# mkdocs.yml itself. An edit to verified_docs/ needs a restart: a rebuild runs the code that was
# imported when the server started.
serve: $(READY)
	$(PY) -m mkdocs serve --no-strict -a 127.0.0.1:8000 -w snippets -w glossary.yml

build: $(READY)
	$(PY) -m mkdocs build --strict

# ruff first: a lint error is found in a second, not after the tests. Then two pytest-xdist
# workers: one session alone keeps less than one core of two busy, waiting on one child process
# after another. tests/conftest.py says how the tests are shared out.
test: test-env browser
	$(PY) -m ruff check --quiet .
	$(PY) -m pytest -n 2 --dist loadscope

# Every output fence of every page, from real runs on each PyTorch release.
outputs: env
	$(PY) -m pytest --update-outputs docs

# The docs tests' time beside a plain run of the same code, per release (scripts/bench.py).
bench: env
	$(PY) scripts/bench.py

# One more PyTorch release, every mechanical step (verified_docs/commands/add_release.py): its line
# in requirements-torch.txt, requirements.txt frozen again for a new default, the install, the
# outputs; then the review it prints. No RELEASE: the newest on the package index newer than
# every verified one. DRY_RUN=1 says what it would do; BODY=file writes a pull request's text.
.PHONY: add-release
add-release: $(READY)
	$(PY) -m verified_docs add-release $(RELEASE) $(if $(filter-out 0,$(DRY_RUN)),--dry-run) \
		$(if $(BODY),--body $(BODY)) $(if $(PIP_ARGS),--pip-args "$(PIP_ARGS)")

clean:
	rm -rf site .pytest_cache

# A new page, every file it needs that is not its content, tests green (verified_docs/commands/
# new_page.py): `make new-page PAGE=leaky-relu TITLE="Leaky ReLU"`.
.PHONY: new-page
new-page: env
	$(PY) -m verified_docs new-page "$(PAGE)" --title "$(TITLE)"

# Translations (see CONTRIBUTING.md): `make translations` prints, per language, which pages are up
# to date, outdated or missing; `make translations STAMP=docs/ru/page.md` records, after review,
# that the page translates today's English page. `make new-language LANG=de` adds a language.
.PHONY: translations new-language

translations: $(READY)
	$(PY) -m verified_docs translations $(if $(STAMP),stamp $(STAMP),status)

# LANG is also the locale variable of every shell: only a LANG given on the command line counts.
new-language: $(READY)
	@test "$(origin LANG)" = "command line" || \
		{ echo "usage: make new-language LANG=<code> [NAME=<name in the switcher>], e.g. LANG=de"; exit 2; }
	LANG=C.UTF-8 $(PY) -m verified_docs translations new-language $(LANG) $(if $(NAME),--name "$(NAME)")

# The site in a browser (Debian's chromium, see README): `make screenshots` saves the home page of
# each language to screenshots/; `make bench-site` runs Lighthouse CI (npm's @lhci/cli, pinned,
# under .cache/) on every page of a fresh build with the budgets of lighthouserc.yml.
.PHONY: screenshots bench-site
LHCI := .cache/npm/node_modules/.bin/lhci

$(LHCI):
	npm install --prefix .cache/npm --no-audit --no-fund --save-exact @lhci/cli@0.15.1

screenshots: $(READY)
	$(PY) -m verified_docs screenshots

# The median run's scores of each page are printed after lhci's own report of the budgets.
bench-site: build $(LHCI) browser
	CHROME_PATH=$$(command -v chromium) $(LHCI) autorun; status=$$?; \
	$(PY) -c 'import json; [print(r["url"].split("/", 3)[3] or "/", r["summary"]) for r in json.load(open(".cache/lhci/manifest.json")) if r["isRepresentativeRun"]]'; \
	exit $$status
