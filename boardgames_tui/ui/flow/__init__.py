"""The hot-seat flow, pure: who looks at the screen, curtains, news, bots' turns, asking twice.

No Textual, no Rich: the controller (`hotseat.HotSeat`) says what comes next as plain values
(`steps`), and the match screen draws them. Tested without the app in every game.
"""
