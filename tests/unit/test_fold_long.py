"""Long ledgers: appends share the ledger, and an undo anywhere agrees with folding the whole ledger again."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from companion import services
from companion.games import ledger as ledgers
from companion.games import table as table_module
from companion.games.contract import Event, Game, Player, Setup
from companion.games.ledger import Events
from companion.games.mission_red_planet import GAME as MRP
from companion.games.mission_red_planet import rules as mrp
from companion.games.news import News, news_between
from companion.games.options import resolve_options
from companion.games.registry import get_game
from companion.games.table import extend, fold
from companion.games.table_state import TABLE_OPTIONS, TableState
from companion.services.news import news_since
from companion.storage import ledger_import, store
from companion.storage.db import make_engine
from companion.storage.migrate import upgrade

ROOT = Path(__file__).resolve().parent.parent.parent
PLAYERS = [services.PlayerEntry(n, c) for n, c in (("Aki", "#E69F00"), ("Ben", "#56B4E9"))]


def mrp_setup() -> Setup:
    players = tuple(Player(seat, f"P{seat}", "#000000") for seat in range(1, 4))
    return Setup(mrp.SLUG, players, resolve_options((*TABLE_OPTIONS, *MRP.options), {}), "snap")


def score_pad_setup() -> Setup:
    players = (Player(1, "Aki", "#E69F00"), Player(2, "Ben", "#56B4E9"))
    return Setup("score-pad", players, {"entries": "anyone"}, "linear")


def mrp_ledger(count: int, round_every: int = 200) -> list[Event]:
    """Crew landing, moving and leaving, a round ending every ``round_every`` entries (the game ends at the tenth)."""
    events = []
    for seq in range(1, count + 1):
        seat, zone, step = 1 + seq % 3, 1 + (seq // 15) % 10, (seq // 3) % 3
        if seq % round_every == 0:
            events.append(Event(seq, mrp.END_ROUND, {}, by_host=True))
        elif step == 0:
            events.append(Event(seq, mrp.LAND, {"seat": seat, "zone": zone, "count": 1}, by_host=True))
        elif step == 1:
            payload = {"seat": seat, "from_zone": zone, "to_zone": 1 + zone % 10, "count": 1}
            events.append(Event(seq, mrp.MOVE, payload, by_host=True))
        else:
            events.append(Event(seq, mrp.REMOVE, {"seat": seat, "zone": 1 + zone % 10, "count": 1}, by_host=True))
    return events


def void(seq: int, target: int) -> Event:
    return Event(seq, "void", {"target": target}, by_host=True)


def same(a: TableState, b: TableState) -> None:
    assert a.game == b.game
    assert a.tally == b.tally
    assert a.voided == b.voided
    assert dict(a.skipped) == dict(b.skipped)
    assert a.last_seq == b.last_seq and list(a.events) == list(b.events)


# -- The ledger sequence ------------------------------------------------------------------------
def test_appending_shares_the_ledger_and_a_stale_state_branches_off() -> None:
    first = Events([Event(1, "a", {})])
    second = first.appended((Event(2, "b", {}),))
    third = second.appended((Event(3, "c", {}),))
    assert [e.seq for e in third] == [1, 2, 3] and len(second) == 2 and len(first) == 1
    assert third._shared is first._shared  # no copy
    other = second.appended((Event(3, "x", {}),))  # second was already extended by third
    assert [e.kind for e in other] == ["a", "b", "x"] and [e.kind for e in third] == ["a", "b", "c"]
    assert other._shared is not first._shared


def test_a_stale_state_catching_up_with_the_entries_stored_meanwhile_shares_them() -> None:
    first = Events([Event(1, "a", {})])
    second = first.appended((Event(2, "b", {"n": 1}),))
    caught_up = first.appended((Event(2, "b", {"n": 1}),))  # the same entry, read back from the store
    assert caught_up._shared is first._shared and list(caught_up) == list(second)
    third = caught_up.appended((Event(3, "c", {}),))
    assert third._shared is first._shared and [e.kind for e in third] == ["a", "b", "c"]


def test_an_undo_anywhere_in_a_long_ledger_agrees_with_folding_it_all_again() -> None:
    setup, ledger = mrp_setup(), mrp_ledger(2_000)
    state = fold(MRP, setup, ledger)
    for target in (1, 777, 2_000):
        undone = extend(MRP, state, (void(len(ledger) + 1, target),))
        same(undone, fold(MRP, setup, [*ledger, void(len(ledger) + 1, target)]))
        redone = extend(MRP, undone, (void(len(ledger) + 2, len(ledger) + 1),))
        same(redone, fold(MRP, setup, [*ledger, void(len(ledger) + 1, target), void(len(ledger) + 2, len(ledger) + 1)]))


@pytest.fixture
def database(tmp_path: Path) -> Iterator[tuple[str, Engine]]:
    """A migrated SQLite database of this test's own: its URL and an engine on it."""
    url = f"sqlite:///{tmp_path / 'long.sqlite3'}"
    upgrade(url)
    engine = make_engine(url)
    yield url, engine
    engine.dispose()


