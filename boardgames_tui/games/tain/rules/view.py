"""What one seat (or the whole table) may see of a Tàin state, as a frozen value.

Face-down tokens show only their owner's colour to others; screens and discard piles show only
counts, except to their owner. At the end of the game everything is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.games.tain.rules.components import TURNS, Kind
from boardgames_tui.games.tain.rules.raid_order import next_step
from boardgames_tui.games.tain.rules.scoring import total
from boardgames_tui.games.tain.rules.scouting import guards_only, has_raided
from boardgames_tui.games.tain.rules.state import Matchup, Phase, Slots, TainState, Token
from boardgames_tui.games.tain.rules.text import step_prompt


@dataclass(frozen=True, slots=True)
class TokenView:
    """A placed token as the viewer sees it: `kind` is None while it lies face down to them."""

    owner: int
    kind: Kind | None


SlotViews = tuple[TokenView | None, ...]


@dataclass(frozen=True, slots=True)
class ClanView:
    """One clan's board and what the viewer may know of its screen and discard pile."""

    seat: int
    name: str
    cows: int
    jewels: int
    captives: tuple[Token, ...]
    loot_cows: int
    loot_jewels: int
    loot_captives: tuple[Token, ...]
    guards: SlotViews
    scouts: SlotViews
    screen_count: int
    discard_count: int
    screen: tuple[int, ...] | None
    """Unused tokens by kind, shown only to the owner (and to all at the end)."""
    discard: tuple[int, ...] | None
    passed: bool
    raided: bool
    """True if this clan has a token in the foreign kingdom this turn."""
    score: int


@dataclass(frozen=True, slots=True)
class TainView:
    viewer: int | None
    turn: int
    turns: int
    active: int
    phase: Phase
    current: int
    """The seat to act while scouting (or choosing a captive); -1 otherwise."""
    choice_board: int
    clans: tuple[ClanView, ...]
    fk: SlotViews
    fk_cows: int
    prompt: str
    guards_only: bool
    """True when the seat to act can do nothing but guard, so it keeps the turn until it passes."""
    news: tuple[str, ...] = ()
    """The public sentences of the latest raid step of this turn (empty until the reveal, so the
    last turn's raid never reads as this turn's)."""
    next_entrance: tuple[int, int] | None = None
    """(board, entrance) the next raid step resolves, so screens can point at it."""
    last: tuple[Matchup, ...] = ()
    """The match-ups the latest raid step resolved, to draw on the boards (empty outside the raid)."""

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER


def _slots(slots: Slots, viewer: int | None, face_up: bool) -> SlotViews:
    return tuple(None if t is None else TokenView(t[0], t[1] if face_up or t[0] == viewer else None) for t in slots)


def view(state: TainState, viewer: int | None) -> TainView:
    over = state.phase is Phase.OVER
    face_up = state.revealed
    clans = []
    for seat, clan in enumerate(state.clans):
        mine = over or seat == viewer
        clans.append(
            ClanView(
                seat=seat,
                name=state.names[seat],
                cows=clan.cows,
                jewels=clan.jewels,
                captives=clan.captives,
                loot_cows=clan.loot_cows,
                loot_jewels=clan.loot_jewels,
                loot_captives=clan.loot_captives,
                guards=_slots(state.guards[seat], viewer, face_up),
                scouts=_slots(state.scouts[seat], viewer, face_up),
                screen_count=clan.screen_total,
                discard_count=clan.discard_total,
                screen=clan.screen if mine else None,
                discard=clan.discard if mine else None,
                passed=clan.passed,
                raided=has_raided(state, seat),
                score=total(clan),
            )
        )
    scouting = state.phase is Phase.SCOUT
    current = state.current if state.phase in (Phase.SCOUT, Phase.CHOOSE) else -1
    prompt = ""
    if state.phase in (Phase.REVEAL, Phase.RAID):
        prompt = step_prompt(state)
    elif scouting:
        prompt = f"{state.names[state.current]} places a token or passes"
    elif state.phase is Phase.CHOOSE:
        prompt = f"{state.names[state.current]} chooses which captive to free"
    return TainView(
        viewer=viewer,
        turn=state.turn,
        turns=TURNS,
        active=state.active,
        phase=state.phase,
        current=current,
        choice_board=state.choice_board,
        clans=tuple(clans),
        fk=_slots(state.fk, viewer, face_up),
        fk_cows=state.fk_cows,
        prompt=prompt,
        guards_only=scouting and guards_only(state, state.current),
        news=tuple(e.text for e in state.log[state.news_from :] if e.step) if state.revealed else (),
        next_entrance=_next_entrance(state),
        last=state.last if state.revealed and not over else (),
    )


def _next_entrance(state: TainState) -> tuple[int, int] | None:
    if state.phase is not Phase.RAID:
        return None
    kind, board, entrance = next_step(state)
    return (board, entrance) if kind == "entrance" else None
