"""Set up a match: players (names, colours, glyphs, a person or a bot of a level), the game's
options and, under advanced, the seed."""

from __future__ import annotations

import unicodedata

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Collapsible, Input, Label, Select, Static

from boardgames_tui.engine.match import SEED_RANGE
from boardgames_tui.engine.protocol import AnyGame, SeatInfo
from boardgames_tui.engine.seating import BOT_LEVELS, NAME_MAX, characters_problem, name_problem
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.mounting import unless_taken_apart
from boardgames_tui.ui.remembered import folder_of, recall, remember
from boardgames_tui.ui.seats import GLYPHS, PALETTE
from boardgames_tui.ui.settings import bot_process_choices
from boardgames_tui.ui.shell import shell


class NameInput(Input):
    """A seat's name field: an edit (a key or a paste) that no name could hold is refused with its reason.

    So the field never holds a control character, which it would otherwise draw raw.
    """

    class Refused(Message):
        """An edit of `field` was refused because of `reason`."""

        def __init__(self, field: NameInput, reason: str) -> None:
            super().__init__()
            self.field = field
            self.reason = reason

    def on_paste(self, event: events.Paste) -> None:
        """A paste holding a line break or a control character is refused whole, with its reason.

        (Input itself would keep the text before the first line break and drop the rest unsaid.)
        """
        problem = characters_problem(event.text)
        if problem is not None:
            event.prevent_default()
            event.stop()
            self._refuse(problem)

    def _refuse(self, problem: str) -> None:
        self.app.bell()
        self.post_message(self.Refused(self, problem))

    def replace(self, text: str, start: int, end: int) -> None:
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        problem = characters_problem(f"{value[:start]}{text}{value[end:]}")
        if problem is not None:
            self._refuse(problem)
            return
        super().replace(text, start, end)


class TickBox(Checkbox):
    """A checkbox whose box says its state by shape as well as colour: a cross when on, empty
    when off (Textual's own shows a cross in both, in two colours)."""

    BUTTON_INNER = " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()


HUMAN = "human"
"""The value of a seat's kind selector for a person (the others are bot levels)."""
KIND_CHOICES: tuple[tuple[str, str], ...] = (
    ("Human", HUMAN), *((f"{level.capitalize()} bot", level) for level in BOT_LEVELS))


def _default_name(seat: int, kind: str) -> str:
    return f"Player {seat + 1}" if kind == HUMAN else f"Bot {seat + 1}"


def _same_name(name: str) -> str:
    """The form two names are compared in: "Éva" and "e\u0301va" (a combining accent) are one name."""
    return unicodedata.normalize("NFC", name).casefold()


