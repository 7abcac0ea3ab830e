"""End-of-game scoring (spec 1.6, R12): points per category, ranking and tie-breaks."""

from __future__ import annotations

from boardgames_tui.engine.protocol import Outcome, ScoreLine
from boardgames_tui.games.tain.rules.components import (
    KIND,
    POINTS_CAPTIVE,
    POINTS_COW,
    POINTS_HERD_BONUS,
    POINTS_JEWEL,
    WIN_COWS,
    Kind,
)
from boardgames_tui.games.tain.rules.state import Clan, Phase, TainState


def points(clan: Clan) -> dict[str, int]:
    """A clan's points per category, from what sits on its pasture and in its house."""
    boys = daughters = 0
    for _, kind in clan.captives:
        boys += kind is KIND.BOY
        daughters += kind is KIND.DAUGHTER
    return {
        "cows": clan.cows * POINTS_COW,
        "jewels": clan.jewels * POINTS_JEWEL,
        "boys": boys * POINTS_CAPTIVE[Kind.BOY],
        "daughters": daughters * POINTS_CAPTIVE[Kind.DAUGHTER],
        "herd": POINTS_HERD_BONUS if clan.cows >= WIN_COWS else 0,
    }


def total(clan: Clan) -> int:
    return sum(points(clan).values())


LABELS = {
    "cows": f"Cows ({POINTS_COW} each)",
    "jewels": f"Jewels ({POINTS_JEWEL} each)",
    "boys": f"Captive boys ({POINTS_CAPTIVE[Kind.BOY]} each)",
    "daughters": f"Captive daughters ({POINTS_CAPTIVE[Kind.DAUGHTER]} each)",
    "herd": f"Herd of {WIN_COWS}+ cows (+{POINTS_HERD_BONUS})",
}

TIEBREAKS = (("cows", "more cows"), ("jewels", "more jewels"), ("tokens", "more tokens behind the screen"))


def _keys(clan: Clan) -> dict[str, int]:
    return {"cows": clan.cows, "jewels": clan.jewels, "tokens": clan.screen_total}


def ranking(clans: tuple[Clan, ...], totals: tuple[int, ...] | None = None) -> tuple[tuple[int, ...], ...]:
    """Groups of seats from first place down: points, then cows, jewels, unused tokens (`totals`:
    the clans' points when already worked out)."""
    scores = totals if totals is not None else tuple(map(total, clans))
    keys = [(t, c.cows, c.jewels, c.screen_total) for t, c in zip(scores, clans, strict=True)]
    key = keys.__getitem__
    order = sorted(range(len(clans)), key=key, reverse=True)
    groups: list[list[int]] = []
    for seat in order:
        if groups and key(groups[-1][0]) == key(seat):
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return tuple(tuple(sorted(g)) for g in groups)


def tiebreak_text(clans: tuple[Clan, ...], names: tuple[str, ...], totals: tuple[int, ...] | None = None) -> str:
    """How the seats level on the top score were separated, in words ("" if nobody was level;
    `totals`: the clans' points when already worked out)."""
    scores = totals if totals is not None else tuple(map(total, clans))
    best = max(scores)
    level = [s for s, t in enumerate(scores) if t == best]
    if len(level) == 1:
        return ""
    who = " and ".join(names[s] for s in level)
    text = f"{who} are level on {best} points"
    for key, phrase in TIEBREAKS:
        values = {s: _keys(clans[s])[key] for s in level}
        top = max(values.values())
        leaders = [s for s in level if values[s] == top]
        if len(leaders) < len(level):
            shown = " to ".join(str(values[s]) for s in sorted(level, key=lambda s: -values[s]))
            lead = " and ".join(names[s] for s in leaders)
            return f"{text}; {lead} {'has' if len(leaders) == 1 else 'have'} {phrase} ({shown})."
        level = leaders
    return f"{text}, cows, jewels and unused tokens: they share the win."


def outcome(state: TainState) -> Outcome | None:
    if state.phase is not Phase.OVER:
        return None
    sheets = [points(c) for c in state.clans]
    lines = [ScoreLine(LABELS[key], tuple(sheet[key] for sheet in sheets)) for key in LABELS]
    lines.append(ScoreLine("Cows on the pasture (tie-break)", tuple(c.cows for c in state.clans)))
    lines.append(ScoreLine("Jewels in the house (tie-break)", tuple(c.jewels for c in state.clans)))
    lines.append(ScoreLine("Tokens behind the screen (tie-break)", tuple(c.screen_total for c in state.clans)))
    totals = tuple(sum(sheet.values()) for sheet in sheets)
    clans = state.clans
    return Outcome(tuple(lines), totals, ranking(clans, totals), tiebreak_text(clans, state.names, totals))
