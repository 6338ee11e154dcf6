"""Shared fixtures: an app on a fresh SQLite file migrated by Alembic, and its client."""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool

from companion.storage.migrate import upgrade
from companion.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent
POSTGRES_URL = os.environ.get("COMPANION_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _postgres_admin() -> Any:
    """Return an engine on the test server's maintenance connection; skip if the server is down."""
    engine = create_engine(make_url(POSTGRES_URL), isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        with engine.connect() as connection:
            connection.execute(text("select 1"))
    except Exception as error:  # the server is not running here
        engine.dispose()
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES_URL}: {type(error).__name__}")
    return engine


def new_postgres_database(purpose: str, template: str | None = None) -> str:
    """Create an empty database of our own on the test server (dropped at the end of the run).

    The server may be shared (several checkouts, other runs at once): each run migrates and
    alters only databases it created, never the one named in the URL.
    """
    admin = _postgres_admin()
    name = f"companion_{purpose}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    try:
        with admin.connect() as connection:
            copy = f' TEMPLATE "{template}"' if template else ""
            connection.execute(text(f'CREATE DATABASE "{name}"{copy}'))
    finally:
        admin.dispose()
    _created_databases.append(name)
    return make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)


def drop_postgres_database(url: str) -> None:
    """Drop a database made by :func:`new_postgres_database`, closing its connections first."""
    name = make_url(url).database
    admin = create_engine(make_url(POSTGRES_URL), isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()
    if name in _created_databases:
        _created_databases.remove(name)


_created_databases: list[str] = []
_migrated: dict[str, str] = {}


def migrated_postgres_url() -> str:
    """Return this run's PostgreSQL database, migrated; skip the test (with the reason) if it is down."""
    if "url" not in _migrated:
        url = new_postgres_database("test")
        upgrade(url)
        _migrated["url"] = url
    return _migrated["url"]


@pytest.fixture(scope="session", autouse=True)
def _drop_our_postgres_databases() -> Iterator[None]:
    yield
    for name in list(_created_databases):
        drop_postgres_database(make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False))


@pytest.fixture
def private_postgres_url() -> Iterator[str]:
    """A migrated PostgreSQL database for one test alone (it may make it read-only, kill its connections)."""
    url = new_postgres_database("fault")
    upgrade(url)
    yield url
    drop_postgres_database(url)


REDIS_URL = os.environ.get("COMPANION_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def redis_url_or_skip() -> str:
    """Return the test Redis URL; skip the test (with the reason) if Redis is not running."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.exceptions.ConnectionError as error:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}: {error}")
    finally:
        client.close()
    return REDIS_URL


PLAYERS = (("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73"))


# The database the web and unit tests run on: "sqlite" (default) or "postgres" (scripts/test runs
# the suite a second time with COMPANION_TEST_DATABASE=postgres).
TEST_DATABASE = os.environ.get("COMPANION_TEST_DATABASE", "sqlite")
_template: dict[str, str] = {}


def fresh_database_url(folder: Path) -> str:
    """Return a new, migrated, empty database of the kind under test (its SQLite file in ``folder``).

    On PostgreSQL each one is copied from a template migrated once per run (CREATE DATABASE …
    TEMPLATE takes a few milliseconds; migrating takes a second), and dropped at the end.
    """
    if TEST_DATABASE == "sqlite":
        url = f"sqlite:///{folder / 'test.sqlite3'}"
        upgrade(url)
        return url
    if TEST_DATABASE != "postgres":
        raise pytest.UsageError(f"COMPANION_TEST_DATABASE is sqlite or postgres, not {TEST_DATABASE!r}")
    if "name" not in _template:
        url = new_postgres_database("template")
        upgrade(url)
        _template["name"] = str(make_url(url).database)
    return new_postgres_database("test", template=_template["name"])


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return fresh_database_url(tmp_path)


@pytest.fixture(autouse=True)
def _close_engines(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Close the connections of every engine an app made during the test.

    Apps in tests are not shut down; on PostgreSQL their pooled connections would outlive the
    database they point to (dropped after the test) and warn when collected.
    """
    import companion.storage.db

    engines = []
    make = companion.storage.db.make_engine

    def tracked(url: str) -> Any:
        engine = make(url)
        engines.append(engine)
        return engine

    monkeypatch.setattr(companion.storage.db, "make_engine", tracked)
    yield
    for engine in engines:
        engine.dispose()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A migrated SQLite database, whatever the run's database (for tests of SQLite itself)."""
    url = f"sqlite:///{tmp_path / 'sqlite.sqlite3'}"
    upgrade(url)
    return url


@pytest.fixture
def app(database_url: str, tmp_path: Path) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
            # These tests step through whole games faster than any table taps; the hold that makes a
            # burst of taps one step is tested with its real length (tests/web/test_one_step.py).
            "ADVANCE_HOLD_SECONDS": 0,
        }
    )


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def make_client(app: Flask) -> Iterator[Any]:
    """Another phone: a client with its own cookies."""
    yield lambda: app.test_client()


def new_table(
    client: FlaskClient,
    game: str = "score-pad",
    players: tuple[tuple[str, str], ...] = PLAYERS,
    **options: str,
) -> str:
    """Create a table through the form and return its code."""
    form = {"game": game}
    for seat, (name, colour) in enumerate(players, start=1):
        form[f"name-{seat}"] = name
        form[f"colour-{seat}"] = colour
    form.update({f"option-{key}": value for key, value in options.items()})
    response = client.post("/new", data=form)
    assert response.status_code == 303, response.text
    match = re.fullmatch(r"/t/([A-Z0-9]+)", response.headers["Location"])
    assert match
    return match.group(1)


def join_link(client: FlaskClient, code: str) -> str:
    """Return the join link that the host's page shows."""
    page = client.get(f"/t/{code}").text
    match = re.search(r'href="(/join/[^"]+)"', page)
    assert match
    return match.group(1)


_keys = iter(range(10**9))


def post_event(client: FlaskClient, code: str, key: str | None = None, htmx: bool = False, **fields: Any) -> Any:
    """Post one entry as a form; a fresh idempotency key unless one is given."""
    data = {"key": key or f"test-key-{next(_keys):08d}", **{k: str(v) for k, v in fields.items()}}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/t/{code}/events", data=data, headers=headers)
