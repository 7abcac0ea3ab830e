"""Tallinn's table as drawn (pure kit drawing, no app): what issue 13 asks of it, each named."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.table.layout import table
from boardgames_tui.ui.kit import DARK, set_ascii
from tests.games.tallinn.scenario import NAMES, P, act, play, resolve
from tests.games.tallinn.scenario import table as position

SEATS = tuple(SeatInfo(name, colour, glyph) for name, colour, glyph in zip(
    NAMES, ("orange", "sky blue", "green", "yellow"), "●▲■◆", strict=True))
WIDTHS = [(78, True), (85, False)]  # the compact form at 80 columns, the wide one beside the log at 120


def drawn(state: Any, viewer: int | None, width: int, compact: bool, choosing: bool = False) -> str:
    return table(GAME.view(state, viewer), SEATS[: state.players], width, DARK, compact=compact,
                 choosing=choosing).plain()


def _tower_from_the_row(card: int) -> Any:
    """Seat 0 plays `card` (1 or 2: the same half A) and turns it into a tower; seat 1 plays 5A."""
    other = 3 - card
    state = position(P("S-A", hand=f"{card} {other} 9"), P("S-B", hand="5 6 7"), round=2)
    state = resolve(play(state, {0: f"{card}A", 1: "5A"}))
    return act(act(state, 0, f"tr{card}"), 1, "t-")


@pytest.mark.parametrize(("width", "compact"), WIDTHS)
def test_leak_spec_3_seat_1_sees_the_same_table_whether_seat_0_built_card_1_or_card_2(
    width: int, compact: bool
) -> None:
    """Spec §3 on the screen: the tower seat 0 built from its row shows only the half it showed,
    so seat 1's table (and the table view) is drawn the same for card 1 and card 2."""
    one, two = _tower_from_the_row(1), _tower_from_the_row(2)
    for viewer in (1, None):
        assert drawn(one, viewer, width, compact) == drawn(two, viewer, width, compact)
    assert drawn(one, 0, width, compact) != drawn(two, 0, width, compact)  # the owner sees which


def _envoy_dispute() -> Any:
    """Oracle T3's rows: seat 0 plays the Envoy's coin half naming the Merchants."""
    state = position(
        P("S-C", row="4B", hand="11 1 2"), P("S-D", row="10B", hand="3 5 6"), P("S-A", row="5B", hand="9 7 8"),
        round=3, envoy=True,
    )
    return resolve(play(state, {0: "11B:M", 1: "3A", 2: "9B"}))


def test_issue_13_the_envoy_in_a_row_shows_the_faction_it_disputed_not_a_question_mark() -> None:
    """Found in play: the Envoy's coin half in a row read `$?`. The view carries the faction it
    disputed, and the row draws it as a small card half with that faction, after the round as well."""
    state = act(act(_envoy_dispute(), 0, "t-"), 1, "t-")
    assert state.round == 4
    entry = next(e for e in GAME.view(state, 1).seats[0].row if e.face.envoy)
    assert entry.disputed == "M"
    set_ascii(True)
    try:
        compact = drawn(state, 1, 78, True)
        assert "[E2 $ M]" in compact and "$ ?" not in compact  # the compact row: coin, then faction
        wide = drawn(state, 1, 85, False)  # the wide row: the same small card half
        assert "[E2 $ M]" in wide and "$ ?" not in wide
    finally:
        set_ascii(None)


def test_issue_13_chronicle_ii_reads_the_same_in_the_log_and_on_the_board() -> None:
    """Found in play: the log (shown on the curtain) said "when the piles run out", the board
    "round 8". Both now give the same words, from one function, and the board draws them whole:
    on the chronicle card (wide table) and in the chronicle's lines (compact table)."""
    for envoy in (False, True):
        state = GAME.setup(["A", "B"], {"chronicles": "on", "envoy": "on" if envoy else "off"}, 4)
        view = GAME.view(state, None)
        when = view.chronicle_when[1]
        assert when == f"after round {8 if envoy else 7}, the last draw"
        assert any(f"Chronicle II ({when})" in e.text for e in state.log)
        for width, compact in WIDTHS:
            board = " ".join(line.strip() for line in drawn(state, 0, width, compact).splitlines())
            assert when in board, (width, board)
            assert view.chronicle_when[0] in board


def _full_game(seed: int) -> list[tuple[Any, int | None]]:
    options = {"envoy": "on", "chronicles": "on", "supporters": "on"}
    match = Match.new(GAME, SEATS[:3], options, seed)
    rng = random.Random(seed)
    moments = []
    while (decision := match.decision()) is not None:
        seat = None if decision.kind is DecisionKind.STEP else decision.seats[0]
        moments.append((match.state, seat))
        match.play(seat, rng.choice(match.legal(seat)))
    moments.append((match.state, None))
    return moments


