"""The match screen's texts, built from a match without the app (`ui.flow.news`, `ui.match_text`).

Checked on matches of every game played a few dozen moves by seeded random choices:
- a seat's log lines are exactly the entries it may see, the newest `LOG_LINES`, with the
  "since your last turn" divider right before the first entry after its last decision;
- the table's lines carry no divider and no private entry;
- a curtain's news holds only public entries, and only those since that seat last decided;
- the header names every seat still to act, by glyph and name or, short, by glyph alone;
- a hand-off curtain offers the seat that moved last, and only that seat, to take its move
  back, never to the seat it is raised for and never when the move may not be taken back.
"""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games import GAMES
from boardgames_tui.ui.flow.news import (
    LOG_LINES,
    SINCE_LAST_TURN,
    handoff,
    last_turn_mark,
    log_lines,
    news_paragraphs,
    public_news_for,
)
from boardgames_tui.ui.match_text import header_text
from tests.ui.helpers import assert_news_tells

SEATS = (
    SeatInfo("[b]Ann[/b]", "orange", "●"),
    SeatInfo("Bo", "sky blue", "▲"),
    SeatInfo("Cy", "green", "■"),
)


def _played(key: str, moves: int, seed: int = 3) -> Match:
    """A 3-seat match of `key` after `moves` random legal decisions (fewer if it ended)."""
    game = GAMES[key].game
    match = Match.new(game, SEATS, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.decision() is None:
            break
        match.play(*choose(game, match.state, rng))
    return match


@pytest.mark.parametrize("key", sorted(GAMES))
def test_log_lines_are_what_the_viewer_may_see_with_the_divider_at_its_last_turn(key: str) -> None:
    match = _played(key, 40)
    entries = match.game.log(match.state)
    for seat in range(len(SEATS)):
        lines = log_lines(match, seat)
        texts = [text for text, _ in lines if text != SINCE_LAST_TURN]
        visible = [(i, e) for i, e in enumerate(entries) if e.visible_to(seat)][-LOG_LINES:]
        assert texts == [e.text for _, e in visible]
        mark = last_turn_mark(match, seat)
        dividers = [n for n, (text, _) in enumerate(lines) if text == SINCE_LAST_TURN]
        after = [n for n, (i, _) in enumerate(visible) if mark is not None and i >= mark]
        if after:
            assert dividers == [after[0]], "the divider goes right before the first line since the last turn"
        else:
            assert dividers == []
        private = [text for text, style in lines if style == "italic"]
        assert private == [e.text for _, e in visible if e.audience is not None]
    table = log_lines(match, None)
    assert all(text != SINCE_LAST_TURN and style != "italic" for text, style in table)
    assert [text for text, _ in table] == [e.text for e in entries if e.audience is None][-LOG_LINES:]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_curtain_news_is_public_and_since_the_seats_last_decision(key: str) -> None:
    match = _played(key, 40)
    entries = match.game.log(match.state)
    for seat in range(len(SEATS)):
        mark = last_turn_mark(match, seat)
        expected = [e.text for e in entries[mark or 0:] if e.audience is None]
        assert public_news_for(match, seat) == expected
        if mark is not None:
            decided = max(i for i, m in enumerate(match.record.moves) if m.seat == seat)
            assert mark == len(match.game.log(match.state_after(decided + 1)))


def test_header_names_every_waiting_seat_and_shortens_to_glyphs() -> None:
    match = _played("tallinn", 0)
    decision = match.decision()
    assert decision is not None and decision.kind is not DecisionKind.STEP
    full = header_text(match, decision, status=None, held=False, private=True, short=False).plain
    short = header_text(match, decision, status=None, held=False, private=True, short=True).plain
    for seat in decision.seats:
        info = match.seats[seat]
        assert f"{info.glyph} {info.name}" in full  # the name as typed, markup and all
        assert info.glyph in short and info.name not in short
    assert full.endswith("private view") and short.endswith("private")
    held = header_text(match, decision, status=None, held=True, private=False, short=False).plain
    assert held.endswith("All steps shown: Enter to go on")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_handoff_offers_the_last_mover_its_take_back_unless_it_is_the_next_seat_or_refused(key: str) -> None:
    match = _played(key, 25)
    last = match.record.moves[-1].seat
    decision = match.decision()
    asked: list[object] = []

    def asking(s: object) -> None:
        asked.append(s)

    for seat in range(len(SEATS)):
        texts = handoff(match, seat, lambda s: None)
        assert texts.seat == seat and texts.last == last
        assert texts.news == news_paragraphs(match, seat)
        assert_news_tells(texts.news, public_news_for(match, seat), [info.name for info in match.seats])
        assert texts.note == (decision.prompt if decision is not None else "")
        if last is None or last == seat:
            assert texts.undo_label is None
        else:
            assert texts.undo_label == f"{match.seats[last].name}: take back your last move (u)"
        refused = handoff(match, seat, lambda s: "it may not" if s == last else None)
        assert refused.undo_label is None
        asked.clear()
        handoff(match, seat, asking)
        assert asked == ([] if last is None or last == seat else [last]), "only the last mover is asked about"


def test_handoff_before_any_move_offers_no_take_back() -> None:
    match = _played("tain", 0)
    texts = handoff(match, 0, lambda s: None)
    assert texts.last is None and texts.undo_label is None
