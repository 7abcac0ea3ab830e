"""The text around Tolleno's map: the status lines above it and the panel below it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.tolleno.screen_render import (
    LEGEND,
    LETTERS,
    board_text,
    contract_text,
    held_tile_lines,
    initial_text,
    next_unlock,
    seat_lines,
    seat_style,
)
from boardgames_tui.games.tolleno.state import BuildFloor, MoveBoat, Phase, PlaceContract, PlaceTile, TollenoView

if TYPE_CHECKING:
    from boardgames_tui.games.tolleno.screen import TollenoBody

HINTS = {
    Phase.PLACE: "place your tile: r rotate · n next fit · Enter",
    Phase.BUILD: "first floor: n next space · Enter",
    Phase.SECOND: "second floor: n next · Enter, or 1 2 3 take a contract",
    Phase.CONTRACT: "lay the contract: n next space · Enter (u takes it back)",
    Phase.NAVIGATE: "sail: n next stop · Enter",
    Phase.CARRY: "carry: c/n next choice · Enter",
}


def status_text(body: TollenoBody) -> Text:
    seen = body.seen
    assert seen is not None
    view: TollenoView = seen.view
    text = Text(no_wrap=True, overflow="ellipsis")
    phase = body._phase()
    if view.phase is Phase.OVER:
        text.append("Final city. ", style="bold")
        text.append("z overview · i panel · arrows pan")
        return text
    info = seen.seats[view.current]
    text.append(f"{info.glyph}{LETTERS[view.current]} {info.name}", style=seat_style(body._marks(), view.current))
    if phase is None:
        text.append(f" · round {view.turn} · z overview · i panel")
        return text
    text.append(f" · {HINTS[phase]}\n")
    action = body.current_action()
    if action is not None and body.seen is not None:
        legal = action in body._actions()
        label = body.seen.labels.get(action) if legal else None
        if label is None:
            label = _short(action)
        text.append("✓ " if legal else "✗ ", style=Style(color="green" if legal else "red", bold=True))
        text.append(label.split(": ", 1)[-1])
        if not legal:
            text.append(" (not allowed: Enter tells why)", style=Style(dim=True))
        if phase is Phase.CARRY:
            text.append(f" ({body.carry_index % len(body.carries()) + 1} of {len(body.carries())})",
                        style=Style(dim=True))
    return text


def panel_text(body: TollenoBody) -> Text:
    seen = body.seen
    assert seen is not None
    view: TollenoView = seen.view
    marks = body._marks()
    width = max(20, body.size.width or 80)
    names = [(s.name, s.glyph) for s in seen.seats]
    out = Text(no_wrap=True, overflow="ellipsis")
    me = seen.viewer
    if not body._panel_is_open():
        focus = me if me is not None else view.current
        out.append_text(seat_lines(view, marks, names, width)[focus])
        out.append("\n")
        mine = view.seats[focus]
        if mine.held is not None:
            out.append(f"hand {mine.held} turned {body.rotation} · ")
        if mine.vp is not None:
            out.append(f"VP {mine.vp} · ")
        out.append("[i] more", style=Style(bold=True, meta={"@click": "key('panel')"}))
        return out
    left: list[Text] = []
    if me is not None and view.seats[me].held is not None:
        left = held_tile_lines(view.seats[me].held or "", body.rotation)
    right: list[Text] = []
    if me is not None:
        seat = view.seats[me]
        line = Text()
        line.append(f"Hand {seat.held or '—'}", style=Style(bold=True))
        if seat.held:
            line.append(f" turned {body.rotation} ")
            line.append("[r rotate]", style=Style(meta={"@click": "key('rotate')"}, underline=True))
        right.append(line)
        vp = Text(f"VP {seat.vp}: " + ", ".join(f"{k} {v:+d}" if k != "start" else f"start {v}"
                                                for k, v in seat.vp_lines))
        right.append(vp)
        nxt = Text(f"Next: floor {seat.floors + 1} · {next_unlock(seat.floors)}")
        right.append(nxt)
    else:
        right.append(Text(initial_text(view.initial)))
        right.append(Text(f"Piles: city {view.city_pile} · contracts {view.contract_pile}"))
        right.append(Text(f"Round {view.turn}" + (" · last round" if view.end_triggered else "")))
    for i in range(max(len(left), len(right))):
        if left:
            out.append_text(left[i] if i < len(left) else Text(" " * 9))
            out.append("  ")
        if i < len(right):
            out.append_text(right[i])
        out.append("\n")
    takeable = {t.contract for t in body.takes()}
    for i, cid in enumerate(view.offer):
        click = Style(meta={"@click": f"key('{i + 1}')"}) if cid in takeable else Style()
        out.append(f"[{i + 1}] " if cid in takeable else "    ", style=click + Style(bold=True))
        out.append(contract_text(cid) + "\n", style=click)
    if view.chosen_contract is not None:
        out.append(f"Laying {contract_text(view.chosen_contract)}\n", style=Style(bold=True))
    if body._phase() is Phase.CARRY:
        for i, option in enumerate(body.carries()[:6]):
            chosen = i == body.carry_index % len(body.carries())
            label = "carry nothing" if option.carry_from is None else (
                f"carry {option.carry_from[0][0]},{option.carry_from[0][1]} {option.carry_from[1]}"
                f" → {option.carry_to}")
            out.append(f"[{label}] ", style=Style(meta={"@click": f"key('carry{i}')"}, bold=True, reverse=chosen))
        out.append("\n")
    if me is not None:
        out.append(initial_text(view.initial) + "\n")
        out.append(f"Piles: city {view.city_pile} · contracts {view.contract_pile} · board ")
        out.append(board_text(view.seats[me].board) + "\n")
    for line in seat_lines(view, marks, names, width):
        out.append_text(line)
        out.append("\n")
    out.append_text(buttons(body))
    if body.size.height >= 36:
        out.append("\n" + LEGEND, style=Style(dim=True))
    return out


def buttons(body: TollenoBody) -> Text:
    out = Text()
    phase = body._phase()
    items = [("confirm", "Enter do it"), ("next", "n next")]
    if phase is Phase.PLACE:
        items.append(("rotate", "r rotate"))
    if phase is Phase.SECOND:
        items += [(str(i + 1), f"{i + 1} {t.contract}") for i, t in enumerate(body.takes())]
    if phase is None:
        items = []
    items += [("zoom", "z zoom"), ("panel", "i panel")]
    for name, label in items:
        out.append(f"[{label}]", style=Style(meta={"@click": f"key('{name}')"}, bold=True))
        out.append(" ")
    return out


def _short(action: Any) -> str:
    if isinstance(action, PlaceTile):
        return f"tile at {action.pos[0]},{action.pos[1]} turned {action.k}"
    if isinstance(action, BuildFloor):
        return f"floor at {action.pos[0]},{action.pos[1]} {action.corner}"
    if isinstance(action, PlaceContract):
        return f"contract {action.contract} at {action.pos[0]},{action.pos[1]} {action.corner}"
    if isinstance(action, MoveBoat):
        return f"boat to {action.dest[0]},{action.dest[1]}"
    return str(action)

