"""Live streams are capped per seat, per watch link, per address and per process: beyond, 429 and the page polls."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.storage.migrate import upgrade
from companion.web.app import create_app
from companion.web.streams import gate
from tests.conftest import new_table
from tests.web.test_moves import joined_phone


@contextmanager
def open_stream(phone: FlaskClient, code: str, address: str = "127.0.0.1") -> Iterator[Any]:
    response = phone.get(f"/t/{code}/stream", buffered=False, environ_base={"REMOTE_ADDR": address})
    try:
        yield response
    finally:
        response.close()


def spectator(client: FlaskClient, make_client: Any, code: str) -> FlaskClient:
    phone: FlaskClient = make_client()
    link = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser").find("a", href=re.compile("^/watch/"))
    phone.get(str(link["href"]))  # type: ignore[index]
    return phone


def test_a_seat_gets_its_limit_of_streams_then_429_until_one_closes(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    app.config["STREAMS_PER_SEAT"] = 2
    code = new_table(client)
    aki = joined_phone(client, make_client, code, 1)
    with open_stream(aki, code) as first, open_stream(aki, code) as second:
        assert first.status_code == second.status_code == 200
        with open_stream(aki, code) as third:
            assert third.status_code == 429 and third.headers["Retry-After"]
        with open_stream(joined_phone(client, make_client, code, 2), code) as other_seat:
            assert other_seat.status_code == 200
    with open_stream(aki, code) as again:
        assert again.status_code == 200


def test_the_watch_link_and_an_address_have_limits_of_their_own(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    app.config["STREAMS_PER_WATCH_LINK"] = 2
    app.config["STREAMS_PER_ADDRESS"] = 3
    code = new_table(client)
    watchers = [spectator(client, make_client, code) for _ in range(3)]
    with ExitStack() as stack:
        opened = [stack.enter_context(open_stream(w, code, f"10.0.0.{i}")) for i, w in enumerate(watchers)]
        assert [r.status_code for r in opened] == [200, 200, 429]
    with ExitStack() as stack:
        host = [stack.enter_context(open_stream(client, code, "10.9.9.9")) for _ in range(3)]
        assert [r.status_code for r in host] == [200, 200, 200]
        with open_stream(watchers[0], code, "10.9.9.9") as same_address:
            assert same_address.status_code == 429


def test_the_process_keeps_room_for_everything_else(app: Flask, client: FlaskClient, make_client: Any) -> None:
    app.config["STREAMS_PER_PROCESS"] = 1
    code = new_table(client)
    with open_stream(client, code) as first:
        assert first.status_code == 200
        with open_stream(spectator(client, make_client, code), code, "10.1.1.1") as refused:
            assert refused.status_code == 429
        assert client.get("/").status_code == 200
    assert gate(app).count(("process",)) == 0


@pytest.mark.parametrize("reads", [0, 1])
def test_a_closed_stream_is_no_longer_counted(app: Flask, client: FlaskClient, reads: int) -> None:
    code = new_table(client)
    with open_stream(client, code) as response:
        chunks = iter(response.response)
        for _ in range(reads):
            next(chunks)
        assert gate(app).count(("process",)) == 1
    assert gate(app).count(("process",)) == 0


def test_each_app_counts_only_its_own_streams(app: Flask, client: FlaskClient, tmp_path: Path) -> None:
    """Two servers in one process (one test's server after another's) share no counts: table 1 of
    another app's database is another table, whose host still gets its stream."""
    url = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    upgrade(url)
    other = create_app({**app.config, "DATABASE_URL": url})
    for each in (app, other):
        each.config["STREAMS_PER_HOST"] = 1
    other_host = other.test_client()
    with open_stream(client, new_table(client)) as first, open_stream(other_host, new_table(other_host)) as second:
        assert first.status_code == second.status_code == 200
        assert gate(app).count(("process",)) == gate(other).count(("process",)) == 1
