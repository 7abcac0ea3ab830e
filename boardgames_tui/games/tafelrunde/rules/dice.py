"""The dice: two of them, the lower counts; the roller may roll both again once, and that result
stands (Booze-up, Gambling, Magical mirror, and each wrestler of a Wrestling)."""

from __future__ import annotations

from boardgames_tui.engine.protocol import LogEntry, Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tafelrunde.rules.components import hero_label
from boardgames_tui.games.tafelrunde.rules.effects import REROLL
from boardgames_tui.games.tafelrunde.rules.questions import NeedRoll
from boardgames_tui.games.tafelrunde.rules.state import Decl, Roll
from boardgames_tui.games.tafelrunde.rules.text import dice_text, entry


def throw(rng: RngState) -> tuple[tuple[int, int], RngState]:
    """Two dice, and the randomness after them."""
    gen, rng = rng.draw()
    return (gen.randint(1, 6), gen.randint(1, 6)), rng


def roll(decl: Decl, step: NeedRoll, rng: RngState) -> tuple[Decl, RngState]:
    """The roll the declaration needs now: the declaration with it, and the randomness after it
    (its log line: `roll_line`)."""
    dice, rng = throw(rng)
    return decl.with_rolls((*decl.rolls, Roll(step.roller, step.hero, dice))), rng


def roll_line(names: tuple[str, ...], roll: Roll) -> tuple[LogEntry]:
    """The log line of a first roll."""
    who = f" for {hero_label(roll.hero)}" if roll.hero else ""
    a, b = roll.first
    return (entry(f"{names[roll.roller]} rolls{who}: {a} and {b}, counting {min(roll.first)}."),)


def settle(decl: Decl, value: str, rng: RngState) -> tuple[Decl, RngState]:
    """The last roll kept or rolled again (`value` is KEEP or REROLL): the declaration with it
    settled, and the randomness after it (its log line: `settle_line`)."""
    last = decl.rolls[-1]
    if value == REROLL:
        dice, rng = throw(rng)
        last = Roll(last.roller, last.hero, last.first, dice, True)
    else:
        last = Roll(last.roller, last.hero, last.first, last.second, True)
    return decl.with_rolls((*decl.rolls[:-1], last)), rng


def settle_line(names: tuple[str, ...], seat: Seat, roll: Roll) -> tuple[LogEntry]:
    """The log line of a roll kept or rolled again (`roll` as settled)."""
    if roll.second is not None:
        return (entry(f"{names[seat]} rolls again: {dice_text(roll)}; that result stands."),)
    return (entry(f"{names[seat]} keeps the roll of {roll.value}."),)
