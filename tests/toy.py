"""A tiny game used to test the engine and the app shell without depending on a real game.

"High card": each seat is dealt three private cards from 1..9; each round every seat secretly
plays one (SEALED), then the table reveals them one STEP at a time; the highest card scores a
point. Two rounds. It has a SEALED decision, STEP resolutions, private log lines and an option.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rich.text import Text
from textual.widgets import Static

from boardgames_tui.engine.protocol import (
    Decision,
    DecisionKind,
    Game,
    IllegalAction,
    LogEntry,
    Options,
    OptionSpec,
    Outcome,
    ScoreLine,
    Seat,
)
from boardgames_tui.engine.rng import RngState
from boardgames_tui.ui.body import GameBody, Seen

ROUNDS = 2


@dataclass(frozen=True, slots=True)
class ToyState:
    names: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[int | None, ...]
    scores: tuple[int, ...]
    round: int
    revealing: int  # -1 while choosing; else the next seat to reveal
    deck: tuple[int, ...]
    rng: RngState
    log: tuple[LogEntry, ...]


@dataclass(frozen=True, slots=True)
class ToyView:
    names: tuple[str, ...]
    hand: tuple[int, ...] | None
    chosen: tuple[bool, ...]
    shown: tuple[int | None, ...]
    scores: tuple[int, ...]
    round: int


class ToyGame(Game[ToyState, int, "ToyView"]):
    key = "toy"
    title = "High Card"
    blurb = "Everyone plays a secret card; the highest scores."
    min_players = 2
    max_players = 3
    options = (OptionSpec("double", "Double points", help="Each round scores two points."),)
    fuzz_games = 20

    def setup(self, names: Sequence[str], options: Options, seed: int) -> ToyState:
        deck, rng = RngState(seed).shuffled(tuple(range(1, 10)) * 2)
        n = len(names)
        hands = tuple(tuple(sorted(deck[i * 3 : i * 3 + 3])) for i in range(n))
        return ToyState(tuple(names), hands, (None,) * n, (0,) * n, 1, -1, deck[n * 3 :], rng,
                        (LogEntry("The cards are dealt."),))

    def to_act(self, s: ToyState) -> Decision | None:
        if s.round > ROUNDS:
            return None
        if s.revealing >= 0:
            return Decision(DecisionKind.STEP, (), public=True, prompt="Reveal the next card")
        waiting = tuple(i for i, p in enumerate(s.played) if p is None)
        return Decision(DecisionKind.SEALED, waiting, prompt="Play a card")

    def legal(self, s: ToyState, seat: Seat | None) -> list[int]:
        d = self.to_act(s)
        if d is None:
            return []
        if d.kind is DecisionKind.STEP:
            return [0] if seat is None else []
        if seat is None or seat not in d.seats:
            return []
        return sorted(set(s.hands[seat]))

    def apply(self, s: ToyState, seat: Seat | None, action: int) -> ToyState:
        if action not in self.legal(s, seat):
            raise IllegalAction(f"{action} is not a card you may play now")
        if seat is None:
            return self._reveal(s)
        hand = list(s.hands[seat])
        hand.remove(action)
        hands = (*s.hands[:seat], tuple(hand), *s.hands[seat + 1 :])
        played = (*s.played[:seat], action, *s.played[seat + 1 :])
        log = (*s.log, LogEntry(f"{s.names[seat]} chose a card."),
               LogEntry(f"You chose {action}.", frozenset({seat})))
        revealing = 0 if all(p is not None for p in played) else -1
        return replace(s, hands=hands, played=played, log=log, revealing=revealing)

    def _reveal(self, s: ToyState) -> ToyState:
        seat = s.revealing
        log = (*s.log, LogEntry(f"{s.names[seat]} shows {s.played[seat]}.", step=True))
        if seat + 1 < len(s.names):
            return replace(s, revealing=seat + 1, log=log)
        best = max(p for p in s.played if p is not None)
        scores = tuple(sc + (1 if p == best else 0) for sc, p in zip(s.scores, s.played, strict=True))
        return replace(s, revealing=-1, scores=scores, played=(None,) * len(s.names), round=s.round + 1,
                       log=(*log, LogEntry(f"Round {s.round} is scored.")))

    def view(self, s: ToyState, seat: Seat | None) -> ToyView:
        over = s.round > ROUNDS
        shown = tuple(p if (s.revealing > i or over) else None for i, p in enumerate(s.played))
        return ToyView(s.names, s.hands[seat] if seat is not None else None,
                       tuple(p is not None for p in s.played), shown, s.scores, s.round)

    def progress(self, s: ToyState) -> str:
        return f"Round {min(s.round, ROUNDS)} of {ROUNDS}"

    def outcome(self, s: ToyState) -> Outcome | None:
        if s.round <= ROUNDS:
            return None
        groups: dict[int, list[int]] = {}
        for seat, score in enumerate(s.scores):
            groups.setdefault(score, []).append(seat)
        ranking = tuple(tuple(groups[k]) for k in sorted(groups, reverse=True))
        return Outcome((ScoreLine("Rounds won", s.scores),), s.scores, ranking)

    def describe(self, s: ToyState, seat: Seat | None, action: int, viewer: Seat | None) -> str:
        if seat is None:
            return "Reveal the next card"
        return f"Play {action}" if viewer == seat else f"{s.names[seat]} plays a card"

    def log(self, s: ToyState) -> tuple[LogEntry, ...]:
        return s.log

    def encode(self, action: int) -> str:
        return str(action)

    def decode(self, text: str) -> int:
        if not text.isdigit():
            raise IllegalAction(f"not a card: {text!r}")
        return int(text)

    def reveals(self, before: ToyState, seat: Seat | None, action: int) -> bool:
        return seat is None or sum(p is None for p in before.played) == 1

    def resample(self, s: ToyState, seat: Seat, seed: int) -> ToyState:
        return s


class ToyBody(GameBody):
    """Shows the scores, the shown cards and the viewer's hand."""

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="toy-text")

    def show(self, seen: Seen) -> None:
        view: ToyView = seen.view
        text = Text()
        text.append(f"Round {view.round}\n")
        for i, name in enumerate(view.names):
            shown = view.shown[i]
            text.append(f"{name}: {view.scores[i]} pts, card {shown if shown is not None else '?'}\n")
        text.append(f"Your hand: {view.hand}\n" if view.hand is not None else "Table view\n")
        self.query_one("#toy-text", Static).update(text)


TOY = ToyGame()
TOY_BODY = "tests.toy:ToyBody"


def toy_lookup(key: str) -> Any:
    return TOY if key == TOY.key else None
