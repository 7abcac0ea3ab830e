"""The course of a game: actions on a turn, declaring a card, the veto calls, the end of the day.

Every function here is pure: it takes a `State` and returns a new one. `apply_action` checks
each action directly and raises `IllegalAction` with a reason a player can read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

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
from boardgames_tui.games.tafelrunde.circle import apply_op, position_values, zork_neighbours, zork_values
from boardgames_tui.games.tafelrunde.components import (
    ALL_CARD_IDS,
    CARD,
    COLOURS_FOR,
    DAYS,
    HAND_MAX,
    HAND_REFILL,
    HAND_START,
    START_ORDER,
    START_SILVER,
    Icon,
    Kind,
    card_title,
    hero_label,
    heroes_of,
)
from boardgames_tui.games.tafelrunde.model import (
    Action,
    Answer,
    Back,
    Decl,
    Discard,
    Draw,
    Known,
    NoVeto,
    Pass,
    Phase,
    Play,
    Roll,
    State,
    Veto,
    evolve,
)
from boardgames_tui.games.tafelrunde.text import PARTS, declaration_text, dice_text, money_text, op_text


def _say(state: State, *lines: str, audience: frozenset[Seat] | None = None) -> tuple[LogEntry, ...]:
    return state.log + tuple(LogEntry(line, audience) for line in lines)


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
        phase=Phase.ACT,
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
    n = state.players
    if state.phase is Phase.VETO and state.decl is not None:
        return _OTHERS[n][state.decl.actor]
    decl = state.decl
    assert decl is not None
    if state.phase is Phase.VETO:
        return others(state, decl.actor)
    n = state.players
    return tuple(s for s in ((decl.actor + i) % n for i in range(n)) if s != state.vetoer)


_OTHERS = {n: tuple(tuple((a + i) % n for i in range(1, n)) for a in range(n)) for n in (3, 4)}

_LAST_QUESTION: list[Any] = [None, None]
"""(state, its open question): to_act, legal and apply ask for the same state in a row. The state
itself is kept, so its identity cannot be reused while the entry lives; states never change."""


def current_question(state: State) -> Question:
    if _LAST_QUESTION[0] is state:
        return _LAST_QUESTION[1]
    assert state.decl is not None
    step = next_step(state, state.decl)
    assert isinstance(step, Question), "a declaration waits only on questions"
    _LAST_QUESTION[0], _LAST_QUESTION[1] = state, step
    return step


def shield_cards(state: State, seat: Seat, icon: Icon) -> tuple[int, ...]:
    return tuple(c for c in state.hands[seat] if CARD[c].icon is icon)


def can_draw(state: State, seat: Seat) -> bool:
    return len(state.hands[seat]) < HAND_MAX and bool(state.draw or state.discard)


def legal_actions(state: State, seat: Seat | None) -> list[Action]:
    phase = state.phase
    if phase is Phase.ACT:
        if seat != state.on_turn:
            return []
        hand = state.hands[seat]
        acts: list[Action] = [Play(c) for c in hand if playable_reason(state, seat, c) is None]
        if can_draw(state, seat):
            acts.append(Draw())
        if state.in_front[seat] is None:
            acts.extend(Discard(c) for c in hand)
        return acts or [Pass()]
    if phase is Phase.DECLARE:
        question = current_question(state)
        if seat != question.chooser:
            return []
        answers: list[Action] = [Answer(question.slot, v) for v in question.options]
        assert state.decl is not None
        if not state.decl.announced:
            answers.append(Back())
        return answers
    if phase in (Phase.VETO, Phase.VETO_VETO):
        icon = Icon.SHIELD if phase is Phase.VETO else Icon.BROKEN
        if state.private_polls:
            if seat != state.polls[0]:
                return []
            return [*(Veto(c) for c in shield_cards(state, seat, icon)), NoVeto()]
        if seat is None:
            return [NoVeto()]
        if seat not in window_seats(state):
            return []
        return [Veto(c) for c in shield_cards(state, seat, icon)]
    return []


# --- drawing -------------------------------------------------------------------------------------


def _drawn(state: State, seat: Seat) -> dict[str, Any]:
    """The changes of one card from the draw pile into the seat's hand (reshuffling if needed)."""
    draw, discard, rng, log = state.draw, state.discard, state.rng, state.log
    if not draw:
        draw, rng = rng.shuffled(discard)
        discard = ()
        log = (*log, LogEntry("The draw pile is empty: the discard pile is shuffled into a new one."))
    card = draw[-1]
    hands = list(state.hands)
    hands[seat] = (*hands[seat], card)
    name = state.names[seat]
    log = (*log, LogEntry(f"{name} draws a card."),
           LogEntry(f"You draw {card_title(card)}.", frozenset({seat})))
    return {"draw": draw[:-1], "discard": discard, "rng": rng, "hands": tuple(hands), "log": log}


