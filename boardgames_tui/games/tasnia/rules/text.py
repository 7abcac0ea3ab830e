"""Tasnia in words: how actions read in labels and the log, the prompts, the progress line."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from boardgames_tui.engine.protocol import Seat
from boardgames_tui.games.tasnia.rules.actions import (
    Action,
    Buy,
    Cancel,
    EndBuilding,
    Install,
    Keep,
    Lift,
    MoveCard,
    Plague,
    Put,
    Steal,
    Stock,
    Take,
    ToBuilding,
    Trade,
)
from boardgames_tui.games.tasnia.rules.components import empty_stacks_to_end, tile_name
from boardgames_tui.games.tasnia.rules.geometry import Cell
from boardgames_tui.games.tasnia.rules.state import Phase, State, empty_stacks

PROMPTS = {
    Phase.TRADE: "Trade cards, buy tiles, or go on to building",
    Phase.PURCHASE: "Buy tiles, or go on to building",
    Phase.BUILD: "Build, then finish your turn",
}
FINAL_PROMPT = "Last building phase"


def progress(state: State) -> str:
    """Where the game stands: the turn and how many stacks are emptied of those that end it."""
    empty = empty_stacks(state)
    end = empty_stacks_to_end(len(state.players))
    if state.phase is Phase.OVER:
        return f"Game over after {state.turn} turns"
    return f"Turn {state.turn} · {empty} of {end} stacks emptied"


def describe(state: State, seat: Seat | None, action: Action) -> str:
    """The label of an action about to be taken ("Buy ..."), for the log and the menus."""
    text = describe_action(state, seat if seat is not None else state.current, action, past=False)
    return text[:1].upper() + text[1:]


def done_line(state: State, seat: Seat, action: Action) -> str:
    """The log line of an action just taken ("Ada bought ...")."""
    return f"{state.names[seat]} {describe_action(state, seat, action, past=True)}."


def turn_end_line(name: str, drawn: int, wanted: int) -> str:
    """The one public line of a turn's end: building finished and cards gathered, folded
    ("Ada finished building and gathered 2 cards.", "... (hand full).")."""
    if drawn:
        return f"{name} finished building and gathered {count_text(drawn, 'card')}."
    if not wanted:
        return f"{name} finished building (hand full)."
    return f"{name} finished building; no cards were left to gather."


def cards_text(cards: Sequence[str]) -> str:
    """`2 Wood, Stone`: cards counted by kind, in the order given."""
    return _cards_text(tuple(cards))


@lru_cache(maxsize=4096)
def _cards_text(cards: tuple[str, ...]) -> str:
    return ", ".join(f"{n} {k}" if n > 1 else k for k, n in Counter(cards).items())


_RULE_CODE = re.compile(r"^[A-Z]\d+ [a-z ]+: ")


def plain_reason(reason: str) -> str:
    """A rule's reason as a player reads it: without the rule's code and name in front
    ("P2 material: stone may not stand on wood" reads "stone may not stand on wood")."""
    return _RULE_CODE.sub("", reason, count=1)


DREW = "You drew {}."
"""The private line of the cards a seat drew (on a trade and at the end of its turn)."""


def drawn_cards(line: str) -> tuple[str, ...] | None:
    """The cards a `DREW` line names (`cards_text` read back), or None for another line."""
    head, tail = DREW.split("{}")
    if not (line.startswith(head) and line.endswith(tail)):
        return None
    cards: list[str] = []
    for part in line[len(head) : len(line) - len(tail)].split(", "):
        count, _, kind = part.partition(" ")
        cards += [kind] * int(count) if count.isdigit() and kind else [part]
    return tuple(cards)


def count_text(n: int, noun: str) -> str:
    """`1 card`, `3 cards`, `no cards`."""
    return f"no {noun}s" if n == 0 else f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def cell_words(cell: Cell) -> str:
    """A cell as the area's rulers name it (the row number beside it, the column number over it),
    in the order Tolleno names its places: "row 2, column 11"."""
    return f"row {cell[1]}, column {cell[0]}"


def describe_action(state: State, seat: Seat, action: Action, *, past: bool) -> str:
    """The action in words, without the actor's name ("buy ..." or, with `past`, "bought ...")."""

    def verb(now: str, then: str) -> str:
        return then if past else now

    area = state.players[seat].area
    if isinstance(action, Trade):
        return f"{verb('trade in', 'traded in')} {action.count} {action.kind}"
    if isinstance(action, Buy):
        stack = state.stacks[action.stack] if 0 <= action.stack < len(state.stacks) else ()
        what = tile_name(stack[0]) if stack else "a tile"
        return f"{verb('buy', 'bought')} {what} from stack {action.stack + 1} for {cards_text(action.payment)}"
    if isinstance(action, ToBuilding):
        return verb("go on to building", "went on to building")
    if isinstance(action, EndBuilding):
        if state.final:
            return verb("finish building and end the game", "finished building")
        return verb("finish building and gather cards", "finished building")
    held = state.holding
    if isinstance(action, Take):
        return f"{verb('pick', 'picked')} a {tile_name(action.tile)} from the stockpile"
    if isinstance(action, Lift):
        tile = area.grid.get(action.cell)
        return f"{verb('pick up', 'picked up')} the {tile_name(tile) if tile else 'tile'} at {cell_words(action.cell)}"
    if isinstance(action, Cancel):
        return verb("put the tile back", "put the tile back")
    if isinstance(action, Put) and held is not None:
        if held.source is None:
            return f"{verb('place', 'placed')} a {tile_name(held.tile)} at {cell_words(action.cell)}"
        source, target = cell_words(held.source), cell_words(action.cell)
        return f"{verb('move', 'moved')} the {tile_name(held.tile)} from {source} to {target}"
    if isinstance(action, Put):
        return f"{verb('put', 'put')} a tile at {cell_words(action.cell)}"
    if isinstance(action, Stock):
        what = tile_name(held.tile) if held is not None else "tile"
        return f"{verb('take', 'took')} the {what} back to the stockpile"
    if isinstance(action, Keep):
        return f"{verb('keep', 'kept')} the {action.card} in the part at {cell_words(action.building)}"
    if isinstance(action, Install):
        return f"{verb('house', 'housed')} the {action.card} in the building at {cell_words(action.building)}"
    if isinstance(action, MoveCard):
        return (
            f"{verb('move', 'moved')} the {action.card} to the building at {cell_words(action.building)}"
            f" for {cards_text(action.payment)}"
        )
    target = state.names[action.target] if 0 <= action.target < len(state.names) else "?"
    if isinstance(action, Plague):
        return f"{verb('send', 'sent')} the Plague on {target}'s {action.card}"
    if isinstance(action, Steal):
        if action.cell is not None:
            victim = state.players[action.target].area if 0 <= action.target < len(state.players) else area
            tile = victim.grid.get(action.cell)
            what = tile_name(tile) if tile else "a tile"
            return f"{verb('send', 'sent')} the Scoundrel to steal {target}'s {what} at {cell_words(action.cell)}"
        return f"{verb('send', 'sent')} the Scoundrel to steal {target}'s {tile_name(action.tile)} from the stockpile"
    return repr(action)
