"""The resolution phase, dawn (spec R10): lone guards go to the discard piles, plunder goes home,
the end of the game is checked, empty screens are refilled and the next turn begins."""

from __future__ import annotations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.games.tain.rules.components import TURNS, WIN_COWS
from boardgames_tui.games.tain.rules.scouting import open_scouting
from boardgames_tui.games.tain.rules.state import (
    EMPTY_BOARD,
    NO_TOKENS,
    PHASE,
    TainState,
    Token,
    add_counts,
    public,
)


def _captive_phrases(names: tuple[str, ...], captives: tuple[Token, ...]) -> list[str]:
    """Captives brought home, repeats counted: "Arthur's boy as a captive", "2 of Arthur's boys as captives"."""
    counts: dict[Token, int] = {}
    for token in captives:
        counts[token] = counts.get(token, 0) + 1
    phrases = []
    for (owner, kind), count in counts.items():
        if count == 1:
            phrases.append(f"{names[owner]}'s {kind.label} as a captive")
        else:
            phrases.append(f"{count} of {names[owner]}'s {kind.label}s as captives")
    return phrases


def dawn(state: TainState) -> TainState:
    """The resolution phase: lone guards to discards, plunder home, end check, refill, next turn.

    Each clan and the state are copied once (with the next scouting phase opened, unless the
    game ends): dawn is the costliest raid step of random playouts."""
    names = state.names
    n = len(names)
    discards = [list(clan.discard) for clan in state.clans]
    for row in state.guards:
        for token in row:
            if token is not None:
                discards[token[0]][token[1]] += 1
    herd = [names[s] for s, c in enumerate(state.clans) if c.cows + c.loot_cows >= WIN_COWS]
    over = bool(herd) or state.turn >= TURNS
    lines = []
    refills = []
    clans = []
    for seat, clan in enumerate(state.clans):
        won = []
        if clan.loot_cows:
            won.append(f"{clan.loot_cows} cow{'s' if clan.loot_cows > 1 else ''}")
        if clan.loot_jewels:
            won.append(f"{clan.loot_jewels} jewel{'s' if clan.loot_jewels > 1 else ''}")
        won += _captive_phrases(names, clan.loot_captives)
        if won:
            lines.append(f"{names[seat]} brings home {', '.join(won)}.")
        screen, discard = clan.screen, tuple(discards[seat])
        if not over and clan.screen_total == 0:
            refills.append(f"{names[seat]} takes back {sum(discard)} used tokens from the discard pile.")
            screen, discard = add_counts(screen, discard), NO_TOKENS
        clans.append(
            evolve(
                clan,
                cows=clan.cows + clan.loot_cows,
                jewels=clan.jewels + clan.loot_jewels,
                captives=tuple(sorted(clan.captives + clan.loot_captives)),
                screen=screen,
                discard=discard,
                loot_cows=0,
                loot_jewels=0,
                loot_captives=(),
                passed=clan.passed and over,  # a new scouting phase opens unless the game ends
            )
        )
    changes: dict[str, object] = {"clans": tuple(clans), "guards": (EMPTY_BOARD,) * n, "scouts": (EMPTY_BOARD,) * n}
    if over:
        why = f"{' and '.join(herd)} {'has' if len(herd) == 1 else 'have'} {WIN_COWS} cows or more" if herd else ""
        lines.append(f"The game ends: {why or f'turn {TURNS} is over'}.")
        changes.update(phase=PHASE.OVER, current=-1)
    else:
        active = (state.active + 1) % n
        lines += refills
        lines.append(f"Turn {state.turn + 1} begins; {names[active]} is the active player.")
        changes.update(turn=state.turn + 1, active=active, phase=PHASE.SCOUT, current=active)
    log = state.log
    state = evolve(
        state, log=log + tuple(public(line, step=True) for line in lines), news_from=len(log), last=(), **changes
    )
    return state if over else open_scouting(state)
