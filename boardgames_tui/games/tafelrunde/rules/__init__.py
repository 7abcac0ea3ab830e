"""Die Tafelrunde's rules: pure values and functions, no drawing (see `game.py` for the `Game`)."""
