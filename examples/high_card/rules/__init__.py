"""High Card's rules: pure (no textual, no rich, nothing from `table`)."""
