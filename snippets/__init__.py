"""Runnable examples for the custom autograd Function pages."""
