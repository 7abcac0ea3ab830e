"""Phase 1 of a round: every seat holding cards chooses a card and a half in secret (with an open
Supporter, if it likes); the choices are revealed together and the cards join the faction rows."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.lazyline import later
from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.games.tallinn.rules import scoring
from boardgames_tui.games.tallinn.rules.actions import Action, Play
from boardgames_tui.games.tallinn.rules.components import ANY, FACTION_NAMES, FACTIONS, INFLUENCE, Faction
from boardgames_tui.games.tallinn.rules.state import (
    PHASE,
    ROW_CARD,
    SeatState,
    TallinnState,
    drop,
    log,
    private,
    public,
    update,
    with_hand_row,
)
from boardgames_tui.games.tallinn.rules.text import face_text, play_fields_text


def play_options(state: TallinnState, seat: int) -> list[Action]:
    s = state.seats[seat]
    return list(_plays(s.hand, tuple(sorted(set(s.tokens))) if state.supporters else ()))


@cache
def _plays(hand: tuple[int, ...], tokens: tuple[str, ...]) -> tuple[Play, ...]:
    """Every card, half (and envoy faction) of a hand, each alone or with one open Supporter."""
    backing: tuple[str | None, ...] = (None, *tokens)
    out: list[Play] = []
    for card in hand:
        for half in (0, 1):
            factions: Sequence[str | None] = FACTIONS if INFLUENCE[card].halves[half].coin == ANY else (None,)
            out.extend(play_of(card, half, f, t) for f in factions for t in backing)
    return tuple(out)


play_of = cache(Play)
"""`Play(card, half, faction, supporter)`, made once and shared: actions are values, and building
one (a frozen dataclass) costs more than finding it (the option lists and the redraw use these)."""


def verify_play(state: TallinnState, seat: int, s: SeatState, action: Play) -> None:
    if action.card not in s.hand:
        raise IllegalAction(f"Card {action.card} is not in your hand.")
    if action.half not in (0, 1):
        raise IllegalAction("A card has only halves A and B.")
    any_coin = INFLUENCE[action.card].halves[action.half].coin == ANY
    if any_coin and action.faction not in FACTIONS:
        raise IllegalAction("The envoy's coin half needs a faction to dispute.")
    if not any_coin and action.faction is not None:
        raise IllegalAction("Only the envoy's coin half names a faction.")
    if action.supporter is not None:
        if not state.supporters:
            raise IllegalAction("Supporters are not in this game.")
        if action.supporter not in s.tokens:
            raise IllegalAction(f"You hold no {FACTION_NAMES[action.supporter]} Supporter.")


# Log lines that depend on a few plain values are built once (keys of plain values hash in C).


@cache
def choice_note(seat: int, card: int, half: int, faction: Faction | None, supporter: Faction | None) -> LogEntry:
    """The private line that reminds a seat of its sealed choice."""
    note = f"You chose {play_fields_text(card, half, faction)}"
    if supporter:
        note += f", with an open {FACTION_NAMES[supporter]} Supporter"
    return private(seat, note + ".")


@lru_cache(maxsize=1024)
def _play_text(card: int, half: int, faction: Faction | None, supporter: Faction | None) -> str:
    text = face_text(card, half, faction)
    if supporter:
        text += f", backed by an open {FACTION_NAMES[supporter]} Supporter"
    return text


def _plays_text(names: tuple[str, ...], plays: tuple[Play | None, ...]) -> str:
    """The round's plays, by name, as one line ("Ada plays half A (…); Bram, half B (…).")."""
    (name, shown), *rest = [
        (names[i], _play_text(p.card, p.half, p.faction, p.supporter)) for i, p in enumerate(plays) if p is not None
    ]
    return "; ".join([f"{name} plays {shown}", *(f"{n}, {s}" for n, s in rest)]) + "."


def reveal_plays(draft: TallinnState, commits: tuple[Action | None, ...]) -> tuple[TallinnState, tuple[int, ...]]:
    """Every chosen card into its row, open Supporters spent; the disputers in seat order. With
    the Supporters module, disputers still holding one are then asked about their own dispute."""
    seats = list(draft.seats)
    plays: list[Play | None] = [None] * draft.players
    disputers = []
    for i in draft.asked:  # in seat order
        play = commits[i]
        assert isinstance(play, Play)
        plays[i] = play
        card, half, supporter = play.card, play.half, play.supporter
        if scoring.disputed_faction(play):
            disputers.append(i)
        s = seats[i]
        if supporter:
            seats[i] = evolve(
                s,
                hand=drop(s.hand, card),
                row=(*s.row, ROW_CARD[card, half]),
                tokens=drop(s.tokens, supporter),
                spent=(*s.spent, supporter),
            )
        else:
            seats[i] = with_hand_row(s, drop(s.hand, card), (*s.row, ROW_CARD[card, half]))
    shown = tuple(plays)
    log(update(draft, seats=tuple(seats), plays=shown), later(_plays_text, draft.names, shown))
    if draft.supporters:
        asked = tuple(i for i in disputers if seats[i].tokens and not plays[i].supporter)  # type: ignore[union-attr]
        if asked:
            update(draft, phase=PHASE.SUPPORT, asked=asked)
            log(draft, public("Disputers may add a Supporter to their own dispute, in secret."))
    return draft, tuple(disputers)
