"""The course of a game: actions on a turn, declaring a card, the veto calls, the end of the day.

Every function here is pure: it takes a `State` and returns a new one. `apply_action` checks
each action directly and raises `IllegalAction` with a reason a player can read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Final

from boardgames_tui.engine.protocol import IllegalAction, LogEntry, Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tafelrunde.cards import (
    KEEP,
    REROLL,
    NeedRoll,
    Question,
    next_step,
    ops_for,
    others,
    owner_of,
    playable_reason,
    zork_owner,
)
from boardgames_tui.games.tafelrunde.circle import Order, apply_op, position_values, zork_neighbours, zork_values
from boardgames_tui.games.tafelrunde.components import (
    ALL_CARD_IDS,
    CARD,
    COLOURS_FOR,
    DAYS,
    HAND_MAX,
    HAND_REFILL,
    HAND_START,
    ICON_BROKEN,
    ICON_SHIELD,
    KIND_DUBIOUS_DEAL_GIFT,
    KIND_DUBIOUS_DEAL_PAY,
    KIND_MAGICAL_CHOICE,
    KIND_MISCHIEVOUS,
    KIND_STROKE_OF_FATE,
    KIND_VENAL,
    START_ORDER,
    START_SILVER,
    Icon,
    card_title,
    hero_label,
    heroes_of,
)
from boardgames_tui.games.tafelrunde.model import (
    BACK,
    DISCARD,
    DRAW,
    NO_VETO,
    PASS,
    PHASE_ACT,
    PHASE_DECLARE,
    PHASE_OVER,
    PHASE_VETO,
    PHASE_VETO_VETO,
    PLAY,
    QUESTION,
    VETO,
    Action,
    Answer,
    Back,
    Decl,
    Discard,
    Draw,
    Known,
    NoVeto,
    Pass,
    Play,
    Roll,
    State,
    Veto,
    answer,
    evolve,
)
from boardgames_tui.games.tafelrunde.text import PARTS, declaration_text, dice_text, money_text, op_text

entry: Callable[..., LogEntry] = lru_cache(maxsize=4096)(LogEntry)
"""entry(text, audience=None): the `LogEntry`, shared with earlier lines of the same words. Most
lines recur (draws, "No veto.", the day's lines, the same card played by the same seat), and a
cache hit costs a fraction of building the frozen entry again."""

ONLY: Final = tuple(frozenset({seat}) for seat in range(max(COLOURS_FOR)))  # up to the largest table
"""ONLY[seat]: the audience of a line only that seat may read."""


def _say(state: State, *lines: str, audience: frozenset[Seat] | None = None) -> tuple[LogEntry, ...]:
    return state.log + tuple([entry(line, audience) for line in lines])


# --- setup ---------------------------------------------------------------------------------------


def new_state(
    names: Sequence[str],
    colours: Sequence[str],
    start: Seat,
    hands: Sequence[Sequence[int]],
    draw: Sequence[int],
    *,
    seed: int = 0,
    private_polls: bool = False,
    money: Sequence[int] | None = None,
    order: Sequence[str] | None = None,
    discard: Sequence[int] = (),
) -> State:
    """A state at the start of a day-1 morning; `setup` deals, tests build scenarios with it."""
    n = len(names)
    lines = [f"{name} holds the {colour} castle ({', '.join(hero_label(h) for h in heroes_of(colour))})."
             for name, colour in zip(names, colours, strict=True)]
    lines.append(f"Day 1 of {DAYS}. {names[start]} starts with the Herold on its day side.")
    return State(
        names=tuple(names),
        colours=tuple(colours),
        private_polls=private_polls,
        order=tuple(order) if order is not None else START_ORDER[n],
        goblet_left=True,
        money=tuple(money) if money is not None else (START_SILVER,) * n,
        hands=tuple(tuple(h) for h in hands),
        draw=tuple(draw),
        discard=tuple(discard),
        in_front=(None,) * n,
        day=1,
        part=0,
        start=start,
        turn=0,
        phase=PHASE_ACT,
        rng=RngState(seed, 1),
        log=tuple(LogEntry(line) for line in lines),
    )


def deal(names: Sequence[str], seed: int, private_polls: bool) -> State:
    """The opening: castles and cards shuffled, three cards and one gold each, a random start player."""
    n = len(names)
    rng = RngState(seed)
    colours, rng = rng.shuffled(COLOURS_FOR[n])
    deck, rng = rng.shuffled(ALL_CARD_IDS)
    gen, rng = rng.draw()
    start = gen.randrange(n)
    hands = [deck[len(deck) - HAND_START * (i + 1) : len(deck) - HAND_START * i][::-1] for i in range(n)]
    draw = deck[: len(deck) - HAND_START * n]
    state = new_state(names, colours, start, hands, draw, seed=seed, private_polls=private_polls)
    private = tuple(
        LogEntry(f"Your cards: {', '.join(card_title(c) for c in hand)}.", frozenset({i}))
        for i, hand in enumerate(hands)
    )
    return evolve(state, rng=rng, log=state.log + private)


# --- who acts ------------------------------------------------------------------------------------


def window_seats(state: State) -> tuple[Seat, ...]:
    """Every seat the current call is open to (whatever they hold)."""
    decl = state.decl
    assert decl is not None
    n = state.players
    if state.phase is PHASE_VETO:
        return _OTHERS[n][decl.actor]
    assert state.vetoer is not None
    return _ALL_BUT[n][decl.actor][state.vetoer]


_OTHERS = {n: tuple(tuple((a + i) % n for i in range(1, n)) for a in range(n)) for n in (3, 4)}
"""_OTHERS[players][actor]: `others(state, actor)` for every table size, worked out once."""
_ALL_BUT = {
    n: tuple(tuple(tuple(s for s in ((a + i) % n for i in range(n)) if s != v) for v in range(n)) for a in range(n))
    for n in (3, 4)
}
"""_ALL_BUT[players][actor][vetoer]: every seat from the actor round the table but the vetoer."""

def current_question(state: State) -> Question:
    """The question the declaration in progress waits on (worked out once per state)."""
    question: Question | None = state.memo.get(QUESTION)
    if question is None:
        assert state.decl is not None
        step = next_step(state, state.decl)
        assert isinstance(step, Question), "a declaration waits only on questions"
        question = state.memo[QUESTION] = step
    return question


def shield_cards(state: State, seat: Seat, icon: Icon) -> tuple[int, ...]:
    return tuple([c for c in state.hands[seat] if CARD[c].icon is icon])


def can_draw(state: State, seat: Seat) -> bool:
    return len(state.hands[seat]) < HAND_MAX and bool(state.draw or state.discard)


def legal_actions(state: State, seat: Seat | None) -> list[Action]:
    """Every legal action of the seat, worked out once per state: the list is shared, do not change it."""
    memo = state.memo
    if seat in memo:
        actions: list[Action] = memo[seat]
        return actions
    actions = memo[seat] = _legal_actions(state, seat)
    return actions


def _legal_actions(state: State, seat: Seat | None) -> list[Action]:
    phase = state.phase
    if phase is PHASE_ACT:
        if seat != state.on_turn:
            return []
        hand = state.hands[seat]
        acts: list[Action] = [PLAY[c] for c in hand if playable_reason(state, seat, c) is None]
        if can_draw(state, seat):
            acts.append(DRAW)
        if state.in_front[seat] is None:
            acts += [DISCARD[c] for c in hand]
        return acts or [PASS]
    if phase is PHASE_DECLARE:
        question = current_question(state)
        if seat != question.chooser:
            return []
        slot = question.slot
        answers: list[Action] = [answer(slot, v) for v in question.options]
        assert state.decl is not None
        if not state.decl.announced:
            answers.append(BACK)
        return answers
    if phase in (PHASE_VETO, PHASE_VETO_VETO):
        icon = ICON_SHIELD if phase is PHASE_VETO else ICON_BROKEN
        if state.private_polls:
            if seat != state.polls[0]:
                return []
            return [*(VETO[c] for c in shield_cards(state, seat, icon)), NO_VETO]
        if seat is None:
            return [NO_VETO]
        if seat not in window_seats(state):
            return []
        return [VETO[c] for c in shield_cards(state, seat, icon)]
    return []


# --- drawing -------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Piles:
    """The hands, piles, randomness and new log lines while an action draws cards: it may draw
    several (the refill at the end of the day), and the state is copied once, at the end."""

    names: tuple[str, ...]
    hands: list[tuple[int, ...]]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    rng: RngState
    lines: list[LogEntry]

    @classmethod
    def of(cls, state: State, discard: tuple[int, ...] | None = None, lines: list[LogEntry] | None = None) -> _Piles:
        discard = state.discard if discard is None else discard
        return cls(state.names, list(state.hands), state.draw, discard, state.rng, lines or [])

    def left(self) -> bool:
        """Whether there is a card left to draw."""
        return bool(self.draw or self.discard)

    def draw_one(self, seat: Seat) -> None:
        """The top card into the seat's hand (the discard pile reshuffled first if the draw pile is empty)."""
        if not self.draw:
            self.draw, self.rng = self.rng.shuffled(self.discard)
            self.discard = ()
            self.lines.append(entry("The draw pile is empty: the discard pile is shuffled into a new one."))
        card = self.draw[-1]
        self.draw = self.draw[:-1]
        self.hands[seat] = (*self.hands[seat], card)
        self.lines += _draw_lines(self.names[seat], seat, card)

    def changes(self, log: tuple[LogEntry, ...]) -> dict[str, Any]:
        """The fields to change in the state, with the new lines added to `log`."""
        return {"hands": tuple(self.hands), "draw": self.draw, "discard": self.discard, "rng": self.rng,
                "log": log + tuple(self.lines)}


@lru_cache(maxsize=1024)
def _draw_lines(name: str, seat: Seat, card: int) -> tuple[LogEntry, LogEntry]:
    """The lines of a seat drawing a card: for the table, and the card for that seat alone."""
    return LogEntry(f"{name} draws a card."), LogEntry(f"You draw {card_title(card)}.", ONLY[seat])


# --- the turn ------------------------------------------------------------------------------------


def _remove_from_hand(state: State, seat: Seat, card: int) -> tuple[tuple[tuple[int, ...], ...], tuple[Known, ...]]:
    hands = list(state.hands)
    hand = list(hands[seat])
    hand.remove(card)
    hands[seat] = tuple(hand)
    known = state.known
    return tuple(hands), tuple([k for k in known if k.card != card]) if known else known


def _end_turn(state: State, **changes: Any) -> State:
    """The next seat's turn (with `changes` folded into the same copy of the state)."""
    turn = state.turn + 1
    if turn < state.players:
        return evolve(state, phase=PHASE_ACT, decl=None, vetoer=None, polls=(), turn=turn, **changes)
    if state.part == 0:
        log = changes.pop("log", state.log)
        line = entry(f"Day {state.day}: the Herold turns to its night side; the evening round begins.")
        return evolve(state, phase=PHASE_ACT, decl=None, vetoer=None, polls=(), part=1, turn=0, log=(*log, line),
                      **changes)
    return end_of_day(evolve(state, phase=PHASE_ACT, decl=None, vetoer=None, polls=(), turn=turn, **changes))


def end_of_day(state: State) -> State:
    """Cards laid out go to the discard pile, the pay-out, the Herold moves on, hands refill to 3."""
    n = state.players
    laid_out = (state.in_front[(state.start + i) % n] for i in range(n))
    discard = state.discard + tuple(card for card in laid_out if card is not None)
    money, line = payout(state)
    lines = [entry(line)]
    if state.day >= DAYS:
        lines.append(entry(f"Day {DAYS} is over: the game ends."))
        return evolve(state, discard=discard, in_front=(None,) * n, money=money, phase=PHASE_OVER,
                      log=state.log + tuple(lines))
    start = (state.start + 1) % n
    lines.append(entry(f"Day {state.day + 1} of {DAYS}: {state.names[start]} holds the Herold (day side)."))
    piles = _Piles.of(state, discard, lines)
    for i in range(n):
        seat = (start + i) % n
        while len(piles.hands[seat]) < HAND_REFILL and piles.left():
            piles.draw_one(seat)
    return evolve(state, in_front=(None,) * n, money=money, day=state.day + 1, part=0, turn=0, start=start,
                  **piles.changes(state.log))


def payout_nets(state: State, order: Order | None = None, money: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Each seat's pay-out before the floor at zero: its heroes' positions, plus Zork if it owns him.

    With `order` and `money`, the pay-out in that order with those purses (a preview: Zork sides
    with whoever would then be the richest); each defaults to today's."""
    order = state.order if order is None else order
    n = len(order)
    values, zork = position_values(n), zork_values(n)
    nets = [0] * state.players
    owner = zork_owner(state.money if money is None else money)
    for index, hero in enumerate(order):
        seat = owner_of(state, hero)
        if seat is not None:
            nets[seat] += values[index]
        elif owner is not None:
            nets[owner] += zork[index]
    return tuple(nets)


def payout(state: State) -> tuple[tuple[int, ...], str]:
    """The money after the day's pay-out, and its log line."""
    nets = payout_nets(state)
    owner = zork_owner(state.money)
    money = tuple(max(0, m + d) for m, d in zip(state.money, nets, strict=True))
    zork = f"Zork sides with {state.names[owner]}" if owner is not None else "Zork sides with nobody"
    parts = [f"{name} {net:+d} → {m}" for name, net, m in zip(state.names, nets, money, strict=True)]
    return money, f"Pay-out, day {state.day} ({zork}): " + ", ".join(parts) + "."


def _act(state: State, seat: Seat, action: Action) -> State:
    name = state.names[seat]
    hand = state.hands[seat]
    if isinstance(action, Draw):
        if len(hand) >= HAND_MAX:
            raise IllegalAction(f"You already hold {HAND_MAX} cards, the most allowed.")
        if not (state.draw or state.discard):
            raise IllegalAction("There is no card left to draw.")
        piles = _Piles.of(state)
        piles.draw_one(seat)
        return _end_turn(state, **piles.changes(state.log))
    if isinstance(action, Discard):
        if state.in_front[seat] is not None:
            raise IllegalAction("You have already laid out a card for silver today.")
        if action.card not in hand:
            raise IllegalAction("That card is not in your hand.")
        hands, known = _remove_from_hand(state, seat, action.card)
        in_front = list(state.in_front)
        in_front[seat] = action.card
        money = list(state.money)
        money[seat] += 1
        log = _say(state, f"{name} lays out {card_title(action.card)} for 1 silver.")
        return _end_turn(state, hands=hands, known=known, in_front=tuple(in_front), money=tuple(money), log=log)
    if isinstance(action, Pass):
        if legal_actions(state, seat) != [Pass()]:
            raise IllegalAction("You may pass only when you can neither play, draw nor lay out a card.")
        return _end_turn(state, log=_say(state, f"{name} can do nothing and passes."))
    if isinstance(action, Play):
        if action not in legal_actions(state, seat):  # worked out already when the seat chose
            if action.card not in hand:
                raise IllegalAction("That card is not in your hand.")
            reason = playable_reason(state, seat, action.card)
            assert reason is not None, "a playable hand card is among the legal actions"
            raise IllegalAction(reason)
        decl = Decl(seat, action.card, discard_before=state.discard)
        return _advance(state, decl)
    raise IllegalAction("Now choose to play a card, draw a card or lay one out for silver.")


# --- declaring a card ----------------------------------------------------------------------------


@dataclass(slots=True)
class _Declaring:
    """A declaration moving on within one action (a card announced, dice rolled, the call opened):
    the fields it changes, copied into the state once at the end."""

    decl: Decl
    rng: RngState
    lines: list[LogEntry]
    changes: dict[str, Any]
    said: tuple[Decl, str] | None = None  # the last declaration put into words, and its words

    def text(self, state: State) -> str:
        """`declaration_text` of the current declaration (the announcement and the call often
        say the same one)."""
        decl = self.decl
        if self.said is None or self.said[0] is not decl:
            self.said = (decl, declaration_text(state, decl))
        return self.said[1]

    def announce(self, state: State) -> None:
        decl = self.decl
        assert not decl.announced
        hands, known = _remove_from_hand(state, decl.actor, decl.card)
        self.decl = decl = decl.shown()
        self.lines.append(entry(f"{state.names[decl.actor]} plays {self.text(state)}."))
        self.changes.update(hands=hands, known=known, discard=(*state.discard, decl.card))

    def roll(self, state: State, step: NeedRoll) -> None:
        gen, self.rng = self.rng.draw()
        dice = (gen.randint(1, 6), gen.randint(1, 6))
        self.decl = self.decl.with_rolls((*self.decl.rolls, Roll(step.roller, step.hero, dice)))
        who = f" for {hero_label(step.hero)}" if step.hero else ""
        self.lines.append(entry(f"{state.names[step.roller]} rolls{who}: {dice[0]} and {dice[1]}, "
                                   f"counting {min(dice)}."))

    def open_call(self, state: State) -> None:
        decl = self.decl
        polls = others(state, decl.actor) if state.private_polls else ()
        self.lines.append(entry(f"Does anyone veto {state.names[decl.actor]}'s {self.text(state)}?"))
        self.changes.update(phase=PHASE_VETO, polls=polls)


def _advance(state: State, decl: Decl, *lines: str, rng: RngState | None = None) -> State:
    """`state` with `decl` as the card being declared and `lines` logged; then whatever must be
    rolled is rolled, the card is announced once the table is involved, and the call opens when
    the declaration is complete.

    `state` itself stays as it was before the action: the questions, the dice and the texts read
    none of the fields the steps change (the card player's hand, the piles, the dice, the log).
    Announcing the card does not change the next step (it depends on the answers and dice only);
    a roll does."""
    rng = state.rng if rng is None else rng
    step = next_step(state, decl)
    if isinstance(step, Question) and (decl.announced or step.chooser == decl.actor):
        # The usual case: the declaration waits on its next question, with nothing to announce,
        # roll or open; one copy of the state, without gathering the changes step by step.
        log = state.log + tuple([entry(line) for line in lines]) if lines else state.log
        after = evolve(state, phase=PHASE_DECLARE, decl=decl, rng=rng, log=log)
        after.memo[QUESTION] = step  # saves `current_question` working it out again
        return after
    going = _Declaring(decl, rng, [entry(line) for line in lines], {"phase": PHASE_DECLARE})
    while True:
        if isinstance(step, Question):
            if step.chooser != going.decl.actor and not going.decl.announced:
                going.announce(state)
            break
        if not going.decl.announced:
            going.announce(state)
        if isinstance(step, NeedRoll):
            going.roll(state, step)
            step = next_step(state, going.decl)
            continue
        going.open_call(state)
        break
    log = state.log + tuple(going.lines) if going.lines else state.log
    after = evolve(state, decl=going.decl, rng=going.rng, log=log, **going.changes)
    if isinstance(step, Question):
        after.memo[QUESTION] = step  # saves `current_question` working it out again
    return after


def _answer(state: State, seat: Seat, action: Action) -> State:
    decl = state.decl
    assert decl is not None
    if isinstance(action, Back):
        if seat != decl.actor or decl.announced:
            raise IllegalAction("The card is on the table already and cannot be taken back.")
        return evolve(state, phase=PHASE_ACT, decl=None)
    if not isinstance(action, Answer):
        raise IllegalAction("The card being played still needs an answer.")
    question = current_question(state)
    if seat != question.chooser:
        raise IllegalAction(f"{state.names[question.chooser]} answers this, not {state.names[seat]}.")
    if action.slot != question.slot or action.value not in question.options:
        raise IllegalAction("That is not one of the possible answers.")
    if action.slot == "reroll":
        roll = decl.rolls[-1]
        if action.value == REROLL:
            gen, rng = state.rng.draw()
            dice = (gen.randint(1, 6), gen.randint(1, 6))
            roll = replace(roll, second=dice, settled=True)
            text = f"{state.names[seat]} rolls again: {dice_text(roll)}; that result stands."
        else:
            roll = replace(roll, settled=True)
            text = f"{state.names[seat]} keeps the roll of {roll.value}."
            rng = state.rng
        assert action.value in (KEEP, REROLL)
        return _advance(state, decl.with_rolls((*decl.rolls[:-1], roll)), text, rng=rng)
    decl = decl.answered(action.slot, action.value)
    if decl.announced:
        return _advance(state, decl, f"Declared: {declaration_text(state, decl)}.")
    return _advance(state, decl)


# --- the veto calls ------------------------------------------------------------------------------


def _call(state: State, seat: Seat | None, action: Action) -> State:
    decl = state.decl
    assert decl is not None
    first_call = state.phase is PHASE_VETO
    if state.private_polls:
        if seat is None or seat != state.polls[0]:
            asked = state.names[state.polls[0]]
            raise IllegalAction(f"The veto poll asks {asked} now.")
    elif seat is None:
        if not isinstance(action, NoVeto):
            raise IllegalAction("The table can only close the call with no veto.")
    elif seat not in window_seats(state):
        raise IllegalAction("You cannot veto here." if first_call else "You cannot overrule your own veto.")
    if isinstance(action, NoVeto):
        if state.private_polls and len(state.polls) > 1:
            return evolve(state, polls=state.polls[1:])
        if first_call:
            return execute(state, "No veto.")
        text = f"Nobody overrules: {state.names[decl.actor]}'s {card_title(decl.card)} has no effect."
        return _end_turn(state, log=_say(state, text))
    if not isinstance(action, Veto):
        raise IllegalAction("Claim a veto with a card from your hand, or let the call close.")
    assert seat is not None
    icon = ICON_SHIELD if first_call else ICON_BROKEN
    if action.card not in state.hands[seat]:
        raise IllegalAction("That card is not in your hand.")
    if CARD[action.card].icon is not icon:
        needed = "a shield" if first_call else "a broken shield"
        raise IllegalAction(f"Only a card with {needed} can be spent here.")
    hands, known = _remove_from_hand(state, seat, action.card)
    state = evolve(state, hands=hands, known=known, discard=(*state.discard, action.card))
    name = state.names[seat]
    if first_call:
        polls = window_seats(evolve(state, vetoer=seat, phase=PHASE_VETO_VETO)) if state.private_polls else ()
        text = f"{name} vetoes with {card_title(action.card)}! Does anyone overrule the veto?"
        return evolve(state, phase=PHASE_VETO_VETO, vetoer=seat, polls=polls, log=_say(state, text))
    text = f"{name} overrules the veto with {card_title(action.card)}: the card goes through."
    return execute(state, text)


def money_effect(state: State, decl: Decl) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The purses once the complete declaration `decl` goes through, and a log line per payment.

    Shared by the card's execution and its "if it goes through" preview, so the two never differ.
    A Dubious deal (pay) pays only if its target still holds a card when it takes effect."""
    card = CARD[decl.card]
    kind = card.kind
    actor = decl.actor
    names = state.names
    money = list(state.money)
    lines: list[str] = []
    if kind in (KIND_VENAL, KIND_MISCHIEVOUS):
        money[actor] -= card.cost
        if kind is KIND_MISCHIEVOUS:
            target = int(decl.get("seat") or 0)
            money[target] += card.cost
            lines.append(f"{names[actor]} gives {card.cost} silver to {names[target]}.")
        else:
            lines.append(f"{names[actor]} pays {card.cost} silver to the bank.")
    elif kind is KIND_DUBIOUS_DEAL_PAY:
        target = int(decl.get("seat") or 0)
        if state.hands[target]:
            money[actor] -= card.cost
            money[target] += card.cost
            lines.append(f"{names[actor]} pays {names[target]} {card.cost} silver.")
    elif kind is KIND_STROKE_OF_FATE:
        for hero in zork_neighbours(state.order):
            seat = owner_of(state, hero)
            if seat is None:
                continue
            paid = min(card.distance, money[seat])
            money[seat] -= paid
            lines.append(f"{names[seat]} pays {paid} silver for {hero_label(hero)} beside Zork.")
    return tuple(money), tuple(lines)


def execute(state: State, opening: str) -> State:
    """The declared card takes effect: money first, then cards, then the circle (logged after `opening`)."""
    decl = state.decl
    assert decl is not None
    card = CARD[decl.card]
    actor = decl.actor
    kind = card.kind
    hands, known, discard, rng = state.hands, state.known, state.discard, state.rng
    money, paid = money_effect(state, decl)
    lines: list[str] = [opening]
    private: list[LogEntry] = []
    names = state.names
    if kind in (KIND_DUBIOUS_DEAL_PAY, KIND_DUBIOUS_DEAL_GIFT):
        target = int(decl.get("seat") or 0)
        if hands[target]:
            gen, rng = rng.draw()
            taken = gen.choice(hands[target])
            new_hands = list(hands)
            new_hands[target] = tuple(c for c in hands[target] if c != taken)
            new_hands[actor] = (*hands[actor], taken)
            hands = tuple(new_hands)
            known = (*(k for k in known if k.card != taken), Known(taken, actor, frozenset({actor, target})))
            lines.append(f"{names[actor]} takes a random card from {names[target]}.")
            private.append(LogEntry(f"The card taken was {card_title(taken)}.", frozenset({actor, target})))
            lines += paid
        else:
            lines.append(f"{names[target]} has no card left to take.")
    else:
        lines += paid
    if kind is KIND_MAGICAL_CHOICE:
        wanted = int(decl.get("card") or 0)
        pile = list(discard)
        pile.remove(wanted)
        discard = tuple(pile)
        new_hands = list(hands)
        new_hands[actor] = (*hands[actor], wanted)
        hands = tuple(new_hands)
        known = (*known, Known(wanted, actor, None))
        lines.append(f"{names[actor]} takes {card_title(wanted)} from the discard pile.")
    order, goblet_left = state.order, state.goblet_left
    for op in ops_for(state, decl):
        after = apply_op(order, op)
        lines.append(op_text(order, after, op))
        if op.verb == "turn":
            goblet_left = not goblet_left
        order = after
    if money != state.money:
        owner = zork_owner(money)
        lines.append(f"Money now: {', '.join(f'{n} {money_text(m)}' for n, m in zip(names, money, strict=True))}"
                     f"; Zork sides with {names[owner] if owner is not None else 'nobody'}.")
    log = state.log + tuple([entry(line) for line in lines]) + tuple(private)
    return _end_turn(state, money=money, hands=hands, known=known, discard=discard, rng=rng,
                     order=order, goblet_left=goblet_left, log=log)


def apply_action(state: State, seat: Seat | None, action: Action) -> State:
    phase = state.phase
    if phase is PHASE_OVER:
        raise IllegalAction("The game is over.")
    if phase in (PHASE_VETO, PHASE_VETO_VETO):
        return _call(state, seat, action)
    if phase is PHASE_DECLARE:
        assert state.decl is not None
        if seat is None:
            raise IllegalAction("A player must answer, not the table.")
        return _answer(state, seat, action)
    if seat != state.on_turn:
        who = "The table" if seat is None else state.names[seat]
        raise IllegalAction(f"It is {state.names[state.on_turn]}'s turn, not {who}'s.")
    return _act(state, seat, action)


def progress_text(state: State) -> str:
    if state.phase is PHASE_OVER:
        return f"Game over after day {DAYS}"
    return f"Day {state.day} of {DAYS}, {PARTS[state.part]}"
