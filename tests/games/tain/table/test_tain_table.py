"""Issue 14, the Tàin table: what each point of the issue asks to see, read back from the drawing
at 80×24 (compact boards) and 120×40 (full boards): slots in pairs, outside over inside on every
board; face-down backs until the reveal; legal slots and the cursor; every raid result drawn at
its entrance and the kingdom's under its own slot; no count or cut word run into the next."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import PASS, RAIDS, STEP, Area, Place
from boardgames_tui.games.tain.rules.components import ENTRANCES, KINDS, Kind
from boardgames_tui.games.tain.rules.state import Phase, TainState
from boardgames_tui.games.tain.table.body import TainBody
from boardgames_tui.games.tain.table.legend import ICON, KEY
from boardgames_tui.games.tain.table.look import FK_CELL, PASS_CELL
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.kit import icon
from boardgames_tui.ui.kit.icons import pick
from tests.games.tain.scenario import A, B, P, holdings, raid, table
from tests.ui.helpers import make_app

SEATS = (
    SeatInfo("Patrick", "orange", "●"),
    SeatInfo("Brigitte", "sky blue", "▲"),
    SeatInfo("Arthur", "green", "■"),
    SeatInfo("Deirdre", "purple", "◆"),
)
SIZES = [(80, 24), (120, 40)]
size_ids = pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")


class _Host(App[None]):
    """A bare app holding only the Tàin body, fed a Seen built from a state."""

    def compose(self) -> ComposeResult:
        yield TainBody()


def _seen(state: TainState, viewer: int | None) -> Seen:
    decision = GAME.to_act(state)
    actions = tuple(GAME.legal(state, viewer)) if decision is not None else ()
    return Seen(GAME, GAME.view(state, viewer), viewer, SEATS[: len(state.clans)], decision, actions, {})


def _cells(line: Text, start: int, end: int) -> str:
    """The characters drawn in cell columns [start, end) of a line."""
    out, column = [], 0
    for char in line.plain:
        if start <= column < end:
            out.append(char)
        column += cell_len(char)
    return "".join(out)


def _spans(body: TainBody) -> dict[Any, tuple[int, int, int]]:
    """Where each clickable slot is drawn: target -> (line, start, end); the kingdom's two slots
    share a target, so they are keyed by their order. A tall slot (three lines, all clickable)
    is drawn on its middle line, between its token's ends."""
    spans: dict[Any, tuple[int, int, int]] = {}
    tall: dict[Any, list[tuple[int, int, int]]] = {}
    fk = 0
    for line, start, end, target in body.canvas.hits:
        if target[0] == "cell" and target[1] == FK_CELL:
            spans[("fk", fk)] = (line, start, end)
            fk += 1
        elif target[0] == "cell":
            tall.setdefault(target[1], []).append((line, start, end))
    for cell, lines in tall.items():
        spans[cell] = lines[len(lines) // 2]
    return spans


def _under(body: TainBody, cell: Any) -> int:
    """The line just under a slot (the marks row under an inside slot), past a tall slot's lines."""
    return 1 + max(line for line, _s, _e, target in body.canvas.hits if target == ("cell", cell))


SIDES = " ╎:"
"""Around an empty or open slot: spaces, or a tall slot's dotted sides (Unicode or ASCII)."""


def _seeded(players: int, stop: Callable[[TainState], bool], seed: int = 3) -> TainState:
    """A game played by a seeded chooser (mostly placing) until `stop(state)`."""
    rng = random.Random(seed)
    state = GAME.setup([s.name for s in SEATS[:players]], GAME.check_options({}), seed)
    while not stop(state):
        decision = GAME.to_act(state)
        assert decision is not None
        seat = decision.seats[0] if decision.seats else None
        legal = GAME.legal(state, seat)
        placing = [a for a in legal if a != PASS]
        state = GAME.apply(state, seat, rng.choice(placing if placing and rng.random() < 0.85 else legal))
    return state


def _placed(state: TainState) -> int:
    return sum(t is not None for row in (*state.scouts, *state.guards, state.fk) for t in row)


def _scouting(state: TainState) -> bool:
    return state.phase is Phase.SCOUT and _placed(state) >= 2 * len(state.clans)


# --- every entrance a pair of slots, outside over inside, on every board --------------------------
@size_ids
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_issue14_every_entrance_is_an_outside_slot_over_its_inside_slot_on_every_board(
    size: tuple[int, int], players: int
) -> None:
    """Issue 14, left over from the last round: the outside (scout) and inside (guard) slots read
    the same way on every board: each entrance's outside slot straight above its inside slot, in
    the same columns, the outside row labelled as scouts, the inside row as guards."""
    state = _seeded(players, _scouting)
    app = _Host()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TainBody)
        body.show(_seen(state, state.current))
        await pilot.pause()
        spans = _spans(body)
        lines = body.canvas.lines
        gaps = set()
        for board in range(players):
            for entrance in range(ENTRANCES):
                out_line, out_start, out_end = spans[(Area.SCOUT, board, entrance)]
                in_line, in_start, in_end = spans[(Area.GUARD, board, entrance)]
                assert (out_start, out_end) == (in_start, in_end), (board, entrance)
                assert out_line < in_line
                gaps.add(in_line - out_line)
            out_text, in_text = lines[out_line].plain, lines[in_line].plain
            outside, inside = ("scouts", "guards")  # the rows named in words at both sizes
            assert outside in out_text and inside in in_text, (out_text, in_text)
        assert len(gaps) == 1, "every board draws its rows the same way"