def test_a_state_kept_by_the_server_catches_up_with_entries_another_server_stored(
    database: tuple[str, Engine],
) -> None:
    _url, engine = database
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    first = services.table_state(engine, table)
    for n in range(3):
        services.record(
            engine,
            table,
            kind="tally.add",
            payload={"seat": 1, "category": "vp", "delta": 1},
            author=None,
            by_host=True,
            idempotency_key=f"long-key-{n}",
        )
    assert services.table_state(engine, table).last_seq == first.last_seq + 3
    assert services.table_state(engine, table).tally.count(1, "vp") == 3


def test_a_request_that_read_the_tables_row_reads_the_ledger_only_when_the_row_is_ahead(
    database: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, engine = database
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    services.table_state(engine, table)
    reads: list[int] = []
    load_events = store.load_events
    monkeypatch.setattr(store, "load_events", lambda *args: reads.append(1) or load_events(*args))
    read = services.find_table(engine, code=table.code)
    assert services.table_state(engine, read, stored_up_to=read.last_seq).last_seq == 0
    assert reads == []  # kept up to the row's last entry: current without reading the ledger
    services.record(  # this server's state is kept at entry 1
        engine,
        table,
        kind="tally.add",
        payload={"seat": 1, "category": "vp", "delta": 2},
        author=None,
        by_host=True,
        idempotency_key="fresh-key",
    )
    other = make_engine(url)  # another server stores entry 2
    try:
        with store.appending(other, table.id) as ledger:
            ledger.append(Event(2, "tally.add", {"seat": 2, "category": "vp", "delta": 3}, by_host=True), "k2")
    finally:
        other.dispose()
    read = services.find_table(engine, code=table.code)
    state = services.table_state(engine, read, stored_up_to=read.last_seq)
    assert state.last_seq == 2 and state.tally.count(2, "vp") == 3 and reads


def test_the_news_of_a_step_on_a_long_table_comes_from_the_states_kept_not_from_a_fold(
    database: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, engine = database
    other = make_engine(url)  # ``other`` stores as another server would
    try:
        table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
        bulk = [Event(n, "tally.add", {"seat": 1 + n % 2, "category": "vp", "delta": 1}) for n in range(1, 3001)]
        bulk[2994] = Event(2995, "void", {"target": 2994}, by_host=True)  # an undo before the states kept
        ledger_import.insert_ledger(engine, table.id, bulk, "bulk-")
        first = services.table_state(engine, table)  # this server keeps the state at 3,000, and none before
        # Further behind than any state kept (a phone asleep, a server just started): the ledger is
        # folded up to the entry the phone showed, and its news is the same as ever.
        shown = fold(SCORE_PAD, table.setup, bulk[:2990])
        assert news_since(engine, table, first, 2990) == news_between(SCORE_PAD, shown, first) != ()
        with store.appending(other, table.id) as ledger:
            ledger.append(Event(3001, "tally.add", {"seat": 1, "category": "vp", "delta": 5}, by_host=True), "n-1")
        with store.appending(other, table.id) as ledger:
            ledger.append(Event(3002, "void", {"target": 3001}, by_host=True), "n-2")  # another phone's undo
        now = services.table_state(engine, table)  # caught up at 3,002: it keeps no state at 3,001
        events = list(now.events)

        def expected(since: int) -> tuple[News, ...]:
            return news_between(SCORE_PAD, fold(SCORE_PAD, table.setup, events[:since]), now)

        applied = []
        apply_all = table_module._apply_all

        def counted(game: Game, state: TableState, entries: Iterable[Event], *rest: Any) -> TableState:
            listed = list(entries)
            applied.append(len(listed))
            return apply_all(game, state, listed, *rest)

        wanted = {since: expected(since) for since in (3000, 3001)}
        with monkeypatch.context() as patched:
            patched.setattr(table_module, "_apply_all", counted)
            assert news_since(engine, table, now, 3001) == wanted[3001] != ()  # the undo is news
            assert news_since(engine, table, now, 3000) == wanted[3000]
        assert sum(applied) < 10  # from the states kept at 3,000: not the 3,001 entries of a fold
        assert news_since(engine, table, now, 3002) == ()
    finally:
        other.dispose()


# -- The fold's work grows with the entries, no faster -------------------------------------------
SCORE_PAD = get_game("score-pad")


def score_pad_ledger(count: int) -> list[Event]:
    """Dice rolled in the app and typed in, tallies, and now and then an undo (and a redo)."""
    events: list[Event] = []
    for seq in range(1, count + 1):
        if seq % 50 == 0:
            events.append(void(seq, seq - 1 - seq % 7))
        elif seq % 3 == 0:
            events.append(Event(seq, "dice.roll", {"count": 2, "sides": 6}, author=1))
        elif seq % 3 == 1:
            events.append(Event(seq, "dice.roll", {"count": 1, "sides": 20, "values": [seq % 20 + 1]}, author=2))
        else:
            events.append(Event(seq, "tally.add", {"seat": 1 + seq % 2, "category": "vp", "delta": 1}, by_host=True))
    return events


def calls_to_fold(game: Game, setup: Setup, events: list[Event]) -> int:
    """Count the function calls (Python and built-in) that folding ``events`` makes: work, not time."""
    calls = 0

    def count(_frame: object, event: str, _arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        fold(game, setup, events)
    finally:
        sys.setprofile(None)
    return calls


def items_copied_while_folding(game: Game, setup: Setup, events: list[Event], monkeypatch: pytest.MonkeyPatch) -> int:
    """Count the items the fold copies into new shared lists (the ledger, the dice tray): work that a
    call count misses, since copying a growing sequence is one call however long it is."""
    copied = 0
    made = ledgers._Shared.__init__

    def counted(shared: ledgers._Shared[object], held: list[object]) -> None:
        nonlocal copied
        copied += len(held)
        made(shared, held)

    with monkeypatch.context() as patched:
        patched.setattr(ledgers._Shared, "__init__", counted)
        fold(game, setup, events)
    return copied


@pytest.mark.parametrize(
    ("game", "setup", "ledger"),
    [(SCORE_PAD, score_pad_setup(), score_pad_ledger), (MRP, mrp_setup(), lambda n: mrp_ledger(n, n // 10))],
    ids=["dice-tallies-and-undos", "mission-red-planet"],
)
def test_folding_twice_the_entries_takes_about_twice_the_work(
    game: Game, setup: Setup, ledger: Callable[[int], list[Event]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted, not timed (a busy machine makes timings noisy): the time itself is bench/run.py's."""
    short, long = ledger(2_000), ledger(4_000)
    assert len(fold(game, setup, long).skipped) < 40  # nearly every entry is applied: the work is real
    assert calls_to_fold(game, setup, long) / calls_to_fold(game, setup, short) < 2.5
    # Copying what grows (every entry or roll so far) would copy about n²/2 items.
    assert items_copied_while_folding(game, setup, long, monkeypatch) <= len(long)
