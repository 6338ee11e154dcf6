"""A table's state as the fold of its ledger: tally sheet, dice tray, seats, voids, and the game.

Every table understands the kinds in :mod:`companion.games.kinds`; anything else is passed to
the table's game. An event that a void made obsolete, or that no longer fits after an earlier
event was voided, is skipped by the fold and listed in ``skipped`` with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games import kinds
from companion.games.base import (
    N_,
    Choice,
    Event,
    EventKind,
    Field,
    Game,
    Message,
    RuleError,
    RuleOption,
    Scoreboard,
    Setup,
    check_payload,
    evolve,
    msg,
)
from companion.games.randomness import roll
from companion.games.tally import TallySheet, new_sheet

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

_seat = Field("seat", "seat")
TABLE_EVENT_KINDS = (
    EventKind(
        kinds.TALLY_ADD,
        N_("Add to a tally"),
        (_seat, Field("category", "text"), Field("delta", "int", -999, 999)),
    ),
    EventKind(
        kinds.TALLY_SET,
        N_("Set a tally"),
        (_seat, Field("category", "text"), Field("value", "int", -9999, 9999)),
    ),
    EventKind(kinds.TALLY_CATEGORY, N_("Add a tally category"), (Field("name", "text", max_length=30),)),
    EventKind(
        kinds.DICE_ROLL,
        N_("Roll dice"),
        (
            Field("count", "int", 1, MAX_DICE),
            Field("sides", "int", 2, 100),
            Field("values", "ints", 1, 100, required=False),
        ),
    ),
    EventKind(kinds.VOID, N_("Undo"), (Field("target", "int", 1, 10**9),)),
    EventKind(kinds.SEAT_CLAIM, N_("Take a seat"), (_seat, Field("device", "text", max_length=64)), voidable=False),
    EventKind(kinds.SEAT_RELEASE, N_("Free a seat"), (_seat,), voidable=False, host_only=True),
    EventKind(kinds.TABLE_END, N_("End the table"), (), voidable=False, host_only=True),
)


@dataclass(frozen=True)
class DiceRoll:
    """One roll in the dice tray: rolled by the app from the seed, or typed in from real dice."""

    seq: int
    author: int | None
    sides: int
    values: tuple[int, ...]
    in_app: bool

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
    rolls: tuple[DiceRoll, ...] = ()
    claims: Mapping[int, str] = field(default_factory=dict)
    ended: bool = False
    events: tuple[Event, ...] = ()
    voided: frozenset[int] = frozenset()
    skipped: Mapping[int, Message] = field(default_factory=dict)

    @property
    def last_seq(self) -> int:
        """Sequence number of the last event folded (0 for a new table)."""
        return self.events[-1].seq if self.events else 0

    def seat_of(self, device: str) -> int | None:
        """Return the seat claimed by ``device``, if any."""
        return next((seat for seat, d in self.claims.items() if d == device), None)


def new_table(game: Game, setup: Setup) -> TableState:
    """Return the state of a table before any event."""
    return TableState(setup, game.initial_state(setup), new_sheet(game.tally_categories))


def event_kinds(game: Game) -> dict[str, EventKind]:
    """Return every kind a table of ``game`` understands, by name."""
    kinds_of_game = _KINDS.get(game.slug)
    if kinds_of_game is None:
        kinds_of_game = _KINDS[game.slug] = {k.kind: k for k in (*TABLE_EVENT_KINDS, *game.event_kinds)}
    return kinds_of_game


_KINDS: dict[str, dict[str, EventKind]] = {}


def fold(game: Game, setup: Setup, events: Iterable[Event]) -> TableState:
    """Return the state after ``events`` (in sequence order), honouring voids."""
    ledger = tuple(events)
    voided = _voided(ledger)
    skipped: dict[int, Message] = {}
    state = _apply_all(game, new_table(game, setup), ledger, voided, skipped)
    return evolve(state, events=ledger, voided=frozenset(voided), skipped=skipped)


def extend(game: Game, state: TableState, new_events: Iterable[Event]) -> TableState:
    """Return ``state`` after more events; a void among them refolds the whole ledger."""
    added = tuple(new_events)
    if not added:
        return state
    if any(e.kind == kinds.VOID for e in added):
        return fold(game, state.setup, (*state.events, *added))
    skipped = dict(state.skipped)
    state = _apply_all(game, state, added, (), skipped)
    return evolve(state, events=(*state.events, *added), skipped=skipped)


def _apply_all(
    game: Game, state: TableState, events: Iterable[Event], voided: Collection[int], skipped: dict[int, Message]
) -> TableState:
    """Apply events in order, leaving out voids and voided ones; a refused event is noted in ``skipped``.

    The game's own state is carried separately through runs of game events (the hot loop of a
    long ledger) and put back into the table state when a table event or the end comes.
    """
    setup, game_state = state.setup, state.game
    for event in events:
        if event.seq in voided or event.kind == kinds.VOID:
            continue
        try:
            event = _checked(game, event)
            handler = _HANDLERS.get(event.kind)
            if handler is None:
                game_state = game.apply(setup, game_state, event)
            else:
                state = handler(evolve(state, game=game_state), event)
                game_state = state.game
        except RuleError as error:
            skipped[event.seq] = error.message
    return state if state.game is game_state else evolve(state, game=game_state)


def _voided(ledger: tuple[Event, ...]) -> set[int]:
    """Return the seqs of voided events: a void counts only while it is not voided itself."""
    voided: set[int] = set()
    for event in reversed(ledger):
        if event.kind == kinds.VOID and event.seq not in voided:
            voided.add(int(event.payload["target"]))
    return voided


def decide(game: Game, state: TableState, event: Event) -> Event:
    """Return ``event`` with a checked payload if it may be appended now, else raise RuleError."""
    kind = event_kinds(game).get(event.kind)
    if kind is None:
        raise RuleError(N_("Unknown kind of entry: {kind}."), kind=event.kind)
    if state.ended:
        raise RuleError(N_("This table has ended; nothing more can be recorded."))
    checked = evolve(event, payload=check_payload(kind, event.payload))
    if kind.host_only and not checked.by_host:
        raise RuleError(N_("Only the host can do this."))
    _check_seat_rights(state, checked)
    if checked.kind == kinds.VOID:
        _check_void(game, state, checked)
    else:
        _apply(game, state, checked)
    return checked


def _check_seat_rights(state: TableState, event: Event) -> None:
    seat = event.payload.get("seat")
    if event.kind == kinds.SEAT_CLAIM or seat is None or event.by_host:
        return
    if state.setup.options.get(ENTRY_POLICY) == ENTRIES_ANYONE and event.author is not None:
        return
    if seat != event.author:
        raise RuleError(N_("You can only record for your own seat."))


def _check_void(game: Game, state: TableState, event: Event) -> None:
    target_seq = event.payload["target"]
    target = next((e for e in state.events if e.seq == target_seq), None)
    if target is None:
        raise RuleError(N_("There is no entry #{seq}."), seq=target_seq)
    if not event_kinds(game)[target.kind].voidable:
        raise RuleError(N_("Entry #{seq} cannot be undone."), seq=target_seq)
    if target.seq in state.voided:
        raise RuleError(N_("Entry #{seq} is already undone."), seq=target_seq)
    anyone_may = event.by_host or state.setup.options.get(ENTRY_POLICY) == ENTRIES_ANYONE
    if not anyone_may and target.author != event.author:
        raise RuleError(N_("Only its author or the host can undo entry #{seq}."), seq=target_seq)


def _checked(game: Game, event: Event) -> Event:
    """Return the event with its payload checked against its kind, or raise RuleError."""
    kind = event_kinds(game).get(event.kind)
    if kind is None:
        raise RuleError(N_("Unknown kind of entry: {kind}."), kind=event.kind)
    payload = check_payload(kind, event.payload)
    return event if payload == event.payload else evolve(event, payload=payload)


def _apply(game: Game, state: TableState, event: Event) -> TableState:
    event = _checked(game, event)
    handler = _HANDLERS.get(event.kind)
    if handler is not None:
        return handler(state, event)
    return evolve(state, game=game.apply(state.setup, state.game, event))


def _tally_add(state: TableState, event: Event) -> TableState:
    seat, key = _seat_checked(state, event), event.payload["category"]
    value = state.tally.count(seat, key) + event.payload["delta"]
    return evolve(state, tally=state.tally.with_count(seat, key, value))


def _tally_set(state: TableState, event: Event) -> TableState:
    seat = _seat_checked(state, event)
    return evolve(state, tally=state.tally.with_count(seat, event.payload["category"], event.payload["value"]))


def _tally_category(state: TableState, event: Event) -> TableState:
    return evolve(state, tally=state.tally.with_category(event.payload["name"]))


def _dice_roll(state: TableState, event: Event) -> TableState:
    count, sides = event.payload["count"], event.payload["sides"]
    if sides not in DIE_SIDES:
        raise RuleError(N_("Choose dice with 4, 6, 8, 10, 12 or 20 sides."))
    typed = event.payload.get("values")
    if typed is None:
        values = roll(count, sides, state.setup.seed, "dice", event.seq)
    elif len(typed) != count or not all(1 <= v <= sides for v in typed):
        raise RuleError(N_("Enter {count} values from 1 to {sides}."), count=count, sides=sides)
    else:
        values = tuple(typed)
    dice = DiceRoll(event.seq, event.author, sides, values, typed is None)
    return evolve(state, rolls=(*state.rolls, dice))


def _seat_claim(state: TableState, event: Event) -> TableState:
    seat, device = _seat_checked(state, event), event.payload["device"]
    if state.claims.get(seat) not in (None, device):
        raise RuleError(N_("This seat is already taken by another phone."))
    if state.seat_of(device) not in (None, seat):
        raise RuleError(N_("This phone already holds another seat."))
    return evolve(state, claims={**state.claims, seat: device})


def _seat_release(state: TableState, event: Event) -> TableState:
    seat = _seat_checked(state, event)
    return evolve(state, claims={s: d for s, d in state.claims.items() if s != seat})


def _table_end(state: TableState, event: Event) -> TableState:
    return evolve(state, ended=True)


def _seat_checked(state: TableState, event: Event) -> int:
    seat = int(event.payload["seat"])
    state.setup.player(seat)
    return seat


_HANDLERS: dict[str, Callable[[TableState, Event], TableState]] = {
    kinds.TALLY_ADD: _tally_add,
    kinds.TALLY_SET: _tally_set,
    kinds.TALLY_CATEGORY: _tally_category,
    kinds.DICE_ROLL: _dice_roll,
    kinds.SEAT_CLAIM: _seat_claim,
    kinds.SEAT_RELEASE: _seat_release,
    kinds.TABLE_END: _table_end,
}


def describe(game: Game, state: TableState, event: Event) -> Message:
    """Return the entry in plain words for the log."""
    describe_table_event = _DESCRIPTIONS.get(event.kind)
    if describe_table_event is None:
        return game.describe(state.setup, event)
    who = next((p.name for p in state.setup.players if p.seat == event.payload.get("seat")), "")
    return describe_table_event(state, event, who)


def _category_label(state: TableState, key: str) -> Message:
    return msg(state.tally.category(key).label if any(c.key == key for c in state.tally.categories) else key)


def _describe_roll(state: TableState, event: Event, who: str) -> Message:
    dice = next((r for r in state.rolls if r.seq == event.seq), None)
    values = ", ".join(str(v) for v in dice.values) if dice else "—"
    template = (
        N_("Entered real dice {count}d{sides}: {values}")
        if "values" in event.payload
        else N_("Rolled {count}d{sides} in the app: {values}")
    )
    return msg(template, count=event.payload["count"], sides=event.payload["sides"], values=values)


_DESCRIPTIONS: dict[str, Callable[[TableState, Event, str], Message]] = {
    kinds.TALLY_ADD: lambda state, e, who: msg(
        N_("{name}: {delta:+d} {category}"),
        name=who,
        delta=e.payload["delta"],
        category=_category_label(state, e.payload["category"]),
    ),
    kinds.TALLY_SET: lambda state, e, who: msg(
        N_("{name}: {category} set to {value}"),
        name=who,
        value=e.payload["value"],
        category=_category_label(state, e.payload["category"]),
    ),
    kinds.TALLY_CATEGORY: lambda state, e, who: msg(N_("New tally category “{name}”"), name=e.payload["name"]),
    kinds.DICE_ROLL: _describe_roll,
    kinds.VOID: lambda state, e, who: msg(N_("Undid entry #{seq}"), seq=e.payload["target"]),
    kinds.SEAT_CLAIM: lambda state, e, who: msg(N_("{name} took their seat"), name=who),
    kinds.SEAT_RELEASE: lambda state, e, who: msg(N_("Seat of {name} freed"), name=who),
    kinds.TABLE_END: lambda state, e, who: msg(N_("The table ended; the seed is revealed")),
}


def score(game: Game, state: TableState) -> Scoreboard:
    """Return the game's scoreboard for the table."""
    return game.score(state.setup, state.game, state.tally)
