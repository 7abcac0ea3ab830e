"""Die Tafelrunde as a `Game`: the protocol verbs over the pure modules of this folder."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import ClassVar, Final

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
from boardgames_tui.games.tafelrunde import ABOUT
from boardgames_tui.games.tafelrunde.cards import owner_of
from boardgames_tui.games.tafelrunde.components import (
    ALL_CARD_IDS,
    CARD,
    CASTLE_HEX,
    HAND_MAX,
    START_ORDER,
    card_text,
    card_title,
)
from boardgames_tui.games.tafelrunde.flow import (
    apply_action,
    current_question,
    deal,
    legal_actions,
    progress_text,
    window_seats,
)
from boardgames_tui.games.tafelrunde.model import (
    DECISION,
    PHASE_ACT,
    PHASE_DECLARE,
    PHASE_OVER,
    PHASE_VETO,
    PHASE_VETO_VETO,
    Action,
    Answer,
    Back,
    Discard,
    Draw,
    NoVeto,
    Pass,
    Phase,
    Play,
    State,
    Veto,
    decode_action,
    evolve,
)
from boardgames_tui.games.tafelrunde.text import answer_text, question_prompt
from boardgames_tui.games.tafelrunde.views import TableView, table_view

POLLS = "veto_polls"


def hero_positions(state: State, seat: Seat) -> tuple[int, ...]:
    """The 1-based positions of the seat's two heroes, best first."""
    return tuple(sorted(i + 1 for i, h in enumerate(state.order) if owner_of(state, h) == seat))


_TURN: Final = DecisionKind.TURN  # a module global: quicker than off the enum class (see `model.PHASE_ACT`)
_ACTIONS: Final = (Play, Draw, Discard, Pass, Answer, Back, Veto, NoVeto)


@lru_cache(maxsize=256)
def _turn_of(seat: Seat, name: str) -> Decision:
    """The seat's turn, with nothing shown to the table: one shared value per seat and name."""
    return Decision(DecisionKind.TURN, (seat,), prompt=f"{name} to act")


@lru_cache(maxsize=1024)
def _call_decision(
    names: tuple[str, ...],
    phase: Phase,
    actor: Seat,
    card: int,
    vetoer: Seat | None,
    asked: tuple[Seat] | None,
    window: tuple[Seat, ...] = (),
) -> Decision:
    """A veto call: the private poll of the `asked` seat, or else the open `window`. One shared
    value for the same call (the same card of the same seat at the same table), as for `_turn_of`."""
    what = f"{names[actor]}'s {card_title(card)}"
    if asked is not None:
        ask = "veto" if phase is PHASE_VETO else f"overrule {names[vetoer or 0]}'s veto against"
        return Decision(DecisionKind.TURN, asked, prompt=f"{names[asked[0]]}: {ask} {what}?")
    if phase is PHASE_VETO:
        prompt = f"Veto against {what}? Whoever holds a shield may claim it; otherwise let it pass."
    else:
        prompt = f"{names[vetoer or 0]} vetoed {what}. Overrule with a broken shield? Otherwise the veto stands."
    # Not public: a claim needs the claimant's hand, so it goes through that seat's curtain.
    return Decision(DecisionKind.WINDOW, window, prompt=prompt)


def ranking_key(state: State, seat: Seat) -> tuple[int, int, int]:
    """Most silver first; then the lower sum of hero positions; then the better best hero."""
    positions = hero_positions(state, seat)
    return (-state.money[seat], sum(positions), positions[0])


