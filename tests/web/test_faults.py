"""Services that fail and come back: the app says what is wrong (503, not 500), loses nothing,
and carries on once the database or Redis is back. Each test breaks a connection or a setting of
its own database, never the servers."""

from __future__ import annotations

import logging
import queue
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, event, make_url, text
from sqlalchemy.pool import NullPool

from companion.services import screens
from companion.services.table import Table
from companion.storage import store
from companion.storage.db import FULL, READ_ONLY
from companion.storage.live import RECHECK, RedisBroker
from companion.web.app import create_app
from companion.web.extensions import ENGINE_KEY
from tests.conftest import POSTGRES_URL, new_table, post_event, redis_url_or_skip


def make_app(url: str) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "faults", "WTF_CSRF_ENABLED": False})


def message(response: Any) -> str:
    element = BeautifulSoup(response.text, "html.parser").select_one(".error")
    assert element is not None, response.text[:300]
    return element.get_text(" ", strip=True)


def entries(app: Flask, code: str) -> list[str]:
    """The idempotency keys stored for the table, in ledger order."""
    engine = app.extensions[ENGINE_KEY]
    table = store.find_table(engine, code=code)
    assert table is not None
    with engine.connect() as connection:
        rows = connection.exec_driver_sql(
            "SELECT idempotency_key FROM ledger_event WHERE table_id = ? ORDER BY seq"
            if engine.dialect.name == "sqlite"
            else "SELECT idempotency_key FROM ledger_event WHERE table_id = %s ORDER BY seq",
            (table.id,),
        ).all()
    return [row[0] for row in rows]


def same_phone(app: Flask, phone: FlaskClient) -> FlaskClient:
    """The same phone (its session cookie) talking to another app server."""
    other = app.test_client()
    cookie = phone.get_cookie("session")
    assert cookie is not None
    other.set_cookie("session", cookie.value)
    return other


def add_point(client: FlaskClient, code: str, key: str, htmx: bool = False) -> Any:
    return post_event(client, code, key=key, htmx=htmx, kind="tally.add", seat=1, category="vp", delta=1)


# -- A read-only database --------------------------------------------------------------------