# --- face-down tokens as backs in their owner's colour until the reveal ---------------------------
@size_ids
async def test_issue14_face_down_tokens_are_their_owners_backs_until_the_reveal(size: tuple[int, int]) -> None:
    """Issue 14: before the reveal a token placed by someone else is drawn as its owner's glyph on
    a back (the face-down icon), the viewer's own tokens by kind; after the reveal every kind."""
    state = _seeded(3, _scouting, seed=5)
    viewer = state.current
    app = _Host()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TainBody)
        for revealed in (False, True):
            if revealed:
                while state.phase is not Phase.REVEAL:
                    state = GAME.apply(state, state.current, PASS)
                state = GAME.apply(state, None, STEP)
            body.show(_seen(state, None if revealed else viewer))
            await pilot.pause()
            spans = _spans(body)
            for board in range(3):
                for area, row in ((Area.SCOUT, state.scouts[board]), (Area.GUARD, state.guards[board])):
                    for entrance, token in enumerate(row):
                        if token is None or (revealed and token[1] is Kind.BLUFF):
                            continue  # bluffs leave the boards at the reveal
                        line, start, end = spans[(area, board, entrance)]
                        drawn = _cells(body.canvas.lines[line], start, end)
                        owner, kind = token
                        hidden = not revealed and owner != viewer
                        shown = icon("hidden") if hidden else icon(ICON[kind])
                        assert SEATS[owner].glyph + shown in drawn, (area, board, entrance, drawn)


# --- placing: legal slots marked for the kind, the kind on the cursor -----------------------------
@size_ids
async def test_issue14_legal_slots_are_marked_for_the_chosen_kind_and_the_cursor_shows_it(
    size: tuple[int, int],
) -> None:
    """Issue 14, placing: for each kind the viewer picks by key, exactly the slots that kind may
    take are marked with the kind's icon; the cursor's slot shows the viewer's token of that kind
    between arrows; every other empty slot is a plain hole."""
    state = _seeded(3, _scouting, seed=8)
    viewer = state.current
    legal = GAME.legal(state, viewer)
    app = _Host()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TainBody)
        body.show(_seen(state, viewer))
        await pilot.pause()
        body.focus()
        tried = 0
        for kind in KINDS:
            if not any(isinstance(a, Place) and a.kind is kind for a in legal):
                continue
            tried += 1
            await pilot.press(KEY[kind])
            await pilot.pause()
            assert body.kind is kind
            spans = _spans(body)
            cursor = body.grid[body.row][body.col]
            for cell, (line, start, end) in spans.items():
                if cell[0] == "fk" or cell[1] < 0:
                    continue  # the kingdom is checked below; (-2, -2) is the Pass button
                drawn = _cells(body.canvas.lines[line], start, end)
                area, board, entrance = cell
                token = (state.scouts if area is Area.SCOUT else state.guards)[board][entrance]
                fits = body._action(cell, kind) in legal
                if cell == cursor:
                    assert drawn == icon("arrow_right") + SEATS[viewer].glyph + icon(ICON[kind]) + icon("arrow_left")
                elif fits:
                    assert drawn.strip(SIDES) == icon("legal") + icon(ICON[kind]), (cell, drawn)
                elif token is None:
                    assert drawn.strip(SIDES) == "··", (cell, drawn)
            first_empty = next((i for i, t in enumerate(state.fk) if t is None), None)
            if first_empty is None:
                continue
            line, start, end = spans[("fk", first_empty)]
            drawn = _cells(body.canvas.lines[line], start, end)
            if cursor != FK_CELL:
                raid_mark = icon("legal") + icon(ICON[kind]) if RAIDS[kind] in legal else "··"
                assert drawn.strip() == raid_mark, drawn
        assert tried >= 2


