"""Scenario builders for Tasnia tests: draw buildings as text, set hands, play actions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

import pytest

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.rules.actions import Action, Put, Take
from boardgames_tui.games.tasnia.rules.area import Area, add_tile
from boardgames_tui.games.tasnia.rules.components import COPIES, SPECIALS, STAR_COPIES
from boardgames_tui.games.tasnia.rules.geometry import Cell
from boardgames_tui.games.tasnia.rules.state import Phase, PlayerState, State, sort_cards

NAMES = ("Ada", "Bram", "Cleo", "Dirk")


def grid(picture: str, x0: int = 0, y0: int = 0, stars: Iterable[Cell] = ()) -> dict[Cell, str]:
    """A grid from a drawing: one character per cell, the last line is row y0, '.' is empty."""
    lines = [line for line in picture.strip("\n").splitlines() if line.strip()]
    out: dict[Cell, str] = {}
    for row, line in enumerate(reversed(lines)):
        for col, ch in enumerate(line):
            if ch not in ". ":
                out[(x0 + col, y0 + row)] = ch
    for cell in stars:
        out[cell] += "*"
    return out


def area(*pictures: tuple[str, int, int] | str, stock: Sequence[str] = (), cards: Sequence[tuple[str, Cell]] = (),
         stars: Iterable[Cell] = ()) -> Area:  # fmt: skip
    """An area holding the drawn buildings (locks set as if built tile by tile), a stockpile and cards."""
    tiles: dict[Cell, str] = {}
    for pic in pictures:
        if isinstance(pic, str):
            tiles.update(grid(pic))
        else:
            tiles.update(grid(pic[0], pic[1], pic[2]))
    for cell in stars:
        tiles[cell] += "*"
    plain: dict[str, int] = {}
    for cell, tile in sorted(tiles.items()):
        plain[tile] = plain.get(tile, 0) + 1
        if plain[tile] > COPIES - STAR_COPIES:  # only the gold-star copy is left
            tiles[cell] = tile + "*"
    result = Area()
    for cell, tile in sorted(tiles.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        result = add_tile(result, cell, tile)
    lay = result.layout
    anchored = tuple((card, lay.anchors[lay.label[cell]]) for card, cell in cards)
    return replace(result, cards=anchored, stock=tuple(sorted(stock)))


def scenario(
    players: int = 2,
    *,
    current: int = 0,
    phase: Phase = Phase.TRADE,
    hands: dict[int, Sequence[str]] | None = None,
    areas: dict[int, Area] | None = None,
    stack_sizes: dict[int, int] | None = None,
    options: dict[str, str] | None = None,
    seed: int = 1,
) -> State:
    """A game in progress: seat `current` to act in `phase`, with the given hands and areas.

    Cards and tiles that the scenario adds are taken from the draw pile and the market stacks, so
    the game's conservation invariants still hold."""
    state = GAME.setup(NAMES[:players], options or {}, seed)
    draw = list(state.draw) + [c for p in state.players for c in p.hand]
    hands = hands or {}
    for cards in hands.values():
        for card in cards:
            draw.remove(card)
    for a in (areas or {}).values():
        for card, _ in a.cards:
            draw.remove(card)
    new_players = []
    for i, p in enumerate(state.players):
        if i in hands:
            hand = list(hands[i])
        else:
            hand = [c for c in draw if c not in SPECIALS][:6]
            for card in hand:
                draw.remove(card)
        new_players.append(PlayerState(sort_cards(hand), p.area))
    stacks = [list(s) for s in state.stacks]
    for i, size in (stack_sizes or {}).items():
        # Surplus tiles go to the bottom of the last stack, so every tile stays in the game.
        assert i != len(stacks) - 1
        stacks[-1].extend(stacks[i][size:])
        del stacks[i][size:]
    for i, a in (areas or {}).items():
        new_players[i] = replace(new_players[i], area=a)
        for tile in [t for _, t in a.tiles] + list(a.stock):
            _take_tile(stacks, tile)
    state = replace(
        state,
        players=tuple(new_players),
        draw=tuple(draw),
        stacks=tuple(tuple(s) for s in stacks),
        current=current,
        phase=phase,
    )
    GAME.check_invariants(state)
    return state


def _take_tile(stacks: list[list[str]], tile: str) -> None:
    """Remove one copy of `tile` from the deepest place in the stacks (tops stay if possible)."""
    for stack in sorted(stacks[::-1], key=len, reverse=True):
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] == tile:
                del stack[i]
                return
    raise AssertionError(f"no {tile} left in the market")


def play(state: State, *actions: Action | str, seat: int | None = None) -> State:
    """Play actions (objects or their text form) for the current seat, or for `seat`."""
    for action in actions:
        if isinstance(action, str):
            action = GAME.decode(action)
        state = GAME.apply(state, state.current if seat is None else seat, action)
        GAME.check_invariants(state)
    return state


def refused(state: State, action: Action | str, seat: int | None = None) -> str:
    """The reason the rules give for refusing an action (and check the state is unchanged)."""
    if isinstance(action, str):
        action = GAME.decode(action)
    before = state
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, state.current if seat is None else seat, action)
    assert state == before
    return str(info.value)


def place(state: State, tile: str, cell: Cell) -> State:
    """PLACE: take a stockpile tile and put it on a cell."""
    return play(state, Take(tile), Put(cell))


def place_refusal(state: State, tile: str, cell: Cell) -> str:
    """Why a PLACE is refused (the take is fine; the put says why)."""
    return refused(play(state, Take(tile)), Put(cell))


def me(state: State, seat: int | None = None) -> PlayerState:
    return state.players[state.current if seat is None else seat]
