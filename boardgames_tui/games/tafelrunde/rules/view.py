"""What one seat (or the whole table) may see of a Tafelrunde state, as a plain value."""

from __future__ import annotations

from dataclasses import dataclass, replace

from boardgames_tui.engine.protocol import Seat
from boardgames_tui.games.tafelrunde.rules.circle import Order, position_values, zork_values
from boardgames_tui.games.tafelrunde.rules.components import DAYS
from boardgames_tui.games.tafelrunde.rules.day import payout_nets
from boardgames_tui.games.tafelrunde.rules.effects import KEEP, next_step, ops_for, preview, zork_owner
from boardgames_tui.games.tafelrunde.rules.execute import money_effect
from boardgames_tui.games.tafelrunde.rules.questions import Question
from boardgames_tui.games.tafelrunde.rules.state import Decl, Phase, Roll, State
from boardgames_tui.games.tafelrunde.rules.text import declaration_text, question_prompt
from boardgames_tui.games.tafelrunde.rules.veto import window_seats


@dataclass(frozen=True, slots=True)
class DeclView:
    """A card being played, as far as the viewer may see it."""

    actor: Seat
    card: int
    text: str  # the declaration so far, in words
    rolls: tuple[Roll, ...]
    announced: bool
    slot: str  # the open question ("" when complete)
    prompt: str  # the open question in words
    chooser: Seat | None
    options: tuple[str, ...]
    previews: tuple[Order | None, ...]  # the circle each option would lead to, where already known
    outcome: Order | None  # the circle if the card goes through as declared
    forecasts: tuple[Forecast | None, ...] = ()  # the whole table in each preview
    forecast: Forecast | None = None  # the whole table in `outcome`


@dataclass(frozen=True, slots=True)
class Forecast:
    """The table if a complete declaration goes through: the circle, the goblet's side, the
    purses, each seat's pay-out if the day then ended, and the seat Zork would side with (None:
    nobody)."""

    order: Order
    goblet_left: bool
    money: tuple[int, ...]
    nets: tuple[int, ...]
    zork_owner: Seat | None

    @classmethod
    def of(cls, state: State, decl: Decl) -> Forecast | None:
        order = preview(state, decl)
        if order is None:
            return None
        money = money_effect(state, decl)[0]
        turns = sum(op.verb == "turn" for op in ops_for(state, decl)) % 2 == 1
        return cls(order, state.goblet_left != turns, money, payout_nets(state, order, money), zork_owner(money))


@dataclass(frozen=True, slots=True)
class TableView:
    viewer: Seat | None
    names: tuple[str, ...]
    colours: tuple[str, ...]
    order: Order
    goblet_left: bool
    values: tuple[int, ...]  # a coloured hero's pay-out at each position
    zork_values: tuple[int, ...]  # what Zork costs his owner at each position
    money: tuple[int, ...]
    zork_owner: Seat | None
    nets: tuple[int, ...]  # each seat's pay-out if the day ended now
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]  # the viewer's own; every hand once the game is over
    known: tuple[tuple[int, Seat], ...]  # cards the viewer knows another seat holds
    draw_size: int
    discard: tuple[int, ...]
    in_front: tuple[int | None, ...]
    day: int
    days: int
    part: int
    start: Seat
    on_turn: Seat
    phase: Phase
    decl: DeclView | None
    vetoer: Seat | None
    veto_card: int | None
    window: tuple[Seat, ...]
    private_polls: bool
    finished: bool


def _decl_view(state: State, decl: Decl) -> DeclView:
    step = next_step(state, decl)
    slot: str = ""
    prompt: str = ""
    chooser: Seat | None = None
    options: tuple[str, ...] = ()
    forecasts: tuple[Forecast | None, ...] = ()
    if isinstance(step, Question) and state.phase is Phase.DECLARE:
        slot, chooser, options = step.slot, step.chooser, step.options
        prompt = question_prompt(state.names, decl.card, slot, chooser, decl.rolls[-1] if decl.rolls else None)
        if slot == "reroll":  # keeping is previewable; a new roll is not known yet
            kept = decl.with_rolls((*decl.rolls[:-1], replace(decl.rolls[-1], settled=True)))
            forecasts = tuple(Forecast.of(state, kept) if v == KEEP else None for v in options)
        else:
            forecasts = tuple(Forecast.of(state, decl.answered(slot, v)) for v in options)
    forecast = Forecast.of(state, decl) if step is None else None
    return DeclView(
        actor=decl.actor,
        card=decl.card,
        text=declaration_text(state, decl),
        rolls=decl.rolls,
        announced=decl.announced,
        slot=slot,
        prompt=prompt,
        chooser=chooser,
        options=options,
        previews=tuple(None if f is None else f.order for f in forecasts),
        outcome=None if forecast is None else forecast.order,
        forecasts=forecasts,
        forecast=forecast,
    )


def table_view(state: State, viewer: Seat | None) -> TableView:
    over = state.phase is Phase.OVER
    decl = state.decl
    hidden_decl = decl is not None and not decl.announced and viewer != decl.actor
    phase = Phase.ACT if hidden_decl else state.phase
    hands = tuple(h if over or s == viewer else None for s, h in enumerate(state.hands))
    known = tuple(
        (k.card, k.holder)
        for k in state.known
        if k.holder != viewer and (k.audience is None or (viewer is not None and viewer in k.audience))
    )
    in_window = state.phase in (Phase.VETO, Phase.VETO_VETO)
    n = len(state.order)
    return TableView(
        viewer=viewer,
        names=state.names,
        colours=state.colours,
        order=state.order,
        goblet_left=state.goblet_left,
        values=position_values(n),
        zork_values=zork_values(n),
        money=state.money,
        zork_owner=zork_owner(state.money),
        nets=payout_nets(state),
        hand_sizes=tuple(len(h) for h in state.hands),
        hands=hands,
        known=known,
        draw_size=len(state.draw),
        discard=state.discard,
        in_front=state.in_front,
        day=state.day,
        days=DAYS,
        part=state.part,
        start=state.start,
        on_turn=state.on_turn,
        phase=phase,
        decl=None if decl is None or hidden_decl else _decl_view(state, decl),
        vetoer=state.vetoer,
        veto_card=state.discard[-1] if state.vetoer is not None and state.discard else None,
        window=window_seats(state) if in_window and not state.private_polls else (),
        private_polls=state.private_polls,
        finished=over,
    )