def _draw_one(state: State, seat: Seat) -> State:
    return evolve(state, **_drawn(state, seat))


# --- the turn ------------------------------------------------------------------------------------


def _remove_from_hand(state: State, seat: Seat, card: int) -> tuple[tuple[tuple[int, ...], ...], tuple[Known, ...]]:
    hands = list(state.hands)
    hand = list(hands[seat])
    hand.remove(card)
    hands[seat] = tuple(hand)
    return tuple(hands), tuple(k for k in state.known if k.card != card)


def _end_turn(state: State, **changes: Any) -> State:
    """The next seat's turn (with `changes` folded into the same copy of the state)."""
    turn = state.turn + 1
    if turn < state.players:
        return evolve(state, phase=Phase.ACT, decl=None, vetoer=None, polls=(), turn=turn, **changes)
    state = evolve(state, phase=Phase.ACT, decl=None, vetoer=None, polls=(), turn=turn, **changes)
    if state.part == 0:
        log = _say(state, f"Day {state.day}: the Herold turns to its night side; the evening round begins.")
        return evolve(state, part=1, turn=0, log=log)
    return end_of_day(state)


def end_of_day(state: State) -> State:
    """Cards laid out go to the discard pile, the pay-out, the Herold moves on, hands refill to 3."""
    n = state.players
    discard = state.discard
    for i in range(n):
        card = state.in_front[(state.start + i) % n]
        if card is not None:
            discard = (*discard, card)
    state = evolve(state, discard=discard, in_front=(None,) * n)
    state = payout(state)
    if state.day >= DAYS:
        return evolve(state, phase=Phase.OVER, log=_say(state, f"Day {DAYS} is over: the game ends."))
    start = (state.start + 1) % n
    state = evolve(state, day=state.day + 1, part=0, turn=0, start=start,
                    log=_say(state, f"Day {state.day + 1} of {DAYS}: {state.names[start]} holds the Herold "
                             "(day side)."))
    for i in range(n):
        seat = (start + i) % n
        while len(state.hands[seat]) < HAND_REFILL and (state.draw or state.discard):
            state = _draw_one(state, seat)
    return state


def payout_nets(state: State) -> tuple[int, ...]:
    """Each seat's pay-out before the floor at zero: its heroes' positions, plus Zork if it owns him."""
    n = len(state.order)
    values, zork = position_values(n), zork_values(n)
    nets = [0] * state.players
    owner = zork_owner(state.money)
    for index, hero in enumerate(state.order):
        seat = owner_of(state, hero)
        if seat is not None:
            nets[seat] += values[index]
        elif owner is not None:
            nets[owner] += zork[index]
    return tuple(nets)


def payout(state: State) -> State:
    nets = payout_nets(state)
    owner = zork_owner(state.money)
    money = tuple(max(0, m + d) for m, d in zip(state.money, nets, strict=True))
    zork = f"Zork sides with {state.names[owner]}" if owner is not None else "Zork sides with nobody"
    parts = [f"{name} {net:+d} → {m}" for name, net, m in zip(state.names, nets, money, strict=True)]
    line = f"Pay-out, day {state.day} ({zork}): " + ", ".join(parts) + "."
    return evolve(state, money=money, log=_say(state, line))


def _act(state: State, seat: Seat, action: Action) -> State:
    name = state.names[seat]
    hand = state.hands[seat]
    if isinstance(action, Draw):
        if len(hand) >= HAND_MAX:
            raise IllegalAction(f"You already hold {HAND_MAX} cards, the most allowed.")
        if not (state.draw or state.discard):
            raise IllegalAction("There is no card left to draw.")
        return _end_turn(state, **_drawn(state, seat))
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
        if action.card not in hand:
            raise IllegalAction("That card is not in your hand.")
        reason = playable_reason(state, seat, action.card)
        if reason is not None:
            raise IllegalAction(reason)
        decl = Decl(seat, action.card, discard_before=state.discard)
        return _advance(evolve(state, phase=Phase.DECLARE, decl=decl))
    raise IllegalAction("Now choose to play a card, draw a card or lay one out for silver.")


