"""A server's card catalogue: exported as a file of card facts, imported on another server, offered for one tap."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.games.mechanics.catalogue import MAX_CATALOGUE_BYTES, MAX_CATALOGUE_DEPTH
from companion.games.space_base import catalogue, state
from companion.games.space_base import rules as sb
from companion.games.space_base.cards import INCOME, VP, Reward
from companion.games.space_base.purchases import PURCHASE
from companion.games.space_base.rewards import SUM
from companion.policy import Action
from companion.storage import cards
from companion.web.app import create_app
from companion.web.door import actions
from companion.web.extensions import ENGINE_KEY
from tests.conftest import fresh_database_url
from tests.web.test_moves import error_text, joined_phone, table_state
from tests.web.test_space_base_panel import panel, record, submitted, turn, two_players

SLUG = state.SLUG
SHIP = {"sector": 7, "cost": 8, "blue_kind": VP, "blue_amount": 2, "red_kind": INCOME, "red_amount": 1}


def upload(client: FlaskClient, body: bytes, slug: str = SLUG) -> Any:
    """Send ``body`` as the import form's file, as a browser does (multipart, built in memory)."""
    boundary = "catalogue-boundary"
    form = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="catalogue"; filename="cards.json"\r\n'
        "Content-Type: application/json\r\n\r\n"
    ).encode()
    multipart = form + body + f"\r\n--{boundary}--\r\n".encode()
    return client.post(f"/cards/{slug}", data=multipart, content_type=f"multipart/form-data; boundary={boundary}")


def stored(app: Flask) -> list[tuple[str, dict[str, Any]]]:
    return cards.stored_cards(app.extensions[ENGINE_KEY], game=SLUG)


def another_server(folder: Path, **config: str) -> Flask:
    """Another server, on a database of its own."""
    folder.mkdir()
    url = fresh_database_url(folder)
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": url,
            "SECRET_KEY": "other",
            "WTF_CSRF_ENABLED": False,
            "ADVANCE_HOLD_SECONDS": 0,  # steps faster than a table taps
            **config,
        }
    )


def test_a_ship_typed_here_is_offered_for_one_tap_at_a_new_table_of_a_server_that_imported_the_catalogue(
    client: FlaskClient, tmp_path: Path
) -> None:
    code = two_players(client)
    turn(client, code, "1 2", {1: SUM, 2: SUM})
    record(client, code, sb.ADJUST, seat=1, credits=10, reason="test")
    record(client, code, sb.BUY, seat=1, how=PURCHASE, **SHIP)
    download = client.get(f"/cards/{SLUG}/catalogue.json")
    assert download.status_code == 200 and "attachment" in download.headers["Content-Disposition"]
    document = json.loads(download.text)
    assert {"format", "version", "game", "cards"} == set(document)
    assert SHIP in document["cards"] and all(set(card) <= set(sb.CARD_FIELDS) for card in document["cards"])

    other = another_server(tmp_path / "other")
    host = other.test_client()
    imported = upload(host, download.data)
    assert imported.status_code == 303, error_text(imported)
    page = BeautifulSoup(host.get(imported.headers["Location"]).text, "html.parser")
    assert "3 new cards" in page.text  # the two first ships and the ship

    fresh = two_players(host)
    aki = joined_phone(host, other.test_client, fresh, 1)
    turn(host, fresh, "1 2", {1: SUM, 2: SUM})
    record(host, fresh, sb.ADJUST, seat=1, credits=10, reason="test")
    one_tap = [
        form
        for form in panel(aki, fresh).select("#sb-buy form.known-card")
        if form.select_one("input[name=sector][value='7']")
    ]
    assert len(one_tap) == 1
    answer = aki.post(f"/t/{fresh}/events", data=submitted(one_tap[0]))
    assert answer.status_code == 303, answer.text
    card = table_state(other, fresh).game.console(1).sectors[7].station
    assert (card.cost, card.blue, card.red) == (8, Reward(VP, 2), Reward(INCOME, 1))


