"""The ledger store: append-only, gap-free sequence numbers, idempotent retries, under concurrency."""

from __future__ import annotations

import multiprocessing
import pickle
import re
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from companion.games.appendable import BLOCK, Appendable, Events
from companion.games.contract import Event
from companion.games.registry import get_game
from companion.games.table import fold
from companion.games.table_state import TableState
from companion.games.words import RuleError
from companion.services.table import SeatNotHeld, Tables, new_key
from companion.services.tables import PlayerEntry, create_table
from companion.storage import ledger_import, store
from companion.storage.db import make_engine, read_session
from companion.storage.migrate import upgrade
from companion.storage.models import EventRecord
from tests.conftest import migrated_postgres_url

PLAYERS = [PlayerEntry(n, c) for n, c in (("Aki", "#E69F00"), ("Ben", "#56B4E9"))]


def sqlite_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'ledger.sqlite3'}"
    upgrade(url)
    return url


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return sqlite_url(tmp_path) if request.param == "sqlite" else migrated_postgres_url()


@pytest.fixture
def engine(url: str) -> Iterator[Engine]:
    engine = make_engine(url)
    yield engine
    engine.dispose()


@pytest.fixture
def tables(engine: Engine) -> Tables:
    """This server's tables (one cache of folded steps)."""
    return Tables(engine)


def add_point(tables: Tables, table: store.TableInfo, key: str, seat: int = 1) -> store.Appended:
    return tables.open(table).record(
        kind="tally.add",
        payload={"seat": seat, "category": "vp", "delta": 1},
        author=None,
        by_host=True,
        idempotency_key=key,
    )


def state_of(tables: Tables, table: store.TableInfo) -> TableState:
    """The table's state as a request reading its row now sees it."""
    return tables.find(code=table.code).state


def seqs(engine, table_id: int) -> list[int]:  # type: ignore[no-untyped-def]
    with read_session(engine) as session:
        rows = session.exec(select(EventRecord).where(EventRecord.table_id == table_id)).all()
        return sorted(r.seq for r in rows)


def test_a_repeated_key_is_stored_once_and_answered_as_the_first_time(url: str, engine: Engine, tables: Tables) -> None:
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    first = add_point(tables, table, "same-key-123")
    again = add_point(tables, table, "same-key-123")
    assert first.created and not again.created
    assert again.event == first.event
    assert seqs(engine, table.id) == [1]
    assert state_of(tables, table).tally.count(1, "vp") == 1


def test_a_retry_the_rules_would_now_refuse_is_answered_with_the_first_entry(
    url: str, engine: Engine, tables: Tables
) -> None:
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    add_point(tables, table, "up-one-key")

    def take_one_point() -> store.Appended:
        return tables.open(table).record(
            kind="tally.add",
            payload={"seat": 1, "category": "vp", "delta": -1},
            author=None,
            by_host=True,
            idempotency_key="down-one-key",
        )

    first = take_one_point()
    again = take_one_point()  # sent again (a lost answer): -1 now would take the points below 0
    assert first.created and not again.created and again.event == first.event
    assert seqs(engine, table.id) == [1, 2]
    assert state_of(tables, table).tally.count(1, "vp") == 0


def test_a_phones_entry_sent_again_after_its_seat_was_freed_gets_its_first_answer(
    url: str, engine: Engine, tables: Tables
) -> None:
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    tables.open(table).take_seat(seat=1, device="phone-1", key="claim-key-1")

    def phone_adds_a_point(key: str) -> store.Appended:
        return tables.open(table).record(
            kind="tally.add",
            payload={"seat": 1, "category": "vp", "delta": 1},
            author=1,
            by_host=False,
            idempotency_key=key,
            device="phone-1",
        )

    first = phone_adds_a_point("phone-point-key")
    tables.open(table).record(
        kind="seat.release",
        payload={"seat": 1},
        author=None,
        by_host=True,
        idempotency_key="release-key-1",
    )
    again = phone_adds_a_point("phone-point-key")  # the answer was lost; the phone no longer holds the seat
    assert first.created and not again.created and again.event == first.event
    with pytest.raises(SeatNotHeld):  # a new entry from it is refused
        phone_adds_a_point("phone-point-key-2")
    assert state_of(tables, table).tally.count(1, "vp") == 1


