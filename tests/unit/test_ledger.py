"""The ledger store: append-only, gap-free sequence numbers, idempotent retries, under concurrency."""

from __future__ import annotations

import multiprocessing
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event
from sqlmodel import select

from companion import services
from companion.db import database_name, make_engine, read_session
from companion.games.contract import RuleError
from companion.ledger import store
from companion.migrate import upgrade
from companion.models import EventRecord
from tests.conftest import migrated_postgres_url

PLAYERS = [services.PlayerEntry(n, c) for n, c in (("Aki", "#E69F00"), ("Ben", "#56B4E9"))]


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


def add_point(engine, table, key: str, seat: int = 1):  # type: ignore[no-untyped-def]
    return services.record(
        engine,
        table,
        kind="tally.add",
        payload={"seat": seat, "category": "vp", "delta": 1},
        author=None,
        by_host=True,
        idempotency_key=key,
    )


def seqs(engine, table_id: int) -> list[int]:  # type: ignore[no-untyped-def]
    with read_session(engine) as session:
        rows = session.exec(select(EventRecord).where(EventRecord.table_id == table_id)).all()
        return sorted(r.seq for r in rows)


def test_a_repeated_key_is_stored_once_and_answered_as_the_first_time(url: str, engine: Engine) -> None:
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    first = add_point(engine, table, "same-key-123")
    again = add_point(engine, table, "same-key-123")
    assert first.created and not again.created
    assert again.event == first.event
    assert seqs(engine, table.id) == [1]
    assert services.table_state(engine, table).tally.count(1, "vp") == 1


def test_a_retry_the_rules_would_now_refuse_is_answered_with_the_first_entry(url: str, engine: Engine) -> None:
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    add_point(engine, table, "up-one-key")

    def take_one_point() -> store.Appended:
        return services.record(
            engine,
            table,
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
    assert services.table_state(engine, table).tally.count(1, "vp") == 0


def test_a_rejected_entry_stores_nothing_and_keeps_numbering_gap_free(url: str, engine: Engine) -> None:
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    with pytest.raises(RuleError, match="Victory points must stay between 0 and"):
        services.record(
            engine,
            table,
            kind="tally.add",
            payload={"seat": 1, "category": "vp", "delta": -1},
            author=None,
            by_host=True,
            idempotency_key="negative-vp-1",
        )
    add_point(engine, table, "fine-key-001")
    assert seqs(engine, table.id) == [1]


def test_concurrent_appends_from_threads_lose_nothing_and_number_without_gaps(url: str, engine: Engine) -> None:
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    errors: list[BaseException] = []

    def phone(index: int) -> None:
        try:
            for n in range(25):
                add_point(engine, table, f"t{index}-n{n}-key", seat=1 + index % 2)
                add_point(engine, table, f"t{index}-n{n}-key", seat=1 + index % 2)  # a retry
        except BaseException as error:  # collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert seqs(engine, table.id) == list(range(1, 201))
    state = services.table_state(engine, table)
    assert state.tally.count(1, "vp") + state.tally.count(2, "vp") == 200


def _process_appends(url: str, code: str, prefix: str, count: int = 40) -> None:
    engine = make_engine(url)
    table = services.find_table(engine, code=code)
    for n in range(count):
        add_point(engine, table, f"{prefix}-{n}-key")
    engine.dispose()


def test_concurrent_appends_from_two_processes(url: str, engine: Engine) -> None:
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_process_appends, args=(url, table.code, p)) for p in ("a", "b")]
    for process in processes:
        process.start()
    for process in processes:
        process.join(120)
    assert [p.exitcode for p in processes] == [0, 0]
    assert seqs(engine, table.id) == list(range(1, 81))
    assert services.table_state(engine, table).tally.count(1, "vp") == 80


def test_an_entry_another_server_stored_meanwhile_is_not_overwritten_or_skipped(url: str, engine: Engine) -> None:
    """This process stored the last entry it knows of; another server stores one; this one goes on."""
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    add_point(engine, table, "here-first-key")
    add_point(engine, table, "here-second-key")  # this process knows the table's last entry now
    other = multiprocessing.get_context("spawn").Process(target=_process_appends, args=(url, table.code, "there", 1))
    other.start()
    other.join(60)
    assert other.exitcode == 0
    third = add_point(engine, table, "here-third-key")
    assert third.created and third.event.seq == 4
    assert seqs(engine, table.id) == [1, 2, 3, 4]
    assert services.table_state(engine, table).tally.count(1, "vp") == 4
    again = add_point(engine, table, "there-0-key")  # the other server's key, sent here: answered, not stored
    assert not again.created and again.event.seq == 3 and seqs(engine, table.id) == [1, 2, 3, 4]


