"""`boardgames gallery`: a scrolling page showing every kit element in every state, for review."""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from boardgames_tui.assets_loader import asset_text
from boardgames_tui.devtools.gallery_exhibits import EXHIBITS, Exhibit
from boardgames_tui.ui.kit import ascii_mode, palette_of, set_ascii


class ExhibitView(Widget):
    """One exhibit, redrawn for the app's current theme, icon mode and the widget's width."""

    def __init__(self, exhibit: Exhibit) -> None:
        super().__init__(classes="exhibit-drawing")
        self.exhibit = exhibit

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.refresh(layout=True))

    def render(self) -> RenderableType:
        width = max(self.size.width, 40) if self.size.width else 76
        return self.exhibit.draw(palette_of(self.app), width)


class GalleryScreen(Screen[None]):
    """Every kit element, section by section; `a` switches ASCII icons, `t` the light/dark theme."""

    BINDINGS = [
        Binding("a", "toggle_ascii", "ASCII icons"),
        Binding("t", "toggle_theme", "Light/dark"),
        Binding("escape,q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="gallery"):
            yield Static("The table kit", id="gallery-title")
            for exhibit in EXHIBITS:
                yield Static(exhibit.title, classes="exhibit-title", markup=False)
                yield Static(exhibit.note, classes="exhibit-note", markup=False)
                yield ExhibitView(exhibit)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#gallery").focus()

    def action_toggle_ascii(self) -> None:
        set_ascii(not ascii_mode())
        for view in self.query(ExhibitView):
            view.refresh(layout=True)

    def action_toggle_theme(self) -> None:
        self.app.theme = "textual-light" if self.app.current_theme.dark else "textual-dark"


class GalleryApp(App[None]):
    """The gallery on its own, with the kit's stylesheet."""

    TITLE = "boardgames · table kit"
    CSS = asset_text("styles", "app.tcss") + asset_text("styles", "kit.tcss")

    def __init__(self, *, theme: str | None = None, ascii: bool | None = None) -> None:
        super().__init__()
        if theme:
            self.theme = theme
        if ascii is not None:
            set_ascii(ascii)

    def get_default_screen(self) -> Screen[None]:
        return GalleryScreen()


def run_gallery(*, theme: str | None = None, ascii: bool | None = None) -> int:
    GalleryApp(theme=theme, ascii=ascii).run()
    return 0
