"""Issue 12 §3: setup remembers the last names, colours and options of each game; a broken or
hostile settings file is ignored without a crash, and the names in it pass the name rule again."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Button, Input, Select

from boardgames_tui.engine.seating import COLOUR_NAMES, name_problem
from boardgames_tui.games import GAMES
from boardgames_tui.ui.remembered import FILE_NAME, FORMAT, recall
from boardgames_tui.ui.settings import FILE_NAME as SETTINGS_FILE
from boardgames_tui.ui.setup import SetupScreen
from tests.ui.helpers import make_app


def _game_with_options() -> str:
    return next(key for key, entry in GAMES.items() if entry.game.options and not entry.game.imposes_colours)


async def _open_setup(app, pilot, key: str) -> SetupScreen:  # type: ignore[no-untyped-def]
    app.open_setup(key)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    return screen


async def test_setup_offers_the_last_names_colours_and_options_of_that_game_only(tmp_path: Path) -> None:
    """Start a game with changed names (one holding markup), a changed colour and a changed option;
    its next setup shows them again, and another game's setup still shows the defaults."""
    key = _game_with_options()
    game = GAMES[key].game
    spec = game.options[0]
    other = next(choice for choice in spec.choices if choice != spec.default)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open_setup(app, pilot, key)
        screen.query_one("#name-0", Input).value = "[b]Zoë[/b]"
        screen.query_one("#name-1", Input).value = "Bo"
        screen.query_one("#colour-1", Button).press()
        screen.query_one(f"#option-{spec.key}", Select).value = other
        await pilot.pause()
        expected_colour = screen.colour_index[1]
        screen.action_start()
        await pilot.pause()
        app.back_to_picker()
        await pilot.pause()
        again = await _open_setup(app, pilot, key)
        assert again.query_one("#name-0", Input).value == "[b]Zoë[/b]"
        assert again.query_one("#name-1", Input).value == "Bo"
        assert again.colour_index[1] == expected_colour
        assert again.query_one(f"#option-{spec.key}", Select).value == other
        app.pop_screen()
        await pilot.pause()
        another = next(k for k in GAMES if k != key)
        fresh = await _open_setup(app, pilot, another)
        assert fresh.query_one("#name-0", Input).value == "Player 1"
    kept = {FILE_NAME, "saves", SETTINGS_FILE}  # what is remembered, the saves and the app's settings
    assert not [p for p in tmp_path.iterdir() if p.name not in kept], "no temporary file left"


async def test_a_broken_settings_file_opens_setup_with_the_defaults(tmp_path: Path) -> None:
    """A file that is not JSON at all: setup opens as for a first game."""
    (tmp_path / FILE_NAME).write_bytes(b"\xff\xfe{not json")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open_setup(app, pilot, "tain")
        assert screen.query_one("#name-0", Input).value == "Player 1"


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)
_seat = st.fixed_dictionaries(
    {"name": st.text(max_size=20) | _json, "colour": st.sampled_from(sorted(COLOUR_NAMES)) | _json}
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(seats=st.lists(_seat, max_size=6) | _json, options=st.dictionaries(st.text(max_size=12), _json, max_size=4)
       | _json, key=st.sampled_from(list(GAMES)))
def test_any_settings_file_gives_valid_seats_and_options_or_nothing(
    tmp_path: Path, seats: object, options: object, key: str
) -> None:
    """Hostile contents (wrong types, bad names, control characters, unknown colours and options)
    never raise; whatever is recalled passes the name rule, the palette and the game's choices."""
    game = GAMES[key].game
    data = {"format": FORMAT, "version": 1, "games": {key: {"seats": seats, "options": options}}}
    (tmp_path / FILE_NAME).write_text(json.dumps(data), encoding="utf-8")
    remembered = recall(tmp_path, game)
    if remembered is None:
        return
    assert game.min_players <= len(remembered.seats) <= game.max_players
    for seat in remembered.seats:
        assert name_problem(seat.name) is None and seat.colour in COLOUR_NAMES
    specs = {spec.key: spec for spec in game.options}
    for option, value in remembered.options.items():
        assert value in specs[option].choices
