"""The game contract: what every registered game provides, and the values it trades in.

Everything here is pure Python. User-facing text is carried as :class:`Message` (an English
message id marked with ``N_`` plus parameters) so that the web layer can translate it; ``NP_``
marks a message that two games or adventures word differently (a ``msgctxt``), and
:func:`listing` joins items the way the reader's language lists them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar

if TYPE_CHECKING:
    from companion.games.mechanics.catalogue import Catalogue

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


WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}", re.ASCII)  # what a form's number may be: int() also takes "١", "1_0"


def N_(msgid: str) -> str:
    """Mark a string for translation without translating it (the web layer translates)."""
    return msgid


CONTEXT_MARK = "\x04"  # gettext's own separator: a catalogue looks up "context\x04msgid" as pgettext does


def NP_(context: str, msgid: str) -> str:
    """Mark a string that one game or adventure words differently (``msgctxt`` in the catalogue)."""
    return f"{context}{CONTEXT_MARK}{msgid}"


def without_context(text: str) -> str:
    """Return a translation as shown: an untranslated ``NP_`` message loses its context."""
    return text.rpartition(CONTEXT_MARK)[2]


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
        text = without_context(translate(self.msgid))
        return text.format(**values) if values else text


def msg(msgid: str, **params: Any) -> Message:
    """Build a :class:`Message`."""
    return Message(msgid, params)


YES, NO = N_("yes"), N_("no")  # a yes/no option as the results page shows it
COMMA = NP_("list", ", ")  # 「、」 in Japanese
SEMICOLON = NP_("list", "; ")  # between groups that hold commas themselves
COLON = NP_("punctuation", ": ")  # 「：」 in Japanese


@dataclass(frozen=True)
class Listing(Message):
    """Several items (names, numbers or messages) joined the way the reader's language lists them."""

    def render(self, translate: Callable[[str], str] = lambda s: s) -> str:
        """Return the items, each translated if it is a message, joined by the translated separator."""
        items = self.params["items"]
        separator = without_context(translate(self.msgid))
        return separator.join(item.render(translate) if isinstance(item, Message) else str(item) for item in items)


def listing(items: Iterable[Any], separator: str = COMMA) -> Message:
    """Return ``items`` as one phrase, joined by ``separator`` (:data:`COMMA` or :data:`SEMICOLON`)."""
    return Listing(separator, {"items": tuple(items)})


class RuleError(Exception):
    """An event that the rules do not allow; carries a translatable message."""

    def __init__(self, msgid: str, **params: Any) -> None:
        self.message = Message(msgid, params)
        super().__init__(self.message.render())


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
    """A named rule option with a default, shown in the table settings and on the results.

    ``applies`` (optional) says from the table's option values whether this option matters at all
    (e.g. the ASTRA level only in solo play); without it the option always applies.
    """

    key: str
    label: str
    default: Any
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    note: str = ""
    applies: Callable[[Mapping[str, Any]], bool] | None = None
    counts: tuple[int, int] | None = None  # a list of numbers: how many it may hold (default: as many as the default)

    def applies_to(self, values: Mapping[str, Any]) -> bool:
        """Return whether this option matters at a table with these option values."""
        return self.applies is None or bool(self.applies(values))

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
        if self.counts is not None:
            if not self.counts[0] <= len(items) <= self.counts[1]:
                raise RuleError(
                    N_("This option needs between {fewest} and {most} numbers."),
                    fewest=self.counts[0],
                    most=self.counts[1],
                )
        elif len(items) != len(self.default):
            raise RuleError(N_("This option needs exactly {count} numbers."), count=len(self.default))
        return tuple(self._number(item) for item in items)

    def _number(self, raw: Any) -> int:
        if isinstance(raw, bool) or not (
            isinstance(raw, int) or (isinstance(raw, str) and WHOLE_NUMBER.fullmatch(raw.strip()))
        ):
            raise RuleError(N_("“{value}” is not a whole number."), value=str(raw)[:20])
        value = int(raw)
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
        if self.kind == "bool":
            return YES if value else NO
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
        raise RuleError(N_("Unknown rule option: {name}."), name=listing(sorted(unknown)))
    return {
        option.key: option.coerce(given[option.key]) if option.key in given else option.default for option in options
    }


