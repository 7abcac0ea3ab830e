"""boardgames_tui: five board games for one laptop passed around the table."""

__version__ = "0.1.0"
