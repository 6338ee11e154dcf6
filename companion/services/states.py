"""The folded states of the tables: the ones used lately in memory, and one kept fold per long table."""

from __future__ import annotations

import bisect
import functools
import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from companion import games as games_package
from companion.games import kinds
from companion.games.contract import Event, Game, evolve
from companion.games.ledger import Events
from companion.games.registry import get_game
from companion.games.table import extend, fold
from companion.games.table_state import TableState
from companion.storage import store
from companion.storage.db import database_name
from companion.storage.store import TableInfo

STATES_KEPT = 256  # tables whose folded state this process keeps (the most recently used)
STEPS_KEPT = 16  # a table's latest states kept with it, for the news of a phone a few entries behind
FOLD_KEPT_EVERY = 2_000  # entries folded past a table's kept fold before the database keeps a newer one


@dataclass(frozen=True)
class _Kept:
    """A table's state, the entry its kept fold reached, and its latest states before it (oldest first)."""

    state: TableState
    fold_seq: int
    earlier: tuple[TableState, ...] = ()


class _States:
    """The folded states of the tables used lately (in memory), and one kept fold per long table (in the database).

    A table not kept here is folded from its kept fold (the ``fold_cache`` row, when it still
    holds) and the entries after it, else from its first entry. Measured (docs/benchmarks.md,
    2026-11-26, CPU time in one process on a busy machine): a cold board of 2,000 entries takes
    10–23 ms folded from the first entry; at 50,000 entries, 590–670 ms, about half of it reading
    the entries and half folding them, over the 500 ms target; from its kept fold, 314–377 ms
    (reading them all remains). An undo folds the table again from its first entry (10,000
    entries: 48–61 ms) and leaves the kept fold unread until a newer one is kept. The kept fold is
    pickled: it is read only from this server's own database, and only by the games' code that
    wrote it (:func:`fold_version`).
    """

    def __init__(self, size: int = STATES_KEPT) -> None:
        # By database, table and code: a database made again under the same URL reuses ids, not codes.
        self._tables: OrderedDict[tuple[str, int, str], _Kept] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def _kept(self, engine: Engine, table: TableInfo) -> _Kept | None:
        with self._lock:
            return self._tables.get((database_name(engine), table.id, table.code))

    def state(
        self,
        engine: Engine,
        table: TableInfo,
        load_after: Callable[[int], list[Event]],
        stored_up_to: int | None,
        locked: bool = False,
    ) -> TableState:
        """Return the table's state, folding only the entries stored since the kept one (never writing).

        ``stored_up_to``: the last entry the database held when the caller read the table's row;
        a kept state that far is current, and the ledger is not read again. ``locked``: that row
        is locked for an append, so a kept state past it is not this database's (restored under
        the running server, say) and the table is folded afresh.
        """
        game = get_game(table.setup.game)
        kept = self._kept(engine, table)
        if kept is not None and locked and stored_up_to is not None and kept.state.last_seq > stored_up_to:
            kept = None
        elif kept is not None and stored_up_to is not None and kept.state.last_seq >= stored_up_to:
            return kept.state
        if kept is None:
            state, fold_seq = _cold(engine, game, table, load_after(0))
        else:
            new = load_after(kept.state.last_seq)
            if not new:
                return kept.state
            state, fold_seq = extend(game, kept.state, new), kept.fold_seq
        self._remember(engine, table, state, fold_seq)
        return state

    def keep(self, engine: Engine, table: TableInfo, state: TableState) -> None:
        """Keep ``state`` for the table (unless a newer one is kept), and its fold in the database when due.

        Called outside any write transaction: keeping the fold is a write of its own.
        """
        kept = self._kept(engine, table)
        fold_seq = kept.fold_seq if kept is not None else 0
        if state.last_seq - fold_seq >= FOLD_KEPT_EVERY and _keep_fold(engine, table, state):
            fold_seq = state.last_seq
        self._remember(engine, table, state, fold_seq)

    def earlier(self, engine: Engine, table: TableInfo, state: TableState, seq: int) -> TableState | None:
        """Return the table's state at entry ``seq`` (before ``state``) from the states kept, or None
        when none kept is that old (the caller folds the ledger up to ``seq`` then).

        One kept at ``seq``, else the newest kept before it carried on with ``state``'s entries up
        to ``seq`` (an undo among those folds the table again from its first entry, as any undo does).
        """
        kept = self._kept(engine, table)
        if kept is None or seq > state.last_seq:
            return None
        before = [kept_state for kept_state in (*kept.earlier, kept.state) if kept_state.last_seq <= seq]
        if not before:
            return None
        base, events = before[-1], state.events
        count = len(base.events)
        if count and (count > len(events) or events[count - 1] != base.events[count - 1]):
            return None  # kept from another ledger than ``state``'s
        upto = bisect.bisect_right(events, seq, key=lambda e: e.seq)
        return extend(get_game(table.setup.game), base, events[count:upto])

    def _remember(self, engine: Engine, table: TableInfo, state: TableState, fold_seq: int) -> None:
        key = (database_name(engine), table.id, table.code)
        with self._lock:
            kept = self._tables.get(key)
            if kept is None:
                self._tables[key] = _Kept(state, fold_seq)
            elif kept.state.last_seq < state.last_seq:
                earlier = (*kept.earlier, kept.state)[-STEPS_KEPT:]
                self._tables[key] = _Kept(state, max(fold_seq, kept.fold_seq), earlier)
            elif kept.state.last_seq == state.last_seq and fold_seq > kept.fold_seq:
                self._tables[key] = _Kept(kept.state, fold_seq, kept.earlier)
            self._tables.move_to_end(key)
            while len(self._tables) > self._size:
                self._tables.popitem(last=False)