def when(conditions: Mapping[str, str | tuple[str, ...]]) -> Callable[[Mapping[str, Any]], bool]:
    """Return an ``applies`` test: every named option has the given value (or one of the given values).

    ``RuleOption(..., applies=when({MODE: SOLO, ADVENTURE: "1"}))`` declares the option relevant
    only in solo play of adventure 1.
    """
    wanted = {key: (value,) if isinstance(value, str) else value for key, value in conditions.items()}

    def test(values: Mapping[str, Any]) -> bool:
        return all(str(values.get(key)) in allowed for key, allowed in wanted.items())

    return test


def with_defaults(options: Sequence[RuleOption], values: Mapping[str, Any]) -> dict[str, Any]:
    """Return every option's value at a table: the stored one, or the default for a setup that predates it."""
    return {option.key: values.get(option.key, option.default) for option in options}


def relevant_options(options: Sequence[RuleOption], values: Mapping[str, Any]) -> tuple[RuleOption, ...]:
    """Return the options that matter at a table with these option values, in their declared order."""
    complete = {**values, **with_defaults(options, values)}
    return tuple(option for option in options if option.applies_to(complete))


def applied_options(options: Sequence[RuleOption], values: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Return (label, value) pairs of the options a scoreboard was computed with (the relevant ones only)."""
    return tuple(
        (option.label, option.describe(values.get(option.key, option.default)))
        for option in relevant_options(options, values)
    )


# -- Events ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One payload field of a move; the web layer parses forms with it."""

    name: str
    type: str  # "int", "seat", "text", "choice", "ints", "bool"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    required: bool = True
    max_length: int = 60


# Who may make a move: the one vocabulary shared by the server's check, the buttons and the log.
OWN_SEAT = "own-seat"  # for the seat in the move's ``seat`` field: its holder or the host (or anyone
#                        seated when the table's entry option says so)
ANYONE = "anyone"  # any seated phone or the host
HOST = "host"  # the host only
JOIN = "join"  # only through the join link (a phone taking a seat), never from a form
ACTIVE = "active"  # the player whose turn it is (the game's ``active_seat`` of its state), or the host

WHO_PHRASES = {
    OWN_SEAT: N_("the player of that seat (or the host)"),
    ANYONE: N_("anyone seated"),
    HOST: N_("the host"),
    JOIN: N_("a phone joining through the join link"),
    ACTIVE: N_("the player whose turn it is (or the host)"),
}


@dataclass(frozen=True)
class Guard:
    """What a move acts on, so that a move made on a stale screen is refused, not applied twice.

    The phone sends ``field`` with the value it showed (e.g. the turn whose cards it flips); the
    server refuses the move when the table has moved on since (``refusal`` gets ``{now}``).
    """

    field: str
    current: Callable[[Any], int]
    refusal: str


@dataclass(frozen=True)
class Move:
    """One kind of entry, declared once: fields, who may make it, undo, its words, its rule.

    ``apply(setup, state, event)`` returns the new state or raises :class:`RuleError`; for a
    game's own moves ``state`` is the game's state, for the table's moves the table's state.
    ``describe(setup, state, event, who)`` says it in plain words for the log (``who`` is the
    name of the seat in the payload, if any). ``who`` is one of OWN_SEAT, ANYONE, HOST, JOIN, ACTIVE,
    or a function of the setup for moves that a rule option restricts. ACTIVE is read from the game's
    state (``active_seat``) when the move is made and when a ledger is folded again, so an entry an
    undo left out of turn is skipped on replay as it would be refused now. ``advances`` marks a move
    that moves the whole table on: it is refused for a moment after the table has moved on (see
    ``table.HOLD``), so that a burst of taps takes one step.
    """

    kind: str
    label: str
    fields: tuple[Field, ...]
    apply: Callable[[Setup, Any, Event], Any]
    describe: Callable[[Setup, Any, Event, str], Message]
    who: str | Callable[[Setup], str] = OWN_SEAT
    undoable: bool = True
    guard: Guard | None = None
    remember: tuple[str, ...] = ()  # fields the server remembers across its tables, for quick re-entry
    advances: bool = False  # moves the whole table on (a flip, an end of round or turn): one step per burst of taps

    def who_at(self, setup: Setup) -> str:
        """Return who may make this move at a table with ``setup``."""
        return self.who(setup) if callable(self.who) else self.who

    @property
    def payload_fields(self) -> tuple[Field, ...]:
        """The fields of the payload: the declared ones and the guard's (optional when replaying)."""
        if self.guard is None:
            return self.fields
        return (*self.fields, Field(self.guard.field, "int", 0, 10**9, required=False))

    @property
    def asks_nothing(self) -> bool:
        """True when a phone makes this move with one tap (no field to fill in)."""
        return all(not spec.required for spec in self.fields)


@dataclass(frozen=True)
class Control:
    """What a phone may do with one move now: shown only when the server would accept it.

    ``seats`` are the seats this phone may record this move for (seat moves); ``hidden`` the
    guard field and value that the form sends back.
    """

    kind: str
    allowed: bool
    seats: tuple[int, ...] = ()
    hidden: tuple[tuple[str, int], ...] = ()
    advances: bool = False  # the move's ``advances``: its buttons wait a moment after the table moves on


@dataclass(frozen=True)
class Viewer:
    """The phone a view is made for: its seat (None for the host without a seat or a spectator)."""

    seat: int | None
    host: bool
    controls: Mapping[str, Control]
    remembered: Mapping[str, tuple[Mapping[str, Any], ...]] = field(default_factory=dict)  # by move kind

    def control(self, kind: str) -> Control:
        """Return the control of move ``kind``."""
        return self.controls[kind]


def check_payload(move: Move, payload: Payload) -> dict[str, Any]:
    """Return ``payload`` checked against the fields of ``move``, or raise :class:`RuleError`."""
    clean: dict[str, Any] = {}
    fields = move.payload_fields
    for spec in fields:
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
        unexpected = sorted(set(payload) - {f.name for f in fields})
        if unexpected:
            raise RuleError(N_("Unexpected field: {name}."), name=listing(unexpected))
    return clean


# Never typed into a field: control characters (NUL, line breaks, escapes), unpaired surrogates (a
# JSON file's "\ud800": no database or page can encode them) and the bidirectional overrides and
# isolates that make a name read as another.
_UNTYPABLE = (
    (0x00, 0x1F),
    (0x7F, 0x9F),
    (0xD800, 0xDFFF),
    (0x202A, 0x202E),
    (0x2066, 0x2069),
)


def has_control_characters(text: str) -> bool:
    """True when ``text`` holds a character nobody types into a name or a field (see ``_UNTYPABLE``)."""
    return any(low <= ord(c) <= high for c in text for low, high in _UNTYPABLE)


def nesting_depth(value: Any, cap: int) -> int:
    """Return how deeply lists and objects nest in ``value`` (without recursion; past ``cap`` it stops looking)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if level <= cap:  # deeper than the cap is enough to know
            stack.extend((child, level + 1) for child in children)
    return deepest


def _check_value(spec: Field, value: Any) -> Any:
    if spec.type == "text":
        text = value.strip() if isinstance(value, str) else ""
        if not text or len(text) > spec.max_length:
            raise RuleError(N_("Enter between 1 and {limit} characters."), limit=spec.max_length)
        if has_control_characters(text):
            raise RuleError(N_("Text cannot hold control characters."))
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
class Verdict:
    """Solo play: the player's score against the automa's, and who won."""

    automa: str
    score: int
    automa_score: int
    player_wins: bool
    explanation: Message


@dataclass(frozen=True)
class Scoreboard:
    """Final or running standings: players in rank order, and how ties were settled.

    ``verdict`` is set in solo play against an automa: the player ranks first on the sheet but
    wins only if the verdict says so. ``decided`` is false while a tie still has to be played out.
    """

    players: tuple[PlayerScore, ...]
    tie_break: tuple[Message, ...]
    options: tuple[tuple[str, str], ...] = ()
    notes: tuple[Message, ...] = ()
    details: tuple[Message, ...] = ()
    verdict: Verdict | None = None
    decided: bool = True  # False while the rules still have to settle a tie (e.g. an extra round)
    start_seat: int | None = None  # the start player, for exports (BG Stats), when the game knows it

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats of the winners: rank 1, or in solo the player only when beating the automa; none while undecided."""
        if not self.decided:
            return ()
        if self.verdict is not None:
            return tuple(p.seat for p in self.players) if self.verdict.player_wins else ()
        return tuple(p.seat for p in self.players if p.rank == 1)

    def to_json(self, translate: Callable[[str], str] = lambda s: s) -> dict[str, Any]:
        """Return a JSON-ready dict of the scoreboard."""
        names = {p.seat: p.name for p in self.players}
        result: dict[str, Any] = {
            "decided": self.decided,
            "winners": [{"seat": seat, "name": names[seat]} for seat in self.winners],
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
        if self.verdict is not None:
            result["verdict"] = {
                "automa": self.verdict.automa,
                "score": self.verdict.score,
                "automa_score": self.verdict.automa_score,
                "winner": "player" if self.verdict.player_wins else "automa",
                "explanation": self.verdict.explanation.render(translate),
            }
        return result


# -- The contract ------------------------------------------------------------------------------


class Game(Protocol):
    """What a registered game provides. State objects are the game's own frozen values.

    A game is one package under ``companion/games/``: its rules, its cards and sheets as data,
    its view per seat and its templates. The table adds what every table has (tally, dice, seats,
    undo) and dispatches each move through its :class:`Move` record.
    """

    @property
    def slug(self) -> str:
        """The registry key, e.g. ``mission-red-planet``."""

    @property
    def name(self) -> str:
        """The game's name (a message id)."""

    @property
    def bgg_id(self) -> int | None:
        """The game's BoardGameGeek id (for BG Stats), or None when there is no single one."""

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
    def moves(self) -> tuple[Move, ...]:
        """The game's own moves, each declared once."""

    @property
    def tally_categories(self) -> tuple[TallyCategory, ...]:
        """Categories the table's tally sheet starts with."""

    @property
    def rule_version(self) -> int:
        """The version of the game's rules and state: stored folds (snapshots) of another version are redone."""

    @property
    def table_extras(self) -> bool:
        """True when the game is kept on the table's tally sheet and dice tray (a score pad).

        A modelled game keeps every point in its own state: its tables have neither, so that no
        phone records a point the score would ignore.
        """

    @property
    def templates(self) -> str | None:
        """Folder of the game's templates (its panel is ``_panel.html``), or None without a panel."""

    @property
    def catalogue(self) -> Catalogue | None:
        """How the game's cards are a catalogue file, or None when the server keeps no catalogue of them."""

    def check_setup(self, setup: Setup) -> None:
        """Raise :class:`RuleError` if the players and options cannot play this game."""

    def initial_state(self, setup: Setup) -> Any:
        """Return the game's state before any event."""

    def score(self, setup: Setup, state: Any, tally: Any) -> Scoreboard:
        """Return the scoreboard of ``state`` (``tally`` is the table's tally sheet)."""

    def view(self, setup: Setup, state: Any, viewer: Viewer) -> Any:
        """Return what ``viewer``'s phone may see and do on the game's panel; secrets are removed here."""

    def reference(self) -> tuple[str, ...]:
        """Return extra Markdown lines for docs/events.md (e.g. the boxes of a score sheet)."""


# A tally's bounds, wide enough for the money of a trading game: a tap cannot make a count run away.
TALLY_LIMIT = 999_999


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
    minimum: int = -TALLY_LIMIT
    maximum: int = TALLY_LIMIT

    def points(self, count: int) -> int:
        """Return the points that ``count`` is worth."""
        if not self.scores:
            return 0
        if self.ladder:
            return self.ladder[min(max(count, 0), len(self.ladder) - 1)]
        return count * self.per_unit
