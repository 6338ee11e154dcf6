"""The moves every table has (tally, dice, seats, reseed, end, undo), and every move a game's table understands."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Any

from companion.games import kinds
from companion.games.contract import TALLY_LIMIT, Event, Game, Setup, evolve
from companion.games.mechanics.randomness import roll
from companion.games.moves import ANYONE, HOST, JOIN, Field, Move
from companion.games.table_state import DIE_SIDES, MAX_DICE, DiceRoll, TableState
from companion.games.words import N_, Message, RuleError, listing, msg, signed


def seat_name(setup: Setup, event: Event) -> str:
    return next((p.name for p in setup.players if p.seat == event.payload.get("seat")), "")


def _tally_add(setup: Setup, state: TableState, event: Event) -> TableState:
    seat, key = int(event.payload["seat"]), event.payload["category"]
    value = state.tally.count(seat, key) + event.payload["delta"]
    return evolve(state, tally=state.tally.with_count(seat, key, value))


def _tally_set(setup: Setup, state: TableState, event: Event) -> TableState:
    seat = int(event.payload["seat"])
    return evolve(state, tally=state.tally.with_count(seat, event.payload["category"], event.payload["value"]))


def _tally_category(setup: Setup, state: TableState, event: Event) -> TableState:
    return evolve(state, tally=state.tally.with_category(event.payload["name"]))


def _dice_roll(setup: Setup, state: TableState, event: Event) -> TableState:
    """Roll in the app, or enter real dice.

    An app roll is numbered by how many app rolls came before it, so undoing a roll and rolling
    again shows the same dice: a roll cannot be re-drawn until it suits someone.
    """
    count, sides = event.payload["count"], event.payload["sides"]
    if sides not in DIE_SIDES:
        raise RuleError(N_("Choose dice with 4, 6, 8, 10, 12 or 20 sides."))
    typed = event.payload.get("values")
    draws_before = _app_rolls_before(state, event.seq)
    if typed is None:
        values = roll(count, sides, setup.seed, "dice", draws_before)
    elif len(typed) != count or not all(1 <= v <= sides for v in typed):
        raise RuleError(N_("Enter {count} values from 1 to {sides}."), count=count, sides=sides)
    else:
        values = tuple(typed)
    dice = DiceRoll(event.seq, event.author, sides, values, typed is None, draws_before)
    return evolve(state, rolls=state.rolls.appended((dice,)))


def _app_rolls_before(state: TableState, seq: int) -> int:
    """How many app rolls the tray holds before entry ``seq`` (the tray is in entry order)."""
    index = bisect.bisect_left(state.rolls, seq, key=lambda r: r.seq)
    if index == 0:
        return 0
    previous = state.rolls[index - 1]
    return previous.app_rolls_before + (1 if previous.in_app else 0)


def _seat_claim(setup: Setup, state: TableState, event: Event) -> TableState:
    seat, device = int(event.payload["seat"]), event.payload["device"]
    if state.claims.get(seat) not in (None, device):
        raise RuleError(N_("This seat is already taken by another phone."))
    if state.seat_of(device) not in (None, seat):
        raise RuleError(N_("This phone already holds another seat."))
    return evolve(state, claims={**state.claims, seat: device})


def held_by_another(state: TableState, claim: Event) -> bool:
    """True when a phone other than the claim's has held the claimed seat before (seat claims are few)."""
    seat, device = claim.payload["seat"], claim.payload["device"]
    return any(
        e.kind == kinds.SEAT_CLAIM
        and e.seq < claim.seq
        and e.payload.get("seat") == seat
        and e.payload.get("device") != device
        and e.seq not in state.voided
        and e.seq not in state.skipped
        for e in state.events
    )


def _describe_claim(setup: Setup, state: TableState, event: Event, who: str) -> Message:
    """Say a seat was taken; a seat that another phone held is said to be taken over, for all to see."""
    if held_by_another(state, event):
        return msg(N_("{name}'s seat was taken over by another phone"), name=who)
    return msg(N_("{name} took their seat"), name=who)