def test_a_rejected_entry_stores_nothing_and_keeps_numbering_gap_free(url: str, engine: Engine, tables: Tables) -> None:
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    with pytest.raises(RuleError, match="Victory points must stay between 0 and"):
        tables.open(table).record(
            kind="tally.add",
            payload={"seat": 1, "category": "vp", "delta": -1},
            author=None,
            by_host=True,
            idempotency_key="negative-vp-1",
        )
    add_point(tables, table, "fine-key-001")
    assert seqs(engine, table.id) == [1]


def test_concurrent_appends_from_threads_lose_nothing_and_number_without_gaps(
    url: str, engine: Engine, tables: Tables
) -> None:
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    errors: list[BaseException] = []

    def phone(index: int) -> None:
        try:
            for n in range(25):
                add_point(tables, table, f"t{index}-n{n}-key", seat=1 + index % 2)
                add_point(tables, table, f"t{index}-n{n}-key", seat=1 + index % 2)  # a retry
        except BaseException as error:  # collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert seqs(engine, table.id) == list(range(1, 201))
    state = state_of(tables, table)
    assert state.tally.count(1, "vp") + state.tally.count(2, "vp") == 200


def _process_appends(url: str, code: str, prefix: str, count: int = 40) -> None:
    engine = make_engine(url)
    tables = Tables(engine)  # another process: its own cache
    table = tables.find(code=code).info
    for n in range(count):
        add_point(tables, table, f"{prefix}-{n}-key")
    engine.dispose()


def test_concurrent_appends_from_two_processes(url: str, engine: Engine, tables: Tables) -> None:
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_process_appends, args=(url, table.code, p)) for p in ("a", "b")]
    for process in processes:
        process.start()
    for process in processes:
        process.join(120)
    assert [p.exitcode for p in processes] == [0, 0]
    assert seqs(engine, table.id) == list(range(1, 81))
    assert state_of(tables, table).tally.count(1, "vp") == 80


def test_an_entry_another_server_stored_meanwhile_is_not_overwritten_or_skipped(
    url: str, engine: Engine, tables: Tables
) -> None:
    """This process stored the last entry it knows of; another server stores one; this one goes on."""
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    add_point(tables, table, "here-first-key")
    add_point(tables, table, "here-second-key")  # this process knows the table's last entry now
    other = multiprocessing.get_context("spawn").Process(target=_process_appends, args=(url, table.code, "there", 1))
    other.start()
    other.join(60)
    assert other.exitcode == 0
    third = add_point(tables, table, "here-third-key")
    assert third.created and third.event.seq == 4
    assert seqs(engine, table.id) == [1, 2, 3, 4]
    assert state_of(tables, table).tally.count(1, "vp") == 4
    again = add_point(tables, table, "there-0-key")  # the other server's key, sent here: answered, not stored
    assert not again.created and again.event.seq == 3 and seqs(engine, table.id) == [1, 2, 3, 4]


def test_the_ledger_is_only_ever_appended(url: str, engine: Engine, tables: Tables) -> None:
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    add_point(tables, table, "append-only-1")
    tables.open(table).record(
        kind="void",
        payload={"target": 1},
        author=None,
        by_host=True,
        idempotency_key="append-only-2",
    )
    with read_session(engine) as session:
        rows = session.exec(select(EventRecord).where(EventRecord.table_id == table.id).order_by(EventRecord.seq)).all()
    assert [(r.seq, r.kind, r.payload) for r in rows] == [
        (1, "tally.add", {"seat": 1, "category": "vp", "delta": 1}),
        (2, "void", {"target": 1}),
    ]
    assert state_of(tables, table).tally.count(1, "vp") == 0


