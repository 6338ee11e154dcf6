"""Live updates: the stream says "seq N", reconnects catch up, polling gets 204 when nothing changed."""

from __future__ import annotations

import json
import os
import queue
import time

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.storage.live import Broker, RedisBroker
from tests.conftest import new_table, post_event

REDIS_URL = os.environ.get("COMPANION_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def read_stream(client: FlaskClient, path: str, count: int, **headers: str) -> list[str]:
    response = client.get(path, headers=headers, buffered=False)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    chunks = iter(response.response)
    try:
        out = []
        for _ in range(count):
            chunk = next(chunks)
            out.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
        return out
    finally:
        response.close()


def test_a_stream_catches_up_from_the_last_seq_it_had(client: FlaskClient) -> None:
    code = new_table(client)
    for delta in (1, 2, 3):
        post_event(client, code, kind="tally.add", seat=1, category="vp", delta=delta)
    retry, update = read_stream(client, f"/t/{code}/stream?after=1", 2)
    assert retry.startswith("retry:")
    assert update == "id: 3\nevent: update\ndata: 3\n\n"
    # EventSource sends Last-Event-ID on reconnect; it wins over the URL.
    retry, update = read_stream(client, f"/t/{code}/stream?after=0", 2, **{"Last-Event-ID": "2"})
    assert "data: 3" in update


def test_strangers_cannot_open_the_stream(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = new_table(client)
    refused = make_client().get(f"/t/{code}/stream")
    assert refused.status_code == 404 and "this phone has joined" in refused.text


def test_recording_publishes_the_new_seq_to_subscribers(app: Flask, client: FlaskClient) -> None:
    code = new_table(client)
    broker: Broker = app.extensions["companion.broker"]
    table_id = 1
    with broker.subscribe(table_id) as inbox:
        post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1)
        post_event(client, code, key="same-key-xyz", kind="tally.add", seat=1, category="vp", delta=1)
        post_event(client, code, key="same-key-xyz", kind="tally.add", seat=1, category="vp", delta=1)
        assert [inbox.get(timeout=1), inbox.get(timeout=1)] == [1, 2]
        with pytest.raises(queue.Empty):
            inbox.get(timeout=0.1)  # a repeated key is not news
    assert broker.subscriber_count() == 0


def test_polling_gets_204_when_nothing_changed_and_the_board_when_it_did(client: FlaskClient) -> None:
    code = new_table(client)
    htmx = {"HX-Request": "true"}
    assert client.get(f"/t/{code}?since=0", headers=htmx).status_code == 204
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1)
    changed = client.get(f"/t/{code}?since=0", headers=htmx)
    assert changed.status_code == 200 and 'data-seq="1"' in changed.text
    assert client.get(f"/t/{code}?since=0").status_code == 200  # a page load is always a page


def test_a_slow_reader_keeps_only_the_newest_news() -> None:
    broker = Broker()
    with broker.subscribe(7) as inbox:
        for seq in range(1, 200):
            broker.publish(7, seq)
        seen = []
        while not inbox.empty():
            seen.append(inbox.get_nowait())
    assert seen[-1] == 199 and len(seen) <= 64


@pytest.mark.redis
def test_redis_carries_news_between_processes() -> None:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL).ping()
    except redis.exceptions.ConnectionError as error:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}: {error}")
    publisher, listener = RedisBroker(REDIS_URL), RedisBroker(REDIS_URL)
    table_id = int(time.time() * 1000) % 10**9
    with listener.subscribe(table_id) as inbox:
        deadline = time.monotonic() + 5
        received = None
        while received is None and time.monotonic() < deadline:
            publisher.publish(table_id, 42)  # the listener may still be subscribing
            try:
                received = inbox.get(timeout=0.2)
            except queue.Empty:
                continue
    assert received == 42


@pytest.mark.redis
def test_two_deployments_sharing_one_redis_never_hear_each_others_tables() -> None:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL).ping()
    except redis.exceptions.ConnectionError as error:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}: {error}")
    ours, theirs = RedisBroker(REDIS_URL, "ours"), RedisBroker(REDIS_URL, "theirs")
    ours_too = RedisBroker(REDIS_URL, "ours")
    table_id = 7  # the same id in both databases
    with ours.subscribe(table_id) as inbox:
        deadline = time.monotonic() + 5
        received = None
        while received is None and time.monotonic() < deadline:
            theirs.publish(table_id, 99)
            ours_too.publish(table_id, 42)  # the listener may still be subscribing
            try:
                received = inbox.get(timeout=0.2)
            except queue.Empty:
                continue
        theirs.publish(table_id, 99)
        time.sleep(0.3)
        later = [inbox.get_nowait() for _ in range(inbox.qsize())]
    assert received == 42
    assert 99 not in later


def test_the_app_shell_is_installable(client: FlaskClient) -> None:
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    data = manifest.json
    assert data["display"] == "standalone" and {"192x192", "512x512"} <= {i["sizes"] for i in data["icons"]}
    for icon in data["icons"]:
        with client.get(icon["src"]) as response:
            assert response.status_code == 200
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.mimetype
    assert worker.headers["Service-Worker-Allowed"] == "/"
    assert 'request.method !== "GET"' in worker.text  # it never touches a POST
    assert client.get("/offline").status_code == 200


def test_the_theme_switch_is_remembered(client: FlaskClient) -> None:
    assert 'data-theme="system"' in client.get("/").text
    client.post("/theme", data={"theme": "dark", "next": "/"})
    assert 'data-theme="dark"' in client.get("/").text


def test_the_service_worker_cache_follows_the_shell_files(client: FlaskClient) -> None:
    import re

    version = re.search(r'companion-shell-([0-9a-f]{12})"', client.get("/sw.js").text)
    assert version is not None


def test_the_service_worker_keeps_the_shell_under_the_fingerprinted_urls_the_pages_load(client: FlaskClient) -> None:
    worker = client.get("/sw.js").text
    shell = json.loads(worker.split("var SHELL = ", 1)[1].split(";", 1)[0])
    page = BeautifulSoup(client.get("/").text, "html.parser")
    loaded = {tag.get("src") or tag.get("href") for tag in page.select("script[src], link[href^='/static/']")}
    assert loaded <= set(shell)  # every file a first visit fetched: nothing downloaded a second time
    assert all("?v=" in url for url in shell if url.startswith("/static/"))
    assert "/offline" in shell
