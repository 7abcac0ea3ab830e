"""The one action codec (engine.codec): forms derived from fields, read back strictly."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

import pytest

from boardgames_tui.engine.codec import INT, Codec, check_round_trip, one_of, sequence
from boardgames_tui.engine.protocol import IllegalAction


class Side(StrEnum):
    LEFT = "l"
    RIGHT = "r"


@dataclass(frozen=True)
class Veto:
    card: int


@dataclass(frozen=True)
class Draw:
    pass


@dataclass(frozen=True)
class Put:
    FORM: ClassVar[str] = "p{card}{side}[:{faction:faction}][+{helper:faction}]"
    card: int
    side: Side
    faction: str | None = None
    helper: str | None = None


@dataclass(frozen=True)
class Remove:
    FORM: ClassVar[str] = "r[{cards}|-]"
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class Move:
    FORM: ClassVar[str] = "m {at} [to {dest}|stay {why}]"
    at: tuple[int, int]
    dest: tuple[int, int] | None = None
    why: str = ""


CODEC: Codec[object] = Codec(
    "Example",
    [Veto, Draw, Put, Remove, Move],
    converters={"faction": one_of(["K", "M", "Mo"])},
)

EXAMPLES = {
    Veto(3): "veto 3",
    Draw(): "draw",
    Put(5, Side.RIGHT): "p5r",
    Put(11, Side.LEFT, "Mo"): "p11l:Mo",
    Put(2, Side.LEFT, None, "K"): "p2l+K",
    Put(2, Side.LEFT, "M", "Mo"): "p2l:M+Mo",
    Remove(): "r-",
    Remove((4, 10)): "r4.10",
    Move((1, 2), (3, 4)): "m 1 2 to 3 4",
    Move((1, 2), None, "wind"): "m 1 2 stay wind",
}


@pytest.mark.parametrize(("action", "text"), EXAMPLES.items(), ids=list(EXAMPLES.values()))
def test_a_form_writes_the_fields_in_order_and_reads_back(action: object, text: str) -> None:
    assert CODEC.encode(action) == text
    assert CODEC.decode(text) == action


def test_a_class_without_form_is_its_lower_case_name_and_fields() -> None:
    check_round_trip(CODEC, [Veto(0), Veto(12), Draw()])
    assert CODEC.encode(Veto(12)) == "veto 12"


@pytest.mark.parametrize(
    "text",
    ["", "veto", "veto x", "veto 3 4", "veto 03", "draw ", " draw", "p5", "p5x", "p5r:Zz", "p5r+", "r", "r4.",
     "m 1 to 3 4", "jump 1", "veto\n3", "p5r:M:M"],
)
def test_a_malformed_or_unknown_form_is_refused_with_the_text(text: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        CODEC.decode(text)
    assert repr(text) in str(refused.value)


def test_a_text_that_is_not_a_string_is_refused() -> None:
    with pytest.raises(IllegalAction):
        CODEC.decode(3)  # type: ignore[arg-type]


def test_reading_returns_the_shared_instance_when_the_game_keeps_one() -> None:
    shared = Veto(7)
    codec: Codec[object] = Codec("Example", [Veto], shared=[shared])
    assert codec.decode("veto 7") is shared


def test_a_form_that_leaves_out_a_field_is_refused_when_the_codec_is_built() -> None:
    @dataclass(frozen=True)
    class Half:
        FORM: ClassVar[str] = "h{a}"
        a: int
        b: int

    with pytest.raises(TypeError, match="every field"):
        Codec("Example", [Half])


def test_a_sequence_may_write_its_empty_value_as_a_word() -> None:
    conv = sequence(INT, ".", empty="-")
    assert conv.write(()) == "-" and conv.read("-") == ()
    assert conv.write((1, 2)) == "1.2" and conv.read("1.2") == (1, 2)