@pytest.mark.postgres
def test_on_postgresql_only_the_tables_row_lock_orders_appends(tmp_path: Path) -> None:
    """An append to one table waits for that table's row, never for appends to another table."""
    url = migrated_postgres_url()
    engine = make_engine(url)
    tables = Tables(engine)
    try:
        busy = create_table(engine, slug="score-pad", players=PLAYERS, options={})
        free = create_table(engine, slug="score-pad", players=PLAYERS, options={})
        holder = engine.raw_connection()
        cursor = holder.cursor()
        cursor.execute("SELECT id FROM game_table WHERE id = %s FOR UPDATE", (busy.id,))
        waiting_done = threading.Event()

        def append_to_busy() -> None:
            add_point(tables, busy, "waits-for-the-row-lock")
            waiting_done.set()

        waiter = threading.Thread(target=append_to_busy)
        waiter.start()
        try:
            assert not waiting_done.wait(0.5)  # the busy table's append waits for its row ...
            other = threading.Thread(target=add_point, args=(tables, free, "another-table"))
            other.start()
            other.join(5)
            assert not other.is_alive()  # ... while another table's append goes through
            assert seqs(engine, free.id) == [1]
        finally:
            holder.rollback()
            holder.close()
        waiter.join(5)
        assert waiting_done.is_set() and seqs(engine, busy.id) == [1]
    finally:
        engine.dispose()


