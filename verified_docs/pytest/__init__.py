"""The pytest plugin (entry point pytest11) and the processes that run each page's code on every
release."""
