"""`engine.evolve.evolve` keeps a copy's dictionary compact: the memo is cleared by setting its key
to None, not popped, so a copy of a copy that was asked `memo` is copied as fast as the first
(CPython copies a dictionary with a deleted slot entry by entry). The copies are the plain ones:
fields, equality and pickles as `dataclasses.replace` makes them, nothing kept carried over."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass

import pytest

from boardgames_tui.engine.evolve import MEMO, Evolvable, evolve, memo


@dataclass(frozen=True)
class State(Evolvable):
    turn: int
    names: tuple[str, ...]
    score: int = 0


def _double(state: State) -> int:
    return state.turn * 2


def test_a_copy_is_the_plain_copy() -> None:
    state = State(1, ("A", "B"))
    assert memo(state, "double", _double) == 2
    for changes in ({}, {"turn": 5}, {"turn": 2, "score": 7}):
        copy, reference = evolve(state, **changes), dataclasses.replace(state, **changes)
        assert copy == reference and repr(copy) == repr(reference)
        assert pickle.dumps(copy) == pickle.dumps(reference)
        assert memo(copy, "double", _double) == copy.turn * 2  # the old state's value is not carried
    assert state == State(1, ("A", "B"))  # the original is unchanged


def test_a_copy_clears_the_memo_without_deleting_its_key() -> None:
    state = State(1, ("A",))
    memo(state, "double", _double)
    copy = evolve(state, turn=3)
    assert copy.__dict__[MEMO] is None  # read by `memo` as nothing kept
    assert list(copy.__dict__) == list(state.__dict__)  # the same keys in the same slots
    assert memo(copy, "double", _double) == 6 and list(copy.__dict__) == list(state.__dict__)
    assert MEMO not in evolve(State(2, ())).__dict__  # nothing to clear: no key added


def test_a_copy_refuses_unknown_fields() -> None:
    with pytest.raises(TypeError, match="no field colour"):
        evolve(State(1, ()), colour="red")
