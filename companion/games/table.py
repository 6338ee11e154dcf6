"""Deciding and folding moves: a table's state as the fold of its ledger, each phone's controls, the log's words.

Every table understands the moves in :data:`TABLE_MOVES`; the rest are the table's game's own.
Each move is declared once (:class:`~companion.games.moves.Move`): :func:`decide` checks a new
move with that record (fields, who may make it, the state it was made on, the rule) and returns
the new state; :func:`controls` tells a phone which moves it may make now from the same record;
:func:`fold` replays a ledger. An event that a void made obsolete, or that no longer fits after an
earlier event was voided, is skipped by the fold and listed in ``skipped`` with the reason.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import timedelta
from typing import Any

from companion.games import kinds
from companion.games.appendable import Events
from companion.games.contract import Event, Game, Setup, evolve
from companion.games.mechanics.tally import new_sheet
from companion.games.moves import (
    ACTIVE,
    JOIN,
    OWN_SEAT,
    Control,
    Guard,
    Move,
    Viewer,
)
from companion.games.payloads import check_payload
from companion.games.rights import active_seat, may_undo, move_refusal, open_to, seats_for, secret_shown, turn_refusal
from companion.games.scores import Scoreboard
from companion.games.table_moves import TABLE_KINDS, move_of, moves, seat_name
from companion.games.table_state import TableState
from companion.games.words import N_, Message, RuleError, msg

# One step per burst of taps: an advancing move (``Move.advances``) is refused this long after the
# table moved on, when the value its guard checks was made current by another entry (a second tap,
# another phone's tap). Decided when an entry is appended, from the times entries were stored:
# replaying a ledger never asks. static/js/app.js holds the same buttons as long (HOLD_MS).
HOLD = timedelta(seconds=1)


# -- The fold ------------------------------------------------------------------------------------


def new_table(game: Game, setup: Setup) -> TableState:
    """Return the state of a table before any event."""
    return TableState(setup, game.initial_state(setup), new_sheet(game.tally_categories), origin=setup)


def fold(game: Game, setup: Setup, events: Iterable[Event]) -> TableState:
    """Return the state after ``events`` (in sequence order), honouring voids."""
    ledger = events if isinstance(events, Events) else Events(events)
    voids = tuple((e.seq, int(e.payload["target"])) for e in ledger if e.kind == kinds.VOID)
    return _refold(game, setup, ledger, voids)


def extend(game: Game, state: TableState, new_events: Iterable[Event]) -> TableState:
    """Return ``state`` after more events; an undo among them changes what the fold leaves out, so
    the table is folded again from its first entry."""
    added = tuple(new_events)
    if not added:
        return state
    ledger = state.events.appended(added)
    new_voids = tuple((e.seq, int(e.payload["target"])) for e in added if e.kind == kinds.VOID)
    if new_voids:  # from the setup the table began with: a reseed's fresh seed draws only after it
        return _refold(game, state.origin or state.setup, ledger, state.voids + new_voids)
    # The refused entries so far are shared, not copied: a long ledger's append stays O(1).
    newly_skipped: dict[int, Message] = {}
    before = state
    state = _apply_all(game, state, added, (), newly_skipped)
    skipped = {**state.skipped, **newly_skipped} if newly_skipped else state.skipped
    return _note_moved(game, before, evolve(state, events=ledger, skipped=skipped), added[-1])


def _refold(game: Game, setup: Setup, ledger: Events, voids: tuple[tuple[int, int], ...]) -> TableState:
    """Fold ``ledger`` from its first entry, leaving out what ``voids`` void.

    An undo reaches back only: one aimed at its own or a later entry (a forged scenario file's,
    stored before imports were checked for it) voids nothing, and the log says why.
    """
    skipped: dict[int, Message] = {seq: msg(FORWARD_UNDO) for seq, target in voids if target >= seq}
    voids = tuple((seq, target) for seq, target in voids if target < seq)
    voided = _voided(voids)
    state = _apply_all(game, new_table(game, setup), iter(ledger), voided, skipped)
    return evolve(state, events=ledger, voided=frozenset(voided), skipped=skipped, voids=voids)


FORWARD_UNDO = N_("an undo can only undo an earlier entry")


def _apply_all(
    game: Game,
    state: TableState,
    events: Iterable[Event],
    voided: Collection[int],
    skipped: dict[int, Message],
) -> TableState:
    """Apply events in order, leaving out voids and voided ones; a refused event is noted in ``skipped``.

    The game's own state is carried separately through runs of game events (the hot loop of a
    long ledger) and put back into the table state when a table event or the end comes.
    """
    setup, game_state = state.setup, state.game
    by_kind = moves(game)
    for event in events:
        if event.kind == kinds.VOID:
            continue
        move = by_kind.get(event.kind)
        if event.seq in voided:
            if move is not None and move.left_out is not None:
                game_state = _left_out(setup, move, game_state, event)
            continue
        try:
            if move is None:
                raise RuleError(N_("Unknown kind of entry: {kind}."), kind=event.kind)
            event = _checked(setup, move, event)
            if move.who_at(setup) == ACTIVE:
                _refuse(turn_refusal(game, setup.player, game_state, event.author, event.by_host))
            if event.kind in TABLE_KINDS:
                state = move.apply(setup, evolve(state, game=game_state), event)
                game_state, setup = state.game, state.setup  # a reseed changes the seed from here on
            else:
                game_state = move.apply(setup, game_state, event)
        except RuleError as error:
            skipped[event.seq] = error.message
            if move is not None and move.left_out is not None:
                game_state = _left_out(setup, move, game_state, event)
    return state if state.game is game_state else evolve(state, game=game_state)


def _left_out(setup: Setup, move: Move, game_state: Any, event: Event) -> Any:
    """Return the game's state after what an entry left out still leaves behind (a secret it showed stays seen)."""
    assert move.left_out is not None
    try:
        return move.left_out(setup, game_state, _checked(setup, move, event))
    except RuleError:
        return game_state  # an entry its record refuses showed nothing