# --- the raid played out on the boards ----------------------------------------------------------
def _raid_table() -> TainState:
    """One of each result: cows and a jewel taken, captives taken and freed, the kingdom's cows."""
    state = holdings(table(active=P), B, captives=[(P, "b")])
    state = holdings(state, A, captives=[(B, "b"), (B, "b")])
    return raid(
        state,
        {
            B: {"pasture 1": (f"{P}:w", None), "house 1": (f"{P}:c", "b"), "pasture 2": (f"{A}:b", "w")},
            A: {"house 2": (f"{B}:w", None), "pasture 3": (f"{P}:b", "w"), "house 1": (f"{B}:x", "d")},
            P: {"house 1": (f"{A}:w", "b"), "pasture 2": (f"{B}:b", None)},
        },
        fk=[(A, "c"), (B, "c")],
    )


def _expected_mark(result: str, board: int, scout: tuple[int, Kind], prize: object) -> str | None:
    """What the issue asks to see drawn for a match-up's result, in the board's glyphs."""
    glyph = [s.glyph for s in SEATS]
    gives = icon("gives")
    if result in ("cow", "jewel"):
        return icon(result) + gives + glyph[scout[0]]
    if result == "captured":
        return icon("captive") + gives + glyph[board]
    if result == "kidnapped":
        return icon("captive") + gives + glyph[scout[0]]
    if result == "freed":
        assert isinstance(prize, tuple)
        return icon("done") + glyph[prize[0]] + icon(ICON[prize[1]])
    if result in ("fail", "empty", "beaten"):
        return icon("disabled")
    return None


@size_ids
async def test_issue14_each_raid_result_is_drawn_where_its_matchup_stood(size: tuple[int, int]) -> None:
    """Issue 14, the raid on the boards: step by step, the entrance just resolved is lit (both
    slots), its result is drawn under it (a cow or jewel to the raider, a captive taken, a captive
    freed), the spoils lie beside the raider's board, and the kingdom's herd shrinks by the cows
    it gave."""
    state = GAME.apply(_raid_table(), None, STEP)  # the reveal
    seen_results = set()
    app = _Host()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TainBody)
        while state.phase is Phase.RAID and GAME.to_act(state).kind is DecisionKind.STEP:
            herd = state.fk_cows
            state = GAME.apply(state, None, STEP)
            if state.phase is not Phase.RAID:
                break
            body.show(_seen(state, None))
            await pilot.pause()
            spans, lines = _spans(body), body.canvas.lines
            text = body.render().plain
            for board, entrance, scout, _guard, result, prize in GAME.view(state, None).last:
                assert scout is not None
                seen_results.add(result)
                mark = _expected_mark(result, board, scout, prize)
                if board < 0:
                    assert mark is not None and mark in text
                    continue
                out_line, start, end = spans[(Area.SCOUT, board, entrance)]
                in_line, _s, _e = spans[(Area.GUARD, board, entrance)]
                edges = (pick("⟦", "["), pick("│", "|")) if body.compact() else (pick("│", "|"),)
                assert _cells(lines[out_line], start, end).startswith(edges)
                assert _cells(lines[in_line], start, end).startswith(edges)
                assert mark is not None
                under = _under(body, (Area.GUARD, board, entrance))
                assert _cells(lines[under], start, start + len(mark)) == mark, (result, lines[under])
                if result in ("cow", "jewel"):
                    assert f"+{icon(result)}" in text
            if any(m[0] < 0 for m in GAME.view(state, None).last):
                gave = sum(1 for m in GAME.view(state, None).last if m[4] == "cow")
                assert state.fk_cows == herd - gave and f"{icon('cow')}{state.fk_cows}" in text
    assert {"cow", "jewel", "captured", "freed"} <= seen_results


@size_ids
@pytest.mark.parametrize("order", ["arthur_first", "brigitte_first"])
async def test_issue14_the_kingdoms_results_sit_under_their_own_slots(size: tuple[int, int], order: str) -> None:
    """Found in this audit: the kingdom's results were drawn in the order the rules resolve them
    (clockwise from the active player), so Arthur's cow stood under Brigitte's slot. Now each
    result is under its own slot at 120×40, and read in slot order in the compact line."""
    tokens = [(A, "c"), (B, "c")] if order == "arthur_first" else [(B, "c"), (A, "c")]
    state = GAME.apply(GAME.apply(raid(table(active=P), fk=tokens), None, STEP), None, STEP)
    marks = [icon("cow") + icon("gives") + SEATS[seat].glyph for seat, _ in tokens]
    app = _Host()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TainBody)
        body.show(_seen(state, None))
        await pilot.pause()
        spans, lines = _spans(body), body.canvas.lines
        if body.compact():
            top = lines[spans[("fk", 0)][0]].plain
            assert top.index(marks[0]) < top.index(marks[1])
        else:
            for slot, mark in enumerate(marks):
                line, start, end = spans[("fk", slot)]
                assert SEATS[tokens[slot][0]].glyph in _cells(lines[line], start, end)
                assert _cells(lines[line + 1], start, end).startswith(mark), lines[line + 1].plain


