"""Moves: each kind of entry declared once (fields, who may make it, its guard) and its controls."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.contract import Event, Setup
from companion.games.words import N_, Message


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
class Secret:
    """What of a move only its own seat's phone sees, until the table ends or ``revealed`` says so.

    ``fields`` are left out of the entry before its log line is written for any other phone (the
    host's included): a description never has a secret to hide by hand. The owner is the seat in
    the payload (or the author). ``revealed(game_state, event)`` turns the entry up before the end
    (e.g. Andromeda's face-down offers, all turned up together).
    """

    fields: tuple[str, ...]
    revealed: Callable[[Any, Event], bool] | None = None


@dataclass(frozen=True)
class Move:
    """One kind of entry, declared once: fields, who may make it, undo, its words, its rule.

    ``apply(setup, state, event)`` returns the new state or raises :class:`RuleError`; for a
    game's own moves ``state`` is the game's state, for the table's moves the table's state.
    ``describe(setup, state, event, who)`` says it in plain words for the log (``who`` is the
    name of the seat in the payload, if any); a field the move's ``secret`` names is absent from
    the entry it gets for a phone that may not see it. ``who`` is one of OWN_SEAT, ANYONE, HOST, JOIN, ACTIVE,
    or a function of the setup for moves that a rule option restricts. ACTIVE is read from the game's
    state (``active_seat``) when the move is made and when a ledger is folded again, so an entry an
    undo left out of turn is skipped on replay as it would be refused now. ``advances`` marks a move
    that moves the whole table on: it is refused for a moment after the table has moved on (see
    ``table.HOLD``), so that a burst of taps takes one step.

    A game move that draws something secret declares two more: ``deal(setup, state, event)``
    returns the fields the app draws for the entry as it is recorded (written into its payload,
    overriding anything a phone sent), and ``left_out(setup, state, event)`` what an entry the
    fold leaves out (undone, or no longer fitting) still leaves behind: what its player saw stays
    seen, so an undo never puts a secret back for someone else to draw.
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
    secret: Secret | None = None  # what of it only its seat sees until it is revealed (the log is per seat)
    advances: bool = False  # moves the whole table on (a flip, an end of round or turn): one step per burst of taps
    deal: Callable[[Setup, Any, Event], Mapping[str, Any]] | None = None  # what the app draws as it is recorded
    left_out: Callable[[Setup, Any, Event], Any] | None = None  # what it leaves behind when undone or refused

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
    guard field and value that the form sends back; ``on_turn`` is True for a move made on the
    turn of the active seat (its button is that seat's).
    """

    kind: str
    allowed: bool
    seats: tuple[int, ...] = ()
    hidden: tuple[tuple[str, int], ...] = ()
    advances: bool = False  # the move's ``advances``: its buttons wait a moment after the table moves on
    on_turn: bool = False


@dataclass(frozen=True)
class Viewer:
    """The phone a view is made for: its seat (None for the host without a seat or a spectator).

    Templates ask it for the control of a move (``viewer.control(kind, seat)``) and whose the
    button is when it is not this phone's own seat (``viewer.acting_for(kind, seat)``): those
    controls sit behind the board's "for another player" switch.
    """

    seat: int | None
    host: bool
    controls: Mapping[str, Control]
    remembered: Mapping[str, tuple[Mapping[str, Any], ...]] = field(default_factory=dict)  # by move kind
    active: int | None = None  # the seat whose turn it is, in a game with turns

    def control(self, kind: str, seat: int | None = None) -> Control:
        """Return the control of move ``kind`` (for ``seat``: not allowed unless this phone may record for it)."""
        control = self.controls[kind]
        if seat is None or not control.seats or seat in control.seats:
            return control
        return Control(control.kind, False, (), control.hidden, control.advances, control.on_turn)

    def acting_for(self, kind: str, seat: int | None = None) -> int | None:
        """Return the seat the control of ``kind`` (for ``seat``) acts for when it is not this phone's own.

        A seat move acts for the seat it names; a move made on a turn, for the active seat. None
        when the button is this phone's own, or the move belongs to no seat (Flip, End round).
        """
        control = self.controls[kind]
        target = seat if seat is not None else (self.active if control.on_turn else None)
        return target if target is not None and target != self.seat else None

    @property
    def acts_for_others(self) -> bool:
        """True when this phone may make a move for a seat not its own (the host, or anyone by the option)."""
        return any(
            c.allowed and (any(s != self.seat for s in c.seats) or (c.on_turn and self.active not in (None, self.seat)))
            for c in self.controls.values()
        )
