"""The end of a turn: closing the Building phase, gathering cards up to the hand limit, and the
next player's turn (or, after the final building phase, the end of the game)."""

from __future__ import annotations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, LogEntry, Seat
from boardgames_tui.games.tasnia.rules.actions import EndBuilding
from boardgames_tui.games.tasnia.rules.market import draw_cards, hand_limit
from boardgames_tui.games.tasnia.rules.state import PHASE, PlayerState, State, sort_cards, with_player
from boardgames_tui.games.tasnia.rules.text import DREW, cards_text, turn_end_line


def verify_end(state: State) -> None:
    if state.phase is not PHASE.BUILD:
        raise IllegalAction("go on to the Building phase first")


def end_building(state: State, seat: Seat, action: EndBuilding, log: list[LogEntry]) -> State:
    """Gather, then the next seat trades; after the final building phase the game is over."""
    if state.final:
        log.append(LogEntry("The game is over."))
        return evolve(state, phase=PHASE.OVER, log=state.log + tuple(log))
    me = state.players[seat]
    need = max(0, hand_limit(me.area) - len(me.hand))
    drawn, draw, discard, rng, reshuffled = draw_cards(state.draw, state.discard, state.rng, need)
    if reshuffled:
        log.append(LogEntry("The discard pile was shuffled into a new draw pile."))
    # The action's own line ("finished building") and the gathering read as one line.
    log[0] = LogEntry(turn_end_line(state.names[seat], len(drawn), need))
    if drawn:
        log.append(LogEntry(DREW.format(cards_text(drawn)), frozenset({seat})))
    players = with_player(state.players, seat, PlayerState(sort_cards(me.hand + drawn), me.area))
    nxt = (seat + 1) % len(state.players)
    log.append(LogEntry(f"{state.names[nxt]}'s turn."))
    return evolve(
        state,
        players=players,
        draw=draw,
        discard=discard,
        rng=rng,
        current=nxt,
        phase=PHASE.TRADE,
        turn=state.turn + 1,
        build_actions=0,
        log=state.log + tuple(log),
    )
