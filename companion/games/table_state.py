"""A table's state: the game's, the tally sheet, the dice tray, the seats held, the ledger and its undos."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.games.appendable import Appendable, Events
from companion.games.contract import Event, Setup
from companion.games.mechanics.tally import TallySheet
from companion.games.options import Choice, RuleOption
from companion.games.words import N_, Message

DIE_SIDES = (4, 6, 8, 10, 12, 20)
MAX_DICE = 10

ENTRY_POLICY = "entries"
ENTRIES_OWN_SEAT = "own-seat"
ENTRIES_ANYONE = "anyone"

TABLE_OPTIONS = (
    RuleOption(
        ENTRY_POLICY,
        N_("Who may record for a seat"),
        ENTRIES_OWN_SEAT,
        (
            Choice(ENTRIES_OWN_SEAT, N_("Each player for their own seat (the host for all)")),
            Choice(ENTRIES_ANYONE, N_("Anyone seated, for any seat")),
        ),
    ),
)


@dataclass(frozen=True)
class DiceRoll:
    """One roll in the dice tray: rolled by the app from the seed, or typed in from real dice."""

    seq: int
    author: int | None
    sides: int
    values: tuple[int, ...]
    in_app: bool
    app_rolls_before: int = 0  # the app's rolls before this one: an app roll is numbered by it

    @property
    def total(self) -> int:
        """Sum of the dice."""
        return sum(self.values)


@dataclass(frozen=True)
class TableState:
    """Everything a screen shows: the fold of the ledger."""

    setup: Setup
    game: Any
    tally: TallySheet
    rolls: Appendable[DiceRoll] = field(default_factory=Appendable)
    claims: Mapping[int, str] = field(default_factory=dict)
    ended: bool = False
    events: Events = field(default_factory=Events)
    voided: frozenset[int] = frozenset()
    skipped: Mapping[int, Message] = field(default_factory=dict)
    voids: tuple[tuple[int, int], ...] = ()  # (entry, the entry it undoes) for every undo in the ledger
    # guard field -> (seq, time) of the entry that last changed its value, for the advancing moves'
    # guards: noted as entries are appended (or caught up with); a table folded afresh knows none.
    moved: Mapping[str, tuple[int, datetime]] = field(default_factory=dict)
    origin: Setup | None = None  # the setup before any reseed: an undo folds the ledger again from it

    @property
    def last_seq(self) -> int:
        """Sequence number of the last event folded (0 for a new table)."""
        return self.events.last_seq

    def seat_of(self, device: str) -> int | None:
        """Return the seat claimed by ``device``, if any."""
        return next((seat for seat, d in self.claims.items() if d == device), None)

    def event(self, seq: int) -> Event | None:
        """Return the entry numbered ``seq``, if there is one."""
        index = seq - 1
        if 0 <= index < len(self.events) and self.events[index].seq == seq:
            return self.events[index]
        return next((e for e in self.events if e.seq == seq), None)