# --- no text runs into the next ------------------------------------------------------------------
RUN_TOGETHER = re.compile(r"\d[A-Za-z]|…\S")
"""A count straight into a word ("19pts", "Ѡ10active") or a cut word into the next column ("pas…in")."""


@size_ids
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_issue14_no_count_or_cut_word_runs_into_the_next(size: tuple[int, int], players: int) -> None:
    """Issue 14 audit: a count never runs into the word after it, and a word cut to fit its
    column never runs into the next column, on the table drawn for the player to act, through a
    whole seeded game (the compact score column once cut "passed" and ran it into "in")."""
    state = GAME.setup([s.name for s in SEATS[:players]], GAME.check_options({}), players)
    rng = random.Random(players)
    app = _Host()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TainBody)
        drawn = 0
        while GAME.to_act(state) is not None:
            decision = GAME.to_act(state)
            assert decision is not None
            seat = decision.seats[0] if decision.seats else None
            if drawn < 12 or rng.random() < 0.08:
                body.show(_seen(state, seat))
                await pilot.pause()
                for line in body.canvas.lines:
                    assert not RUN_TOGETHER.search(line.plain), line.plain
                drawn += 1
            legal = GAME.legal(state, seat)
            placing = [a for a in legal if a != PASS]
            state = GAME.apply(state, seat, rng.choice(placing if placing and rng.random() < 0.8 else legal))
        assert drawn > 12


def _svg_row(svg: str, row: int) -> str:
    """One screen row of an exported SVG, each run of text put at the column its x gives."""
    cells: dict[int, str] = {}
    pattern = rf'<text[^>]* x="([\d.]+)"[^>]*clip-path="url\(#terminal-(?:\d+-)?line-{row}\)">([^<]*)</text>'
    for x, content in re.findall(pattern, svg):
        column = round(float(x) / 12.2)
        for offset, char in enumerate(html.unescape(content).replace("\xa0", " ")):
            cells[column + offset] = char
    return "".join(cells.get(c, " ") for c in range(max(cells) + 1)) if cells else ""


@size_ids
async def test_issue14_the_header_and_counts_keep_their_spaces_in_the_exported_picture(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Issue 14 audit: the pictures showed "Tàin·  Turn" and "Ѡ10active". The screen and the SVG the
    app exports both hold the spaces (as non-breaking spaces at the start of a styled run); the
    converter used to view them (rsvg-convert without xml:space="preserve") drops such leading
    spaces. This reads the exported SVG by position, as a terminal shows it."""
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        app.play(Match.new(GAME, SEATS[:3], {}, 5))
        for _ in range(10):
            await pilot.pause()
            if isinstance(app.screen, Curtain):
                await pilot.press("enter")
        await pilot.pause()
        svg = app.export_screenshot()
    header = _svg_row(svg, 0)
    assert "Tàin  ·  Turn 1 of 8, scouting  ·  To act: " in header, header
    assert not RUN_TOGETHER.search(header)
    if size == (80, 24):
        top = _svg_row(svg, 1)
        assert re.search(rf"{icon('cow')}10 +active ", top), top
    else:
        assert re.search(rf"herd {icon('cow')}10 ", _svg_row(svg, 4))


@size_ids
async def test_issue14_a_kind_key_with_none_left_keeps_the_whole_table_in_the_body(size: tuple[int, int]) -> None:
    """Issue 14 fix, seen again in this audit's pictures: the note for a kind with none left (and
    the one for Enter with no kind) is a line of its own; the body grew by nothing, so the
    legend's last line fell out of it. Now the body is laid out again when a note comes or goes."""
    state = holdings(table(active=P), P, screen={"w": 2, "b": 6, "d": 1, "x": 8})
    app = _Host()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TainBody)
        body.show(_seen(state, P))
        await pilot.pause()
        body.focus()
        for key, note in (("c", "No chieftain left"), ("enter", "Choose a token kind first"), ("w", None)):
            await pilot.press(key)
            await pilot.pause()
            drawn = [line.plain for line in body.canvas.lines]
            notes = [line for line in drawn if "No chieftain" in line or "Choose a token" in line]
            assert notes == ([] if note is None else [notes[0]]) and (note is None or note in notes[0]), drawn
            assert body.size.height >= len(drawn), (key, body.size.height, drawn)
            assert "discard" in drawn[-1], "the legend's last line is the body's last"


