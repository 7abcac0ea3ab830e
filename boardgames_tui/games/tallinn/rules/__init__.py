"""Tallinn's rules: pure (no Textual, no Rich, nothing from the table); `game.Tallinn` is the `Game`."""
