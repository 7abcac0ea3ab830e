"""Whose choices the match screen offers, worked out from the decision and who is looking.

Nothing here touches a widget. The one rule it keeps: a choice that needs a seat's private
information is offered only on that seat's own view, never on the table's or another seat's.
"""

from __future__ import annotations

from boardgames_tui.engine.protocol import Decision, DecisionKind, Seat


def acting_seat(decision: Decision, viewer: Seat | None, responding: Seat | None) -> Seat | None:
    """The seat whose actions the screen offers now (None: the table's).

    `viewer` is the seat whose private view is drawn (None: the table view), `responding` the
    seat that lifted its curtain to answer an open window."""
    if decision.kind is DecisionKind.WINDOW:
        return responding
    if decision.kind is DecisionKind.STEP:
        return None
    if decision.public:
        return decision.seats[0]
    return viewer if viewer in decision.seats else None


def offers_actions(decision: Decision, viewer: Seat | None, responding: Seat | None) -> bool:
    """Whether the view drawn for `viewer` offers the decision's actions at all: a step or a
    public choice on any view; an open window nobody has claimed on any view (the table may
    close it); a private choice, or a claimed window, only on the deciding seat's own view."""
    if decision.kind is DecisionKind.STEP:
        return True
    if decision.kind is DecisionKind.WINDOW:
        return responding is None or responding == viewer
    if decision.public:
        return True
    return viewer is not None and viewer in decision.seats
