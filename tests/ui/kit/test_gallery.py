"""`boardgames gallery`: snapshots at 80×24 and 120×40, every exhibit present, switches, lazy import."""

from __future__ import annotations

import subprocess
import sys

import pytest
from textual.pilot import Pilot

from boardgames_tui.cli import _parser
from boardgames_tui.devtools.gallery import ExhibitView, GalleryApp
from boardgames_tui.devtools.gallery_exhibits import EXHIBITS
from boardgames_tui.ui.kit import ascii_mode

SIZES = [(80, 24), (120, 40)]


async def _settle(pilot: Pilot) -> None:  # type: ignore[type-arg]
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_gallery_snapshot(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """The gallery's first page, dark theme, Unicode icons."""
    assert snap_compare(GalleryApp(theme="textual-dark", ascii=False), terminal_size=size, run_before=_settle)


def test_gallery_snapshot_light_ascii(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The light theme with ASCII icons, as a C-locale terminal would show it."""
    assert snap_compare(GalleryApp(theme="textual-light", ascii=True), terminal_size=(80, 24), run_before=_settle)


async def test_every_exhibit_is_shown_and_scrolls_into_view() -> None:
    """Each exhibit has its view; the page scrolls to the last one (the icon table)."""
    app = GalleryApp(theme="textual-dark", ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        views = list(app.screen.query(ExhibitView))
        assert [v.exhibit for v in views] == list(EXHIBITS)
        assert all(v.size.height > 0 for v in views)
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.query_one("#gallery").scroll_y > 0


async def test_keys_switch_ascii_and_theme() -> None:
    """`a` switches the icon mode, `t` the light and dark themes."""
    app = GalleryApp(theme="textual-dark", ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        assert ascii_mode()
        await pilot.press("t")
        assert not app.current_theme.dark
        await pilot.press("a")
        assert not ascii_mode()


def test_gallery_subcommand_parses() -> None:
    """`boardgames gallery --ascii --theme textual-light` is a known command with its options."""
    args = _parser().parse_args(["gallery", "--ascii", "--theme", "textual-light"])
    assert (args.command, args.ascii, args.theme) == ("gallery", True, "textual-light")


def test_the_picker_does_not_import_the_kit() -> None:
    """Start-up stays short: the app and the picker load without the table kit or the gallery."""
    code = (
        "import sys\n"
        "import boardgames_tui.ui.app, boardgames_tui.ui.picker, boardgames_tui.cli\n"
        "print([m for m in sys.modules"
        " if m.startswith(('boardgames_tui.ui.kit', 'boardgames_tui.devtools.gallery'))])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "[]"
