"""Headless commands (no Textual import except where a benchmark starts the app)."""
