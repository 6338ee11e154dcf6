"""The game contract: what every registered game provides, and the values it trades in.

Everything here is pure Python. User-facing text is carried as :class:`Message` (an English
message id marked with ``N_`` plus parameters) so that the web layer can translate it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, TypeAlias, TypeVar

Payload: TypeAlias = Mapping[str, Any]
T = TypeVar("T")


def evolve(value: T, **changes: Any) -> T:
    """Return a copy of a frozen dataclass with some fields changed.

    Same result as ``dataclasses.replace`` but without re-running ``__init__``: folds call this
    for every event, where ``replace`` was most of the time spent.
    """
    copy = object.__new__(type(value))
    copy.__dict__.update(value.__dict__)
    copy.__dict__.update(changes)
    return copy


def N_(msgid: str) -> str:
    """Mark a string for translation without translating it (the web layer translates)."""
    return msgid


@dataclass(frozen=True)
class Message:
    """A translatable sentence: an English message id and its named parameters."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = lambda s: s) -> str:
        """Return the sentence with its parameters filled in, translated by ``translate``."""
        values = {
            key: value.render(translate) if isinstance(value, Message) else value for key, value in self.params.items()
        }
        text = translate(self.msgid)
        return text.format(**values) if values else text


def msg(msgid: str, **params: Any) -> Message:
    """Build a :class:`Message`."""
    return Message(msgid, params)


class RuleError(Exception):
    """An event that the rules do not allow; carries a translatable message."""

    def __init__(self, msgid: str, **params: Any) -> None:
        super().__init__(msgid.format(**params) if params else msgid)
        self.message = Message(msgid, params)


# -- Setup -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """A seat at the table."""

    seat: int
    name: str
    colour: str


@dataclass(frozen=True)
class Setup:
    """Everything fixed when a table starts: the game, the players, the options, the seed."""

    game: str
    players: tuple[Player, ...]
    options: Mapping[str, Any]
    seed: str

    def player(self, seat: int) -> Player:
        """Return the player in ``seat``."""
        for player in self.players:
            if player.seat == seat:
                return player
        raise RuleError(N_("There is no seat {seat} at this table."), seat=seat)

    @property
    def seats(self) -> tuple[int, ...]:
        """Seat numbers in seat order."""
        return tuple(player.seat for player in self.players)


@dataclass(frozen=True)
class Event:
    """One entry of a table's ledger, as the games see it."""

    seq: int
    kind: str
    payload: Payload
    author: int | None = None
    at: datetime | None = None
    by_host: bool = False


# -- Rule options ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice option or field."""

    value: str
    label: str


@dataclass(frozen=True)
class RuleOption:
    """A named rule option with a default, shown in the table settings and on the results."""

    key: str
    label: str
    default: Any
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    note: str = ""

    @property
    def kind(self) -> str:
        """Return ``choice``, ``bool``, ``int`` or ``ints`` (a list of numbers)."""
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "ints"

    def coerce(self, raw: Any) -> Any:
        """Return ``raw`` as a valid value of this option, or raise :class:`RuleError`."""
        if self.kind == "choice":
            value = str(raw)
            if value not in {choice.value for choice in self.choices}:
                raise RuleError(N_("“{value}” is not a choice of this option."), value=value)
            return value
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            return str(raw).lower() in {"1", "true", "on", "yes"}
        if self.kind == "int":
            return self._number(raw)
        items = raw.replace(",", " ").split() if isinstance(raw, str) else list(raw)
        if len(items) != len(self.default):
            raise RuleError(N_("This option needs exactly {count} numbers."), count=len(self.default))
        return tuple(self._number(item) for item in items)

    def _number(self, raw: Any) -> int:
        try:
            value = int(raw)
        except (TypeError, ValueError):
            raise RuleError(N_("“{value}” is not a whole number."), value=raw) from None
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise RuleError(
                N_("{value} is outside {minimum}–{maximum}."),
                value=value,
                minimum=self.minimum,
                maximum=self.maximum,
            )
        return value

    def describe(self, value: Any) -> str:
        """Return the value as shown on the results page (an untranslated label or number)."""
        if self.kind == "choice":
            return next(c.label for c in self.choices if c.value == value)
        if self.kind == "ints":
            return " ".join(str(v) for v in value)
        return str(value)


def option_value(setup: Setup, options: Sequence[RuleOption], key: str) -> Any:
    """Return the table's value of option ``key`` (its default if the setup predates it)."""
    if key in setup.options:
        return setup.options[key]
    return next(option.default for option in options if option.key == key)


def resolve_options(options: Sequence[RuleOption], given: Mapping[str, Any]) -> dict[str, Any]:
    """Return every option's value: the given one (validated) or the default."""
    unknown = set(given) - {option.key for option in options}
    if unknown:
        raise RuleError(N_("Unknown rule option: {name}."), name=", ".join(sorted(unknown)))
    return {
        option.key: option.coerce(given[option.key]) if option.key in given else option.default for option in options
    }