def test_a_card_imported_twice_or_also_typed_here_is_kept_and_offered_once(app: Flask, client: FlaskClient) -> None:
    body = json.dumps(catalogue.export_catalogue([SHIP, {"sector": 3, "cost": 2}])).encode()
    assert upload(client, body).headers["Location"].endswith("added=2")
    assert upload(client, body).headers["Location"].endswith("added=0")
    assert [facts for _kind, facts in stored(app)] == [SHIP, {"sector": 3, "cost": 2}]
    code = two_players(client)
    turn(client, code, "1 2", {1: SUM, 2: SUM})
    record(client, code, sb.ADJUST, seat=1, credits=10, reason="test")
    record(client, code, sb.BUY, seat=1, how=PURCHASE, **SHIP)
    offered = [
        (form.select_one("input[name=sector]")["value"], form.select_one("input[name=cost]")["value"])
        for form in panel(client, code).select("#sb-buy form.known-card")
    ]
    assert sorted(offered) == sorted(set(offered)) and ("7", "8") in offered and ("3", "2") in offered
    document = json.loads(client.get(f"/cards/{SLUG}/catalogue.json").text)
    assert document["cards"].count(SHIP) == 1


def good_file(**changes: Any) -> dict[str, Any]:
    return {**catalogue.export_catalogue([SHIP]), **changes}


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


CRAFTED = {
    "wrong types": (json.dumps(good_file(cards=[{**SHIP, "sector": "7"}])).encode(), "is not a whole number"),
    "a boolean for a number": (json.dumps(good_file(cards=[{**SHIP, "cost": True}])).encode(), "not a whole number"),
    "out of range": (json.dumps(good_file(cards=[SHIP, {**SHIP, "sector": 13}])).encode(), "Card 2 of the catalogue"),
    "huge": (b" " * (MAX_CATALOGUE_BYTES + 1), "at most 1 MB"),
    "deep": (json.dumps(good_file(cards=[SHIP, deep(MAX_CATALOGUE_DEPTH)])).encode(), "nests at most"),
    "very deep": (b"[" * 100_000 + b"]" * 100_000, "nests at most"),
    "NUL in a text": (json.dumps(good_file(cards=[{**SHIP, "name": "A\x00B"}])).encode(), "control characters"),
    "unpaired surrogate in a text": (
        json.dumps(good_file(cards=[{**SHIP, "name": "Ship\ud800"}])).encode(),
        "control characters",
    ),
    "NUL byte": (json.dumps(good_file()).encode().replace(b'"cards"', b'"ca\x00rds"'), "not a JSON file"),
    "unknown card key": (json.dumps(good_file(cards=[{**SHIP, "seat": 1}])).encode(), "Unexpected field: seat"),
    "unknown file key": (json.dumps(good_file(table="ABC123")).encode(), "Unexpected field: table"),
    "not a catalogue": (json.dumps({"cards": [SHIP]}).encode(), "not a Space Base card catalogue"),
    "too many cards": (json.dumps(good_file(cards=[SHIP] * (catalogue.LIMIT + 1))).encode(), "at most 1000 cards"),
    "not UTF-8": (b'{"format": "\xff"}', "not UTF-8"),
    "empty": (b"", "Choose a card catalogue file"),
}


@pytest.mark.parametrize(("body", "reason"), CRAFTED.values(), ids=CRAFTED.keys())
def test_a_crafted_catalogue_file_is_refused_with_a_message_and_stores_nothing(
    app: Flask, client: FlaskClient, body: bytes, reason: str
) -> None:
    answer = upload(client, body)
    assert answer.status_code == 422 and reason in error_text(answer), error_text(answer)
    assert stored(app) == []


def test_only_a_game_that_keeps_a_catalogue_has_one(client: FlaskClient) -> None:
    assert client.get(f"/cards/{SLUG}").status_code == 200
    for slug in ("score-pad", "no-such-game"):
        assert client.get(f"/cards/{slug}").status_code == 404
        assert client.get(f"/cards/{slug}/catalogue.json").status_code == 404
        assert upload(client, json.dumps(good_file()).encode(), slug=slug).status_code == 404


def test_anyone_may_download_and_importing_is_limited_like_creating_a_table(tmp_path: Path) -> None:
    server = another_server(tmp_path / "limited", RATE_LIMIT_NEW_TABLE="2 per hour")
    declared = actions(server)
    assert {declared["catalogue.page"], declared["catalogue.download"]} == {Action.VIEW_CATALOGUE}
    assert declared["catalogue.import_cards"] is Action.IMPORT_CATALOGUE
    phone = server.test_client()
    assert [upload(phone, json.dumps(good_file()).encode()).status_code for _ in range(3)] == [303, 303, 429]
    assert phone.get(f"/cards/{SLUG}/catalogue.json").status_code == 200
