"""The game registry: what the picker shows comes from each game's `About`, and start-up loads no rules."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardgames_tui.engine.protocol import About
from boardgames_tui.games import GAME_PACKAGES, GAMES, GameEntry


@pytest.mark.parametrize("key", sorted(GAMES))
def test_about_agrees_with_the_rules(key: str) -> None:
    """The picker's title, blurb and player range are the ones the rules enforce."""
    entry = GAMES[key]
    game = entry.game
    assert entry.about == About(game.key, game.title, game.blurb, game.min_players, game.max_players)


def test_starting_the_app_loads_no_rules_and_no_later_screens() -> None:
    """Start-up imports the app and the registry only: rules, game screens and the screens after
    the picker load when first needed (the picker paints sooner)."""
    code = (
        "import json, sys; import boardgames_tui.ui.app; "
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('boardgames_tui'))))"
    )
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                           text=True).stdout))
    for name in GAME_PACKAGES:
        assert f"boardgames_tui.games.{name}" in loaded
        assert not any(m.startswith(f"boardgames_tui.games.{name}.") for m in loaded), name
    for later in ("setup", "match_screen", "gameover", "rules_screen"):
        assert f"boardgames_tui.ui.{later}" not in loaded
    # The saves folder is listed just after the first paint, so matches, saves and the protocol
    # load then (about 30 ms of start-up otherwise).
    for later in ("protocol", "match", "saves", "savefile"):
        assert f"boardgames_tui.engine.{later}" not in loaded


def test_the_entry_collects_no_garbage_until_the_picker_is_ready_then_collects_again(tmp_path: Path) -> None:
    """`boardgames` pauses garbage collection before importing the app (start-up's collections
    cost about a tenth of the time to the first paint), and the app resumes it once ready."""
    code = (
        "import gc, sys\n"
        "import boardgames_tui.ui.app as app_module\n"
        "seen = []\n"
        "class Probe(app_module.BoardgamesApp):\n"
        "    def on_mount(self):\n"
        "        seen.append(gc.isenabled())\n"
        "    def on_ready(self):\n"
        "        self.call_after_refresh(lambda: (seen.append(gc.isenabled()), self.exit()))\n"
        "app_module.BoardgamesApp = Probe\n"
        "real_run = Probe.run\n"
        "Probe.run = lambda self, **kw: real_run(self, headless=True, size=(100, 30))\n"
        "from boardgames_tui.cli import main\n"
        "status = main([])\n"
        "print(status, seen, gc.isenabled())\n"
    )
    env = {**os.environ, "BOARDGAMES_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env)
    assert done.stdout.split("\n")[-2] == "0 [False, True] True"


def test_package_game_attribute_is_the_registry_rules_object() -> None:
    """`from boardgames_tui.games.<key> import GAME` still works, and is the registry's instance."""
    from boardgames_tui.games.tain import GAME

    assert GAME is GAMES["tain"].game


def test_entry_of_a_rules_object_at_hand() -> None:
    """Tests register ready-made rules objects; their `About` is read off the object."""
    game = GAMES["tain"].game
    entry = GameEntry.of(game, GAMES["tain"].body)
    assert entry.game is game
    assert entry.about == GAMES["tain"].about
