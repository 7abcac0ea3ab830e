"""Die Tafelrunde at the table: the body (keys and clicks into legal actions) and the drawing."""