def test_the_ledger_is_only_ever_appended(url: str, engine: Engine) -> None:
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    add_point(engine, table, "append-only-1")
    services.record(
        engine,
        table,
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
    assert services.table_state(engine, table).tally.count(1, "vp") == 0


@pytest.mark.postgres
def test_on_postgresql_only_the_tables_row_lock_orders_appends(tmp_path: Path) -> None:
    """An append to one table waits for that table's row, never for appends to another table."""
    url = migrated_postgres_url()
    engine = make_engine(url)
    try:
        busy = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
        free = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
        holder = engine.raw_connection()
        cursor = holder.cursor()
        cursor.execute("SELECT id FROM game_table WHERE id = %s FOR UPDATE", (busy.id,))
        waiting_done = threading.Event()

        def append_to_busy() -> None:
            add_point(engine, busy, "waits-for-the-row-lock")
            waiting_done.set()

        waiter = threading.Thread(target=append_to_busy)
        waiter.start()
        try:
            assert not waiting_done.wait(0.5)  # the busy table's append waits for its row ...
            other = threading.Thread(target=add_point, args=(engine, free, "another-table"))
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


@pytest.mark.postgres
def test_on_postgresql_a_tap_reuses_a_kept_connection_unpinged_and_one_the_server_dropped_is_replaced(
    private_postgres_url: str,
) -> None:
    """A tap takes a connection this process keeps for taps: no pool checkout, no ping first (one
    round trip less); when the server has dropped it (a restart), the tap goes through on another
    connection and is stored once, and the other kept connections, dropped too, are let go."""
    upgrade(private_postgres_url)
    engine = make_engine(private_postgres_url)
    checkouts: list[object] = []
    event.listen(engine, "checkout", lambda *args: checkouts.append(args[0]))
    pings: list[object] = []
    real_ping = engine.dialect.do_ping
    engine.dialect.do_ping = lambda connection: pings.append(connection) or real_ping(connection)  # type: ignore[method-assign]
    try:
        table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
        add_point(engine, table, "before-the-restart-1")  # this process now knows the table's last entry
        pings.clear()
        checkouts.clear()
        add_point(engine, table, "before-the-restart-2")
        assert checkouts == [] and pings == []  # the kept connection, as it was
        with read_session(engine) as session:  # every use of the pool is pinged
            session.exec(select(EventRecord.id)).all()
        assert len(checkouts) == 1 and len(pings) == 1
        with ExitStack() as taps:  # taps at once: the process keeps several connections
            for _ in range(store.KEPT_FOR_TAPS):
                taps.enter_context(store._tapping(engine))
        kept_before = [ledger.connection.dbapi_connection for ledger, _ in store._kept_for_taps[engine].idle]
        assert len(kept_before) == store.KEPT_FOR_TAPS
        admin = make_engine(private_postgres_url)
        with admin.connect() as connection:  # the server drops the app's connections
            connection.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        admin.dispose()
        pings.clear()
        appended = add_point(engine, table, "after-the-restart")
        assert appended.created and appended.event.seq == 3
        assert len(pings) >= 1  # the second attempt took a pinged (so live) connection
        assert all(driver is not None and driver.closed for driver in kept_before)  # all let go
        assert add_point(engine, table, "after-the-restart").created is False  # sent again: stored once
        assert seqs(engine, table.id) == [1, 2, 3]
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_on_postgresql_taps_keep_a_few_of_the_pools_connections_and_only_clean_ones(private_postgres_url: str) -> None:
    """Between taps a few connections are kept, still counted by the pool (which caps how many a
    process opens); one left in a transaction, or by a failure, is not kept; one unused for a
    while is pinged before a tap takes it; the engine's dispose closes them all."""
    engine = make_engine(private_postgres_url)
    pings: list[object] = []
    real_ping = engine.dialect.do_ping
    engine.dialect.do_ping = lambda connection: pings.append(connection) or real_ping(connection)  # type: ignore[method-assign]
    try:
        with ExitStack() as taps:
            for _ in range(store.KEPT_FOR_TAPS + 2):
                taps.enter_context(store._tapping(engine))
            assert engine.pool.checkedout() == store.KEPT_FOR_TAPS + 2
        kept = store._kept_for_taps[engine]
        assert len(kept.idle) == store.KEPT_FOR_TAPS
        assert engine.pool.checkedout() == store.KEPT_FOR_TAPS  # kept, and still counted by the pool

        with store._tapping(engine) as in_a_transaction:
            in_a_transaction.cursor.execute("SELECT 1")  # opens a transaction, never ended
        assert len(kept.idle) == store.KEPT_FOR_TAPS - 1

        with pytest.raises(RuntimeError), store._tapping(engine):
            raise RuntimeError("the rules code failed")
        assert len(kept.idle) == store.KEPT_FOR_TAPS - 2
        assert engine.pool.checkedout() == store.KEPT_FOR_TAPS - 2  # both went back to the pool

        with store._tapping(engine) as clean:
            clean.cursor.execute("SELECT 1")
            clean.connection.commit()
        pings.clear()
        with store._tapping(engine) as again:
            assert again is clean and pings == []  # the last one put back, just used: not pinged
        last, put_back_at = kept.idle[-1]
        kept.idle[-1] = (last, put_back_at - store.PING_KEPT_AFTER_SECONDS)  # as if unused for a while
        with store._tapping(engine) as later:
            assert later is clean and len(pings) == 1
        drivers = [ledger.connection.dbapi_connection for ledger, _ in kept.idle]
    finally:
        engine.dispose()
    assert store._kept_for_taps.get(engine) is None
    assert drivers and all(driver is not None and driver.closed for driver in drivers)


def waiting_at(engine: Engine, table_id: int) -> list[object]:
    """The moves waiting for the table's next transaction in this process."""
    appends = store._table_appends.get((database_name(engine), table_id))
    return list(appends.waiting) if appends is not None else []


def test_moves_that_arrive_while_a_table_is_being_appended_to_are_stored_together_in_their_order(
    url: str, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Group commit: one transaction stores the waiting moves; each phone gets its own answer."""
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    checkouts: list[int] = []
    event.listen(engine, "checkout", lambda *_: checkouts.append(1))
    inserts: list[int] = []
    insert_events = store._Ledger.insert_events

    def counted(ledger: store._Ledger, *args: Any, **kwargs: Any) -> bool:
        inserts.append(1)
        return insert_events(ledger, *args, **kwargs)

    monkeypatch.setattr(store._Ledger, "insert_events", counted)
    holder = engine.raw_connection()  # another server holding the table: the first append waits
    holder.cursor().execute(
        "BEGIN IMMEDIATE"
        if engine.dialect.name == "sqlite"
        else f"SELECT 1 FROM game_table WHERE id = {table.id} FOR UPDATE"
    )
    answers: dict[str, object] = {}

    def phone(key: str, seat: int, delta: int) -> None:
        try:
            answers[key] = services.record(
                engine,
                table,
                kind="tally.add",
                payload={"seat": seat, "category": "vp", "delta": delta},
                author=None,
                by_host=True,
                idempotency_key=key,
            )
        except RuleError as error:
            answers[key] = error

    first = threading.Thread(target=phone, args=("first-in-line", 1, 1))
    first.start()
    while len(checkouts) < 2:  # the holder's connection, then the first move's
        time.sleep(0.01)
    waiting = [("two-points", 1, 2), ("below-zero", 2, -1), ("one-for-ben", 2, 1), ("two-points", 1, 2)]
    phones = [threading.Thread(target=phone, args=move) for move in waiting]
    for thread in phones:
        thread.start()
        while len(waiting_at(engine, table.id)) < phones.index(thread) + 1:
            time.sleep(0.01)
    inserts.clear()
    holder.rollback()
    holder.close()
    for thread in [first, *phones]:
        thread.join(10)
    assert len(inserts) == 2  # the first move's, then the four waiting moves': one insert, one transaction
    assert seqs(engine, table.id) == [1, 2, 3]
    assert isinstance(answers["below-zero"], RuleError)  # refused alone, the others stored
    stored = {key: answer for key, answer in answers.items() if isinstance(answer, store.Appended)}
    assert [stored[key].event.seq for key in ("first-in-line", "two-points", "one-for-ben")] == [1, 2, 3]
    state = services.table_state(engine, table)
    assert (state.tally.count(1, "vp"), state.tally.count(2, "vp")) == (3, 1)  # the repeated key counted once


def test_sqlite_appends_go_through_one_kept_connection_made_again_after_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = make_engine(sqlite_url(tmp_path))
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    checkouts: list[int] = []
    event.listen(engine, "checkout", lambda *_: checkouts.append(1))
    for n in range(5):
        add_point(engine, table, f"kept-{n}")
    services.table_state(engine, table)
    assert len(checkouts) == 1  # five appends and their reads: one connection, opened once

    insert_events = store._Ledger.insert_events

    def disk_gone(ledger: store._Ledger, *args: Any, **kwargs: Any) -> bool:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store._Ledger, "insert_events", disk_gone)
    with pytest.raises(sqlite3.OperationalError):
        add_point(engine, table, "lost-disk")
    monkeypatch.setattr(store._Ledger, "insert_events", insert_events)
    add_point(engine, table, "disk-back")
    assert len(checkouts) == 2  # the failed connection was closed, a fresh one opened
    assert seqs(engine, table.id) == [1, 2, 3, 4, 5, 6]

    engine.dispose()  # closes the kept connection with the others
    assert store._kept.get(engine) is None


def test_form_keys_made_later_sort_after_earlier_ones() -> None:
    keys = []
    for _ in range(5):
        keys.append(services.new_key())
        time.sleep(0.002)
    assert keys == sorted(keys)  # the ledger's key index grows at its end
    assert len(set(keys)) == 5
    assert all(re.fullmatch("[0-9a-f]{32}", key) for key in keys)