def _seat_move(setup: Setup, state: TableState, event: Event) -> TableState:
    """Move a held seat to another phone (its profile was restored there): the old phone only watches."""
    seat, device = int(event.payload["seat"]), event.payload["device"]
    if seat not in state.claims:
        raise RuleError(N_("Nobody holds this seat."))
    if state.seat_of(device) not in (None, seat):
        raise RuleError(N_("This phone already holds another seat."))
    return evolve(state, claims={**state.claims, seat: device})


def _seat_release(setup: Setup, state: TableState, event: Event) -> TableState:
    seat = int(event.payload["seat"])
    return evolve(state, claims={s: d for s, d in state.claims.items() if s != seat})


def _table_reseed(setup: Setup, state: TableState, event: Event) -> TableState:
    """Draw everything after this entry from a fresh seed of the server's (an imported table's file chose its own)."""
    return evolve(state, setup=evolve(state.setup, seed=event.payload["seed"]))


def _table_end(setup: Setup, state: TableState, event: Event) -> TableState:
    return evolve(state, ended=True)


def _void(setup: Setup, state: TableState, event: Event) -> TableState:
    """Voids are not applied one by one: the fold leaves out what they void (see :func:`fold`)."""
    return state


def _category_label(state: TableState, key: str) -> Message:
    return msg(state.tally.category(key).label if any(c.key == key for c in state.tally.categories) else key)


def _describe_roll(setup: Setup, state: TableState, event: Event, who: str) -> Message:
    """Say the dice; an undone app roll shows the dice it had, which the next roll will show again."""
    count, sides = event.payload["count"], event.payload["sides"]
    typed = event.payload.get("values")
    index = bisect.bisect_left(state.rolls, event.seq, key=lambda r: r.seq)
    if index < len(state.rolls) and state.rolls[index].seq == event.seq:
        values: tuple[int, ...] | list[int] = state.rolls[index].values
    elif typed is not None:
        values = typed
    else:
        values = roll(count, sides, setup.seed, "dice", _app_rolls_before(state, event.seq))
    template = (
        N_("Entered real dice {count}d{sides}: {values}")
        if typed
        else N_("Rolled {count}d{sides} in the app: {values}")
    )
    return msg(template, count=count, sides=sides, values=listing(values))


