"""Small builders for Tolleno scenarios: a city laid out by hand, buildings, boats, a turn to play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.actions import Action
from boardgames_tui.games.tolleno.rules.components import START_VP, city_pile
from boardgames_tui.games.tolleno.rules.geometry import Corner, Pos
from boardgames_tui.games.tolleno.rules.state import Building, MapContract, Phase, Placed, TollenoState

NAMES = ("Ada", "Bruno", "Chiara", "Dario")
SEAT = {"A": 0, "B": 1, "C": 2, "D": 3}
CENTER_ORDER: tuple[tuple[Pos, int], ...] = (((0, 0), 0), ((0, 1), 1), ((1, 1), 2), ((1, 0), 3))
"""The downtown positions in the order NW, NE, SE, SW, with their rotations."""

BuildingSpec = tuple[str, Pos, str, int]
"""(seat letter, tile position, corner, height)."""


def scenario(
    *,
    faces: str = "TXXT",
    players: int = 2,
    tiles: Iterable[tuple[Pos, str, int]] = (),
    buildings: Iterable[BuildingSpec] = (),
    contracts: Iterable[tuple[str, Pos, str, str]] = (),
    boats: dict[str, Pos] | None = None,
    floors: dict[str, int] | None = None,
    held: str | None = "I2a",
    current: str = "A",
    first: str = "A",
    offer: tuple[str, ...] | None = None,
    initial: str = "IC1",
    board: dict[str, str] | None = None,
) -> TollenoState:
    """A game with the given downtown faces (NW NE SE SW), extra tiles, buildings and boats.

    The current seat holds `held` and is about to place it. Floors taken default to the floors on
    the map; other seats hold nothing in particular (tiles from the pile).
    """
    state = GAME.setup(NAMES[:players], {"initial": initial}, 1)
    downtown = tuple(
        Placed(pos, "DX" if face == "X" else "DT", k) for (pos, k), face in zip(CENTER_ORDER, faces, strict=True)
    )
    extra = tuple(Placed(pos, kind, k) for pos, kind, k in tiles)
    built = tuple(sorted(Building(pos, Corner(corner), SEAT[who], h) for who, pos, corner, h in buildings))
    on_map = tuple(sorted(MapContract(pos, Corner(corner), cid, SEAT[who]) for cid, pos, corner, who in contracts))
    pile = Counter(city_pile())
    pile.subtract(t.kind for t in extra)
    cur = SEAT[current]
    hands: list[str | None] = []
    for seat in range(players):
        if seat == cur:
            hands.append(held)
        else:
            hands.append(next(k for k in sorted(pile) if pile[k] > 0))
        if hands[-1] is not None:
            pile[hands[-1]] -= 1
    assert all(v >= 0 for v in pile.values()), "more copies of a tile than exist"
    first_seat = SEAT[first]
    players_state = []
    for seat, p in enumerate(state.players):
        letter = "ABCD"[seat]
        count = (floors or {}).get(letter, sum(b.height for b in built if b.owner == seat))
        players_state.append(
            replace(
                p,
                floors=count,
                boat=(boats or {}).get(letter),
                held=hands[seat],
                start_vp=START_VP[players][(seat - first_seat) % players],
                board=(board or {}).get(letter, p.board),
                contracts=tuple((c.id, 0) for c in on_map if c.owner == seat),
            )
        )
    used_contracts = {c.id for c in on_map}
    all_contracts = [c for c in (*state.offer, *state.contract_pile) if c not in used_contracts]
    if offer is not None:
        rest = [c for c in all_contracts if c not in offer]
        all_contracts = [*offer, *rest]
    return replace(
        state,
        tiles=downtown + extra,
        buildings=built,
        contracts=on_map,
        players=tuple(players_state),
        city_pile=tuple(sorted(pile.elements())),
        offer=tuple(all_contracts[:3]),
        contract_pile=tuple(all_contracts[3:]),
        first=first_seat,
        current=cur,
        phase=Phase.PLACE,
        log=Journal(),
    )


def at_phase(state: TollenoState, phase: Phase, **changes: object) -> TollenoState:
    """The same scenario moved to a later step of the turn (extended lines, first floor...)."""
    return replace(state, phase=phase, **changes)  # type: ignore[arg-type]


def play(state: TollenoState, *texts: str) -> TollenoState:
    """Play encoded actions for whoever is to act, checking invariants after each one."""
    for text in texts:
        decision = GAME.to_act(state)
        assert decision is not None, f"game over before {text!r}"
        state = GAME.apply(state, decision.seats[0], GAME.decode(text))
        GAME.check_invariants(state)
    return state


def refused(state: TollenoState, text: str) -> str:
    """The reason the current seat may not play `text`."""
    decision = GAME.to_act(state)
    assert decision is not None
    try:
        GAME.apply(state, decision.seats[0], GAME.decode(text))
    except IllegalAction as exc:
        return str(exc)
    raise AssertionError(f"{text!r} was accepted")


def legal_texts(state: TollenoState) -> list[str]:
    decision = GAME.to_act(state)
    assert decision is not None
    return [GAME.encode(a) for a in GAME.legal(state, decision.seats[0])]


def spaces_of(actions: Iterable[Action]) -> set[tuple[Pos, str]]:
    """The (tile, corner) spaces named by floor or contract actions."""
    return {(a.pos, str(a.corner)) for a in actions if hasattr(a, "corner")}


def height(state: TollenoState, pos: Pos, corner: str) -> int:
    for b in state.buildings:
        if b.pos == pos and b.corner == corner:
            return b.height
    return 0
