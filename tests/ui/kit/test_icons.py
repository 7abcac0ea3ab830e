"""The icon set: one cell per icon in both forms, ASCII chosen by locale, encoding, setting or switch."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from boardgames_tui.ui.kit import ICONS, ascii_mode, icon, set_ascii
from boardgames_tui.ui.kit.icons import terminal_lacks_unicode

STATE_MARKS = ("cursor", "selected", "legal", "locked", "ghost", "disabled", "hidden", "leader")


@pytest.mark.parametrize("name", sorted(ICONS))
def test_every_icon_is_one_cell_in_unicode_and_one_ascii_character(name: str) -> None:
    """Layouts measured in one mode fit the other: both forms take exactly one cell."""
    entry = ICONS[name]
    assert cell_len(entry.unicode) == 1
    assert len(entry.ascii) == 1 and entry.ascii.isascii() and entry.ascii.isprintable()
    assert entry.label


@pytest.mark.parametrize("ascii_form", [False, True])
def test_state_marks_differ_from_each_other_in_both_modes(ascii_form: bool) -> None:
    """Selected, cursor, legal, locked ... are told apart by shape, so colour is never needed."""
    forms = [ICONS[n].ascii if ascii_form else ICONS[n].unicode for n in STATE_MARKS]
    assert len(set(forms)) == len(forms)


@pytest.mark.parametrize(
    ("env", "encoding", "lacks"),
    [
        ({"LANG": "C"}, "utf-8", True),
        ({"LC_ALL": "POSIX", "LANG": "en_GB.UTF-8"}, "utf-8", True),
        ({"LANG": "en_GB.UTF-8"}, "ascii", True),
        ({"LANG": "en_GB.UTF-8"}, "ANSI_X3.4-1968", True),
        ({"LANG": "en_GB.UTF-8"}, "utf-8", False),
        ({}, "UTF-8", False),
    ],
)
def test_terminal_without_unicode_is_detected(env: dict[str, str], encoding: str, lacks: bool) -> None:
    """LANG/LC_ALL=C or POSIX, or an ASCII output encoding, means the terminal cannot show Unicode."""
    assert terminal_lacks_unicode(env, encoding) is lacks


def test_setting_and_switch_choose_the_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    """BOARDGAMES_ASCII=1 forces ASCII; the app-level switch wins over the setting; None is automatic."""
    set_ascii(None)
    monkeypatch.setenv("BOARDGAMES_ASCII", "1")
    assert ascii_mode() and icon("knight") == "K"
    monkeypatch.setenv("BOARDGAMES_ASCII", "0")
    assert not ascii_mode() and icon("knight") == "♞"
    set_ascii(True)
    assert icon("knight") == "K"
    set_ascii(False)
    monkeypatch.setenv("BOARDGAMES_ASCII", "1")
    assert icon("knight") == "♞"