def test_issue_13_no_card_s_or_point_s_anywhere_in_a_whole_game() -> None:
    """Plurals: "1 card", "2 cards" — no "(s)" in any log line, choice label or table drawing of a
    seeded three-player game with every module, at both widths."""
    moments = _full_game(7)
    final_log = [e.text for e in GAME.log(moments[-1][0])]
    assert any("earns 1 coin:" in t for t in final_log) and any("earns 2 coins:" in t for t in final_log)
    for state, seat in moments:
        texts = [e.text for e in GAME.log(state)]
        texts += [GAME.describe(state, seat, a, seat) for a in GAME.legal(state, seat)]
        texts += [drawn(state, seat, width, compact) for width, compact in WIDTHS]
        assert not [t for t in texts if "(s)" in t]


def test_issue_13_an_open_supporter_shows_in_the_dispute_bars_of_its_owner_and_of_others() -> None:
    """Today "Dispute Ann over Knights: 3" while her row showed K 2: the open Supporter was
    missing from the board. Ben's open Knights Supporter is named on his bar in Anna's dispute."""
    state = position(
        P("S-A", row="9A", hand="1 4 5"), P("S-B", row="3B", hand="2 5 6", tokens="K"),
        P("S-E", row="8A", hand="10 4 6"), round=2, supporters=True,
    )
    state = act(play(state, {0: "1A", 1: "2A+K", 2: "10A"}), None, "n")
    for width, compact in WIDTHS:
        text = drawn(state, None, width, compact)
        verdicts = ("(more)", "(tie)", "(fewer)")
        ben = next(line for line in text.splitlines() if "Ben" in line and any(v in line for v in verdicts))
        assert "open Supporter +1" in ben and " 6 " in ben, ben


@pytest.mark.parametrize(("width", "compact"), WIDTHS)
def test_every_seat_and_the_viewer_hand_are_drawn_in_every_phase(width: int, compact: bool) -> None:
    """Every seat's name and score are on the table in every phase; the viewer's hand when it is
    not being chosen from; every line fits the width."""
    for state, seat in _full_game(5)[::7]:
        text = drawn(state, seat, width, compact)
        view = GAME.view(state, seat)
        for info, s in zip(SEATS, view.seats, strict=False):
            assert info.name in text and str(s.score) in text
        assert all(len(line) <= width for line in text.splitlines())
        if seat is not None and view.seats[seat].hand:
            assert "Your hand" in text


def test_the_table_in_ascii_mode_draws_only_ascii() -> None:
    """Issue 12 §1: with the ASCII fallback every icon, frame, mark and arrow of the table is plain
    ASCII, at both widths, through a whole game."""
    set_ascii(True)
    try:
        for state, seat in _full_game(5)[::5]:
            for width, compact in WIDTHS:
                text = drawn(state, seat, width, compact)
                assert text.isascii(), [c for c in text if not c.isascii()][:5]
    finally:
        set_ascii(None)


def test_issue_13_a_row_tower_of_the_envoy_keeps_the_faction_it_disputed() -> None:
    """Found in play: the Envoy's coin half turned into a tower from the row read `¤ ?` for the
    other seats; like the row, the tower shows the faction it disputed (public since the reveal)."""
    state = act(act(_envoy_dispute(), 0, "t-"), 1, "t-")  # round 4: Anna's row holds 4B and 11B:M
    state = resolve(play(state, {0: "1A", 1: "5A", 2: "7A"}))
    state = act(act(state, 0, "tr11"), 1, "t-")
    tower = GAME.view(state, 1).seats[0].towers[0]
    assert tower.card is None and tower.disputed == "M"
    set_ascii(True)
    try:
        for width, compact in WIDTHS:
            text = drawn(state, 1, width, compact)
            assert "[E2 $ M]" in text and "$ ?" not in text, text
    finally:
        set_ascii(None)


def test_issue_13_the_owner_reads_what_all_the_towers_add_up_to() -> None:
    """Own towers: both halves of every tower card added up in the seat's panel (card 8 is 3 K
    2 M, card 9 is 2 K 2 M 1 Mo: 5 K 4 M 1 Mo); the other seats see one face-down tower and one
    row tower's half, never the sum."""
    state = position(P("S-A", towers="8 h9", hand="1 2 3"), P("S-B", hand="4 5 6"), round=3)
    set_ascii(True)
    try:
        mine = drawn(state, 0, 85, False)
        theirs = drawn(state, 1, 85, False)
    finally:
        set_ascii(None)
    assert "T 2: K5 M4 +1" in mine and "[K3 M2] [K2 M2 +1]" in mine  # + is a Monk in ASCII
    assert "K5 M4" not in theirs and "T 2: [K2 M1] [???]" in theirs  # card 8 stood in the row on half A


@pytest.mark.parametrize("width", [78, 85])
def test_compact_seats_keep_their_columns_whatever_the_names(width: int) -> None:
    """A glitch found in play: the compact seat lines started their score right after the name,
    so "Ben ✪ 4" and "Anna ✪ 4" did not line up; the names are padded to the longest one."""
    state = position(P("S-A", hand="1 2 3"), P("S-B", hand="4 5 6"), P("S-E", hand="7 8 9"), round=2)
    heads = [line for line in drawn(state, None, width, True).splitlines() if any(n in line for n in NAMES)]
    assert len(heads) == 3
    assert len({line.index("✪") for line in heads}) == 1
