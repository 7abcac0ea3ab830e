"""The example game (examples/high_card, the game a new one is copied from) as the tests use it:
one rules object, where its body lives, and a lookup for the save loader."""

from __future__ import annotations

from typing import Any

from examples.high_card import BODY
from examples.high_card.rules.game import HighCard as ToyGame

TOY = ToyGame()
TOY_BODY = BODY


def toy_lookup(key: str) -> Any:
    return TOY if key == TOY.key else None


__all__ = ["TOY", "TOY_BODY", "ToyGame", "toy_lookup"]
