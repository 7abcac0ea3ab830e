"""One codec for every game's actions: each action's short text form is derived from its fields.

Save files, the match record and the bots' search all name an action by a short text (as chess
names a move "e2e4"). An action class says how its text looks with a `FORM`, a template over its
dataclass fields, and this module derives both directions from it:

    class Place:                      # a frozen dataclass
        FORM = "{kind}{area}[{board}.{entrance}]"

- `{field}` is the field's value in its text form, found from the field's type: an `int` in
  digits, a `str` as it is, an enum by its value, a tuple of ints joined by ".", of strings by
  "+", a pair by a space, `None` as "-". `{field:name}` uses the converter the game registered
  under that name instead (Tàin's token kinds by their letter, say).
- `[part]` is written only when a field inside differs from its default, else left out;
  `[part|other]` writes `other` instead. On reading, the fields of a part left out take their
  defaults.
- A class without a `FORM` is written as its lower-case name followed by its fields, each after a
  space: `Veto(3)` is "veto 3", `Draw()` is "draw".

Reading is strict: a text that does not match exactly one form, a value out of range, or a text
that is not exactly how its action would be written ("cg00.3" for "cg0.3") raises
`IllegalAction` with the text in the message, never anything else.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from boardgames_tui.engine.errors import IllegalAction

A = TypeVar("A")


@dataclasses.dataclass(frozen=True, slots=True)
class Converter:
    """How one field's value is written and read: its text, the pattern that text matches (a
    regular expression without capturing groups) and the inverse."""

    write: Callable[[Any], str]
    read: Callable[[str], Any]
    pattern: str


def _read_int(text: str) -> int:
    return int(text)


INT = Converter(str, _read_int, r"-?\d+")
STR = Converter(str, str, r"[^\s]+?")


def one_of(values: Iterable[str]) -> Converter:
    """A string that must be one of `values` (a faction, a card kind)."""
    allowed = frozenset(values)

    def read(text: str) -> str:
        if text not in allowed:
            raise ValueError(text)
        return text

    return Converter(str, read, _alternatives(allowed))


def enum_by(enum_type: type[enum.Enum], write: Callable[[Any], str]) -> Converter:
    """Members of `enum_type` written by `write` (their value by default, or a letter)."""
    table = {write(member): member for member in enum_type}
    return Converter(write, table.__getitem__, _alternatives(table))


def sequence(item: Converter, separator: str, empty: str = "") -> Converter:
    """A tuple of any length, its items joined by `separator`; `empty` stands for none."""

    def write(values: tuple[Any, ...]) -> str:
        return separator.join(item.write(v) for v in values) if values else empty

    def read(text: str) -> tuple[Any, ...]:
        if text == empty:
            return ()
        return tuple(item.read(part) for part in text.split(separator))

    sep = re.escape(separator)
    items = f"(?:{item.pattern})(?:{sep}(?:{item.pattern}))*"
    return Converter(write, read, f"{re.escape(empty)}|{items}" if empty else f"(?:{items})?")


def fixed(items: tuple[Converter, ...], separator: str = " ") -> Converter:
    """A tuple of fixed length (a position, a pair), its items joined by `separator`."""

    def write(values: tuple[Any, ...]) -> str:
        return separator.join(conv.write(v) for conv, v in zip(items, values, strict=True))

    def read(text: str) -> tuple[Any, ...]:
        parts = text.split(separator) if separator == " " else _split_fixed(text, separator, len(items))
        if len(parts) != len(items):
            raise ValueError(text)
        return tuple(conv.read(part) for conv, part in zip(items, parts, strict=True))

    return Converter(write, read, re.escape(separator).join(f"(?:{conv.pattern})" for conv in items))


def _split_fixed(text: str, separator: str, count: int) -> list[str]:
    return text.split(separator, count - 1)


def optional(inner: Converter, none: str = "-") -> Converter:
    """A value or None, written `none`."""

    def write(value: Any) -> str:
        return none if value is None else inner.write(value)

    def read(text: str) -> Any:
        return None if text == none else inner.read(text)

    return Converter(write, read, f"{re.escape(none)}|(?:{inner.pattern})")


def _alternatives(words: Iterable[str]) -> str:
    # The longest first, so that "Mo" is not read as "M" followed by "o".
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))


# --- templates -------------------------------------------------------------------------------

_TOKEN = re.compile(r"\{(\w+)(?::(\w+))?\}|\[|\]|\||[^{}\[\]|]+")


@dataclasses.dataclass(frozen=True, slots=True)
class _Field:
    name: str
    converter: Converter


@dataclasses.dataclass(frozen=True, slots=True)
class _Group:
    """An optional part: written when one of its fields differs from its default."""

    present: tuple[_Field | str, ...]
    absent: tuple[_Field | str, ...]


_Piece = _Field | str | _Group


class _Form:
    """One action class's template, compiled: how to write an action and the pattern to read it."""

    def __init__(self, cls: type, template: str, converters: Callable[[str, Any, str | None], Converter]) -> None:
        self.cls = cls
        self.template = template
        hints = typing.get_type_hints(cls, include_extras=True)
        self.defaults = {
            f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING
        }
        self.field_names = tuple(f.name for f in dataclasses.fields(cls))
        self.pieces = self._parse(template, lambda name, spec: _Field(name, converters(name, hints[name], spec)))
        self.fields = self._all_fields()
        named = [p.name for p in self.fields]
        missing = set(self.field_names) - set(named)
        if missing or len(named) != len(set(named)):
            raise TypeError(f"{cls.__name__}: form {template!r} must name every field once ({sorted(missing)})")

    def _parse(self, template: str, field: Callable[[str, str | None], _Field]) -> tuple[_Piece, ...]:
        out: list[_Piece] = []
        group: list[list[_Field | str]] | None = None
        for match in _TOKEN.finditer(template):
            text = match.group(0)
            target: list[Any] = out if group is None else group[-1]
            if text == "[":
                if group is not None:
                    raise TypeError(f"{self.cls.__name__}: parts in {template!r} do not nest")
                group = [[]]
            elif text == "|" and group is not None:
                group.append([])
            elif text == "]" and group is not None and len(group) <= 2:
                out.append(_Group(tuple(group[0]), tuple(group[1]) if len(group) > 1 else ()))
                group = None
            elif text in "[]|":
                raise TypeError(f"{self.cls.__name__}: form {template!r} is malformed")
            elif match.group(1):
                target.append(field(match.group(1), match.group(2)))
            else:
                target.append(text)
        if group is not None:
            raise TypeError(f"{self.cls.__name__}: form {template!r} leaves a part open")
        return tuple(out)

    def _all_fields(self) -> list[_Field]:
        found: list[_Field] = []
        for piece in self.pieces:
            if isinstance(piece, _Group):
                found += [p for p in (*piece.present, *piece.absent) if isinstance(p, _Field)]
            elif isinstance(piece, _Field):
                found.append(piece)
        return found

    def pattern(self, prefix: str) -> str:
        """The form as a regular expression with a named group per field, prefixed by `prefix`."""

        def one(piece: _Field | str) -> str:
            if isinstance(piece, str):
                return re.escape(piece)
            return f"(?P<{prefix}{piece.name}>{piece.converter.pattern})"

        parts: list[str] = []
        for piece in self.pieces:
            if isinstance(piece, _Group):
                present = "".join(one(p) for p in piece.present)
                absent = "".join(one(p) for p in piece.absent)
                parts.append(f"(?:{present}|{absent})")
            else:
                parts.append(one(piece))
        return "".join(parts)

    def write(self, action: Any) -> str:
        out: list[str] = []
        for piece in self.pieces:
            if isinstance(piece, _Group):
                shown = any(
                    isinstance(p, _Field) and getattr(action, p.name) != self.defaults.get(p.name, _NO_DEFAULT)
                    for p in piece.present
                )
                out += [self._write_one(action, p) for p in (piece.present if shown else piece.absent)]
            else:
                out.append(self._write_one(action, piece))
        return "".join(out)

    @staticmethod
    def _write_one(action: Any, piece: _Field | str) -> str:
        return piece if isinstance(piece, str) else piece.converter.write(getattr(action, piece.name))

    def read(self, match: re.Match[str], prefix: str) -> Any:
        values = dict(self.defaults)
        for item in self.fields:
            text = match.group(prefix + item.name)
            if text is not None:
                values[item.name] = item.converter.read(text)
        return self.cls(**values)