def test_a_read_only_sqlite_database_is_reported_at_start_and_answers_writes_with_503(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    writable = make_app(sqlite_url)
    host = writable.test_client()
    code = new_table(host)
    assert add_point(host, code, "before-read-only").status_code == 303

    path = make_url(sqlite_url).database
    with caplog.at_level(logging.WARNING):
        read_only = make_app(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert "the database is read-only" in caplog.text
    phone = same_phone(read_only, host)
    assert phone.get(f"/t/{code}").status_code == 200  # reading still works

    refused = add_point(phone, code, "during-read-only")
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "5"
    assert message(refused) == READ_ONLY
    fragment = add_point(phone, code, "during-read-only", htmx=True)
    assert fragment.status_code == 503 and fragment.headers["HX-Retarget"] == "#messages"
    created = phone.post("/new", data={"game": "score-pad", "name-1": "Aki", "colour-1": "#E69F00"})
    assert created.status_code == 503 and "read-only" in message(created)
    assert "Something went wrong" not in refused.text

    # Writable again: the phone's resend (same key) is stored once, nothing before it was lost.
    assert add_point(host, code, "during-read-only").status_code == 303
    assert add_point(host, code, "during-read-only").status_code == 303
    assert entries(writable, code) == ["before-read-only", "during-read-only"]
    read_only.extensions[ENGINE_KEY].dispose()


def test_a_full_sqlite_database_answers_503_and_loses_nothing(sqlite_url: str) -> None:
    app = make_app(sqlite_url)
    host = app.test_client()
    code = new_table(host)
    engine = app.extensions[ENGINE_KEY]

    def no_new_pages(dbapi_connection: Any, _record: Any) -> None:
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    event.listen(engine, "connect", no_new_pages)
    engine.dispose()
    answers = []
    for number in range(400):
        response = add_point(host, code, f"fill-{number:04d}")
        answers.append(response.status_code)
        if response.status_code != 303:
            break
    assert answers[-1] == 503, answers[-5:]
    assert message(response) == FULL
    stored = [f"fill-{n:04d}" for n, status in enumerate(answers) if status == 303]
    assert entries(app, code) == stored

    event.remove(engine, "connect", no_new_pages)
    engine.dispose()
    assert add_point(host, code, f"fill-{len(answers) - 1:04d}").status_code == 303
    assert entries(app, code) == [*stored, f"fill-{len(answers) - 1:04d}"]


def test_the_500_page_says_only_what_is_true(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    code = new_table(client)

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Table, "record", broken)
    response = add_point(client, code, "buggy-entry")
    assert response.status_code == 500
    assert "may not have been saved" in message(response) and "safe" not in message(response)


def test_a_page_that_fails_to_show_says_that_everything_recorded_is_kept(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = new_table(client)

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(screens, "seat_view", broken)
    response = client.get(f"/t/{code}")
    assert response.status_code == 500
    assert "Everything recorded is kept" in message(response) and "may not have been saved" not in message(response)


# -- PostgreSQL ------------------------------------------------------------------------------


def admin_engine() -> Any:
    """An engine on the test server's own database (not the one a test breaks)."""
    return create_engine(make_url(POSTGRES_URL), isolation_level="AUTOCOMMIT", poolclass=NullPool)


def terminate_connections(url: str) -> int:
    """Kill every connection to the database of ``url`` (the server keeps running)."""
    admin = admin_engine()
    try:
        with admin.connect() as connection:
            query = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :name"
            return len(connection.execute(text(query), {"name": make_url(url).database}).all())
    finally:
        admin.dispose()


def set_read_only(url: str, read_only: bool) -> None:
    admin = admin_engine()
    name = make_url(url).database
    setting = "SET default_transaction_read_only = on" if read_only else "RESET default_transaction_read_only"
    try:
        with admin.connect() as connection:
            connection.execute(text(f'ALTER DATABASE "{name}" {setting}'))
    finally:
        admin.dispose()


@pytest.mark.postgres
def test_killed_postgresql_connections_are_made_again_and_nothing_is_lost(private_postgres_url: str) -> None:
    app = make_app(private_postgres_url)
    host = app.test_client()
    code = new_table(host)
    keys = []
    for round_number in range(3):
        for n in range(3):
            keys.append(f"pg-kill-{round_number}-{n}")
            assert add_point(host, code, keys[-1]).status_code == 303
        assert host.get(f"/t/{code}").status_code == 200
        assert terminate_connections(private_postgres_url) >= 1  # the app's pooled connections die
    assert entries(app, code) == keys
    assert host.get(f"/t/{code}").status_code == 200
    app.extensions[ENGINE_KEY].dispose()


@pytest.mark.postgres
def test_a_read_only_postgresql_database_answers_503_then_takes_the_resend(private_postgres_url: str) -> None:
    app = make_app(private_postgres_url)
    host = app.test_client()
    code = new_table(host)
    assert add_point(host, code, "pg-before").status_code == 303

    set_read_only(private_postgres_url, True)
    terminate_connections(private_postgres_url)
    refused = add_point(host, code, "pg-during")
    assert refused.status_code == 503 and "read-only" in message(refused)
    assert host.get(f"/t/{code}").status_code == 200
    restarted = make_app(private_postgres_url)
    assert "read-only" in (restarted.config["DATABASE_PROBLEM"] or "")
    restarted.extensions[ENGINE_KEY].dispose()

    set_read_only(private_postgres_url, False)
    terminate_connections(private_postgres_url)
    assert add_point(host, code, "pg-during").status_code == 303
    assert add_point(host, code, "pg-during").status_code == 303
    assert entries(app, code) == ["pg-before", "pg-during"]
    app.extensions[ENGINE_KEY].dispose()


# -- Redis -----------------------------------------------------------------------------------


def kill_listener(broker: RedisBroker) -> int:
    """Kill this broker's pub/sub connection on the Redis server (and only that one)."""
    import redis

    admin = redis.Redis.from_url(redis_url_or_skip())
    try:
        killed = 0
        for client in admin.client_list(_type="pubsub"):
            if client.get("name") == broker.client_name:
                killed += admin.client_kill_filter(_id=client["id"])
        return killed
    finally:
        admin.close()


def receive(inbox: queue.Queue[int], publish: Any, wanted: int, seconds: float = 10.0) -> list[int]:
    """Publish until ``wanted`` arrives; return everything the inbox got meanwhile."""
    deadline, seen = time.monotonic() + seconds, []
    while wanted not in seen:
        assert time.monotonic() < deadline, f"{wanted} never arrived; got {seen}"
        publish()
        try:
            while True:
                seen.append(inbox.get(timeout=0.2))
        except queue.Empty:
            continue
    return seen


@pytest.mark.redis
def test_the_redis_listener_reconnects_after_its_connection_is_killed() -> None:
    url = redis_url_or_skip()
    publisher, listener = RedisBroker(url), RedisBroker(url)
    table_id = int(time.time() * 1000) % 10**9
    with listener.subscribe(table_id) as inbox:
        receive(inbox, lambda: publisher.publish(table_id, 1), 1)
        for round_number in range(2, 5):
            deadline = time.monotonic() + 5
            while kill_listener(listener) == 0:  # the listener may be between connections
                assert time.monotonic() < deadline, "no pub/sub connection of this broker to kill"
                time.sleep(0.05)
            seen = receive(inbox, lambda n=round_number: publisher.publish(table_id, n), round_number)
            assert RECHECK in seen  # after each reconnect every stream re-reads its ledger
    assert listener.reconnects >= 3


@pytest.mark.redis
def test_a_stream_hears_news_published_while_its_listener_was_away(database_url: str, tmp_path: Path) -> None:
    url = redis_url_or_skip()
    app = create_app(
        {"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "faults", "WTF_CSRF_ENABLED": False}
        # Rate-limit counters of its own: Redis outlives test runs (and benchmarks) on this machine.
        | {"REDIS_URL": url, "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}"}
    )
    host = app.test_client()
    code = new_table(host)
    stream = host.get(f"/t/{code}/stream", buffered=False)
    chunks = iter(stream.response)
    assert next(chunks) == b"retry: 2000\n\n"
    broker = app.extensions["companion.broker"]
    deadline = time.monotonic() + 5
    while kill_listener(broker) == 0:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    # Recorded on another server while this one's listener is away: only the re-check catches it.
    other = make_app(database_url)
    assert add_point(same_phone(other, host), code, "while-away").status_code == 303
    assert next(chunks).startswith(b"id: 1\n")  # well before the stream's 10-second quiet check
    stream.close()
