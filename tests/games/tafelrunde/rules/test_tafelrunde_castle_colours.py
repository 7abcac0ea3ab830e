"""The castles impose the seats' colours: the app shows each seat in its castle's colour."""

from __future__ import annotations

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games import GAMES
from boardgames_tui.games.tafelrunde.rules.components import CASTLE_HEX


def test_seats_take_their_dealt_castle_colour_not_the_one_chosen_at_setup() -> None:
    game = GAMES["tafelrunde"].game
    assert game.imposes_colours
    seats = [SeatInfo(name, "orange", glyph) for name, glyph in (("A", "●"), ("B", "▲"), ("C", "■"))]
    match = Match.new(game, seats, {}, 5)
    castles = match.state.colours
    assert [s.colour for s in match.seats] == [CASTLE_HEX[c] for c in castles]
    assert len(set(castles)) == 3 and "yellow" not in castles  # yellow leaves the box with three players
    assert [s.glyph for s in match.seats] == ["●", "▲", "■"]
