"""Small builders for Tàin scenario tests: a table of Patrick, Brigitte and Arthur, tokens laid out
as the rulebook's examples describe, and helpers to play the raid through."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import CODEC, STEP, Action
from boardgames_tui.games.tain.rules.components import Kind
from boardgames_tui.games.tain.rules.setup import new_state
from boardgames_tui.games.tain.rules.state import (
    EMPTY_BOARD,
    Clan,
    Phase,
    TainState,
    add_kind,
)

P, B, A, D = 0, 1, 2, 3
NAMES = ("Patrick", "Brigitte", "Arthur", "Deirdre")
KIND = {"c": Kind.CHIEFTAIN, "w": Kind.WARRIOR, "b": Kind.BOY, "d": Kind.DAUGHTER, "x": Kind.BLUFF}
ENTRANCE = {"pasture 1": 0, "pasture 2": 1, "pasture 3": 2, "house 1": 3, "house 2": 4}


def table(players: int = 3, active: int = P) -> TainState:
    """A fresh game with the active player chosen."""
    return new_state(NAMES[:players], seed=1, active=active)


def play(state: TainState, *moves: tuple[int | None, str]) -> TainState:
    """Apply moves given as (seat, encoded action)."""
    for seat, text in moves:
        state = GAME.apply(state, seat, CODEC.decode(text))
    return state


def holdings(
    state: TainState,
    seat: int,
    *,
    cows: int | None = None,
    jewels: int | None = None,
    captives: Iterable[tuple[int, str]] = (),
    screen: Mapping[str, int] | None = None,
    discard: Mapping[str, int] | None = None,
) -> TainState:
    """Set what a clan owns, keeping every component conserved: cows come from or go back to the
    foreign kingdom, jewels to the box, captives leave their owner's screen."""
    clan = state.clans[seat]
    fk_cows, box = state.fk_cows, state.jewels_in_box
    if cows is not None:
        fk_cows += clan.cows - cows
        clan = replace(clan, cows=cows)
    if jewels is not None:
        box += clan.jewels - jewels
        clan = replace(clan, jewels=jewels)
    clans = list(state.clans)
    held = list(clan.captives)
    for owner, letter in captives:
        assert owner != seat, "a clan cannot hold its own captive"
        kind = KIND[letter]
        held.append((owner, kind))
        source = clans[owner]
        if source.screen[kind]:
            clans[owner] = replace(source, screen=add_kind(source.screen, kind, -1))
        else:
            clans[owner] = replace(source, discard=add_kind(source.discard, kind, -1))
    clan = replace(clan, captives=tuple(sorted(held)))
    if screen is not None or discard is not None:
        total = [a + b for a, b in zip(clan.screen, clan.discard, strict=True)]
        new_screen = [screen.get(k.letter, 0) if screen else 0 for k in Kind]
        new_discard = (
            [t - s for t, s in zip(total, new_screen, strict=True)]
            if discard is None
            else [discard.get(k.letter, 0) for k in Kind]
        )
        assert [a + b for a, b in zip(new_screen, new_discard, strict=True)] == total, "tokens not conserved"
        clan = replace(clan, screen=tuple(new_screen), discard=tuple(new_discard))
    clans[seat] = clan
    return replace(state, clans=tuple(clans), fk_cows=fk_cows, jewels_in_box=box)


def raid(
    state: TainState,
    boards: Mapping[int, Mapping[str, tuple[str | None, str | None]]] | None = None,
    fk: Iterable[tuple[int, str]] = (),
) -> TainState:
    """Lay out the end of a scouting phase: per board, entrance -> (scout "P:c", guard letter).

    The scout is written "<seat>:<letter>", the guard as a letter (the board owner's token). Tokens
    come from their owners' screens; every seat has passed, so the reveal is next."""
    clans = [replace(c, passed=True) for c in state.clans]
    guards = [list(EMPTY_BOARD) for _ in state.clans]
    scouts = [list(EMPTY_BOARD) for _ in state.clans]

    def take(owner: int, letter: str) -> tuple[int, Kind]:
        kind = KIND[letter]
        clans[owner] = replace(clans[owner], screen=add_kind(clans[owner].screen, kind, -1))
        assert clans[owner].screen[kind] >= 0, f"seat {owner} has no {kind.label} left"
        return (owner, kind)

    for board, entrances in (boards or {}).items():
        for name, (scout, guard) in entrances.items():
            e = ENTRANCE[name]
            if scout is not None:
                owner, letter = scout.split(":")
                scouts[board][e] = take(int(owner), letter)
            if guard is not None:
                guards[board][e] = take(board, guard)
    fk_slots = [take(owner, letter) for owner, letter in fk]
    fk_slots += [None] * (2 - len(fk_slots))
    return replace(
        state,
        clans=tuple(clans),
        guards=tuple(tuple(r) for r in guards),
        scouts=tuple(tuple(r) for r in scouts),
        fk=tuple(fk_slots),
        phase=Phase.REVEAL,
    )


def step(state: TainState, times: int = 1) -> TainState:
    for _ in range(times):
        state = GAME.apply(state, None, STEP)
    return state


def resolve(state: TainState, *, through_dawn: bool = False) -> TainState:
    """Step the raid until a choice is needed or the board resolution is done (before dawn unless
    `through_dawn`)."""
    from boardgames_tui.games.tain.rules.raid_order import next_step

    while state.phase in (Phase.REVEAL, Phase.RAID):
        if state.phase is Phase.RAID and next_step(state)[0] == "dawn" and not through_dawn:
            break
        state = step(state)
    return state


def legal_codes(state: TainState, seat: int | None) -> set[str]:
    return {GAME.encode(a) for a in GAME.legal(state, seat)}


def steps_text(before: TainState, after: TainState) -> list[str]:
    return [e.text for e in after.log[len(before.log) :]]


def clan(state: TainState, seat: int) -> Clan:
    return state.clans[seat]


def act(state: TainState, seat: int | None, action: Action) -> TainState:
    return GAME.apply(state, seat, action)


def at_turn(state: TainState, turn: int) -> TainState:
    """The same table, with the turn marker moved to `turn`."""
    return replace(state, turn=turn)