def test_two_phones_sending_the_same_new_entry_at_once_store_it_once(url: str, engine: Engine, tables: Tables) -> None:
    """A double tap that reaches two server threads: the table's lock (or the key's unique index) keeps one."""
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    answers: list[object] = []
    start = threading.Barrier(4)

    def tap() -> None:
        start.wait()
        answers.append(add_point(tables, table, "double-tap-key"))

    threads = [threading.Thread(target=tap) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert seqs(engine, table.id) == [1]
    assert sorted(a.created for a in answers) == [False, False, False, True]  # type: ignore[attr-defined]


def test_form_keys_made_later_sort_after_earlier_ones() -> None:
    keys = []
    for _ in range(5):
        keys.append(new_key())
        time.sleep(0.002)
    assert keys == sorted(keys)  # the ledger's key index grows at its end
    assert len(set(keys)) == 5
    assert all(re.fullmatch("[0-9a-f]{32}", key) for key in keys)


# -- The steps a server keeps: a cache of the fold, never the source of truth ---------------------
LONG = 2_500  # entries of a long table (a long night, or an imported file)


def long_score_pad(engine: Engine, entries: int) -> store.TableInfo:
    """A table whose ledger holds ``entries`` dice rolls (the app's and typed ones) and tallies, stored as played."""
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    events = []
    for seq in range(1, entries + 1):
        if seq % 3 == 0:
            events.append(Event(seq, "dice.roll", {"count": 2, "sides": 6}, by_host=True))
        elif seq % 3 == 1:
            events.append(Event(seq, "dice.roll", {"count": 1, "sides": 20, "values": [seq % 20 + 1]}, by_host=True))
        else:
            events.append(Event(seq, "tally.add", {"seat": 1 + seq % 2, "category": "vp", "delta": 1}, by_host=True))
    events.append(Event(entries + 1, "tally.add", {"seat": 9, "category": "vp", "delta": 1}, by_host=True))  # refused
    ledger_import.insert_ledger(engine, table.id, events, "long-")
    return table


def fold_from_the_first_entry(engine: Engine, table: store.TableInfo) -> TableState:
    return fold(get_game(table.setup.game), table.setup, store.load_events(engine, table.id))


def assert_same(a: TableState, b: TableState) -> None:
    for name in ("setup", "game", "tally", "rolls", "claims", "ended", "voided", "skipped", "voids", "events"):
        assert getattr(a, name) == getattr(b, name), name


def test_a_long_tables_state_carried_on_from_the_step_kept_equals_the_fold_from_its_first_entry(
    url: str, engine: Engine, tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = long_score_pad(engine, LONG)
    assert state_of(tables, table).last_seq == LONG + 1  # a cold board: folded from the first entry, and kept
    other = Tables(make_engine(url))  # another server stores three entries
    try:
        for n in range(3):
            add_point(other, table, f"there-{n}")
    finally:
        other.engine.dispose()
    reads: list[int] = []
    load_events = store.load_events
    with monkeypatch.context() as patched:
        patched.setattr(store, "load_events", lambda e, t, after=0: reads.append(after) or load_events(e, t, after))
        carried_on = state_of(tables, table)
    assert reads == [LONG + 1]  # only the three entries after the step kept are read
    assert carried_on.last_seq == LONG + 4 and carried_on.tally.count(1, "vp") > 0
    assert_same(carried_on, fold_from_the_first_entry(engine, table))


def test_an_undo_of_the_first_entry_folds_the_table_again_from_its_first_entry(engine: Engine, tables: Tables) -> None:
    table = long_score_pad(engine, LONG)
    state_of(tables, table)  # kept at its last entry
    tables.open(table).record(
        kind="void", payload={"target": 1}, author=None, by_host=True, idempotency_key="undo-first"
    )
    undone = state_of(tables, table)
    assert 1 in undone.voided and undone.rolls[0].seq == 3  # the typed roll of entry 1 is gone
    assert_same(undone, fold_from_the_first_entry(engine, table))
    assert_same(state_of(Tables(engine), table), undone)  # and a restarted server folds the same


def test_entries_read_in_bulk_carry_the_same_payloads_and_utc_times_as_read_one_by_one(
    engine: Engine, tables: Tables
) -> None:
    table = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    before = datetime.now(UTC)
    for n in range(3):
        add_point(tables, table, f"time-{n}", seat=1 + n % 2)
    bulk = store.load_events(engine, table.id)
    assert [store.stored_event(engine, table.id, f"time-{n}") for n in range(3)] == bulk
    assert all(e.at is not None and e.at.tzinfo is UTC and before <= e.at <= datetime.now(UTC) for e in bulk)
    assert [e.payload["seat"] for e in bulk] == [1, 2, 1]


# -- The ledger as the games hold it: an immutable sequence every later state shares -----------------
def test_appending_leaves_the_ledger_before_as_it_was_and_two_states_going_on_from_one_do_not_meet() -> None:
    first = Events([Event(1, "a", {})])
    second = first.appended((Event(2, "b", {}),))
    third = second.appended((Event(3, "c", {}),))
    other = second.appended((Event(3, "x", {}),))  # a move decided on ``second`` but not stored
    assert [e.kind for e in first] == ["a"] and [e.kind for e in second] == ["a", "b"]
    assert [e.kind for e in third] == ["a", "b", "c"] and [e.kind for e in other] == ["a", "b", "x"]
    assert (third.last_seq, Events().last_seq) == (3, 0)


def test_an_append_copies_none_of_the_earlier_blocks() -> None:
    """The fold appends an entry (or a roll) per state: copying what came before would make it O(n²)."""
    before = Appendable(range(10 * BLOCK + 5))
    after = before.appended((-1,))
    assert len(after._blocks) == len(before._blocks) and all(
        new is old for new, old in zip(after._blocks, before._blocks, strict=True)
    )
    filled = Appendable(range(10 * BLOCK + BLOCK - 1)).appended((-1,))
    assert len(filled._tail) == 0 and len(filled._blocks) == 11


@pytest.mark.parametrize("length", [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 5 * BLOCK + 7])
def test_an_appended_sequence_reads_as_the_list_of_its_items(length: int) -> None:
    items = list(range(length))
    one_by_one: Appendable[int] = Appendable()
    for item in items:
        one_by_one = one_by_one.appended((item,))
    for sequence in (Appendable(items), one_by_one, Appendable(items[:3]).appended(items[3:])):
        assert len(sequence) == length and list(sequence) == items and list(reversed(sequence)) == items[::-1]
        assert sequence == items and sequence == tuple(items) and sequence == Appendable(items)
        assert [sequence[i] for i in range(-length, length)] == items + items
        assert sequence[-8:] == tuple(items[-8:]) and sequence[2:length:3] == tuple(items[2:length:3])
        assert pickle.loads(pickle.dumps(sequence)) == items
        with pytest.raises(IndexError):
            sequence[length]
        with pytest.raises(IndexError):
            sequence[-length - 1]
    assert Appendable(items) != [*items, 0]


def test_threads_appending_to_one_state_at_once_each_get_their_own_ledger() -> None:
    shared = Events(Event(seq, "a", {}) for seq in range(1, 2 * BLOCK))
    results: dict[int, Events] = {}

    def go_on(thread: int) -> None:
        ledger = shared
        for step in range(3 * BLOCK):
            ledger = ledger.appended((Event(2 * BLOCK + step, f"t{thread}", {}),))
        results[thread] = ledger

    threads = [threading.Thread(target=go_on, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(shared) == 2 * BLOCK - 1
    for number, ledger in results.items():
        assert len(ledger) == 5 * BLOCK - 1 and {e.kind for e in ledger[2 * BLOCK - 1 :]} == {f"t{number}"}
