"""Copies that change a fixed set of fields (engine.copier), against `evolve` as the reference."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from boardgames_tui.engine.copier import copier
from boardgames_tui.engine.evolve import MEMO, Evolvable, evolve, memo


@dataclasses.dataclass(frozen=True)
class Seat(Evolvable):
    hand: tuple[int, ...]
    pile: tuple[int, ...] = ()
    score: int = 0
    name: str = "A"


FIELDS = ("hand", "pile", "score", "name")


def _value(field: str, rng: random.Random) -> object:
    if field in ("hand", "pile"):
        return tuple(rng.sample(range(20), rng.randint(0, 5)))
    return rng.randint(0, 40) if field == "score" else rng.choice("ABCD")


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_a_copier_gives_evolves_copy_for_any_fields_in_any_order(size: int) -> None:
    rng = random.Random(size)
    for _ in range(200):
        names = tuple(rng.sample(FIELDS, size))
        seat = Seat(*(_value(f, rng) for f in FIELDS))
        values = [_value(f, rng) for f in names]
        copy = copier(Seat, *names)(seat, *values)
        expected = evolve(seat, **dict(zip(names, values, strict=True)))
        assert copy == expected and type(copy) is Seat
        assert pickle.dumps(copy) == pickle.dumps(expected)
        assert copy is not seat


def test_a_copier_leaves_the_original_unchanged_and_clears_what_memo_kept() -> None:
    seat = Seat((1, 2), (3,))
    assert memo(seat, "size", lambda s: len(s.hand)) == 2
    copy = copier(Seat, "hand")(seat, (1, 2, 3))
    assert seat == Seat((1, 2), (3,)) and seat.__dict__[MEMO] == {"size": 2}
    assert copy.__dict__[MEMO] is None  # cleared as `evolve` clears it
    assert memo(copy, "size", lambda s: len(s.hand)) == 3
    assert MEMO not in copier(Seat, "score")(Seat((1,)), 4).__dict__  # nothing kept, nothing added


def test_a_copier_refuses_a_name_the_class_does_not_have_when_it_is_made() -> None:
    with pytest.raises(TypeError, match="no field hnad"):
        copier(Seat, "hand", "hnad")
