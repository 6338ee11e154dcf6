"""Who may make a move, undo an entry or read a secret: each move's record read in one place.

A move declares who may make it (``Move.who``: the seat's player, anyone seated, the host, whose
turn it is, only the join flow) and what of it is secret (``Move.secret``). This module reads those
declarations against a table's state: the rights policy's one door
(:func:`companion.policy.authorize`) asks it before a move is recorded, and the fold
(:mod:`companion.games.table`) asks it again on the ledger as it is when the move is appended,
when a ledger is replayed, for every phone's controls and for every log line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games import kinds
from companion.games.contract import Event, Game
from companion.games.moves import ACTIVE, ANYONE, HOST, JOIN, OWN_SEAT, Move, Secret
from companion.games.table_moves import held_by_another, move_of
from companion.games.table_state import ENTRIES_ANYONE, ENTRY_POLICY, TableState
from companion.games.words import N_, Message, msg


def move_refusal(
    game: Game,
    state: TableState,
    kind: str,
    *,
    author: int | None,
    by_host: bool,
    payload: Mapping[str, Any] | None = None,
    joining: bool = False,
) -> Message | None:
    """Return why this phone may not make the move ``kind`` by its record (None: it may).

    ``payload`` names the seat of a seat move; without it only who the move is open to is read.
    Whose turn it is is read apart (:func:`turn_refusal`): a screen the table has moved on from is
    told so first, by the move's guard.
    """
    move = move_of(game, kind)
    who = move.who_at(state.setup)
    if who == JOIN:
        if not joining:
            return msg(N_("Take a seat through the table's join link."))
        if kind == kinds.SEAT_CLAIM and by_host and payload is not None and _held_by_another(state, payload):
            return msg(
                N_(
                    "The host's phone cannot take a seat that another phone has held: the seat's secrets stay with"
                    " its player. Give the player the join link."
                )
            )
        return None
    if joining:
        return msg(N_("Only a seat can be taken through the join link."))
    if who == HOST and not by_host:
        return msg(N_("Only the host can do this."))
    if who in (ANYONE, ACTIVE) and not by_host and author is None:
        return msg(N_("Spectators can only watch."))
    if who == OWN_SEAT and payload is not None and payload.get("seat") not in seats_for(state, author, by_host):
        return msg(N_("You can only record for your own seat."))
    return None


def turn_refusal(game: Game, player: Any, game_state: Any, author: int | None, by_host: bool) -> Message | None:
    """Return why a ``who=ACTIVE`` move is refused: it is another player's turn (None: it may be made).

    While nobody's turn is on (before the start, after the end) the game's own rule says why not.
    """
    active = active_seat(game, game_state)
    if active is not None and not by_host and author != active:
        return msg(N_("Only {name}, whose turn it is, can do this."), name=player(active).name)
    return None


def active_seat(game: Game, game_state: Any) -> int | None:
    """Return the seat whose turn it is, in a game with turns (else None)."""
    seat_of = getattr(game, "active_seat", None)
    return seat_of(game_state) if seat_of is not None else None


def seats_for(state: TableState, seat: int | None, host: bool) -> tuple[int, ...]:
    """Seats a phone may record seat moves for: all for the host (or anyone, by the option), else its own."""
    if host or (seat is not None and state.setup.options.get(ENTRY_POLICY) == ENTRIES_ANYONE):
        return state.setup.seats
    return (seat,) if seat is not None else ()


def may_undo(state: TableState, target: Event, seat: int | None, host: bool) -> bool:
    """True when this phone may undo ``target``: its author, or the host (or anyone, by the option)."""
    anyone_may = host or (seat is not None and state.setup.options.get(ENTRY_POLICY) == ENTRIES_ANYONE)
    return anyone_may or (seat is not None and target.author == seat)


def secret_shown(secret: Secret, state: TableState, scope_state: Any, event: Event, seat: int | None) -> bool:
    """True when the phone of ``seat`` may read the entry's secret: its own, revealed, or the table ended."""
    owner = event.payload.get("seat", event.author)
    revealed = secret.revealed is not None and secret.revealed(scope_state, event)
    return state.ended or revealed or (seat is not None and seat == owner)


def open_to(move: Move, state: TableState, game: Game, seat: int | None, host: bool) -> bool:
    """True when a move that names no seat is open to this phone now (its one-tap rule aside)."""
    who = move.who_at(state.setup)
    if who == HOST:
        return host
    if who == ACTIVE:
        return host or (seat is not None and seat == active_seat(game, state.game))
    return host or seat is not None


def _held_by_another(state: TableState, claim: Mapping[str, Any]) -> bool:
    """True when a phone other than the claim's has held the claimed seat (the host never reaches its secrets)."""
    return held_by_another(state, Event(state.last_seq + 1, kinds.SEAT_CLAIM, dict(claim)))