def _cold(engine: Engine, game: Game, table: TableInfo, events: list[Event]) -> tuple[TableState, int]:
    """Fold a table not kept in memory: from its kept fold if that holds, else from its first entry.

    Returns the state and the entry its kept fold reached (0 if none was used).
    """
    if len(events) >= FOLD_KEPT_EVERY:
        kept = store.kept_fold(engine, table.id)
        resumed = _resumed(game, kept, events) if kept is not None else None
        if resumed is not None and kept is not None:
            return resumed, kept.seq
    return fold(game, table.setup, events), 0


def _resumed(game: Game, kept: store.KeptFold, events: list[Event]) -> TableState | None:
    """The fold of ``events`` from a kept fold, or None when that does not hold for them.

    It does not hold when the games' code or data changed since, or when an undo came after it
    (an undo may reach back before it: the table is then folded from its first entry).
    """
    count = bisect.bisect_right(events, kept.seq, key=lambda e: e.seq)
    if kept.version != fold_version() or count == 0 or events[count - 1].seq != kept.seq:
        return None
    later = events[count:]
    if any(event.kind == kinds.VOID for event in later):
        return None
    base: TableState = pickle.loads(kept.state)  # written by _keep_fold, in this server's own database
    return extend(game, evolve(base, events=Events(events[:count])), later)


def _keep_fold(engine: Engine, table: TableInfo, state: TableState) -> bool:
    """Store the table's fold (its state without the ledger) in its one row; False if it could not be kept.

    A cache: a state that cannot be pickled, or a database that takes no write now (read-only,
    full), leaves the table folded from its first entry, and the request answers as ever.
    """
    try:
        pickled = pickle.dumps(evolve(state, events=Events()), protocol=pickle.HIGHEST_PROTOCOL)
        store.keep_fold(engine, table.id, seq=state.last_seq, version=fold_version(), state=pickled)
    except (pickle.PicklingError, TypeError, AttributeError, SQLAlchemyError):
        return False
    return True


@functools.cache
def fold_version() -> str:
    """Return a fingerprint of the games' code and data: a fold kept by other rules is not read."""
    root = Path(games_package.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix != ".pyc":
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


_states = _States()


def table_state(engine: Engine, table: TableInfo, *, stored_up_to: int | None = None) -> TableState:
    """Return the fold of the table's ledger.

    ``stored_up_to``: the table's last entry as the caller's request read it (``table.last_seq``
    of a row read for this request): a state kept that far is returned without reading the
    ledger again. Measured on SQLite in one process, 2026-11-26: that read is 0.9 ms of a board
    GET's 5.5 ms of CPU. A caller that holds a table longer (a stream) leaves it out.
    """
    state = _states.state(engine, table, lambda after: store.load_events(engine, table.id, after), stored_up_to)
    _states.keep(engine, table, state)
    return state


def current(
    engine: Engine, table: TableInfo, load_after: Callable[[int], list[Event]], stored_up_to: int
) -> TableState:
    """Return the table's state up to entry ``stored_up_to`` (the locked row's last entry), read
    through ``load_after`` (an append's own reads) only when the state kept is behind; never writing."""
    return _states.state(engine, table, load_after, stored_up_to, locked=True)


def keep(engine: Engine, table: TableInfo, state: TableState) -> None:
    """Keep the state a move led to for the next screen (outside any write transaction)."""
    _states.keep(engine, table, state)


def earlier_state(engine: Engine, table: TableInfo, state: TableState, seq: int) -> TableState | None:
    """Return the table's state at entry ``seq`` from the few latest states kept, or None when none
    kept is that old."""
    return _states.earlier(engine, table, state, seq)
