"""A table as one object per request: its row, its ledger folded, and what a phone can ask of it.

:class:`Tables` is the one cache of this server process: the latest steps of the tables in use,
each keyed by its table and its last entry. A request opens its table once
(:meth:`Tables.open`): the row is read (one select), and the fold comes from the cache when the
row's last entry is kept, else from the newest step kept with only the entries after it, else
from the first entry. Recording (:meth:`Table.record`), each phone's view, the log and the news
are methods of the table; what every phone shares at one step (the news since an earlier entry,
the cards remembered for re-entry, the public board a web layer renders) is made once per step
(:meth:`Table.shared`) and dropped with it.
"""

from __future__ import annotations

import bisect
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError

from companion.games import kinds
from companion.games.contract import Event, Game, evolve
from companion.games.mechanics.randomness import seed_hash
from companion.games.news import News, news_between
from companion.games.payloads import check_payload
from companion.games.registry import get_game
from companion.games.scores import Scoreboard
from companion.games.table import HOLD, decide, extend, fold, score
from companion.games.table_moves import moves
from companion.games.table_state import TableState
from companion.games.words import RuleError
from companion.services import catalogues, screens
from companion.services.catalogues import Remembered
from companion.services.results import keep_play
from companion.storage import profiles, store
from companion.storage.live import Broker
from companion.storage.store import Appended, TableInfo

STEPS_KEPT = 1024  # table steps this process keeps: the latest few of a few hundred tables in play
NEWS_MOST = 3  # a phone that missed more (it was asleep) is told the most important ones

T = TypeVar("T")


_LOOKUP = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)  # table codes, join and watch tokens


class NotFound(Exception):
    """No such table (or link), or one this phone may not know of: the same answer for both."""


class KeyReused(Exception):
    """A form's idempotency key came again with another entry: the first one stays, this one is refused."""


class SeatNotHeld(Exception):
    """The phone's seat was given to another phone (or freed): it only watches now."""


@dataclass
class Step:
    """A table at one entry: its row, its state, and what every phone shares at that step (made once, on demand)."""

    info: TableInfo
    state: TableState
    shared: dict[Hashable, Any] = field(default_factory=dict)


class Tables:
    """The tables of one database as this process holds them: one cache of steps, keyed by table and last entry."""

    def __init__(self, engine: Engine, size: int = STEPS_KEPT) -> None:
        self.engine = engine
        self._steps: OrderedDict[tuple[int, str, int], Step] = OrderedDict()
        self._newest: dict[tuple[int, str], int] = {}
        self._lock = threading.Lock()
        self._size = size

    def find(self, **lookup: str) -> Table:
        """Return the table with the given code or link token (one keyword), or raise NotFound.

        Anything that cannot be a code or a link is refused at once (PostgreSQL would refuse a NUL
        byte with an error, not an empty answer).
        """
        if len(lookup) != 1 or not all(_LOOKUP.fullmatch(value) for value in lookup.values()):
            raise NotFound
        if "code" in lookup:  # a request by code reads only where its ledger is: the rest of a row never changes
            position = store.table_position(self.engine, code=lookup["code"])
            if position is None:
                raise NotFound
            kept = self.kept_step(*position)
            if kept is not None:
                return Table(replace(kept.info, last_seq=position[2]), kept, self)
        info = store.find_table(self.engine, **lookup)
        if info is None:
            raise NotFound
        return self.open(info)

    def open(self, info: TableInfo) -> Table:
        """Return the table whose row was just read, folded up to that row's last entry."""
        step = self._step(info, info.last_seq, lambda after: store.load_events(self.engine, info.id, after))
        return Table(info, step, self)

    def forget_shared(self, game: str) -> None:
        """Let the kept steps of ``game``'s tables make again what their phones share (new cards were imported)."""
        with self._lock:
            for step in self._steps.values():
                if step.info.setup.game == game:
                    step.shared.clear()

    def kept_step(self, table_id: int, code: str, seq: int) -> Step | None:
        """Return the step at entry ``seq`` of the table ``table_id`` (code ``code``) if this process keeps it."""
        with self._lock:
            step = self._steps.get((table_id, code, seq))
            if step is not None:
                self._steps.move_to_end((table_id, code, seq))
            return step

    def _step(self, info: TableInfo, seq: int, load_after: Callable[[int], list[Event]]) -> Step:
        """Return the step at entry ``seq``: kept, else the newest kept before it carried on, else folded."""
        found = self.kept_step(info.id, info.code, seq)
        if found is not None:
            return found
        with self._lock:
            newest = self._newest.get((info.id, info.code))
            base = self._steps.get((info.id, info.code, newest)) if newest is not None and newest < seq else None
        game = get_game(info.setup.game)
        if base is None:
            state = fold(game, info.setup, load_after(0))
        else:
            state = extend(game, base.state, load_after(base.state.last_seq))
        return self.keep(info, state)

    def keep(self, info: TableInfo, state: TableState) -> Step:
        """Keep ``state`` as the table's step at its last entry (the one kept first stays)."""
        key = (info.id, info.code, state.last_seq)
        with self._lock:
            step = self._steps.get(key)
            if step is None:
                step = self._steps[key] = Step(info, state)
            self._steps.move_to_end(key)
            newest = self._newest.get(key[:2], -1)
            self._newest[key[:2]] = max(newest, state.last_seq)
            while len(self._steps) > self._size:
                (table_id, code, seq), _ = self._steps.popitem(last=False)
                if self._newest.get((table_id, code)) == seq:
                    del self._newest[(table_id, code)]
        return step


