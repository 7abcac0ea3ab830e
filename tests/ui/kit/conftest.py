"""Every kit test starts and ends in the automatic icon mode, so one test's ASCII switch never leaks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardgames_tui.ui.kit import set_ascii


@pytest.fixture(autouse=True)
def unicode_icons(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("BOARDGAMES_ASCII", raising=False)
    set_ascii(False)
    yield
    set_ascii(None)
