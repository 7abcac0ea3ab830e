"""Screens opened and closed in one moment: their mount must not look for widgets already gone."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

from textual.screen import Screen

S = TypeVar("S", bound=Screen[Any])
P = ParamSpec("P")


def unless_taken_apart(handler: Callable[Concatenate[S, P], None]) -> Callable[Concatenate[S, P], None]:
    """For a screen's `on_mount` (or its `on_resize`): do nothing if the screen is no longer open.

    A screen closed, or an app quit, in the same moment the screen was opened (a bot's last move
    opening the game-over screen as the players quit) is taken apart before its mount runs: its
    widgets inside containers are never made, and looking them up would stop the app with a crash."""

    @functools.wraps(handler)
    def guarded(screen: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if still_open(screen):
            handler(screen, *args, **kwargs)

    return guarded


def still_open(screen: Any) -> bool:
    """Whether `screen` is still in its running app's stack: a screen left (or an app quit) in the
    same moment as a key, a lift or a timer is drawn on no more (its widgets are going)."""
    try:
        app = screen.app
        return app.is_running and screen in app.screen_stack
    except Exception:  # no app or no screen stack: the app is closing
        return False