# --- declaring a card ----------------------------------------------------------------------------


def _announce(state: State) -> State:
    decl = state.decl
    assert decl is not None and not decl.announced
    hands, known = _remove_from_hand(state, decl.actor, decl.card)
    decl = replace(decl, announced=True)
    log = _say(state, f"{state.names[decl.actor]} plays {declaration_text(state, decl)}.")
    return evolve(state, hands=hands, known=known, discard=(*state.discard, decl.card), decl=decl, log=log)


def _roll(state: State, step: NeedRoll) -> State:
    gen, rng = state.rng.draw()
    dice = (gen.randint(1, 6), gen.randint(1, 6))
    assert state.decl is not None
    decl = replace(state.decl, rolls=(*state.decl.rolls, Roll(step.roller, step.hero, dice)))
    who = f" for {hero_label(step.hero)}" if step.hero else ""
    log = _say(state, f"{state.names[step.roller]} rolls{who}: {dice[0]} and {dice[1]}, counting {min(dice)}.")
    return evolve(state, rng=rng, decl=decl, log=log)


def _advance(state: State) -> State:
    """Roll whatever must be rolled, announce the card once the table is involved, open the call."""
    while True:
        decl = state.decl
        assert decl is not None
        step = next_step(state, decl)
        if isinstance(step, Question):
            if step.chooser != decl.actor and not decl.announced:
                state = _announce(state)
            return state
        if not decl.announced:
            state = _announce(state)
        if isinstance(step, NeedRoll):
            state = _roll(state, step)
            continue
        return _open_call(state)


def _open_call(state: State) -> State:
    decl = state.decl
    assert decl is not None
    polls = others(state, decl.actor) if state.private_polls else ()
    text = declaration_text(state, decl)
    log = _say(state, f"Does anyone veto {state.names[decl.actor]}'s {text}?")
    return evolve(state, phase=Phase.VETO, polls=polls, log=log)


def _answer(state: State, seat: Seat, action: Action) -> State:
    decl = state.decl
    assert decl is not None
    if isinstance(action, Back):
        if seat != decl.actor or decl.announced:
            raise IllegalAction("The card is on the table already and cannot be taken back.")
        return evolve(state, phase=Phase.ACT, decl=None)
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
            state = evolve(state, rng=rng)
        else:
            roll = replace(roll, settled=True)
            text = f"{state.names[seat]} keeps the roll of {roll.value}."
        assert action.value in (KEEP, REROLL)
        decl = replace(decl, rolls=(*decl.rolls[:-1], roll))
        return _advance(evolve(state, decl=decl, log=_say(state, text)))
    decl = decl.answered(action.slot, action.value)
    if decl.announced:
        return _advance(evolve(state, decl=decl, log=_say(state, f"Declared: {declaration_text(state, decl)}.")))
    return _advance(evolve(state, decl=decl))


# --- the veto calls ------------------------------------------------------------------------------


def _call(state: State, seat: Seat | None, action: Action) -> State:
    decl = state.decl
    assert decl is not None
    first_call = state.phase is Phase.VETO
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
            return execute(evolve(state, log=_say(state, "No veto.")))
        text = f"Nobody overrules: {state.names[decl.actor]}'s {card_title(decl.card)} has no effect."
        return _end_turn(state, log=_say(state, text))
    if not isinstance(action, Veto):
        raise IllegalAction("Claim a veto with a card from your hand, or let the call close.")
    assert seat is not None
    icon = Icon.SHIELD if first_call else Icon.BROKEN
    if action.card not in state.hands[seat]:
        raise IllegalAction("That card is not in your hand.")
    if CARD[action.card].icon is not icon:
        needed = "a shield" if first_call else "a broken shield"
        raise IllegalAction(f"Only a card with {needed} can be spent here.")
    hands, known = _remove_from_hand(state, seat, action.card)
    state = evolve(state, hands=hands, known=known, discard=(*state.discard, action.card))
    name = state.names[seat]
    if first_call:
        polls = window_seats(evolve(state, vetoer=seat, phase=Phase.VETO_VETO)) if state.private_polls else ()
        text = f"{name} vetoes with {card_title(action.card)}! Does anyone overrule the veto?"
        return evolve(state, phase=Phase.VETO_VETO, vetoer=seat, polls=polls, log=_say(state, text))
    text = f"{name} overrules the veto with {card_title(action.card)}: the card goes through."
    return execute(evolve(state, log=_say(state, text)))


