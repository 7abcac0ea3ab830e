"""The redraw a bot's search makes on every iteration (`hidden.resample`) against its plain
definition, kept here as the reference: the same states, draw for draw, on seeded games with every
module, from every seat, with several seeds per state (so that what the fast redraw keeps on a
seat between redraws is used again, as in a search)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules import hidden
from boardgames_tui.games.tallinn.rules.actions import Play
from boardgames_tui.games.tallinn.rules.components import INFLUENCE
from boardgames_tui.games.tallinn.rules.rounds import options_for
from boardgames_tui.games.tallinn.rules.state import PHASE, RowCard, SeatState, TallinnState, Tower

# --- the plain redraw ---------------------------------------------------------------------------


def plain_resample(state: TallinnState, seat: int, seed: int) -> TallinnState:
    rng = random.Random(seed)
    starts = sorted(state.unused_starts)
    rng.shuffle(starts)
    chronicles = sorted(state.chronicle_hidden)
    rng.shuffle(chronicles)
    state = evolve(state, unused_starts=tuple(starts), chronicle_hidden=tuple(chronicles))
    if state.phase is PHASE.OVER:
        return state
    # Supporters: the undealt ones and every other player's unspent ones form one unknown pool.
    others = [i for i in range(state.players) if i != seat]
    pool = list(state.undealt_tokens)
    for i in others:
        pool.extend(state.seats[i].tokens)
    pool.sort()
    rng.shuffle(pool)
    seats = list(state.seats)
    for i in others:
        k = len(seats[i].tokens)
        seats[i] = evolve(seats[i], tokens=tuple(sorted(pool[:k])))
        pool = pool[k:]
    undealt = tuple(sorted(pool))
    # Cards: which card shows each half of another player's row, and everything hidden.
    plays = list(state.plays)
    for i in others:
        seats[i], plays[i] = _plain_cards(seats[i], plays[i], rng)
    state = evolve(state, seats=tuple(seats), undealt_tokens=undealt, plays=tuple(plays))
    # Sealed choices of the others: any choice open to them would look the same.
    pending = list(state.pending)
    for i in others:
        if pending[i] is not None:
            pending[i] = rng.choice(options_for(state, i))
    return evolve(state, pending=tuple(pending))


def _plain_cards(s: SeatState, play: Play | None, rng: random.Random) -> tuple[SeatState, Play | None]:
    shown = [(e.card, e.half) for e in (*s.row, *s.removed)]
    shown += [(t.card, t.shown) for t in s.towers if not t.from_hand]
    hidden_cards = [*s.hand, *s.pile, *(t.card for t in s.towers if t.from_hand)]
    cards = sorted([*hidden_cards, *(card for card, _ in shown)])
    new_id = _plain_match(shown, cards, rng)
    taken = set(new_id.values())
    rest = [card for card in cards if card not in taken]
    rng.shuffle(rest)
    hand = tuple(sorted(rest[: len(s.hand)]))
    rest = rest[len(s.hand) :]
    towers = []
    for t in s.towers:
        if t.from_hand:
            towers.append(Tower(rest.pop(), True, -1))
        else:
            towers.append(Tower(new_id[t.card], False, t.shown))
    s = evolve(
        s,
        hand=hand,
        pile=tuple(rest),
        towers=tuple(towers),
        row=tuple(RowCard(new_id[e.card], e.half) for e in s.row),
        removed=tuple(RowCard(new_id[e.card], e.half) for e in s.removed),
    )
    if play is not None and play.card in new_id:
        play = replace(play, card=new_id[play.card])
    return s, play


def _plain_match(shown: list[tuple[int, int]], cards: list[int], rng: random.Random) -> dict[int, int]:
    """Every shown (card, half) in turn: the cards still free with an equal half, shuffled, tried
    in that order, backtracking when a later half finds none."""
    chosen: dict[int, int] = {}
    used: set[int] = set()

    def place(k: int) -> bool:
        if k == len(shown):
            return True
        card, half = shown[k]
        face = INFLUENCE[card].halves[half]
        options = [c for c in cards if c not in used and INFLUENCE[c].halves[half] == face]
        rng.shuffle(options)
        for option in options:
            chosen[card] = option
            used.add(option)
            if place(k + 1):
                return True
            used.discard(option)
        return False

    assert place(0)
    return chosen


# --- the comparison -----------------------------------------------------------------------------

ALL_ON = {"envoy": "on", "chronicles": "on", "supporters": "on", "tower_order": "on"}
SEALED_ALL = {"envoy": "on", "chronicles": "on", "supporters": "on"}


def _game_states(options: dict[str, str], players: int, seed: int) -> list[TallinnState]:
    rng = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(players)], options, seed)
    states = [state]
    while GAME.to_act(state) is not None:
        seat, action = choose(GAME, state, rng)
        state = GAME.apply(state, seat, action)
        states.append(state)
    return states


@pytest.mark.parametrize(
    ("options", "players", "seed"),
    [(ALL_ON, 4, 1), (SEALED_ALL, 3, 2), (SEALED_ALL, 2, 3), ({}, 3, 4), ({"supporters": "on"}, 4, 5)],
)
def test_the_redraw_gives_the_plain_redraws_states_draw_for_draw(
    options: dict[str, str], players: int, seed: int
) -> None:
    compared = rows_redrawn = 0
    for state in _game_states(options, players, seed):
        for seat in range(players):
            for draw in range(3):  # the same seats again: what was kept on them is used again
                fast = hidden.resample(state, seat, 1000 * seed + 10 * seat + draw)
                plain = plain_resample(state, seat, 1000 * seed + 10 * seat + draw)
                assert fast == plain, f"phase {state.phase}, seat {seat}, draw {draw}"
                compared += 1
                rows_redrawn += any(a.row != b.row for a, b in zip(fast.seats, state.seats, strict=True))
    assert compared > 100 and rows_redrawn  # some rows showed halves that several cards share


def test_the_plain_match_compares_the_halves_themselves() -> None:
    # Cards 2, 5 and 9 share half B (2 Merchants): the reference tells them apart by the halves.
    assert INFLUENCE[2].halves[1] == INFLUENCE[5].halves[1] == INFLUENCE[9].halves[1]
    seen = {tuple(_plain_match([(2, 1)], [2, 5, 9], random.Random(s)).values()) for s in range(30)}
    assert seen == {(2,), (5,), (9,)}


def test_settled_halves_keep_their_card_and_the_games_above_have_both_kinds() -> None:
    # The fast redraw leaves out of its matching each shown half that no other card of the seat
    # could stand on (settled); the comparison above covers seats with settled and open halves.
    settled = opened = 0
    for options, players, seed in ((ALL_ON, 4, 1), (SEALED_ALL, 3, 2)):
        for state in _game_states(options, players, seed)[::4]:
            for seat, s in enumerate(state.seats):
                plan = hidden._plan(s)
                settled += len(plan.settled)
                opened += len(plan.open_cards)
                for draw in range(3):
                    other = hidden.resample(state, (seat + 1) % players, draw).seats[seat]
                    assert {e.card for e in other.row} >= {e.card for e in s.row if e.card in plan.settled}
    assert settled > 20 and opened > 20
