"""The opening position (spec R2): every clan with its tokens behind its screen, five cows and
three jewels, the rest of the herd in the foreign kingdom, the first active player drawn."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.evolve import build
from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tain.rules.components import (
    COWS_TOTAL,
    JEWELS_TOTAL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_COWS,
    START_JEWELS,
    TOKEN_COUNTS,
)
from boardgames_tui.games.tain.rules.state import (
    EMPTY_BOARD,
    EMPTY_FK,
    NO_TOKENS,
    PHASE,
    Clan,
    TainState,
    public,
)


def new_state(names: Sequence[str], seed: int, active: int | None = None) -> TainState:
    """The opening position; the first active player is drawn at random unless given (spec R2)."""
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Tàin takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {n}")
    rng = RngState(seed)
    if active is None:
        generator, rng = rng.draw()
        active = generator.randrange(n)
    clan = build(
        Clan,
        screen=TOKEN_COUNTS,
        discard=NO_TOKENS,
        cows=START_COWS,
        jewels=START_JEWELS,
        captives=(),
        loot_cows=0,
        loot_jewels=0,
        loot_captives=(),
        passed=False,
    )
    names = tuple(names)
    # Built with every field (`engine.evolve.build`), not through `__init__`: an instance made by
    # `__init__` keeps its fields in a split-keys dictionary, which its copies by `evolve` inherit,
    # and Python 3.11 reads attributes of such copies several times slower (every rule reads the
    # state's fields again and again).
    return build(
        TainState,
        names=names,
        clans=(clan,) * n,
        guards=(EMPTY_BOARD,) * n,
        scouts=(EMPTY_BOARD,) * n,
        fk=EMPTY_FK,
        fk_cows=COWS_TOTAL - START_COWS * n,
        turn=1,
        active=active,
        phase=PHASE.SCOUT,
        current=active,
        choice_board=-1,
        log=Journal((public(f"Turn 1 begins; {names[active]} is the active player."),)),
        rng=rng,
        jewels_in_box=JEWELS_TOTAL - START_JEWELS * n,
        news_from=0,
        last=(),
    )
