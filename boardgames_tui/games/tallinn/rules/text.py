"""Tallinn in words: the log lines and labels of actions, the prompts, where the game stands, and
the phrases the table shows (a played half, a chronicle's moment, a dispute's bonuses)."""

from __future__ import annotations

from functools import cache

from boardgames_tui.engine.protocol import Seat
from boardgames_tui.games.tallinn.rules.actions import (
    SOURCE,
    Action,
    Advance,
    AssignEnvoy,
    BuildTower,
    Exchange,
    OwnSupport,
    Play,
    Remove,
)
from boardgames_tui.games.tallinn.rules.components import (
    ANY,
    ENVOY_SYMBOLS,
    FACTION_NAMES,
    FACTIONS,
    HALF_NAMES,
    INFLUENCE,
    Half,
    chronicle_rounds,
)
from boardgames_tui.games.tallinn.rules.state import PHASE, DisputeResult, Phase, TallinnState


@cache
def play_fields_text(card: int, half_index: int, faction: str | None) -> str:
    """A play as its owner reads it: "card 9, half A (...)"."""
    # Keyed on the fields rather than the Play: hashing plain values costs no Python call.
    return f"card {card}, {face_text(card, half_index, faction)}"


@cache
def face_text(card: int, half_index: int, faction: str | None = None) -> str:
    """A played half as every seat may read it: the half and what it shows, never the card's id
    (cards share halves, so the id would tell the half that others cannot see)."""
    half = INFLUENCE[card].halves[half_index]
    text = f"half {HALF_NAMES[half_index]} ({half.text()})"
    if faction:
        text += f", disputing the {FACTION_NAMES[faction]}"
    return text


ICONS = {"K": "♞", "M": "♦", "Mo": "✝", "coin": "¤", "envoy": "✦", "any": "?"}
"""The table's icons for the factions, the coin and the Envoy's symbols (the drawing kit's
Unicode forms), for labels and confirmation lines that show a card as the table draws it."""


def half_icons(half: Half, disputed: str | None = None) -> str:
    """One half as the table draws it: "♞2 ✝1", "♦1 ¤", "✦2 ¤ ♦" (the Envoy's named faction)."""
    parts = [f"{ICONS[f]}{n}" for f, n in zip(FACTIONS, half.symbols, strict=True) if n]
    if half.envoy:
        parts.append(f"{ICONS['envoy']}{half.envoy}")
    if half.coin:
        parts.append(ICONS["coin"])
        if half.coin == ANY:
            parts.append(ICONS[disputed] if disputed else ICONS["any"])
    return " ".join(parts)


def card_icons(card: int) -> str:
    """Both halves of a card as the table draws it: "[♦1 ¤|♞2]"."""
    a, b = INFLUENCE[card].halves
    return f"[{half_icons(a)}|{half_icons(b)}]"


def count_text(n: int, word: str) -> str:
    """ "1 card", "2 cards": a count with its noun in the right number."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def chronicle_when(level: int, envoy: bool) -> str:
    """When a chronicle scores, in the same words on every screen (log, curtain, card and line):
    "after round 4", "after round 8, the last draw"."""
    when = f"after round {chronicle_rounds(envoy)[level - 1]}"
    return when if level == 1 else f"{when}, the last draw"


def dispute_bonuses(result: DisputeResult, seat: int) -> list[tuple[str, int]]:
    """What a dispute added to a seat's row count, as (label, amount): the envoy's symbols and an
    own Supporter for the disputer, an open Supporter for anyone who played one of that faction."""
    out = []
    if seat == result.disputer and result.envoy:
        out.append(("envoy +2", ENVOY_SYMBOLS))
    if result.open_support and result.open_support[seat]:
        out.append(("open Supporter +1", 1))
    if seat == result.disputer and result.own_support:
        out.append(("own Supporter +1", 1))
    return out


PROMPTS = {
    Phase.EXCHANGE: "Envoy exchange: put back cards to draw new ones (1 point each)",
    Phase.CHOOSE: "Choose a card and the half to add to your row",
    Phase.SUPPORT: "Add a Supporter to your own dispute?",
    Phase.DISPUTE: "Resolve the next dispute",
    Phase.TOWER: "Build a tower: a row card, a hand card, or none",
    Phase.REMOVE: "Chronicle: remove row cards to score?",
    Phase.ENVOY_TIE: "Which tied smallest faction gets the envoy symbols?",
}
"""What a seat is asked in each phase of sealed or turn decisions."""

PHASE_WORDS = {
    Phase.EXCHANGE: "the envoy exchange",
    Phase.CHOOSE: "choosing cards",
    Phase.SUPPORT: "Supporters for disputes",
    Phase.DISPUTE: "disputes",
    Phase.TOWER: "building towers",
    Phase.REMOVE: "chronicle scoring",
    Phase.ENVOY_TIE: "placing envoy symbols",
    Phase.OVER: "game over",
}
"""Each phase as the end of a sentence ("That kind of action does not fit now (...)")."""


def progress(state: TallinnState) -> str:
    """Where the game stands, for the header and the saves list."""
    if state.phase is PHASE.EXCHANGE:
        return "Setup: envoy exchange"
    if state.phase is PHASE.ENVOY_TIE:
        return "Final scoring"
    if state.phase is PHASE.OVER:
        return "Game over"
    return f"Round {state.round} of {state.max_rounds}"


def describe(state: TallinnState, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
    """The log line or label of `action`, as `viewer` may read it (others' sealed choices hidden)."""
    name = state.names[seat] if seat is not None else "The table"
    own = viewer is not None and viewer == seat
    if isinstance(action, Advance):
        if state.to_resolve:
            return f"Resolve {state.names[state.to_resolve[0]]}'s dispute"
        return "On to the towers"
    if isinstance(action, Play):
        if not own:
            return f"{name} chooses a card"
        half = INFLUENCE[action.card].halves[action.half]
        text = f"Play card {action.card}, half {HALF_NAMES[action.half]} [{half_icons(half, action.faction)}]"
        if action.supporter:
            text += f" + open {ICONS[action.supporter]} Supporter"
        return text
    if isinstance(action, Exchange):
        if not own:
            return f"{name} decides on an exchange"
        if not action.cards:
            return "Keep the hand (no exchange)"
        if len(action.cards) == 1:
            return f"Put back card {action.cards[0]}: -1 point"
        listed = ", then ".join(map(str, action.cards))
        return f"Put back cards {listed} (lowest): -{len(action.cards)} points"
    if isinstance(action, OwnSupport):
        if not own:
            return f"{name} decides on a Supporter"
        if action.faction is None:
            return "No Supporter"
        return f"Add a {FACTION_NAMES[action.faction]} Supporter to my dispute"
    if isinstance(action, BuildTower):
        return _tower_text(name, own, action)
    if isinstance(action, Remove):
        if not own:
            return f"{name} decides on the chronicle"
        if not action.cards:
            return "Remove nothing"
        return f"Remove row {'card' if len(action.cards) == 1 else 'cards'} {', '.join(map(str, action.cards))}"
    if isinstance(action, AssignEnvoy):
        return f"Envoy symbols to the {FACTION_NAMES[action.faction]}" if own else f"{name} places envoy symbols"
    return repr(action)


def _tower_text(name: str, own: bool, action: BuildTower) -> str:
    if action.source is SOURCE.NONE:
        return "Build no tower" if own else f"{name} decides on a tower"
    if not own:
        return f"{name} decides on a tower"
    where = "row" if action.source is SOURCE.ROW else "hand"
    return f"Tower: {where} card {action.card} {card_icons(action.card)}"