def applied_options(options: Sequence[RuleOption], values: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Return (label, value) pairs of the options a scoreboard was computed with."""
    return tuple((option.label, option.describe(values.get(option.key, option.default))) for option in options)


# -- Events ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One payload field of an event kind; the web layer parses forms with it."""

    name: str
    type: str  # "int", "seat", "text", "choice", "ints", "bool"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    required: bool = True
    max_length: int = 60


@dataclass(frozen=True)
class EventKind:
    """An event a game understands: its payload fields and how the log describes it."""

    kind: str
    label: str
    fields: tuple[Field, ...]
    voidable: bool = True
    host_only: bool = False


def check_payload(kind: EventKind, payload: Payload) -> dict[str, Any]:
    """Return ``payload`` checked against the fields of ``kind``, or raise :class:`RuleError`."""
    clean: dict[str, Any] = {}
    for spec in kind.fields:
        value = payload.get(spec.name)
        if value is None or value == "":
            if spec.required:
                raise RuleError(N_("Missing field: {name}."), name=spec.name)
            continue
        if type(value) is int and spec.type in ("int", "seat"):  # the common case, checked inline
            if (spec.minimum is not None and value < spec.minimum) or (
                spec.maximum is not None and value > spec.maximum
            ):
                _check_int(spec, value)
            clean[spec.name] = value
        else:
            clean[spec.name] = _check_value(spec, value)
    if len(clean) != len(payload):
        unexpected = sorted(set(payload) - {f.name for f in kind.fields})
        if unexpected:
            raise RuleError(N_("Unexpected field: {name}."), name=", ".join(unexpected))
    return clean


def _check_value(spec: Field, value: Any) -> Any:
    if spec.type == "text":
        text = str(value).strip()
        if not text or len(text) > spec.max_length:
            raise RuleError(N_("Enter between 1 and {limit} characters."), limit=spec.max_length)
        return text
    if spec.type == "choice":
        if value not in spec.choices:
            raise RuleError(N_("“{value}” is not allowed here."), value=value)
        return value
    if spec.type == "bool":
        if not isinstance(value, bool):
            raise RuleError(N_("“{value}” is not yes or no."), value=value)
        return value
    if spec.type == "ints":
        if not isinstance(value, list | tuple) or not value or len(value) > 20:
            raise RuleError(N_("Enter between 1 and 20 numbers."))
        return [_check_int(spec, item) for item in value]
    return _check_int(spec, value)


def _check_int(spec: Field, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(N_("“{value}” is not a whole number."), value=value)
    if spec.minimum is not None and value < spec.minimum:
        raise RuleError(N_("{value} is below the minimum of {minimum}."), value=value, minimum=spec.minimum)
    if spec.maximum is not None and value > spec.maximum:
        raise RuleError(N_("{value} is above the maximum of {maximum}."), value=value, maximum=spec.maximum)
    return value


# -- Scores ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CategoryScore:
    """Points of one scoring category for one player, with how they were reached."""

    key: str
    label: str
    points: int
    detail: Message | None = None


@dataclass(frozen=True)
class PlayerScore:
    """One player's line on the scoreboard."""

    seat: int
    name: str
    categories: tuple[CategoryScore, ...]
    total: int
    rank: int


@dataclass(frozen=True)
class Scoreboard:
    """Final or running standings: players in rank order, and how ties were settled."""

    players: tuple[PlayerScore, ...]
    tie_break: tuple[Message, ...]
    options: tuple[tuple[str, str], ...] = ()
    notes: tuple[Message, ...] = ()
    details: tuple[Message, ...] = ()

    def to_json(self, translate: Callable[[str], str] = lambda s: s) -> dict[str, Any]:
        """Return a JSON-ready dict of the scoreboard."""
        return {
            "players": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "rank": p.rank,
                    "total": p.total,
                    "categories": {c.key: c.points for c in p.categories},
                }
                for p in self.players
            ],
            "tie_break": [m.render(translate) for m in self.tie_break],
            "options": {translate(label): translate(value) for label, value in self.options},
            "details": [m.render(translate) for m in self.details],
            "notes": [m.render(translate) for m in self.notes],
        }


# -- The contract ------------------------------------------------------------------------------


class Game(Protocol):
    """What a registered game provides. State objects are the game's own frozen values."""

    @property
    def slug(self) -> str:
        """The registry key, e.g. ``mission-red-planet``."""

    @property
    def name(self) -> str:
        """The game's name (a message id)."""

    @property
    def min_players(self) -> int:
        """Fewest players."""

    @property
    def max_players(self) -> int:
        """Most players."""

    @property
    def options(self) -> tuple[RuleOption, ...]:
        """Rule options with their defaults."""

    @property
    def event_kinds(self) -> tuple[EventKind, ...]:
        """The game's own event kinds."""

    @property
    def tally_categories(self) -> tuple[TallyCategory, ...]:
        """Categories the table's tally sheet starts with."""

    def check_setup(self, setup: Setup) -> None:
        """Raise :class:`RuleError` if the players and options cannot play this game."""

    def initial_state(self, setup: Setup) -> Any:
        """Return the game's state before any event."""

    def apply(self, setup: Setup, state: Any, event: Event) -> Any:
        """Return the state after ``event``, or raise :class:`RuleError` if the rules refuse it.

        This is both the validation and the fold: a refused event leaves ``state`` as it was
        (states are never mutated), which is how the table rejects it or skips it on replay.
        """

    def score(self, setup: Setup, state: Any, tally: Any) -> Scoreboard:
        """Return the scoreboard of ``state`` (``tally`` is the table's tally sheet)."""

    def describe(self, setup: Setup, event: Event) -> Message:
        """Return one of the game's own events in plain words for the log."""


@dataclass(frozen=True)
class TallyCategory:
    """A counter on the tally sheet and how it turns into points.

    ``per_unit`` multiplies the count; ``ladder`` (if given) maps a count n to ``ladder[n]``;
    ``scores`` false means the counter only breaks ties.
    """

    key: str
    label: str
    per_unit: int = 1
    ladder: tuple[int, ...] = ()
    scores: bool = True
    minimum: int = -9999
    maximum: int = 9999

    def points(self, count: int) -> int:
        """Return the points that ``count`` is worth."""
        if not self.scores:
            return 0
        if self.ladder:
            return self.ladder[min(max(count, 0), len(self.ladder) - 1)]
        return count * self.per_unit
