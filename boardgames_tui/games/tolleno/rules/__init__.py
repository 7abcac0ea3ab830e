"""Tolleno's rules: pure values and functions, with no drawing and no input."""
