"""Tallinn's hand as drawn for the viewer: the cards side by side with the lit half, and beside
them what that half does, the envoy's faction, the open Supporter and the play line."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tallinn.rules.actions import Play
from boardgames_tui.games.tallinn.rules.components import ANY, FACTION_NAMES, INFLUENCE
from boardgames_tui.games.tallinn.table.cards import faction_text, half_row, hand_cards
from boardgames_tui.games.tallinn.table.look import HandLook
from boardgames_tui.ui.kit import Block, Palette, beside, counters
from boardgames_tui.ui.kit.icons import pick


def hand_block(look: HandLook, pal: Palette) -> Block:
    """The hand and its controls; each half and each control line is a click target: (card index,
    half), "faction", "supporter" or "play"."""
    play = look.play()
    faction = play.faction if play is not None else None
    cards = hand_cards(look.cards, look.index, look.half, faction, pal)
    return beside([cards, _controls(look, play, pal)], gap=2)


def _controls(look: HandLook, play: Play | None, pal: Palette) -> Block:
    """What the lit half does, the envoy's faction, the open Supporter, and the play line."""
    lines: list[Text] = [Text("Your hand", style=f"bold {pal.foreground}")]
    targets: list[object] = [None]
    if play is not None:
        face = INFLUENCE[play.card].halves[play.half]
        what = Text(f"Card {play.card} half {'AB'[play.half]}: ", style=pal.muted)
        what.append_text(counters(half_row(face, play.faction), pal=pal))
        disputed = play.faction or (face.coin if face.coin != ANY else None)
        if disputed:
            what.append(pick(" → ", " -> "), style=pal.muted)
            what.append(FACTION_NAMES[disputed], style=pal.foreground)
        lines.append(what)
        targets.append(None)
    if play is not None and play.faction:
        envoy = Text("Envoy disputes: ")
        envoy.append_text(faction_text(play.faction))
        envoy.append("  (f)", style=pal.muted)
        lines.append(envoy)
        targets.append("faction")
    if look.tokens:
        sup = Text("Open Supporter: ")
        if play is not None and play.supporter:
            sup.append_text(faction_text(play.supporter))
        else:
            sup.append("none", style=pal.muted)
        sup.append("  (p)", style=pal.muted)
        lines.append(sup)
        targets.append("supporter")
    if play is not None:
        lines.append(Text(f"[ Play half {'AB'[play.half]} of card {play.card} ]", style="bold reverse"))
        targets.append("play")
    lines.append(Text(pick("←→ card  ↑↓ half  Enter play", "<> card  ^v half  Enter play"), style=pal.muted))
    targets.append(None)
    block = Block.of(lines)
    block.hits.extend((row, 0, block.width, t) for row, t in enumerate(targets) if t is not None)
    return block
