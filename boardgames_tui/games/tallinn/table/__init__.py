"""Tallinn's table: the body that turns keys and clicks into legal actions, and the drawing."""
