"""One seat's view state at the table, as one frozen value: the rows of its one list of choices,
the highlighted row, and the table's two toggles (now or "if it goes through", the discard pile).

The body keeps a `Look` and replaces it on every change; the drawing reads it and never the body.
A new moment or a new viewer gets rows of its own and its own first row (`Look.fresh`), so no
highlight or preview crosses a hand-off.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from boardgames_tui.engine.protocol import DecisionKind, Seat
from boardgames_tui.games.tafelrunde.rules.actions import Answer, Discard, Draw, Play
from boardgames_tui.games.tafelrunde.rules.components import CARD, card_text, card_title
from boardgames_tui.games.tafelrunde.rules.state import Phase
from boardgames_tui.games.tafelrunde.rules.view import Forecast, TableView
from boardgames_tui.ui.body import Seen

HERO_SLOTS = ("hero", "other", "theirs", "first", "w1", "w2", "w3")


@dataclass(frozen=True)
class Claim:
    """Not a rules action: `seat` claims the open veto call (None: back, no claim after all)."""

    seat: Seat | None


@dataclass(frozen=True)
class Choice:
    """A row of the list: what it says, what it sends, whether the rules allow it, its preview."""

    label: str
    action: Any
    legal: bool
    forecast: Forecast | None = None
    """The table if this row's answer completes the card and the card goes through."""
    seat: Seat | None = None
    """The seat a claim row names (drawn as its chip)."""

    @property
    def hero(self) -> str | None:
        """The hero this row names, if it answers a question about a hero."""
        action = self.action
        if isinstance(action, Answer) and action.slot in HERO_SLOTS:
            return str(action.value)
        return None


def build_choices(seen: Seen) -> list[Choice]:
    """Every row for this viewer now (empty when the viewer has nothing to decide)."""
    view: TableView = seen.view
    decision = seen.decision
    if decision is not None and decision.kind is DecisionKind.WINDOW:
        return _window_choices(seen, view)
    actions = list(seen.actions)
    if not actions:
        return []
    labels = seen.labels
    decl = view.decl
    forecasts: dict[Any, Forecast | None] = {}
    if decl is not None:
        forecasts = {Answer(decl.slot, o): f for o, f in zip(decl.options, decl.forecasts, strict=False)}
    out = [Choice(labels.get(a, str(a)), a, True, forecasts.get(a)) for a in actions]
    viewer = seen.viewer
    if view.phase is Phase.ACT and viewer is not None and viewer == view.on_turn:
        out += _refused(view, viewer, actions)
    return out


def _refused(view: TableView, viewer: Seat, actions: list[Any]) -> list[Choice]:
    """The turn's actions the rules refuse now, listed dimmed so nobody wonders where they went."""
    hand = view.hands[viewer] or ()
    extra = [Choice(f"Play {card_title(c)}: {card_text(CARD[c])}", Play(c), False)
             for c in hand if Play(c) not in actions]
    if Draw() not in actions:
        extra.append(Choice("Draw a card", Draw(), False))
    if hand and not any(isinstance(a, Discard) for a in actions):
        extra.append(Choice("Lay out a card for 1 silver", Discard(hand[0]), False))
    return extra


def _window_choices(seen: Seen, view: TableView) -> list[Choice]:
    """The open veto call as one list: for the table, Let it pass and a claim per listed seat a
    person plays; for the seat that claimed (behind its curtain), each card it may spend and Back."""
    veto = view.phase is Phase.VETO
    if seen.viewer is None:
        out = [Choice(seen.labels.get(a, str(a)), a, True) for a in seen.actions]
        verb = "I veto" if veto else "I overrule the veto"
        out += [Choice(f": {verb}", Claim(seat), True, seat=seat) for seat in seen.claimants()]
        return out
    out = [Choice(seen.labels.get(a, str(a)), a, True) for a in seen.actions]
    back = "Back: I do not veto after all" if veto else "Back: I do not overrule after all"
    if not seen.actions:
        back = "Back to the table"
    out.append(Choice(back, Claim(None), True))
    return out


@dataclass(frozen=True)
class Look:
    """What one seat's table shows besides the view: its rows, the highlighted one, and whether
    the ring shows the table now instead of the preview and the discard pile is open."""

    choices: tuple[Choice, ...] = ()
    cursor: int = 0
    show_current: bool = False
    show_discard: bool = False

    def lit(self) -> Choice | None:
        """The highlighted row, if there is one."""
        return self.choices[self.cursor] if self.choices and 0 <= self.cursor < len(self.choices) else None

    def first_legal(self) -> int:
        return next((i for i, c in enumerate(self.choices) if c.legal), 0)

    def showing(self, seen: Seen, same_moment: bool) -> Look:
        """This look for `seen`: its rows, the same row again if the moment and viewer are the same
        (else the first row the rules allow), the ring back to the preview; the discard pile stays
        as it was."""
        previous = self.choices[self.cursor].action if same_moment and self.cursor < len(self.choices) else None
        choices = tuple(build_choices(seen))
        actions = [c.action for c in choices]
        look = replace(self, choices=choices, show_current=False)
        # A new moment or a new viewer starts on its own first row, never on a row that only
        # looks like the last viewer's choice (Let it pass is the same action for every seat).
        return replace(look, cursor=actions.index(previous) if previous in actions else look.first_legal())
