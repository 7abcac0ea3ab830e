"""Words for Die Tafelrunde: answers, declarations, money and prompts, shared by the log and
labels; the log's lines and each action described for a viewer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from boardgames_tui.engine.lazylog import LazyLog
from boardgames_tui.engine.protocol import LogEntry, Seat
from boardgames_tui.games.tafelrunde.rules.actions import (
    CODEC,
    Action,
    Answer,
    Back,
    Discard,
    Draw,
    NoVeto,
    Pass,
    Play,
    Veto,
)
from boardgames_tui.games.tafelrunde.rules.circle import Op
from boardgames_tui.games.tafelrunde.rules.components import (
    CARD,
    COLOURS_FOR,
    DAYS,
    KIND,
    SILVER_PER_GOLD,
    ZORK,
    Kind,
    card_text,
    card_title,
    hero_label,
)
from boardgames_tui.games.tafelrunde.rules.effects import KEEP
from boardgames_tui.games.tafelrunde.rules.questions import (
    BEHIND,
    FRONT,
    NOBODY,
    UP,
    WRESTLE_SLOTS,
    own_heroes,
    wrestle_order,
)
from boardgames_tui.games.tafelrunde.rules.state import PHASE, Decl, Roll, State

PARTS = ("morning", "evening")

entry: Callable[..., LogEntry] = lru_cache(maxsize=4096)(LogEntry)
"""entry(text, audience=None): the `LogEntry`, shared with earlier lines of the same words. Most
lines recur (draws, "No veto.", the day's lines, the same card played by the same seat), and a
cache hit costs a fraction of building the frozen entry again."""

ONLY: Final = tuple(frozenset({seat}) for seat in range(max(COLOURS_FOR)))  # up to the largest table
"""ONLY[seat]: the audience of a line only that seat may read."""


def say(state: State, *lines: str, audience: frozenset[Seat] | None = None) -> LazyLog[LogEntry]:
    """The state's log with `lines` added."""
    return state.log + tuple([entry(line, audience) for line in lines])


def progress_text(state: State) -> str:
    if state.phase is PHASE.OVER:
        return f"Game over after day {DAYS}"
    return f"Day {state.day} of {DAYS}, {PARTS[state.part]}"


def money_text(silver: int) -> str:
    """"7 silver (2 gold 1 silver)": money is counted in silver; gold is three of them."""
    gold, rest = divmod(silver, SILVER_PER_GOLD)
    return f"{silver} silver ({gold} gold {rest} silver)" if gold else f"{silver} silver"


def dice_text(roll: Roll) -> str:
    a, b = roll.first
    text = f"{a} and {b} (counts {min(roll.first)})"
    if roll.second is not None:
        c, d = roll.second
        text += f", again {c} and {d} (counts {min(roll.second)})"
    return text


def answer_text(state: State, decl: Decl, slot: str, value: str) -> str:
    """An answer in words, as a menu label."""
    card = CARD[decl.card]
    if slot == "reroll":
        return "keep this roll" if value == KEEP else "roll both dice again (that result stands)"
    if slot == "seat":
        return state.names[int(value)]
    if slot == "card":
        return card_title(int(value))
    if slot == "theirs":
        return "let it pass" if value == NOBODY else f"{hero_label(value)} up {card.param}"
    if slot in ("place",):
        return "in front (up side)" if value == FRONT else "behind (down side)"
    if slot == "side":
        return "toward the goblet side" if value == "goblet" else "toward the other side"
    if slot == "steps":
        return f"{value} step" + ("s" if value != "1" else "")
    if slot == "dir":
        return "up" if value == UP else "down"
    if slot == "kind":
        return f"every {value}"
    if slot == "first":
        return f"{hero_label(value)} moves first"
    if slot in ("hero", "other", *WRESTLE_SLOTS):
        return f"{hero_label(value)}, now at {state.order.index(value) + 1}"
    return value


_PROMPTS = {
    ("hero", Kind.ALLIANCE): "Which of your heroes moves next to the other?",
    ("place", Kind.ALLIANCE): "Put it in front of your other hero or behind?",
    ("steps", Kind.BACKWARDS): "How far does Zork go down?",
    ("hero", Kind.BLACK_MAGIC): "First hero of the swap?",
    ("other", Kind.BLACK_MAGIC): "Swap with which hero?",
    ("side", Kind.CAPRICIOUS_MOVE): "Which way does Draco move?",
    ("steps", Kind.CAPRICIOUS_MOVE): "How many seats does Draco move?",
    ("hero", Kind.CONFUSION): "First hero to go down 3?",
    ("other", Kind.CONFUSION): "Second hero to go down 3?",
    ("hero", Kind.DIPLOMACY): "Which hero goes up 2?",
    ("other", Kind.DIPLOMACY): "Which hero (not yours) goes down 2?",
    ("seat", Kind.DUBIOUS_DEAL_PAY): "Take a card from which player (you pay them 1 silver)?",
    ("seat", Kind.DUBIOUS_DEAL_GIFT): "Take a card from which player?",
    ("hero", Kind.DUBIOUS_DEAL_GIFT): "a card is taken from you; in return, pick any hero to go up 2.",
    ("hero", Kind.GAMBLING): "Which hero gambles for a new position?",
    ("hero", Kind.HEROIC_DEED): "Which hero of the run moves?",
    ("dir", Kind.HEROIC_DEED): "Up or down?",
    ("card", Kind.MAGICAL_CHOICE): "Which card from the discard pile?",
    ("seat", Kind.MISCHIEVOUS): "Give 2 silver to whom?",
    ("hero", Kind.OLD_FRIENDS): "Which of your heroes goes up 3?",
    ("seat", Kind.OLD_FRIENDS): "Which old friend may move a hero of theirs up 3?",
    ("theirs", Kind.OLD_FRIENDS): "an old friend offers one of your heroes a move up 3. Which one?",
    ("kind", Kind.RUMOURS): "Rumours about which kind of hero?",
    ("dir", Kind.RUMOURS): "All of them up 2 or all down 2?",
    ("hero", Kind.TRANSFER): "Which hero moves next to Zork?",
    ("place", Kind.TRANSFER): "In front of Zork or behind him?",
    ("hero", Kind.VENAL): "Which hero do you pay to move?",
    ("dir", Kind.VENAL): "Up or down?",
    ("steps", Kind.VENAL): "How far?",
}


def question_prompt(names: tuple[str, ...], card_id: int, slot: str, chooser: Seat, roll: Roll | None) -> str:
    """The prompt of the question `slot` that `chooser` answers for card `card_id` (`roll`: the
    last roll, for a keep-or-reroll question)."""
    card = CARD[card_id]
    name = names[chooser]
    if slot == "reroll":
        assert roll is not None
        whom = f" for {hero_label(roll.hero)}" if roll.hero else ""
        return f"{name} rolled {dice_text(roll)}{whom}: keep it or roll again?"
    if slot == "first":
        return f"{name}: which hero moves first?"
    if slot in WRESTLE_SLOTS:
        return f"Wrestling: who rolls {('first', 'second', 'third')[WRESTLE_SLOTS.index(slot)]}?"
    prompt = _PROMPTS.get((slot, card.kind))
    if prompt is None:
        verb = {KIND.FAVOURITE: "up", KIND.MAJOR_INTRIGUE: "down", KIND.MINOR_INTRIGUE: "down"}.get(card.kind, "")
        prompt = f"Which hero goes {verb} {card.param}?" if verb else f"Choose {slot}."
    return f"{name}: {prompt}"


CALL_OPENS, CALL_CLOSES, NO_VETO_LINE = "Does anyone veto ", "?", "No veto."
"""The veto call's question ("Does anyone veto Ada's Favourite #17: …?") and its unclaimed end."""


def folded_calls(log: Sequence[LogEntry]) -> tuple[LogEntry, ...]:
    """`log` as the table reads it: a veto call that closed with nobody vetoing, logged as its
    question and then "No veto.", is the one line "Nobody vetoes Ada's Favourite #17: …". The
    state's own log stays as written, line after line (a bot's playouts never put it into words)."""
    folded: list[LogEntry] = []
    for line in log:
        if line.text == NO_VETO_LINE and line.audience is None and folded:
            call = folded[-1]
            if call.audience is None and call.text.startswith(CALL_OPENS) and call.text.endswith(CALL_CLOSES):
                folded[-1] = entry(f"Nobody vetoes {call.text[len(CALL_OPENS):-len(CALL_CLOSES)]}.")
                continue
        folded.append(line)
    return tuple(folded)


def declaration_text(state: State, decl: Decl) -> str:
    """What the card player has declared so far, for the table: "Favourite #17: gnome (green) up 2"."""
    card = CARD[decl.card]
    g = dict(decl.answers).get  # looked up a dozen times: a dict beats `Decl.get`'s scan
    kind = card.kind
    parts: list[str] = []
    hero = hero_label(g("hero") or "") if g("hero") else ""
    if kind is KIND.ALLIANCE and hero:
        mine = own_heroes(state, decl.actor)
        partner = mine[1] if g("hero") == mine[0] else mine[0]
        where = "in front of" if g("place") == FRONT else "behind" if g("place") == BEHIND else "next to"
        parts.append(f"{hero} {where} {hero_label(partner)}")
    elif kind is KIND.BACKWARDS and g("steps"):
        parts.append(f"Zork down {g('steps')}")
    elif kind is KIND.BLACK_MAGIC and hero:
        parts.append(f"swap {hero} and {hero_label(g('other') or '?')}" if g("other") else f"swap {hero}")
    elif kind is KIND.CAPRICIOUS_MOVE and g("side"):
        toward = "the goblet side" if g("side") == "goblet" else "the other side"
        parts.append(f"Draco {g('steps') or '?'} toward {toward}")
    elif kind is KIND.CONFUSION and hero:
        parts.append(f"{hero} and {hero_label(g('other') or '?')} down 3" if g("other") else f"{hero} down 3")
    elif kind is KIND.DIPLOMACY and hero:
        parts.append(f"{hero} up 2" + (f", {hero_label(g('other') or '')} down 2" if g("other") else ""))
    elif kind in (KIND.DUBIOUS_DEAL_PAY, KIND.DUBIOUS_DEAL_GIFT, KIND.MISCHIEVOUS) and g("seat"):
        who = state.names[int(g("seat") or 0)]
        if kind is KIND.MISCHIEVOUS:
            parts.append(f"2 silver to {who}")
        else:
            parts.append(f"a card from {who}")
            if kind is KIND.DUBIOUS_DEAL_GIFT and hero:
                parts.append(f"{who} sends {hero} up 2")
    elif kind in (KIND.FAVOURITE, KIND.MAJOR_INTRIGUE, KIND.MINOR_INTRIGUE) and hero:
        parts.append(f"{hero} {'up' if kind is KIND.FAVOURITE else 'down'} {card.param}")
    elif kind is KIND.GAMBLING and hero:
        parts.append(hero)
    elif kind is KIND.HEROIC_DEED and hero:
        parts.append(f"{hero} {g('dir') or ''}".strip())
    elif kind is KIND.MAGICAL_CHOICE and g("card"):
        parts.append(f"takes {card_title(int(g('card') or 0))}")
    elif kind is KIND.OLD_FRIENDS and hero:
        parts.append(f"{hero} up 3")
        if g("seat"):
            friend = state.names[int(g("seat") or 0)]
            theirs = g("theirs")
            if theirs is None:
                parts.append(f"{friend} may follow")
            elif theirs == NOBODY:
                parts.append(f"{friend} lets it pass")
            else:
                parts.append(f"{friend} sends {hero_label(theirs)} up 3")
    elif kind is KIND.RUMOURS and g("kind"):
        parts.append(f"every {g('kind')} {g('dir') or ''} 2".replace("  ", " "))
    elif kind is KIND.TRANSFER and hero:
        where = "in front of" if g("place") == FRONT else "behind" if g("place") == BEHIND else "next to"
        parts.append(f"{hero} {where} Zork")
    elif kind is KIND.VENAL and hero:
        parts.append(f"{hero} {g('dir') or ''} {g('steps') or ''}".strip())
    elif kind is KIND.WRESTLING and g("w1"):
        parts.append("order " + ", ".join(hero_label(h) for h in wrestle_order(state, decl)))
    for roll in decl.rolls:
        who = f"{hero_label(roll.hero)} " if roll.hero else ""
        parts.append(f"{who}rolled {min(roll.dice)}")
    if g("first"):
        parts.append(f"{hero_label(g('first') or '')} first")
    return card_title(decl.card) + (": " + "; ".join(parts) if parts else "")


def op_text(before: tuple[str, ...], after: tuple[str, ...], op: Op) -> str:
    """A log line for one change to the circle."""
    if op.verb == "turn":
        return "Draco turns over: the goblet now favours the other side and the order reverses."
    if op.verb.startswith("draco"):
        toward = "the goblet side" if op.verb == "draco_goblet" else "the other side"
        return f"Draco moves {op.steps} seat{'s' if op.steps > 1 else ''} toward {toward}."
    hero = op.hero
    was, now = before.index(hero) + 1, after.index(hero) + 1
    name = "Zork" if hero == ZORK else hero_label(hero)
    if op.verb == "swap":
        return f"{name[0].upper() + name[1:]} and {hero_label(op.other)} trade places ({was} and {now})."
    name = name[0].upper() + name[1:]
    if was == now:
        return f"{name} stays at position {now}."
    return f"{name} moves from position {was} to {now}."


def describe(state: State, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
    """The action as `viewer` may read it: the card played only for its player, the rest for all."""
    name = "The table" if seat is None else state.names[seat]
    mine = viewer is not None and viewer == seat
    decl = state.decl
    if isinstance(action, Play):
        if mine:
            return f"Play {card_title(action.card)}: {card_text(CARD[action.card])}"
        return f"{name} chooses a card to play"
    if isinstance(action, Draw):
        return "Draw a card" if mine else f"{name} draws a card"
    if isinstance(action, Discard):
        text = f"lay out {card_title(action.card)} for 1 silver"
        return text[0].upper() + text[1:] if mine else f"{name} may {text}"
    if isinstance(action, Pass):
        return "Pass (nothing else is possible)" if mine else f"{name} passes"
    if isinstance(action, Back):
        return "Take the card back" if mine else f"{name} takes the card back"
    if isinstance(action, Answer):
        if decl is None:
            return CODEC.encode(action)
        if not decl.announced and viewer != decl.actor:
            return f"{name} makes a choice"
        return answer_text(state, decl, action.slot, action.value)
    if isinstance(action, Veto):
        verb = "Veto with" if state.phase is PHASE.VETO else "Overrule the veto with"
        text = f"{verb} {card_title(action.card)}"
        return text if mine else f"{name}: {text}"
    if isinstance(action, NoVeto):
        if seat is None:
            return "Let it pass: no veto" if state.phase is PHASE.VETO else "Let the veto stand: nobody overrules"
        if not mine:  # what the table reads once the seat answered its poll (shown as the move just made)
            return f"{name} has answered"
        return "Let it pass" if state.phase is PHASE.VETO else "Let the veto stand"
    return str(action)