class Tafelrunde(Game[State, Action, TableView], about=ABOUT):
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            POLLS,
            "Private veto polls",
            help="Ask every other player in turn behind the curtain instead of an open call to the table.",
        ),
    )
    fuzz_games: ClassVar[int] = 120
    imposes_colours: ClassVar[bool] = True

    def seat_colours(self, state: State) -> tuple[str, ...]:
        """Each seat plays in its castle's colour, dealt at random during setup."""
        return tuple(CASTLE_HEX[colour] for colour in state.colours)

    # --- play ----------------------------------------------------------------------------
    def setup(self, names: Sequence[str], options: Options, seed: int) -> State:
        if not self.min_players <= len(names) <= self.max_players:
            raise ValueError(f"{self.title} takes {self.min_players}-{self.max_players} players")
        chosen = self.check_options(options)
        return deal(names, seed, chosen[POLLS] == "on")

    def to_act(self, state: State) -> Decision | None:
        memo = state.memo
        if DECISION in memo:  # asked several times per state; states never change
            decision: Decision | None = memo[DECISION]
            return decision
        decision = memo[DECISION] = self._to_act(state)
        return decision

    def _to_act(self, state: State) -> Decision | None:
        phase = state.phase
        names = state.names
        if phase is PHASE_OVER:
            return None
        if phase is PHASE_ACT:
            seat = state.on_turn
            return _turn_of(seat, names[seat])
        decl = state.decl
        assert decl is not None
        if phase is PHASE_DECLARE:
            if not decl.announced:
                return _turn_of(decl.actor, names[decl.actor])
            question = current_question(state)
            return Decision(_TURN, (question.chooser,), public=True,
                            prompt=question_prompt(state, decl, question))
        if state.private_polls:
            return _call_decision(names, phase, decl.actor, decl.card, state.vetoer, (state.polls[0],))
        return _call_decision(names, phase, decl.actor, decl.card, state.vetoer, None, window_seats(state))

    def legal(self, state: State, seat: Seat | None) -> list[Action]:
        actions = state.memo.get(seat)  # `legal_actions`' memo read here first, saving a call
        return list(legal_actions(state, seat) if actions is None else actions)  # a copy: the state keeps the original

    def apply(self, state: State, seat: Seat | None, action: Action) -> State:
        if not isinstance(action, _ACTIONS):
            raise IllegalAction("Not a Tafelrunde action.")
        return apply_action(state, seat, action)

    # --- seeing ----------------------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> TableView:
        return table_view(state, seat)

    def scores(self, state: State) -> tuple[float, ...]:
        """Each seat's running score, for the game-over chart."""
        return tuple(float(m) for m in state.money)

    def progress(self, state: State) -> str:
        return progress_text(state)

    def log(self, state: State) -> tuple[LogEntry, ...]:
        return state.log

    def describe(self, state: State, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        name = "The table" if seat is None else state.names[seat]
        mine = viewer is not None and viewer == seat
        decl = state.decl
        if isinstance(action, Play):
            if mine:
                return f"Play {card_title(action.card)}: {card_text(CARD[action.card])}"
            return f"{name} chooses a card to play"
        if isinstance(action, Draw):
            return "Draw a card" if mine else f"{name} draws a card"
        if isinstance(action, Discard):
            text = f"lay out {card_title(action.card)} for 1 silver"
            return text[0].upper() + text[1:] if mine else f"{name} may {text}"
        if isinstance(action, Pass):
            return "Pass (nothing else is possible)" if mine else f"{name} passes"
        if isinstance(action, Back):
            return "Take the card back" if mine else f"{name} takes the card back"
        if isinstance(action, Answer):
            if decl is None:
                return action.encode()
            if not decl.announced and viewer != decl.actor:
                return f"{name} makes a choice"
            return answer_text(state, decl, action.slot, action.value)
        if isinstance(action, Veto):
            verb = "Veto with" if state.phase is PHASE_VETO else "Overrule the veto with"
            text = f"{verb} {card_title(action.card)}"
            return text if mine else f"{name}: {text}"
        if isinstance(action, NoVeto):
            if seat is None:
                return "Let it pass: no veto" if state.phase is PHASE_VETO else "Let the veto stand: nobody overrules"
            if not mine:
                return f"{name} is asked"
            return "Let it pass" if state.phase is PHASE_VETO else "Let the veto stand"
        return str(action)

    # --- the end -----------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if state.phase is not PHASE_OVER:
            return None
        n = state.players
        seats = sorted(range(n), key=lambda s: ranking_key(state, s))
        positions = [hero_positions(state, s) for s in range(n)]
        lines = (
            ScoreLine("Silver", state.money),
            ScoreLine("Hero positions, summed (lower is better)", tuple(sum(p) for p in positions)),
            ScoreLine("Best hero's position", tuple(p[0] for p in positions)),
        )
        notes = []
        for a, b in itertools.pairwise(seats):
            if state.money[a] != state.money[b]:
                continue
            pa, pb = positions[a], positions[b]
            if sum(pa) != sum(pb):
                why = f"hero positions {sum(pa)} against {sum(pb)}"
            else:
                why = f"equal sums, best hero at {pa[0]} against {pb[0]}"
            notes.append(f"{state.names[a]} beats {state.names[b]} on {state.money[a]} silver each: {why}.")
        return Outcome(lines, state.money, tuple((s,) for s in seats), " ".join(notes))

    # --- records -----------------------------------------------------------------------------
    def encode(self, action: Action) -> str:
        return action.encode()

    def decode(self, text: str) -> Action:
        return decode_action(text)

    def reveals(self, before: State, seat: Seat | None, action: Action) -> bool:
        if isinstance(action, (Draw, Discard, Veto)):
            return True
        if isinstance(action, (Pass, Back)):
            return False
        try:
            after = self.apply(before, seat, action)
        except IllegalAction:
            return False
        if isinstance(action, NoVeto):
            return after.phase is not before.phase
        d0, d1 = before.decl, after.decl
        if d1 is None or d0 is None:
            return d1 is None or d1.announced
        if d1.announced and not d0.announced:
            return True
        return [(r.first, r.second) for r in d0.rolls] != [(r.first, r.second) for r in d1.rolls]

    def bot_moves(self, state: State, seat: Seat | None, actions: list[Action]) -> list[Action]:
        """A bot never takes a card back: it weighed the card's answers when it chose to play it.
        With Back among its moves a search could value going back above every answer and then
        choose the same card again, over and over (Play, Back, Play … for hundreds of moves)."""
        return [a for a in actions if not isinstance(a, Back)] or actions

    def resample(self, state: State, seat: Seat, seed: int) -> State:
        """Other hands and the draw pile redrawn; cards `seat` knows the holder of stay put.

        A card still being declared in secret by another seat goes back to that hand, since the
        viewer cannot know it was chosen. Which reshuffle a hidden card came from is not tracked.
        """
        if state.decl is not None and not state.decl.announced and state.decl.actor != seat:
            state = evolve(state, phase=PHASE_ACT, decl=None)
        stays = {k.card for k in state.known if k.audience is None or seat in k.audience}
        pool = list(state.draw)
        kept: list[list[int]] = []
        for s, hand in enumerate(state.hands):
            if s == seat:
                kept.append(list(hand))
                continue
            kept.append([c for c in hand if c in stays])
            pool.extend(c for c in hand if c not in stays)
        pool.sort()
        gen = random.Random(seed)
        gen.shuffle(pool)
        hands = []
        for s, hand in enumerate(state.hands):
            mine = kept[s]
            while len(mine) < len(hand):
                mine.append(pool.pop())
            hands.append(tuple(mine))
        return evolve(state, hands=tuple(hands), draw=tuple(pool), rng=RngState(seed, 1))

    def check_invariants(self, state: State) -> None:
        cards = [c for h in state.hands for c in h] + list(state.draw) + list(state.discard)
        cards += [c for c in state.in_front if c is not None]
        counts = Counter(cards)
        assert sorted(counts) == list(ALL_CARD_IDS), "a card is lost or invented"
        assert all(v == 1 for v in counts.values()), f"a card is duplicated: {counts.most_common(1)}"
        assert all(len(h) <= HAND_MAX for h in state.hands), "a hand is over the limit"
        assert sorted(state.order) == sorted(START_ORDER[state.players]), "the circle lost a hero"
        assert all(m >= 0 for m in state.money), "money below zero"
        for k in state.known:
            assert k.card in state.hands[k.holder], "a known card is not where it is thought to be"
        decl = state.decl
        if state.phase in (PHASE_DECLARE, PHASE_VETO, PHASE_VETO_VETO):
            assert decl is not None
            if decl.announced:
                assert all(decl.card not in h for h in state.hands), "a played card is still in hand"
            else:
                assert decl.card in state.hands[decl.actor], "the card being declared left the hand"
        else:
            assert decl is None
        if state.phase in (PHASE_VETO_VETO,):
            assert state.vetoer is not None
