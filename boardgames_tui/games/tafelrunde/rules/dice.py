"""The dice: two of them, the lower counts; the roller may roll both again once, and that result
stands (Booze-up, Gambling, Magical mirror, and each wrestler of a Wrestling)."""

from __future__ import annotations

from dataclasses import replace

from boardgames_tui.engine.protocol import Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tafelrunde.rules.components import hero_label
from boardgames_tui.games.tafelrunde.rules.effects import REROLL, NeedRoll
from boardgames_tui.games.tafelrunde.rules.state import Decl, Roll
from boardgames_tui.games.tafelrunde.rules.text import dice_text


def throw(rng: RngState) -> tuple[tuple[int, int], RngState]:
    """Two dice, and the randomness after them."""
    gen, rng = rng.draw()
    return (gen.randint(1, 6), gen.randint(1, 6)), rng


def roll(names: tuple[str, ...], decl: Decl, step: NeedRoll, rng: RngState) -> tuple[Decl, RngState, str]:
    """The roll the declaration needs now: the declaration with it, the randomness after it, and
    its log line."""
    dice, rng = throw(rng)
    decl = decl.with_rolls((*decl.rolls, Roll(step.roller, step.hero, dice)))
    who = f" for {hero_label(step.hero)}" if step.hero else ""
    return decl, rng, f"{names[step.roller]} rolls{who}: {dice[0]} and {dice[1]}, counting {min(dice)}."


def settle(names: tuple[str, ...], seat: Seat, decl: Decl, value: str, rng: RngState) -> tuple[Decl, RngState, str]:
    """The last roll kept or rolled again (`value` is KEEP or REROLL): the declaration with it
    settled, the randomness after it, and the log line."""
    last = decl.rolls[-1]
    if value == REROLL:
        dice, rng = throw(rng)
        last = replace(last, second=dice, settled=True)
        text = f"{names[seat]} rolls again: {dice_text(last)}; that result stands."
    else:
        last = replace(last, settled=True)
        text = f"{names[seat]} keeps the roll of {last.value}."
    return decl.with_rolls((*decl.rolls[:-1], last)), rng, text