@size_ids
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_issue14_up_and_down_go_to_the_slots_drawn_above_and_below_on_every_board(
    size: tuple[int, int], players: int
) -> None:
    """Issue 14, left over from the last round, by the keys: on every board Up from an inside slot
    goes to the outside slot of the same entrance and Down back; every arrow goes to a slot drawn
    above, below or beside (at 120×40 Down from the left board's inside row went to the board on
    its right, because the cursor rows followed the seats, not the drawing). The grid's shape is
    checked with every slot open (the cursor otherwise skips slots where nothing may go)."""
    state = _seeded(players, _scouting)
    app = _Host()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TainBody)
        body._open = lambda cell: True  # type: ignore[method-assign]
        body.show(_seen(state, state.current))
        await pilot.pause()
        body.focus()
        line_of = {target[1]: line for line, _s, _e, target in body.canvas.hits if target[0] == "cell"}
        column_of = {target[1]: start for _l, start, _e, target in body.canvas.hits if target[0] == "cell"}

        async def press_from(cell: tuple[Area, int, int], key: str) -> tuple[Area, int, int]:
            body.row, body.col = next((r, row.index(cell)) for r, row in enumerate(body.grid) if cell in row)
            await pilot.press(key)
            return body.grid[body.row][body.col]

        for board in range(players):
            for entrance in range(ENTRANCES):
                outside, inside = (Area.SCOUT, board, entrance), (Area.GUARD, board, entrance)
                assert await press_from(outside, "down") == inside
                assert await press_from(inside, "up") == outside
                below = await press_from(inside, "down")
                assert line_of[below] > line_of[inside], (inside, below)
                above = await press_from(outside, "up")
                assert line_of[above] < line_of[outside], (outside, above)
                for key in ("left", "right") if entrance in (0, ENTRANCES - 1) else ():  # the board's ends
                    beside = await press_from(inside, key)
                    assert line_of[beside] == line_of[inside], (inside, key, beside)
                    assert beside == inside or column_of[beside] != column_of[inside]


@size_ids
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_the_cursor_skips_slots_where_nothing_may_go(size: tuple[int, int], players: int) -> None:
    """Issue 37: every arrow lands on a slot the chosen kind may take (or the Pass button), as the
    offered actions say, and walking the arrows reaches every such slot."""
    state = _seeded(players, _scouting)
    app = _Host()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TainBody)
        seen = _seen(state, state.current)
        body.show(seen)
        await pilot.pause()
        body.focus()
        assert body.kind is not None
        offered = {a for a in seen.actions if isinstance(a, Place) and a.kind is body.kind}
        visited = set()
        for key in ["right"] * 12 + ["down", *["right"] * 12] * 10 + ["up", "left"] * 10:
            await pilot.press(key)
            cell = body.grid[body.row][body.col]
            assert cell == PASS_CELL or body._action(cell, body.kind) in offered, (key, cell)
            visited.add(cell)
        reached = {body._action(cell, body.kind) for cell in visited if cell != PASS_CELL}
        assert reached == offered


async def test_issue14_the_cursor_rows_follow_the_table_when_the_terminal_changes_size() -> None:
    """Issue 14 (80×24 playable): going from 120×40 to 80×24 and back mid-turn, the cursor stays
    on its slot and Down still goes from a board's inside row to the board drawn below it."""
    state = _seeded(3, _scouting)
    app = _Host()
    async with app.run_test(size=(120, 40)) as pilot:
        body = app.query_one(TainBody)
        body._open = lambda cell: True  # type: ignore[method-assign]  # the grid's shape, every slot open
        body.show(_seen(state, state.current))
        await pilot.pause()
        body.focus()
        start = (Area.GUARD, 0, 4)
        body.row, body.col = next((r, row.index(start)) for r, row in enumerate(body.grid) if start in row)
        for size, below in (((80, 24), (Area.SCOUT, 1, 4)), ((120, 40), (Area.SCOUT, 2, 4))):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert body.grid[body.row][body.col] == start
            await pilot.press("down")
            assert body.grid[body.row][body.col] == below, size
            await pilot.press("up")
