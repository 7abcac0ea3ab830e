"""Tasnia's table: the body (keys and clicks into legal actions) and the drawing of the market,
the hands, the areas and the other seats."""
