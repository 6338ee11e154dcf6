"""One record per move: several phones at once, stale screens, seat claims, and buttons that match the server."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.games import kinds
from companion.games.contract import Event
from companion.games.moves import OWN_SEAT
from companion.games.registry import GAMES, get_game
from companion.games.table import controls, decide, fold
from companion.games.table_moves import moves
from companion.games.words import RuleError
from companion.web.extensions import TABLES_KEY
from tests.conftest import join_link, new_table, post_event


def joined_phone(client: FlaskClient, make_client: Any, code: str, seat: int) -> FlaskClient:
    phone: FlaskClient = make_client()
    response = phone.post(join_link(client, code), data={"seat": str(seat), "key": f"join-key-{code}-{seat}"})
    assert response.status_code == 303
    return phone


def error_text(response: Any) -> str:
    box = BeautifulSoup(response.text, "html.parser").select_one(".error")
    return box.text.strip() if box else ""


def table_state(app: Flask, code: str) -> Any:
    return app.extensions[TABLES_KEY].find(code=code).state


def race(*requests: Any) -> list[Any]:
    """Send the requests at the same moment, one thread each, and return the answers in order."""
    answers: list[Any] = [None] * len(requests)
    start = threading.Barrier(len(requests))

    def send(index: int) -> None:
        start.wait()
        answers[index] = requests[index]()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


def test_two_phones_pressing_flip_at_once_flip_once(app: Flask, client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game="welcome-to-the-moon")
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    answers = race(
        lambda: post_event(aki, code, kind="wttm.flip", turn=0),
        lambda: post_event(ben, code, kind="wttm.flip", turn=0),
    )
    assert sorted(a.status_code for a in answers) == [303, 422]
    refused = next(a for a in answers if a.status_code == 422)
    assert "The cards were already flipped: the table is on turn 1." in error_text(refused)
    assert table_state(app, code).game.turn == 1


def test_two_phones_ending_the_round_at_once_end_it_once(app: Flask, client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game="mission-red-planet")
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    answers = race(
        lambda: post_event(aki, code, kind="mrp.end-round", round=1),
        lambda: post_event(ben, code, kind="mrp.end-round", round=1),
    )
    assert sorted(a.status_code for a in answers) == [303, 422]
    refused = next(a for a in answers if a.status_code == 422)
    assert "That round has already ended: the table is in round 2." in error_text(refused)
    assert table_state(app, code).game.round == 2


def test_a_flip_queued_offline_for_an_old_turn_is_refused(app: Flask, client: FlaskClient) -> None:
    code = new_table(client, game="welcome-to-the-moon")
    assert post_event(client, code, kind="wttm.flip", turn=0).status_code == 303
    assert post_event(client, code, kind="wttm.flip", turn=1).status_code == 303
    late = post_event(client, code, kind="wttm.flip", turn=0)  # sent when the phone came back online
    assert late.status_code == 422
    assert "the table is on turn 2" in error_text(late)
    assert table_state(app, code).game.turn == 2


def test_a_flip_that_does_not_say_its_turn_is_refused(client: FlaskClient) -> None:
    code = new_table(client, game="welcome-to-the-moon")
    response = post_event(client, code, kind="wttm.flip")
    assert response.status_code == 422
    assert "This screen is out of date" in error_text(response)


def test_moves_that_commute_apply_whatever_the_screen_showed(app: Flask, client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game="mission-red-planet")
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    answers = race(
        lambda: post_event(aki, code, kind="mrp.land", seat=1, zone=1, count=1),
        lambda: post_event(ben, code, kind="mrp.land", seat=2, zone=1, count=1),
        lambda: post_event(aki, code, kind="mrp.resource", zone=7, resource="ice"),
    )
    assert [a.status_code for a in answers] == [303, 303, 303]
    game = table_state(app, code).game
    assert (game.crew_of(1, 1), game.crew_of(1, 2)) == (1, 1)


def test_a_seat_is_taken_only_through_the_join_link(app: Flask, client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game="score-pad")
    aki = joined_phone(client, make_client, code, 1)
    for phone in (aki, client):  # a seated phone, and the host
        response = post_event(phone, code, kind="seat.claim", seat=2, device="someone-else")
        assert response.status_code == 422
        assert "Take a seat through the table's join link." in error_text(response)
    assert 2 not in table_state(app, code).claims
    joined_phone(client, make_client, code, 2)  # the real player still gets in


def test_a_spectator_sees_no_control(app: Flask, client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game="welcome-to-the-moon")
    watcher: FlaskClient = make_client()
    page = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    watch = page.select_one("a[href^='/watch/']")
    assert watch is not None
    watcher.get(str(watch["href"]))
    board = BeautifulSoup(watcher.get(f"/t/{code}").text, "html.parser")
    assert board.select("#board form") == []


def test_the_log_offers_undo_only_where_the_server_accepts_it(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game="score-pad")
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    assert post_event(aki, code, kind="tally.add", seat=1, category="vp", delta=3).status_code == 303

    def undo_buttons(phone: FlaskClient) -> list[str]:
        page = BeautifulSoup(phone.get(f"/t/{code}/log").text, "html.parser")
        return [str(i["value"]) for i in page.select("form input[name=target]")]

    entry = str(table_seq(client, code))
    assert entry in undo_buttons(aki) and entry in undo_buttons(client)
    assert entry not in undo_buttons(ben)
    refused = post_event(ben, code, kind="void", target=entry)
    assert refused.status_code == 422
    assert post_event(aki, code, kind="void", target=entry).status_code == 303


def table_seq(client: FlaskClient, code: str) -> int:
    page = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    board = page.select_one("#board")
    assert board is not None
    return int(str(board["data-seq"]))


# -- The buttons and the server read the same record -----------------------------------------------

ROLES = {"host": (None, True), "seat 1": (1, False), "seat 2": (2, False), "spectator": (None, False)}


def sample_payload(move: Any, seat: int) -> dict[str, Any]:
    values = {
        "int": lambda f: max(f.minimum or 1, 1),
        "seat": lambda f: seat,
        "text": lambda f: "vp",
        "choice": lambda f: f.choices[0],
        "ints": lambda f: [1],
        "bool": lambda f: True,
    }
    return {f.name: values[f.type](f) for f in move.fields if f.required}


@pytest.mark.parametrize("slug", sorted(GAMES))
@pytest.mark.parametrize("entries", ["own-seat", "anyone"])
def test_a_phone_is_offered_exactly_the_moves_the_server_accepts(slug: str, entries: str) -> None:
    from tests.unit.test_contract import setup_for

    game = get_game(slug)
    base = setup_for(slug)
    setup = type(base)(base.game, base.players, {**base.options, "entries": entries}, base.seed)
    state = fold(game, setup, [])
    for role, (seat, host) in ROLES.items():
        offered = controls(game, state, seat, host)
        for kind, move in moves(game).items():
            if kind == kinds.VOID:
                continue
            control = offered[kind]
            hidden = dict(control.hidden)
            if move.who_at(setup) == OWN_SEAT:
                for target in setup.seats:
                    event = Event(1, kind, {**sample_payload(move, target), **hidden}, author=seat, by_host=host)
                    try:
                        decide(game, state, event)
                        accepted = True
                    except RuleError as error:
                        accepted = "own seat" not in error.message.msgid
                    assert accepted == (target in control.seats), (role, kind, target)
            elif move.asks_nothing:
                event = Event(1, kind, hidden, author=seat, by_host=host)
                try:
                    decide(game, state, event)
                    accepted = True
                except RuleError:
                    accepted = False
                assert accepted == control.allowed, (role, kind)


def test_cards_typed_at_one_table_are_offered_for_one_tap_at_another(client: FlaskClient, make_client: Any) -> None:
    card = {"sector": 6, "cost": 2, "level": 1, "name": "Ore hauler", "blue_kind": "income", "blue_amount": 1}
    first = new_table(client, game="space-base", players=(("Aki", "#E69F00"), ("Ben", "#56B4E9")))
    assert post_event(client, first, kind="sb.first-ship", seat=1, **card).status_code == 303
    second = new_table(client, game="space-base", players=(("Chika", "#E69F00"), ("Dai", "#56B4E9")))
    page = BeautifulSoup(client.get(f"/t/{second}").text, "html.parser")
    offers = page.select("form.known-card")
    assert len(offers) == 1 and "Ore hauler" in offers[0].text
    fields = {str(i["name"]): str(i["value"]) for i in offers[0].select("input[type=hidden]")}
    assert fields["kind"] == "sb.first-ship" and fields["sector"] == "6" and fields["blue_kind"] == "income"
    fields.pop("csrf_token", None)
    kind = fields.pop("kind")
    key = fields.pop("key")
    assert post_event(client, second, key=key, kind=kind, **fields).status_code == 303
    sector = table_state(client.application, second).game.console(1).sectors[6].station
    assert (sector.name, sector.cost, sector.blue.kind, sector.blue.amount) == ("Ore hauler", 2, "income", 1)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_tally_sheet_and_dice_tray_only_where_the_score_counts_them(client: FlaskClient, slug: str) -> None:
    code = new_table(client, game=slug, players=(("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73")))
    board = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    kept_on_tally = GAMES[slug].table_extras
    assert (board.select_one("#tally-title") is not None) == kept_on_tally
    assert (board.select_one("#dice-title") is not None) == kept_on_tally
    answer = post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1)
    if not kept_on_tally:
        assert answer.status_code == 422 and "Unknown kind of entry: tally.add" in error_text(answer)


def test_solo_shows_own_points_against_astra_and_no_tie_sentence(client: FlaskClient) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=(("Aki", "#E69F00"),), mode="solo")
    client.post(join_link(client, code), data={"seat": "1", "key": "solo-join-key-1"})
    page = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    running = page.select_one(".running")
    assert running is not None and "Your points" in running.text and "ASTRA" in running.text
    assert page.select_one(".standings-card details") is None  # one player: no tie to explain
    assert page.get_text().count("No ties") == 0