_NO_DEFAULT: Any = object()


def default_form(cls: type) -> str:
    """The form of a class that declares none: its lower-case name, then each field after a space."""
    return " ".join([cls.__name__.lower(), *(f"{{{f.name}}}" for f in dataclasses.fields(cls))])


class Codec(Generic[A]):
    """Writes and reads one game's actions by their classes' forms (see the module's docstring).

    `converters` names extra converters for `{field:name}`; `types` overrides the converter found
    for a type (Tolleno writes a position "2,3", Tasnia "2 3"); `shared` lists action values that
    reading returns as they are, for games that keep one instance per action.
    """

    def __init__(
        self,
        game: str,
        classes: Iterable[type],
        *,
        converters: Mapping[str, Converter] | None = None,
        types: Mapping[Any, Converter] | None = None,
        shared: Iterable[Any] = (),
    ) -> None:
        self.game = game
        self._named = dict(converters or {})
        self._types = dict(types or {})
        self._forms: dict[type, _Form] = {}
        patterns: list[str] = []
        for index, cls in enumerate(classes):
            form = _Form(cls, getattr(cls, "FORM", None) or default_form(cls), self._converter)
            self._forms[cls] = form
            patterns.append(f"(?P<c{index}>{form.pattern(f'c{index}_')})")
        self._by_group = {f"c{i}": form for i, form in enumerate(self._forms.values())}
        self._pattern = re.compile("|".join(patterns))
        self._shared = {value: value for value in shared}
        self._written: dict[Any, str] = {}
        self._read: dict[str, A] = {}

    def encode(self, action: A) -> str:
        """The action's text form (remembered: the bots' search names every move it weighs)."""
        try:
            return self._written[action]
        except KeyError:
            pass
        form = self._forms.get(type(action))
        if form is None:
            raise IllegalAction(f"not a {self.game} action: {action!r}")
        text = form.write(action)
        if len(self._written) > 100_000:
            self._written.clear()
        self._written[action] = text
        return text

    def decode(self, text: str) -> A:
        """The action written `text`; IllegalAction if no action is written that way (remembered:
        replaying a save reads the same few texts over and over)."""
        known = self._read.get(text) if isinstance(text, str) else None
        if known is not None:
            return known
        action = self._decode(text)
        if len(self._read) > 100_000:
            self._read.clear()
        self._read[text] = action
        return action

    def _decode(self, text: str) -> A:
        match = self._pattern.fullmatch(text) if isinstance(text, str) else None
        if match is None or match.lastgroup is None:
            raise IllegalAction(f"not a {self.game} action: {text!r}")
        group = match.lastgroup
        form = self._by_group[group]
        try:
            action = form.read(match, group + "_")
        except (ValueError, KeyError, TypeError, IndexError, OverflowError):
            raise IllegalAction(f"not a {self.game} action: {text!r}") from None
        if form.write(action) != text:
            raise IllegalAction(f"not a {self.game} action: {text!r} (written otherwise)")
        found: A = self._shared.get(action, action)
        return found

    # --- converters found from a field's type ---------------------------------------------------
    def _converter(self, name: str, hint: Any, spec: str | None) -> Converter:
        if spec is not None:
            if spec not in self._named:
                raise TypeError(f"{self.game}: no converter named {spec!r} for field {name!r}")
            return self._named[spec]
        return self._for_type(hint)

    def _for_type(self, hint: Any) -> Converter:
        if hint in self._types:
            return self._types[hint]
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is typing.Annotated:
            return self._for_type(args[0])
        if origin in (types.UnionType, typing.Union) and type(None) in args:
            rest = [a for a in args if a is not type(None)]
            if len(rest) == 1:
                return optional(self._for_type(rest[0]))
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self._for_type(args[0])
                return sequence(item, "." if item is INT else "+")
            return fixed(tuple(self._for_type(a) for a in args))
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return enum_by(hint, lambda member: str(member.value))
        if hint is int:
            return INT
        if hint is str:
            return STR
        raise TypeError(f"{self.game}: no text form for a field of type {hint!r}")


def check_round_trip(codec: Codec[Any], actions: Iterable[Any]) -> None:
    """Assert that every action reads back as itself from its text form (used by tests)."""
    for action in actions:
        text = codec.encode(action)
        back = codec.decode(text)
        assert back == action, f"{action!r} is written {text!r}, which reads back as {back!r}"