def _checked(setup: Setup, move: Move, event: Event) -> Event:
    """Return the event with its payload checked against its move (seats at this table), or raise RuleError."""
    payload = check_payload(move, event.payload)
    for spec in move.fields:
        if spec.type == "seat" and spec.name in payload:
            setup.player(payload[spec.name])
    return event if payload == event.payload else evolve(event, payload=payload)


def _voided(voids: Sequence[tuple[int, int]]) -> set[int]:
    """Return the seqs of voided events: a void counts only while it is not voided itself."""
    voided: set[int] = set()
    for seq, target in reversed(voids):
        if seq not in voided:
            voided.add(target)
    return voided


# -- Deciding a new move -----------------------------------------------------------------------


def decide(
    game: Game, state: TableState, event: Event, *, joining: bool = False, hold: timedelta = HOLD
) -> tuple[Event, TableState]:
    """Check a new move against its record and the table, and return it with the state after it.

    Raises RuleError (with the reason) when the move may not be made now: unknown, after the
    end, by someone the record does not allow, made on a screen the table has moved on from
    (its guard), or refused by the rules. ``joining`` is true only for the server's own flows (a
    phone joining, a profile restored, an import's fresh seed). An undo folds the table again.
    ``hold`` is how long an advancing move waits after the table moved on (:data:`HOLD`).
    """
    _check_hold(game, state, event, hold)
    checked, after = _tried(game, state, event, joining)
    if checked.kind == kinds.VOID:
        return checked, extend(game, state, (checked,))
    return checked, _note_moved(game, state, evolve(after, events=state.events.appended((checked,))), checked)


def _tried(game: Game, state: TableState, event: Event, joining: bool) -> tuple[Event, TableState]:
    """Check a move and return it with the state after it, its ledger untouched (an undo: the state as it is)."""
    move = move_of(game, event.kind)
    if state.ended:
        raise RuleError(N_("This table has ended; nothing more can be recorded."))
    checked = _checked(state.setup, move, event)
    _refuse(
        move_refusal(
            game,
            state,
            move.kind,
            author=checked.author,
            by_host=checked.by_host,
            payload=checked.payload,
            joining=joining,
        )
    )
    setup = state.setup
    scope_state = state if move.kind in TABLE_KINDS else state.game
    if move.guard is not None:  # a screen the table has moved on from says so, before whose turn it is now
        shown = checked.payload.get(move.guard.field)
        now = move.guard.current(scope_state)
        if shown is None:
            raise RuleError(N_("This screen is out of date: reload it and try again."))
        if shown != now:
            raise RuleError(move.guard.refusal, now=now)
    if move.who_at(setup) == ACTIVE:
        _refuse(turn_refusal(game, setup.player, state.game, checked.author, checked.by_host))
    if checked.kind == kinds.VOID:
        _check_void(game, state, checked)
        return checked, state
    if move.deal is not None:  # drawn by the app now, whatever the phone sent
        checked = evolve(checked, payload={**checked.payload, **move.deal(setup, state.game, checked)})
    if move.kind in TABLE_KINDS:
        return checked, move.apply(setup, state, checked)
    return checked, evolve(state, game=move.apply(setup, state.game, checked))


