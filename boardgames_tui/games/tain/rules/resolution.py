"""The resolution phase, dawn (spec R10): lone guards go to the discard piles, plunder goes home,
the end of the game is checked, empty screens are refilled and the next turn begins."""

from __future__ import annotations

from boardgames_tui.engine.deferred import later
from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.games.tain.rules.components import TURNS, WIN_COWS
from boardgames_tui.games.tain.rules.openings import all_free
from boardgames_tui.games.tain.rules.scouting import open_scouting
from boardgames_tui.games.tain.rules.state import (
    EMPTY_BOARD,
    NO_TOKENS,
    PHASE,
    TainState,
    Token,
    add_counts,
    draft,
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


def _discards(state: TainState) -> list[list[int]]:
    """Each clan's discard pile once the lone guards have joined it, by kind."""
    discards = [list(clan.discard) for clan in state.clans]
    for row in state.guards:
        for token in row:
            if token is not None:
                discards[token[0]][token[1]] += 1
    return discards


def _herd(state: TainState) -> list[str]:
    """The names of the clans bringing their herd to WIN_COWS or more."""
    return [state.names[s] for s, c in enumerate(state.clans) if c.cows + c.loot_cows >= WIN_COWS]


def dawn_lines(state: TainState) -> list[LogEntry]:
    """The lines of dawn, from the state before it: plunder brought home, then the end of the
    game, or the refills and the next turn (`dawn`)."""
    names = state.names
    herd = _herd(state)
    over = bool(herd) or state.turn >= TURNS
    lines = []
    refills = []
    for seat, (clan, discard) in enumerate(zip(state.clans, _discards(state), strict=True)):
        won = []
        if clan.loot_cows:
            won.append(f"{clan.loot_cows} cow{'s' if clan.loot_cows > 1 else ''}")
        if clan.loot_jewels:
            won.append(f"{clan.loot_jewels} jewel{'s' if clan.loot_jewels > 1 else ''}")
        won += _captive_phrases(names, clan.loot_captives)
        if won:
            lines.append(f"{names[seat]} brings home {', '.join(won)}.")
        if not over and clan.screen_total == 0:
            refills.append(f"{names[seat]} takes back {sum(discard)} used tokens from the discard pile.")
    if over:
        why = f"{' and '.join(herd)} {'has' if len(herd) == 1 else 'have'} {WIN_COWS} cows or more" if herd else ""
        lines.append(f"The game ends: {why or f'turn {TURNS} is over'}.")
    else:
        active = (state.active + 1) % len(names)
        lines += refills
        lines.append(f"Turn {state.turn + 1} begins; {names[active]} is the active player.")
    return [public(line, step=True) for line in lines]


def dawn(state: TainState) -> TainState:
    """The resolution phase: lone guards to discards, plunder home, end check, refill, next turn.

    Each clan and the state are copied once (with the next scouting phase opened, unless the
    game ends): dawn is the costliest raid step of random playouts. Its lines are worded when the
    log is read (`engine.deferred`, `dawn_lines`)."""
    n = len(state.names)
    over = bool(_herd(state)) or state.turn >= TURNS
    count = 1  # the end of the game, or the next turn
    clans = []
    for clan, discard_counts in zip(state.clans, _discards(state), strict=True):
        new, fields = draft(clan)
        loot_cows, loot_jewels, loot_captives = clan.loot_cows, clan.loot_jewels, clan.loot_captives
        if loot_cows or loot_jewels or loot_captives:
            count += 1
            fields["cows"] = clan.cows + loot_cows
            fields["jewels"] = clan.jewels + loot_jewels
            fields["loot_cows"] = fields["loot_jewels"] = 0
            fields["loot_captives"] = ()
        if loot_captives or clan.captives:
            fields["captives"] = tuple(sorted(clan.captives + loot_captives))
        if not over and not any(clan.screen):
            count += 1
            fields["screen"], fields["discard"] = add_counts(clan.screen, discard_counts), NO_TOKENS
        else:
            fields["discard"] = tuple(discard_counts)
        fields["passed"] = clan.passed and over  # a new scouting phase opens unless the game ends
        clans.append(new)
    log = state.log
    after, changes = draft(state)
    changes.update(
        clans=tuple(clans),
        guards=(EMPTY_BOARD,) * n,
        scouts=(EMPTY_BOARD,) * n,
        log=later(log, count, dawn_lines, state),
        news_from=len(log),
        last=(),
    )
    if over:
        changes.update(phase=PHASE.OVER, current=-1)
        return after
    active = (state.active + 1) % n
    changes.update(turn=state.turn + 1, active=active, phase=PHASE.SCOUT, current=active)
    all_free(after)
    return open_scouting(after)