_seat = Field("seat", "seat")
TABLE_MOVES = (
    Move(
        kinds.TALLY_ADD,
        N_("Add to a tally"),
        (_seat, Field("category", "text"), Field("delta", "int", -999, 999)),
        _tally_add,
        lambda setup, state, e, who: msg(
            N_("{name}: {category} {delta}"),
            name=who,
            delta=signed(e.payload["delta"]),
            category=_category_label(state, e.payload["category"]),
        ),
    ),
    Move(
        kinds.TALLY_SET,
        N_("Set a tally"),
        (_seat, Field("category", "text"), Field("value", "int", -TALLY_LIMIT, TALLY_LIMIT)),
        _tally_set,
        lambda setup, state, e, who: msg(
            N_("{name}: {category} set to {value}"),
            name=who,
            value=e.payload["value"],
            category=_category_label(state, e.payload["category"]),
        ),
    ),
    Move(
        kinds.TALLY_CATEGORY,
        N_("Add a tally category"),
        (Field("name", "text", max_length=30),),
        _tally_category,
        lambda setup, state, e, who: msg(N_("New tally category “{name}”"), name=e.payload["name"]),
        who=ANYONE,
    ),
    Move(
        kinds.DICE_ROLL,
        N_("Roll dice"),
        (
            Field("count", "int", 1, MAX_DICE),
            Field("sides", "int", 2, 100),
            Field("values", "ints", 1, 100, required=False),
        ),
        _dice_roll,
        _describe_roll,
        who=ANYONE,
    ),
    Move(
        kinds.VOID,
        N_("Undo"),
        (Field("target", "int", 1, 10**9),),
        _void,
        lambda setup, state, e, who: msg(N_("Undid entry #{seq}"), seq=e.payload["target"]),
        who=ANYONE,
    ),
    Move(
        kinds.SEAT_CLAIM,
        N_("Take a seat"),
        (_seat, Field("device", "text", max_length=64)),
        _seat_claim,
        _describe_claim,
        who=JOIN,
        undoable=False,
    ),
    Move(
        kinds.SEAT_MOVE,
        N_("Move a seat to another phone"),
        (_seat, Field("device", "text", max_length=64)),
        _seat_move,
        lambda setup, state, e, who: msg(N_("{name}'s seat moved to another phone (profile restored)"), name=who),
        who=JOIN,
        undoable=False,
    ),
    Move(
        kinds.SEAT_RELEASE,
        N_("Free a seat"),
        (_seat,),
        _seat_release,
        lambda setup, state, e, who: msg(N_("Seat of {name} freed"), name=who),
        who=HOST,
        undoable=False,
    ),
    Move(
        kinds.TABLE_RESEED,
        N_("Fresh seed after an import"),
        (Field("seed", "text", max_length=64),),
        _table_reseed,
        lambda setup, state, e, who: msg(
            N_("The entries above came from a scenario file; every later draw uses a fresh seed of this server")
        ),
        who=JOIN,
        undoable=False,
    ),
    Move(
        kinds.HOST_RECOVERED,
        N_("Host recovery link used"),
        (),
        lambda setup, state, e: state,  # a phone's powers live in its cookie: the ledger says it happened
        lambda setup, state, e, who: msg(N_("Another phone became host through the host recovery link")),
        who=JOIN,
        undoable=False,
    ),
    Move(
        kinds.TABLE_END,
        N_("End the table"),
        (),
        _table_end,
        lambda setup, state, e, who: msg(N_("The table ended; the seed is revealed")),
        who=HOST,
        undoable=False,
        advances=True,
    ),
)
TABLE_KINDS = frozenset(move.kind for move in TABLE_MOVES)
# The tally sheet and the dice tray: only at tables of games kept on them (see ``Game.table_extras``).
_EXTRAS = frozenset((kinds.TALLY_ADD, kinds.TALLY_SET, kinds.TALLY_CATEGORY, kinds.DICE_ROLL))


def moves(game: Game) -> dict[str, Move]:
    """Return every move a table of ``game`` understands, by kind."""
    by_kind = _MOVES.get(game.slug)
    if by_kind is None:
        table_moves = TABLE_MOVES if game.table_extras else tuple(m for m in TABLE_MOVES if m.kind not in _EXTRAS)
        by_kind = {m.kind: m for m in (*table_moves, *game.moves)}
        redraw = getattr(game, "redraw_hidden", None)
        if redraw is not None:
            by_kind[kinds.TABLE_RESEED] = evolve(by_kind[kinds.TABLE_RESEED], apply=_reseed_redrawing(redraw))
        _MOVES[game.slug] = by_kind
    return by_kind


def _reseed_redrawing(
    redraw: Callable[[Setup, Setup, Any], Any],
) -> Callable[[Setup, TableState, Event], TableState]:
    """The reseed of a game that holds hidden cards: they are shuffled again from the fresh seed."""

    def apply(setup: Setup, state: TableState, event: Event) -> TableState:
        reseeded = _table_reseed(setup, state, event)
        return evolve(reseeded, game=redraw(state.setup, reseeded.setup, reseeded.game))

    return apply


_MOVES: dict[str, dict[str, Move]] = {}


def move_of(game: Game, kind: str) -> Move:
    move = moves(game).get(kind)
    if move is None:
        raise RuleError(N_("Unknown kind of entry: {kind}."), kind=kind)
    return move