class SetupScreen(Screen[None]):
    """Everything a match needs before the first move."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
        Binding("f1", "rules", "Rules"),
    ]

    def __init__(self, game: AnyGame, seats: tuple[SeatInfo, ...] | None = None) -> None:
        super().__init__()
        self.game = game
        self.count = len(seats) if seats else game.min_players
        self.colour_index = [i % len(PALETTE) for i in range(game.max_players)]
        self.initial = seats
        self.chosen_options: dict[str, str] = {}
        """Option values to preselect (the remembered ones of this game's last setup)."""

    def compose(self) -> ComposeResult:
        game = self.game
        remembered = recall(folder_of(self.app), game) if self.initial is None else None
        if remembered is not None:  # a new game: offer this game's last names, colours and options
            self.initial, self.count, self.chosen_options = remembered.seats, len(remembered.seats), remembered.options
        with VerticalScroll(id="setup"):
            yield Static(literal(f"New game of {game.title}", "bold"), id="setup-title")
            yield Static(literal(game.blurb), id="setup-blurb")
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                yield Select(
                    [(literal(str(n)), n) for n in range(game.min_players, game.max_players + 1)],
                    value=self.count,
                    allow_blank=False,
                    id="player-count",
                )
            for i in range(game.max_players):
                with Horizontal(classes="setup-row seat-row", id=f"seat-row-{i}"):
                    yield Label(literal(f"Seat {i + 1}"), classes="setup-label")
                    yield NameInput(value=f"Player {i + 1}", max_length=NAME_MAX, id=f"name-{i}")
                    yield Button("", id=f"colour-{i}", classes="colour-button", disabled=game.imposes_colours)
                    yield Select([(literal(label), value) for label, value in KIND_CHOICES], value=HUMAN,
                                 allow_blank=False, id=f"kind-{i}", classes="seat-kind")
            yield TickBox("Hand-off curtains even with one human", id="one-human-curtains")
            yield TickBox("Confirm moves that cannot be undone", shell(self).confirm_irreversible(),
                          id="confirm-irreversible")
            for spec in game.options:
                with Horizontal(classes="setup-row"):
                    yield Label(literal(spec.label), classes="setup-label")
                    yield Select(
                        [(literal(choice), choice) for choice in spec.choices],
                        value=self.chosen_options.get(spec.key, spec.default),
                        allow_blank=False,
                        id=f"option-{spec.key}",
                    )
                if spec.help:
                    yield Static(literal(spec.help), classes="option-help")
            with Collapsible(title="Advanced", collapsed=True, id="advanced"):
                with Horizontal(classes="setup-row"):
                    yield Label("Seed", classes="setup-label")
                    yield Input(placeholder="random (kept secret until the end)", id="seed", type="integer")
                with Horizontal(classes="setup-row"):
                    yield Label("Bot processes", classes="setup-label")
                    chosen = shell(self).bot_processes()
                    yield Select([(literal(label), n) for label, n in bot_process_choices(chosen)], value=chosen,
                                 allow_blank=False, id="bot-processes")
                yield Static("How many processes a bot searches in at once (automatic: the machine's cores "
                             "less one), each for the same time: more play stronger, and leave fewer cores "
                             "to the rest of the machine.", classes="option-help")
            yield Static("", id="setup-error")
        # Outside the scrolling form, so Start stays in view however many options a game has.
        with Horizontal(id="setup-buttons"):
            yield Button("Start (ctrl+s)", variant="primary", id="start")
            yield Button("Back (esc)", id="back")
        yield KeyBar()

    @unless_taken_apart
    def on_mount(self) -> None:
        if self.initial:
            for i, seat in enumerate(self.initial):
                self.query_one(f"#name-{i}", Input).value = seat.name
                self.query_one(f"#kind-{i}", Select).value = HUMAN if seat.human else seat.level or HUMAN
                match = [k for k, c in enumerate(PALETTE) if c.name == seat.colour]
                if match:
                    self.colour_index[i] = match[0]
        self._show_rows()
        self.query_one("#name-0", Input).focus()

    def _show_rows(self) -> None:
        for i in range(self.game.max_players):
            row = self.query_one(f"#seat-row-{i}")
            row.display = i < self.count
            colour = PALETTE[self.colour_index[i]]
            button = self.query_one(f"#colour-{i}", Button)
            if self.game.imposes_colours:
                button.label = literal(f"{GLYPHS[self.colour_index[i]]} by the game")
            else:
                button.label = literal(f"{GLYPHS[self.colour_index[i]]} {colour.name}", f"bold {colour.hex}")

    @on(Select.Changed, "#player-count")
    def _count_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.count = event.value
            self._show_rows()

    @on(Select.Changed, ".seat-kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        """A seat switched between a person and a bot keeps a name the player typed; a default
        name follows the kind ("Player 2" / "Bot 2")."""
        seat = int((event.select.id or "kind-0").rsplit("-", 1)[1])
        field = self.query_one(f"#name-{seat}", Input)
        if field.value in {_default_name(seat, HUMAN), _default_name(seat, "bot")}:
            field.value = _default_name(seat, str(event.value))

    @on(Button.Pressed, ".colour-button")
    def _cycle_colour(self, event: Button.Pressed) -> None:
        seat = int((event.button.id or "colour-0").rsplit("-", 1)[1])
        taken = {self.colour_index[i] for i in range(self.count) if i != seat}
        nxt = self.colour_index[seat]
        for _ in range(len(PALETTE)):
            nxt = (nxt + 1) % len(PALETTE)
            if nxt not in taken:
                break
        self.colour_index[seat] = nxt
        self._show_rows()

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        seats, problem = self._seats()
        seed_text = self.query_one("#seed", Input).value.strip()
        seed: int | None = None
        if problem is None and seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                problem = "The seed must be a whole number (or empty for a random one)."
            else:
                if not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
                    seed, problem = None, "The seed must lie between -2^63 and 2^63-1 (or be empty for a random one)."
        if problem:
            self._say(problem)
            return
        options = {}
        for spec in self.game.options:
            value = self.query_one(f"#option-{spec.key}", Select).value
            options[spec.key] = str(value)
        remember(folder_of(self.app), self.game.key, seats, options)
        curtains = self.query_one("#one-human-curtains", Checkbox).value
        shell(self).set_confirm_irreversible(self.query_one("#confirm-irreversible", Checkbox).value)
        processes = self.query_one("#bot-processes", Select).value
        if isinstance(processes, int):
            shell(self).set_bot_processes(processes)
        shell(self).start_match(
            self.game.key, seats, options, seed, curtains_with_one_human=curtains)

    def _say(self, problem: str) -> None:
        """Show `problem` under the form, scrolled into view; an empty one clears the message."""
        error = self.query_one("#setup-error", Static)
        error.update(literal(problem, "bold red"))
        if problem:
            # After the next layout: the message may take more lines than the empty label did.
            self.call_after_refresh(error.scroll_visible, animate=False)

    @on(NameInput.Refused)
    def _name_refused(self, event: NameInput.Refused) -> None:
        seat = int((event.field.id or "name-0").rsplit("-", 1)[1])
        self._say(f"Seat {seat + 1}: {event.reason} That text was not added.")

    @on(Input.Changed, "NameInput")
    def _name_changed(self, event: Input.Changed) -> None:
        self._say("")

    def _seats(self) -> tuple[tuple[SeatInfo, ...], str | None]:
        seats = []
        for i in range(self.count):
            name = self.query_one(f"#name-{i}", Input).value  # as typed: a space at either end is refused, not trimmed
            problem = name_problem(name)
            if problem is not None:
                return (), f"Seat {i + 1}: {problem}"
            colour = self.colour_index[i]
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            level = None if kind == HUMAN else kind
            seats.append(SeatInfo(name, PALETTE[colour].name, GLYPHS[colour], human=level is None, level=level))
        names = [_same_name(s.name) for s in seats]
        if len(set(names)) != len(names):
            return (), "Every player needs a different name."
        if len({s.colour for s in seats}) != len(seats):
            return (), "Every player needs a different colour."
        return tuple(seats), None

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

    def action_rules(self) -> None:
        shell(self).open_rules(self.game.key)