def _held_guards(game: Game) -> tuple[tuple[Guard, bool], ...]:
    """Return the guards of the game's advancing moves, each once, and whether it reads the table's state."""
    by_field = {
        move.guard.field: (move.guard, move.kind in TABLE_KINDS)
        for move in moves(game).values()
        if move.advances and move.guard is not None
    }
    return tuple(by_field.values())


def _note_moved(game: Game, before: TableState, after: TableState, last: Event) -> TableState:
    """Note which advancing guards ``last`` (the newest entry) changed, and when it was stored."""
    if last.at is None:
        return after
    changed = {
        guard.field: (last.seq, last.at)
        for guard, table_wide in _held_guards(game)
        if guard.current(before if table_wide else before.game) != guard.current(after if table_wide else after.game)
    }
    return evolve(after, moved={**after.moved, **changed}) if changed else after


def _follows_own_entry(game: Game, before: Event, event: Event) -> bool:
    """Whether ``event`` is the same hand's next entry for a seat that ``before`` named too, ``before``
    being a move of the game that does not move the table on itself (an Andromeda action, then End the
    turn).

    That hand made the board it taps: its tap is meant for that board, never the second tap of a
    burst meant for the one before (the phone holds a control that came up under the finger). The
    hand is the seat, or the host (the ledger does not tell two phones of one seat apart). An action
    that passed the turn on is another seat's board, and an entry that names no seat (Space Base's
    start, a step of the whole table) another step: both are still held.
    """
    move = moves(game).get(before.kind)
    seat = before.payload.get("seat")
    return (
        move is not None
        and move.kind not in TABLE_KINDS  # an undo, a join: not the game's own step
        and not move.advances
        and seat is not None
        and seat == event.payload.get("seat")
        and (before.author, before.by_host) == (event.author, event.by_host)
    )


def _check_hold(game: Game, state: TableState, event: Event, hold: timedelta) -> None:
    """Raise RuleError when an advancing move comes less than ``hold`` after the table moved on.

    The move's guard value is current, but another entry made it so a moment ago: this tap was
    meant for the board before (a burst of taps, two phones at once). Checked before the rules, so
    that the player hears why rather than what the new board would first need. A move without a
    guard (the end of the table) waits for any advancing guard.
    """
    move = moves(game).get(event.kind)
    if move is None or not move.advances or event.at is None or not state.moved or state.ended:
        return
    if move.guard is not None:
        table_wide = move.kind in TABLE_KINDS
        if event.payload.get(move.guard.field) != move.guard.current(state if table_wide else state.game):
            return  # made on a screen the table has moved on from: its guard says so
        noted = state.moved.get(move.guard.field)
    else:
        noted = max(state.moved.values(), key=lambda moved: moved[1])
    if noted is None:
        return
    seq, at = noted
    changed_by = state.event(seq)
    if changed_by is not None and _follows_own_entry(game, changed_by, event):
        return
    if timedelta(0) <= event.at - at < hold:
        raise RuleError(
            N_(
                "The table has just moved on ({what}), so this tap was not recorded. Look at the board,"
                " then tap again if you still mean it."
            ),
            what=describe(game, state, changed_by) if changed_by is not None else "",
        )


def _refuse(refusal: Message | None) -> None:
    """Raise the refusal of a move's record (see companion.games.rights), if there is one."""
    if refusal is not None:
        raise RuleError(refusal.msgid, **refusal.params)


def _check_void(game: Game, state: TableState, event: Event) -> None:
    target_seq = event.payload["target"]
    target = state.event(target_seq)
    if target is None:
        raise RuleError(N_("There is no entry #{seq}."), seq=target_seq)
    if not move_of(game, target.kind).undoable:
        raise RuleError(N_("Entry #{seq} cannot be undone."), seq=target_seq)
    if target.seq in state.voided:
        raise RuleError(N_("Entry #{seq} is already undone."), seq=target_seq)
    if not may_undo(state, target, event.author, event.by_host):
        raise RuleError(N_("Only its author or the host can undo entry #{seq}."), seq=target_seq)


# -- What a phone may do -------------------------------------------------------------------------


def controls(game: Game, state: TableState, seat: int | None, host: bool) -> dict[str, Control]:
    """Return, for every move, whether this phone may make it now and for which seats.

    Read from the same records as :func:`decide`: a one-tap move is tried against the state, so a
    button is shown exactly when the server would accept its tap.
    """
    return {kind: _control(game, state, move, seat, host) for kind, move in moves(game).items()}


