"""Real saves of every game, and the version-1 form of a record, for the save-file tests."""

from __future__ import annotations

import functools
import random
from typing import Any

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import AnyGame, SeatInfo
from boardgames_tui.engine.savefile import encode_save
from boardgames_tui.engine.seating import GLYPHS, PALETTE
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games import GAMES

GAME_KEYS = tuple(GAMES)


def lookup(key: str) -> AnyGame | None:
    entry = GAMES.get(key)
    return entry.game if entry else None


def seats(count: int) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(f"Player {i + 1}", PALETTE[i].name, GLYPHS[i]) for i in range(count))


@functools.cache
def played(key: str, players: int, moves: int, seed: int = 11) -> Match:
    """A match of `key` after up to `moves` seeded random moves (cached: tests must not change it)."""
    game = GAMES[key].game
    match = Match.new(game, seats(players), game.default_options(), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.to_act(match.state) is None:
            break
        match.play(*choose(game, match.state, rng))
    return match


def v2_bytes(match: Match) -> bytes:
    return encode_save(match.record, title=match.game.title, progress="", finished=False)


def v1_dict(match: Match) -> dict[str, Any]:
    """The record as format version 1 wrote it (seed and moves in clear, an `id` inside)."""
    record = match.record
    return {
        "format": "boardgames-tui/match",
        "version": 1,
        "id": record.match_id,
        "game": record.game,
        "title": match.game.title,
        "seats": [{"name": s.name, "colour": s.colour, "glyph": s.glyph, "human": s.human} for s in record.seats],
        "options": dict(record.options),
        "seed": record.seed,
        "moves": [[m.seat, m.action] for m in record.moves],
        "created": record.created,
        "updated": record.updated,
        "progress": match.game.progress(match.state),
        "finished": match.outcome() is not None,
    }