@dataclass(frozen=True)
class Table:
    """One table at one step, as a request sees it: the row it read, the fold of its ledger, and its methods."""

    info: TableInfo
    step: Step
    tables: Tables

    @property
    def state(self) -> TableState:
        """The fold of the table's ledger up to the entry this request read."""
        return self.step.state

    @property
    def game(self) -> Game:
        """The game played at the table."""
        return get_game(self.info.setup.game)

    @property
    def code(self) -> str:
        """The table's code."""
        return self.info.code

    def shared(self, key: Hashable, make: Callable[[], T]) -> T:
        """Return what every phone shares at this step under ``key``, made once (the first phone to ask makes it)."""
        found = self.step.shared.get(key)
        if found is None:
            found = self.step.shared[key] = make()
        return found

    # -- What a phone sees --------------------------------------------------------------------

    @property
    def remembered(self) -> Remembered:
        """The cards the server remembers for quick re-entry, read once per step."""
        return self.shared("remembered", lambda: catalogues.remembered(self.tables.engine, self.info.setup.game))

    def view(self, seat: int | None, host: bool) -> screens.SeatView:
        """Return what the phone of ``seat`` (or the host, or a spectator: no seat, not host) sees and may do."""
        return screens.seat_view(self.state, seat, host, self.remembered.by_move)

    @property
    def public_view(self) -> screens.SeatView:
        """What every phone sees alike: the view of a phone that may do nothing and holds no secret."""
        return self.shared("public-view", lambda: screens.seat_view(self.state, None, False))

    @property
    def scoreboard(self) -> Scoreboard:
        """The game's scoreboard at this step."""
        return self.shared("scoreboard", lambda: score(self.game, self.state))

    @property
    def seed_hash(self) -> str:
        """The hash of the seed in force (safe to show at any time; after an import, the server's fresh one)."""
        return seed_hash(self.state.setup.seed)

    @property
    def latest_news(self) -> Any:
        """The newest entry in plain words (for the screen-reader announcement), or None."""
        return screens.latest_news(self.state)

    def log_page(self, seat: int | None, host: bool, before: int | None = None) -> screens.LogPage:
        """Return a page of the log as this phone may read it (see :func:`screens.log_page`)."""
        return screens.log_page(self.state, seat, host, before)

    def news(self, since: int, seat: int | None, host: bool) -> tuple[News, ...]:
        """Return what changed since entry ``since`` that this phone is told (at most :data:`NEWS_MOST`)."""
        if since >= self.state.last_seq:
            return ()
        every = self.shared(("news", since), lambda: news_between(self.game, self.earlier(since), self.state))
        return tuple(item for item in every if item.for_phone(seat, host))[:NEWS_MOST]

    def earlier(self, seq: int) -> TableState:
        """Return the table's state at entry ``seq``: a step kept, else this ledger folded up to it."""
        kept = self.tables.kept_step(self.info.id, self.info.code, seq)
        events = self.state.events
        count = bisect.bisect_right(events, seq, key=lambda e: e.seq)
        if kept is not None and kept.state.events[:count] == events[:count] and len(kept.state.events) == count:
            return kept.state
        return fold(self.game, self.info.setup, events[:count])

    # -- Recording ------------------------------------------------------------------------------

    def record(
        self,
        *,
        kind: str,
        payload: Mapping[str, Any],
        author: int | None,
        by_host: bool,
        idempotency_key: str,
        broker: Broker | None = None,
        joining: bool = False,
        device: str | None = None,
        hold: timedelta = HOLD,
    ) -> Appended:
        """Append a move if its record and the rules allow it (once per idempotency key), then tell the table.

        One straight pipeline: a write transaction holds the table's row; the table's step at that
        row's last entry is taken from the cache (the ledger is read only past the newest step
        kept), and the move decided on it through its record; the entry is inserted and
        committed; the step it leads to is kept; the table's phones are told. A key already stored
        is a unique-key violation (or, when the move no longer fits, found after its refusal): the
        same entry gets the first answer again, another entry :class:`KeyReused`. Raises RuleError
        (and stores nothing) when the move is refused. ``device`` is the phone that claims
        ``author``'s seat, checked on the ledger as it is (a host whose seat was freed records as
        the host; anyone else gets :class:`SeatNotHeld`). ``hold``: how long an advancing move
        waits after the table moved on (one step per burst of taps).
        """
        info, game, engine = self.info, self.game, self.tables.engine
        sent = Event(seq=0, kind=kind, payload=dict(payload), author=author, by_host=by_host)
        try:
            with store.appending(engine, info.id) as ledger:
                before = self.tables._step(info, ledger.last_seq, ledger.events_after).state
                numbered = evolve(sent, seq=ledger.last_seq + 1, at=datetime.now(UTC))
                try:
                    if device is not None and author is not None and before.claims.get(author) != device:
                        if not by_host:
                            raise SeatNotHeld
                        numbered = evolve(numbered, author=None)
                    checked, after = decide(game, before, numbered, joining=joining, hold=hold)
                except (RuleError, SeatNotHeld):
                    first = ledger.stored(idempotency_key)  # sent again after it was stored (and the table moved on)
                    if first is None:
                        raise
                    return _answered_before(game, first, sent)
                ledger.append(checked, idempotency_key)
        except IntegrityError:  # the same key: a form sent again (or twice at once)
            first = store.stored_event(engine, info.id, idempotency_key)
            if first is None:
                raise
            return _answered_before(game, first, sent)
        self.tables.keep(info, after)
        if kind == kinds.TABLE_END and after.ended:
            keep_play(engine, info, after)
        if broker is not None:
            broker.publish(info.id, checked.seq)
        return Appended(checked, created=True)

    def take_seat(
        self,
        *,
        seat: int,
        device: str,
        key: str,
        by_host: bool = False,
        broker: Broker | None = None,
        profile_token: str | None = None,
        time_zone: str | None = None,
    ) -> Appended:
        """Give ``seat`` to the phone ``device`` (refused if another phone holds it, or if ``by_host`` and
        another phone has held it: the host never reaches a seat's secrets); the phone's profile, if it
        has one, remembers the seat for its history. The phone's ``time_zone`` (a known name) becomes
        the table's if it has none yet."""
        if time_zone is not None and self.info.time_zone is None:
            store.keep_time_zone(self.tables.engine, table_id=self.info.id, time_zone=time_zone)
        appended = self.record(
            kind=kinds.SEAT_CLAIM,
            payload={"seat": seat, "device": device},
            author=seat,
            by_host=by_host,
            idempotency_key=key,
            broker=broker,
            joining=True,
        )
        profile = profiles.find_profile(self.tables.engine, token=profile_token) if profile_token else None
        if profile is not None and appended.created:
            profiles.link_seat(self.tables.engine, profile_id=profile.id, table_id=self.info.id, seat=seat)
        return appended


def _answered_before(game: Game, first: Event, sent: Event) -> Appended:
    """A form sent again: the first answer, or :class:`KeyReused` if its key now carries another entry."""
    if not _same_entry(game, first, sent):
        raise KeyReused
    return Appended(first, created=False)


def _same_entry(game: Game, stored: Event, sent: Event) -> bool:
    """True when ``sent`` is the entry stored under its key again (its fields as its record checks them)."""
    if stored.kind != sent.kind:
        return False
    try:
        return check_payload(moves(game)[sent.kind], sent.payload) == stored.payload
    except (KeyError, RuleError):
        return False


def new_key() -> str:
    """Return a fresh idempotency key for a form: 32 hex digits, the time in milliseconds first.

    The ledger's unique index of (table, key) then grows at the end of each table's part, as the
    entries do, instead of at random places; the 80 random bits that follow keep two forms' keys apart.
    """
    return f"{time.time_ns() // 1_000_000:012x}{secrets.token_hex(10)}"