def _control(game: Game, state: TableState, move: Move, seat: int | None, host: bool) -> Control:
    who = move.who_at(state.setup)
    if state.ended or who == JOIN:
        return Control(move.kind, False)
    scope_state = state if move.kind in TABLE_KINDS else state.game
    hidden = ((move.guard.field, move.guard.current(scope_state)),) if move.guard else ()
    if who == OWN_SEAT:
        seats = seats_for(state, seat, host)
        return Control(move.kind, bool(seats), seats, hidden, move.advances)
    allowed = open_to(move, state, game, seat, host)
    if allowed and move.asks_nothing:
        try:
            _tried(game, state, Event(state.last_seq + 1, move.kind, dict(hidden), author=seat, by_host=host), False)
        except RuleError:
            allowed = False
    return Control(move.kind, allowed, (), hidden, move.advances, on_turn=who == ACTIVE)


def viewer(
    game: Game,
    state: TableState,
    seat: int | None,
    host: bool,
    remembered: Mapping[str, tuple[Mapping[str, Any], ...]] | None = None,
) -> Viewer:
    """Return the phone a view is made for, with its controls and what the server remembers for re-entry.

    What the server remembers holds no secret of a running table (a secret card joins it when its
    table ends): the list is the same for every phone, so it tells nobody what another seat holds.
    """
    active = None if state.ended else active_seat(game, state.game)
    return Viewer(seat, host, controls(game, state, seat, host), remembered or {}, active)


def skip_reason(game: Game, state: TableState, event: Event, seat: int | None) -> Message | None:
    """Return why the fold left the entry out, as the phone of ``seat`` may read it (None: not left out).

    A reason can name a secret field (an offered card the player no longer holds): for a phone
    that may not read the entry's secret it is only said that the entry no longer applies.
    """
    reason = state.skipped.get(event.seq)
    move = moves(game).get(event.kind)
    if reason is None or move is None or move.secret is None:
        return reason
    if secret_shown(move.secret, state, state.game, event, seat):
        return reason
    return msg(N_("it concerns a card only its player sees"))


def undoable(game: Game, state: TableState, target: Event, seat: int | None, host: bool) -> bool:
    """True when this phone may undo (or redo) entry ``target`` now: the log shows Undo only then."""
    move = moves(game).get(target.kind)
    return (
        move is not None
        and move.undoable
        and not state.ended
        and target.seq not in state.voided
        and (seat is not None or host)
        and may_undo(state, target, seat, host)
    )


def undo_chain(state: TableState, event: Event) -> tuple[Event, int]:
    """Return the entry that ``event``'s chain of undos reaches, and how many undos the chain holds.

    An entry that is no undo is its own end (0). An undo of it is 1 (it undid the entry), an undo
    of that undo 2 (it redid it), and so on: an odd count undoes the entry, an even one redoes it.
    """
    depth, end = 0, event
    while end.kind == kinds.VOID:
        target = state.event(int(end.payload["target"]))
        if target is None or target.seq >= end.seq:
            break
        depth, end = depth + 1, target
    return end, depth


# -- Words and scores ----------------------------------------------------------------------------


def describe(game: Game, state: TableState, event: Event, seat: int | None = None) -> Message:
    """Return the entry in plain words for the log as the phone of ``seat`` may read it.

    A move's secret fields are left out for every phone but their seat's (``seat`` None: a phone
    without a seat, the host's included, or news for every phone) until the table ends or the
    game reveals them. An undo says what it undid, for everyone to see.
    """
    move = moves(game).get(event.kind)
    if move is None:
        return msg(N_("Unknown kind of entry: {kind}."), kind=event.kind)
    if event.kind == kinds.VOID:
        entry, depth = undo_chain(state, event)
        if depth and entry.kind != kinds.VOID:
            # An undo of an undo brings the entry back, one more takes it away again: say which, and what it says.
            said = N_("Undid entry #{seq}: {what}") if depth % 2 else N_("Redid entry #{seq}: {what}")
            return msg(said, seq=entry.seq, what=describe(game, state, entry, seat))
    try:
        event = _checked(state.setup, move, event)
    except RuleError:
        return msg(move.label)  # never computed from fields its record refuses; the log gives the reason
    scope_state = state if move.kind in TABLE_KINDS else state.game
    if move.secret is not None and not secret_shown(move.secret, state, scope_state, event, seat):
        event = evolve(event, payload={k: v for k, v in event.payload.items() if k not in move.secret.fields})
    return move.describe(state.setup, scope_state, event, seat_name(state.setup, event))


def score(game: Game, state: TableState) -> Scoreboard:
    """Return the game's scoreboard for the table."""
    return game.score(state.setup, state.game, state.tally)
