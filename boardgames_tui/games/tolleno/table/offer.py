"""The three face-up contracts in one line, for the short screen's compact panel.

Each contract is told in as many words as the line allows: in full when all three fit, else
"1 VP per empty space", else "1 VP/empty space", each contract keeping what tells it from the
others (three "1 VP for each…" cut alike say nothing). Only when even the short forms do not fit
is the longest cut, at a space, the shorter ones kept whole.
"""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tolleno.rules.components import CONTRACTS_BY_ID
from boardgames_tui.games.tolleno.rules.text import contract_text
from boardgames_tui.ui.kit.block import fit

SHORT: dict[str, str] = {
    "empty_spaces": "empty space",
    "tiles_full": "tile, no free space",
    "contracts": "placed contract",
    "tiles_no_contract": "tile, no contract",
    "tiles_v2": "value-2 tile",
    "tiles_v3": "value-3 tile",
    "tiles_v4": "value-4 tile",
    "tiles_own": "tile you built on",
    "tiles_not_own": "tile, none of yours",
    "own_bldgs": "your building",
    "own_bldgs_h2": "yours 2+ high",
    "own_heights": "height of yours",
    "tiles_own2": "tile, 2+ of yours",
    "own_bldgs_h3": "yours 3+ high",
    "tiles_opp": "tile with opponents",
    "tiles_not_opp": "tile, no opponents",
    "opp_bldgs": "opponent building",
    "opp_bldgs_h2": "opponent's 2+ high",
    "opp_heights": "opponent height",
    "tiles_opp2": "tile, 2+ opponents'",
    "opp_bldgs_h3": "opponent's 3+ high",
    "opp_floors": "opponent floor",
    "opp_bldgs_valued": "opponent at a fountain",
    "tiles_shared": "shared tile",
}
"""What each kind of contract counts, in the fewest plain words (one per counter of the box)."""

SEPARATOR = " │ "


def short_forms(cid: str, players: int) -> tuple[str, str, str]:
    """A contract in full, as "N VP per …" and as "N VP/…", longest first."""
    contract = CONTRACTS_BY_ID[cid]
    vp = contract.vp_two_players if players == 2 else contract.vp
    words = SHORT[contract.counter]
    return contract_text(cid, players), f"{vp} VP per {words}", f"{vp} VP/{words}"


def offer_line(offer: tuple[str, ...], players: int, width: int, extra: tuple[Text, ...] = ()) -> Text:
    """The contracts `offer` in one line of `width` cells, each followed by its `extra` (if any)."""
    if not offer:
        return Text("No contracts face up", style="dim", no_wrap=True)
    forms = [short_forms(cid, players) for cid in offer]
    tails = [extra[i] if i < len(extra) else Text() for i in range(len(offer))]
    room = width - len(SEPARATOR) * (len(offer) - 1) - sum(tail.cell_len for tail in tails)
    for tier in range(3):
        if sum(len(form[tier]) for form in forms) <= room:
            texts = [form[tier] for form in forms]
            break
    else:
        texts = _shared([form[2] for form in forms], room)
    parts = []
    for text, tail in zip(texts, tails, strict=True):
        vp_end = text.find(" VP") + 3 if text.find(" VP") >= 0 else 0
        part = Text(text, no_wrap=True)
        part.stylize("bold", 0, vp_end)
        parts.append(part + tail)
    return fit(Text(SEPARATOR, style="dim").join(parts), width)


def _shared(texts: list[str], room: int) -> list[str]:
    """`texts` in `room` cells together: the short ones whole, the room left shared by the long
    ones, each of which is cut at a space (with …)."""
    widths = [len(text) for text in texts]
    long = set(range(len(texts)))
    while long:
        share = max(1, (room - sum(widths[i] for i in range(len(texts)) if i not in long)) // len(long))
        fitting = {i for i in long if widths[i] <= share}
        if not fitting:
            for i in long:
                widths[i] = share
            break
        long -= fitting
    return [text if len(text) <= w else _cut(text, w) for text, w in zip(texts, widths, strict=True)]


def _cut(text: str, width: int) -> str:
    """`text` cut at a space to end with … within `width` cells."""
    cut = text.rfind(" ", 0, max(1, width - 1))
    return (text[:cut] if cut > 0 else text[: max(0, width - 1)]) + "…"
