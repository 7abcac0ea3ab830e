"""High Card's table: the body (keys and clicks into legal actions), the layout and the pieces."""