def execute(state: State) -> State:
    """The declared card takes effect: money first, then cards, then the circle."""
    decl = state.decl
    assert decl is not None
    card = CARD[decl.card]
    actor = decl.actor
    money = list(state.money)
    kind = card.kind
    hands, known, discard, rng = state.hands, state.known, state.discard, state.rng
    lines: list[str] = []
    private: list[LogEntry] = []
    names = state.names
    if kind in (Kind.VENAL, Kind.MISCHIEVOUS):
        money[actor] -= card.cost
        if kind is Kind.MISCHIEVOUS:
            target = int(decl.get("seat") or 0)
            money[target] += card.cost
            lines.append(f"{names[actor]} gives {card.cost} silver to {names[target]}.")
        else:
            lines.append(f"{names[actor]} pays {card.cost} silver to the bank.")
    elif kind in (Kind.DUBIOUS_DEAL_PAY, Kind.DUBIOUS_DEAL_GIFT):
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
            if kind is Kind.DUBIOUS_DEAL_PAY:
                money[actor] -= card.cost
                money[target] += card.cost
                lines.append(f"{names[actor]} pays {names[target]} {card.cost} silver.")
        else:
            lines.append(f"{names[target]} has no card left to take.")
    elif kind is Kind.MAGICAL_CHOICE:
        wanted = int(decl.get("card") or 0)
        pile = list(discard)
        pile.remove(wanted)
        discard = tuple(pile)
        new_hands = list(hands)
        new_hands[actor] = (*hands[actor], wanted)
        hands = tuple(new_hands)
        known = (*known, Known(wanted, actor, None))
        lines.append(f"{names[actor]} takes {card_title(wanted)} from the discard pile.")
    elif kind is Kind.STROKE_OF_FATE:
        for hero in zork_neighbours(state.order):
            seat = owner_of(state, hero)
            if seat is None:
                continue
            paid = min(card.distance, money[seat])
            money[seat] -= paid
            lines.append(f"{names[seat]} pays {paid} silver for {hero_label(hero)} beside Zork.")
    order, goblet_left = state.order, state.goblet_left
    for op in ops_for(state, decl):
        after = apply_op(order, op)
        lines.append(op_text(order, after, op))
        if op.verb == "turn":
            goblet_left = not goblet_left
        order = after
    if tuple(money) != state.money:
        owner = zork_owner(tuple(money))
        lines.append(f"Money now: {', '.join(f'{n} {money_text(m)}' for n, m in zip(names, money, strict=True))}"
                     f"; Zork sides with {names[owner] if owner is not None else 'nobody'}.")
    log = state.log + tuple(LogEntry(line) for line in lines) + tuple(private)
    return _end_turn(state, money=tuple(money), hands=hands, known=known, discard=discard, rng=rng,
                     order=order, goblet_left=goblet_left, log=log)


def apply_action(state: State, seat: Seat | None, action: Action) -> State:
    phase = state.phase
    if phase is Phase.OVER:
        raise IllegalAction("The game is over.")
    if phase in (Phase.VETO, Phase.VETO_VETO):
        return _call(state, seat, action)
    if phase is Phase.DECLARE:
        assert state.decl is not None
        if seat is None:
            raise IllegalAction("A player must answer, not the table.")
        return _answer(state, seat, action)
    if seat != state.on_turn:
        who = "The table" if seat is None else state.names[seat]
        raise IllegalAction(f"It is {state.names[state.on_turn]}'s turn, not {who}'s.")
    return _act(state, seat, action)


def progress_text(state: State) -> str:
    if state.phase is Phase.OVER:
        return f"Game over after day {DAYS}"
    return f"Day {state.day} of {DAYS}, {PARTS[state.part]}"
