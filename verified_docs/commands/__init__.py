"""Commands behind the Makefile's targets that are neither the tests nor the build: installing a
release, the browser helpers and screenshots, the benchmark."""
