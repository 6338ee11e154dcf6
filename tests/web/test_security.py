"""Nobody where they don't belong: codes cannot be told from guesses, guessing and flooding are
rate limited, every ``next=`` stays on this site, and no device id leaves the server."""

from __future__ import annotations

import gc
import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from companion.cli import main
from companion.games.contract import Event, Player, Setup
from companion.games.scenario import replay, scenario_of
from companion.web.app import create_app
from companion.web.forms import safe_next
from tests.conftest import PLAYERS, join_link, new_table, post_event, redis_url_or_skip


def message(response: Any) -> str:
    element = BeautifulSoup(response.text, "html.parser").select_one(".error")
    assert element is not None, response.text[:300]
    return element.get_text(" ", strip=True)


def limited_app(database_url: str, **limits: str) -> Flask:
    return create_app(
        {"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "limits", "WTF_CSRF_ENABLED": False, **limits}
    )


def without_tokens(page: str) -> str:
    """The page with its CSRF tokens blanked: they are signed with the time they were made."""
    page = re.sub(r'name="csrf_token" value="[^"]*"', 'name="csrf_token" value=""', page)
    return re.sub(r'"X-CSRFToken": "[^"]*"', '"X-CSRFToken": ""', page)


def test_an_unknown_code_and_a_table_this_phone_has_not_joined_get_the_same_answer(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client)
    stranger = make_client()
    for path in ("", "/log", "/results", "/stream", "/qr.svg", "/scenario.json"):
        existing, unknown = stranger.get(f"/t/{code}{path}"), stranger.get(f"/t/ZZZZZZ{path}")
        assert existing.status_code == unknown.status_code == 404, path
        # Byte for byte the same page but for the address it was asked at (and the CSRF token,
        # which carries the second it was made in).
        assert without_tokens(existing.text.replace(code, "ZZZZZZ")) == without_tokens(unknown.text), path
    posted = post_event(stranger, code, kind="tally.add", seat=1, category="vp", delta=1)
    assert posted.status_code == 404 and message(posted) == message(stranger.get("/t/ZZZZZZ"))


def test_guessing_codes_is_stopped_after_the_configured_number_of_misses(database_url: str) -> None:
    app = limited_app(database_url, RATE_LIMIT_MISSES="5 per minute")
    guesser = app.test_client()
    answers = [guesser.get(f"/t/GUESS{i}").status_code for i in range(5)]
    assert answers == [404] * 5
    stopped = guesser.get("/t/ABCDEF/log")
    assert stopped.status_code == 429 and "Too many attempts" in message(stopped)
    assert "Retry-After" in stopped.headers


def test_every_route_by_table_code_stops_a_guesser(database_url: str) -> None:
    app = limited_app(database_url, RATE_LIMIT_MISSES="3 per minute")
    by_code = [rule for rule in app.url_map.iter_rules() if "code" in rule.arguments]
    assert len(by_code) > 10
    for number, rule in enumerate(by_code):
        guesser = app.test_client()
        guesser.environ_base["REMOTE_ADDR"] = f"198.51.100.{number + 1}"  # each route counted on its own
        method = "GET" if "GET" in (rule.methods or ()) else "POST"

        def guess(code: str, rule: Any = rule, method: str = method, guesser: Any = guesser) -> int:
            values = {name: "1" for name in rule.arguments} | {"code": code}
            path = app.url_map.bind("localhost").build(rule.endpoint, values)
            return int(guesser.open(path, method=method).status_code)

        assert [guess(f"GUES{i:02d}") for i in range(3)] == [404] * 3, rule.rule
        assert guess("ABCDEF") == 429, rule.rule


def test_a_table_in_play_never_counts_against_the_code_limit(database_url: str) -> None:
    app = limited_app(database_url, RATE_LIMIT_MISSES="3 per minute")
    host = app.test_client()
    code = new_table(host)
    for delta in range(40):
        assert post_event(host, code, kind="tally.add", seat=1, category="vp", delta=delta % 3).status_code == 303
        assert host.get(f"/t/{code}").status_code == 200


def test_creating_tables_is_limited_and_a_refused_creation_stores_nothing(database_url: str) -> None:
    app = limited_app(database_url, RATE_LIMIT_NEW_TABLE="2 per hour")
    host = app.test_client()
    new_table(host)
    new_table(host)
    form = {"game": "score-pad", "name-1": "Aki", "colour-1": PLAYERS[0][1]}
    refused = host.post("/new", data=form)
    assert refused.status_code == 429 and "Too many attempts" in message(refused)
    with app.extensions["companion.engine"].connect() as connection:
        assert connection.exec_driver_sql("SELECT count(*) FROM game_table").scalar_one() == 2


def test_joining_is_limited_per_address(database_url: str) -> None:
    app = limited_app(database_url, RATE_LIMIT_JOIN="3 per minute")
    host = app.test_client()
    code = new_table(host)
    link = join_link(host, code)
    phone = app.test_client()
    assert [phone.get(link).status_code for _ in range(3)] == [200, 200, 200]
    refused = phone.post(link, data={"seat": "2", "key": "limited-join-1"})
    assert refused.status_code == 429 and "Too many attempts" in message(refused)
    assert "seat.claim" not in json.dumps(host.get(f"/t/{code}/log").text)


def test_with_the_limits_turned_off_every_limited_page_still_answers(database_url: str) -> None:
    app = limited_app(database_url, RATELIMIT_ENABLED=False)  # type: ignore[arg-type]
    gc.collect()  # nothing but the app holds the limiter: its decorated views must still find it
    host = app.test_client()
    code = new_table(host)
    link = join_link(host, code)
    phone = app.test_client()
    assert phone.get(link).status_code == 200
    assert phone.post(link, data={"seat": "2", "key": "unlimited-join-1"}).status_code == 303
    assert phone.get("/t/ZZZZZZ").status_code == 404


def test_the_default_limits_are_generous_enough_for_a_busy_table(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client)
    link = join_link(client, code)
    for seat in (1, 2, 3):
        phone = make_client()
        assert phone.get(link).status_code == 200
        assert phone.post(link, data={"seat": str(seat), "key": f"busy-join-{seat}"}).status_code == 303
        for _ in range(30):
            assert phone.get(f"/t/{code}", headers={"HX-Request": "true"}).status_code == 200


@pytest.mark.redis
def test_with_redis_every_app_server_shares_the_counters(database_url: str) -> None:
    shared = {"REDIS_URL": redis_url_or_skip(), "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}"}
    first, second = (limited_app(database_url, RATE_LIMIT_MISSES="4 per minute", **shared) for _ in range(2))
    assert [first.test_client().get(f"/t/MISS{i}").status_code for i in range(2)] == [404, 404]
    assert [second.test_client().get(f"/t/MISS{i}").status_code for i in range(2)] == [404, 404]
    assert second.test_client().get("/t/MISS9").status_code == 429


def test_with_redis_away_each_process_counts_in_its_own_memory(database_url: str) -> None:
    app = limited_app(database_url, RATE_LIMIT_MISSES="3 per minute", REDIS_URL="redis://127.0.0.1:9/0")
    guesser = app.test_client()
    assert [guesser.get(f"/t/AWAY{i}").status_code for i in range(3)] == [404] * 3  # answered, not 500
    assert guesser.get("/t/AWAY9").status_code == 429


@pytest.mark.parametrize(
    "target",
    [
        "/\t/evil.example",
        "/\n/evil.example",
        "/\\evil.example",
        "//evil.example",
        "https://evil.example/",
        "javascript:alert(1)",
        " /t/ABC",
        "t/ABC",
        "",
        None,
    ],
)
def test_a_next_address_off_this_site_falls_back_to_the_default(target: str | None) -> None:
    assert safe_next(target, "/home") == "/home"


def test_a_next_address_on_this_site_is_kept() -> None:
    assert safe_next("/t/ABCDEF/log?x=1#top", "/home") == "/t/ABCDEF/log?x=1#top"
    assert safe_next("/t/ABCDEF?game=%E3%81%82", "/") == "/t/ABCDEF?game=%E3%81%82"


@pytest.mark.parametrize("path", ["/theme", "/language", "/events"])
def test_every_form_with_next_uses_the_safe_redirect(client: FlaskClient, path: str) -> None:
    code = new_table(client)
    form = {"theme": "dark", "lang": "en", "kind": "tally.add", "seat": "1", "category": "vp", "delta": "1"}
    url = f"/t/{code}/events" if path == "/events" else path
    response = client.post(url, data={**form, "key": "safe-next-key-1", "next": "/\t/evil.example"})
    assert response.status_code == 303 and response.headers["Location"] in ("/", f"/t/{code}")


def test_the_scenario_export_names_phones_without_their_device_ids(
    client: FlaskClient, make_client: Any, database_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code = new_table(client)
    link = join_link(client, code)
    phones = [make_client(), make_client(), make_client()]
    for seat, phone in zip((1, 2), phones, strict=False):
        assert phone.post(link, data={"seat": str(seat), "key": f"export-join-{seat}"}).status_code == 303
    # The host frees seat 1; a third phone takes seat 3.
    assert post_event(client, code, kind="seat.release", seat=1).status_code == 303
    assert phones[2].post(link, data={"seat": "3", "key": "export-join-3"}).status_code == 303
    assert post_event(client, code, kind="table.end").status_code == 303
    table = client.application.extensions["companion.tables"].find(code=code)
    real = {e.payload["device"] for e in table.state.events if e.kind == "seat.claim"}
    assert len(real) == 3

    downloaded = client.get(f"/t/{code}/scenario.json").text
    monkeypatch.setenv("COMPANION_DATABASE_URL", database_url)
    monkeypatch.setenv("COMPANION_SECRET_KEY", "cli")
    exported = CliRunner().invoke(main, ["export", code])
    assert exported.exit_code == 0, exported.output
    for text in (downloaded, exported.output):
        assert not any(device in text for device in real)
        claims = [e["payload"] for e in json.loads(text)["events"] if e["kind"] == "seat.claim"]
        assert claims == [
            {"seat": 1, "device": "phone-1"},
            {"seat": 2, "device": "phone-2"},
            {"seat": 3, "device": "phone-3"},
        ]
        state, _board = replay(json.loads(text))
        assert state.claims == {2: "phone-2", 3: "phone-3"} and not state.skipped


def test_a_phone_that_claims_twice_keeps_one_pseudonym_so_the_file_replays_the_same_way() -> None:
    setup = Setup("score-pad", (Player(1, "Aki", "#E69F00"), Player(2, "Ben", "#56B4E9")), {}, "seed")
    events = [
        Event(1, "seat.claim", {"seat": 1, "device": "secret-a"}, author=1),
        Event(2, "seat.claim", {"seat": 2, "device": "secret-b"}, author=2),
        Event(3, "seat.release", {"seat": 1}, by_host=True),
        Event(4, "seat.claim", {"seat": 1, "device": "secret-b"}, author=1),  # refused: it holds seat 2
    ]
    scenario = scenario_of(setup, events)
    assert "secret" not in json.dumps(scenario)
    state, _board = replay(scenario)
    assert state.claims == {2: "phone-2"} and list(state.skipped) == [4]
