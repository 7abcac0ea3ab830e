"""The one fast copy and memo (engine.evolve) that every game's states use."""

from __future__ import annotations

import dataclasses
import pickle
from enum import StrEnum

import pytest

from boardgames_tui.engine.evolve import Evolvable, build, evolve, members, memo


@dataclasses.dataclass(frozen=True)
class Point(Evolvable):
    x: int
    y: int = 0


class Phase(StrEnum):
    SCOUT = "scout"
    RAID = "raid"


def test_evolve_changes_the_named_fields_and_leaves_the_original_unchanged() -> None:
    p = Point(1, 2)
    q = evolve(p, y=5)
    assert (p, q) == (Point(1, 2), Point(1, 5))
    assert q == dataclasses.replace(p, y=5) and hash(q) == hash(Point(1, 5))


def test_evolve_refuses_a_field_the_class_does_not_have() -> None:
    with pytest.raises(TypeError, match="no field z"):
        evolve(Point(1), z=3)


def test_evolve_refuses_a_class_with_slots() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    with pytest.raises(TypeError, match="without slots"):
        evolve(Slotted(1), a=2)


def test_memo_computes_once_per_state_and_a_copy_starts_without_it() -> None:
    calls: list[int] = []

    def total(p: Point) -> int:
        calls.append(1)
        return p.x + p.y

    p = Point(1, 2)
    assert memo(p, "total", total) == 3 and memo(p, "total", total) == 3
    assert len(calls) == 1
    q = evolve(p, x=10)
    assert memo(q, "total", total) == 12 and len(calls) == 2
    assert p == Point(1, 2) and repr(p) == "Point(x=1, y=2)"


def test_pickling_leaves_the_memo_out() -> None:
    p = Point(3, 4)
    memo(p, "k", lambda s: s.x)
    back = pickle.loads(pickle.dumps(p))
    assert back == p and "_memo_" not in back.__dict__


def test_build_makes_an_instance_from_all_its_fields() -> None:
    assert build(Point, x=1, y=2) == Point(1, 2)
    with pytest.raises(TypeError):
        build(Point, x=1)


def test_members_are_the_very_enum_members() -> None:
    plain = members(Phase)
    assert plain.SCOUT is Phase.SCOUT and plain.RAID is Phase.RAID
