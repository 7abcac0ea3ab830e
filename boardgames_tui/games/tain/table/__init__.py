"""Tàin's table in Textual and Rich: the body (keys and clicks into the legal actions offered, the
cursor kept per seat), the layout for one size, and the pieces it composes with the kit: the clan
boards and their slots, the foreign kingdom and turn track, the viewer's supply, the controls and
the legend."""
