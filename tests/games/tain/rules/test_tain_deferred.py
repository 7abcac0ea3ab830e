"""The fast paths of the raid and the copies: lines worded when the log is read read exactly as
the lines worded at once, and `state.draft` copies like `dataclasses.replace`."""

from __future__ import annotations

import itertools
import pickle
from dataclasses import replace

import pytest

from boardgames_tui.engine.deferred import later
from boardgames_tui.engine.evolve import memo
from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.raid import reveal_lines
from boardgames_tui.games.tain.rules.raid_order import next_step
from boardgames_tui.games.tain.rules.resolution import dawn_lines
from boardgames_tui.games.tain.rules.state import Phase, TainState, draft, public
from tests.games.tain.scenario import P, play, table


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_reveal_and_dawn_lines_read_as_worded_from_the_state_before_the_step(players: int, seed: int) -> None:
    """Every reveal and dawn of a seeded game: the lines its log holds once read (and their
    number, known before they are worded) are those `reveal_lines` and `dawn_lines` write."""
    states = random_states(GAME, players, seed)
    seen = {"reveal": 0, "dawn": 0}
    for before, after in itertools.pairwise(states):
        if before.phase is Phase.REVEAL:
            words, kind = reveal_lines, "reveal"
        elif before.phase is Phase.RAID and next_step(before)[0] == "dawn":
            words, kind = dawn_lines, "dawn"
        else:
            continue
        seen[kind] += 1
        fresh = replace(after)  # reads nothing yet: its log is the same unread journal
        count = len(fresh.log) - len(before.log)
        assert tuple(fresh.log[len(before.log) :]) == tuple(words(before))
        assert count == len(words(before)) and after.news_from == len(before.log)
    assert seen["reveal"] >= 3 and seen["dawn"] >= 3


def test_an_unread_journal_pickles_and_compares_as_the_lines_worded_at_once() -> None:
    lines = (public("a"), public("b", step=True))
    log = later(Journal((public("start"),)), 2, lambda: list(lines))
    assert len(log) == 3 and log[-1] == lines[1]
    assert log == (public("start"), *lines)
    assert pickle.loads(pickle.dumps(later(Journal(), 2, lambda: list(lines)))) == lines


def test_lines_worded_in_another_number_than_announced_are_refused() -> None:
    log = later(Journal(), 3, lambda: [public("only one")])
    with pytest.raises(AssertionError):
        tuple(log)


def test_a_draft_copies_like_replace_leaves_the_original_and_drops_the_memo() -> None:
    state = play(table(active=P), (P, "bs1.0"))
    memo(state, "probe", lambda s: 1)
    copy, fields = draft(state)
    fields["turn"] = 5
    assert type(copy) is TainState and copy == replace(state, turn=5)
    assert state.turn == 1 and fields.get("_memo_") is None
    assert pickle.loads(pickle.dumps(copy)) == copy
