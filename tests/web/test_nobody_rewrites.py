"""Nobody rewrites or peeks at the record (issue 39): each attack as it was reported, closed.

An imported file cannot reach what the table records after it; a seen secret is never dealt to
anyone else; the server's remembered cards learn only what a table has revealed; a host recovery
link is logged, revocable and expires; one watcher cannot take every live stream of a table.
"""

from __future__ import annotations

import io
import json
import logging
import urllib.parse
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.games.contract import Event, Player, Setup
from companion.games.crafting_the_cosmos import rules as ctc
from companion.games.mission_red_planet import rules as mrp
from companion.games.mission_red_planet.state import SLUG as MRP_SLUG
from companion.games.registry import get_game
from companion.games.table import fold
from companion.storage import host_links
from companion.storage.host_links import HOST_LINK_LIFETIME
from companion.storage.live import RedisBroker
from tests.conftest import new_table, post_event
from tests.web.test_moves import joined_phone, table_state
from tests.web.test_stream_limits import open_stream, spectator


def upload(client: FlaskClient, scenario: Any) -> Any:
    return client.post("/import", data={"scenario": (io.BytesIO(json.dumps(scenario).encode()), "table.json")})


def score_pad(events: list[dict[str, Any]]) -> dict[str, Any]:
    players = [{"name": "Aki"}, {"name": "Bo"}]
    return {"version": 1, "game": "score-pad", "players": players, "seed": "file-seed", "events": events}


def error_text(response: Any) -> str:
    element = BeautifulSoup(response.text, "html.parser").select_one(".error")
    assert element is not None, response.text[:300]
    return element.get_text(" ", strip=True)


def tables_listed(client: FlaskClient) -> int:
    return len(BeautifulSoup(client.get("/").text, "html.parser").select("a[href^='/t/']"))


TALLY = {"kind": "tally.add", "payload": {"seat": 1, "category": "vp", "delta": 2}, "author": None}


# -- 1. An imported file is a closed history ------------------------------------------------------


def test_an_imported_undo_aimed_at_a_later_entry_refuses_the_file(client: FlaskClient) -> None:
    events = [{**TALLY, "seq": 1}, *({"seq": n, "kind": "void", "payload": {"target": n + 5}} for n in (2, 3))]
    response = upload(client, score_pad(events))
    assert response.status_code == 422
    assert "Event #2 undoes entry #7, which is not an earlier entry of the file" in error_text(response)
    assert tables_listed(client) == 0


def test_an_imported_undo_aimed_at_a_number_the_file_skips_refuses_the_file(client: FlaskClient) -> None:
    events = [{**TALLY, "seq": 1}, {**TALLY, "seq": 5}, {"seq": 6, "kind": "void", "payload": {"target": 3}}]
    response = upload(client, score_pad(events))
    assert response.status_code == 422
    assert "Event #6 undoes entry #3" in error_text(response)


def test_an_imported_undo_of_an_earlier_entry_of_the_file_imports_and_replays(client: FlaskClient) -> None:
    events = [{**TALLY, "seq": 1}, {**TALLY, "seq": 2}, {"seq": 3, "kind": "void", "payload": {"target": 1}}]
    response = upload(client, score_pad(events))
    assert response.status_code == 303
    code = response.headers["Location"].rsplit("/", 1)[1]
    assert post_event(client, code, kind="tally.add", seat=1, category="vp", delta=3).status_code == 303
    log = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser").get_text(" ")
    assert log.count("+3") == 1 and "Undid entry #1" in log


def test_an_undo_stored_before_the_fix_that_aims_forward_voids_nothing_recorded_later() -> None:
    """Tables imported before imports were checked may hold such undos: the fold leaves them out."""
    game = get_game("score-pad")
    setup = Setup("score-pad", (Player(1, "Aki", "#E69F00"), Player(2, "Bo", "#56B4E9")), {}, "s")
    forged = [Event(1, "void", {"target": 3}, None, by_host=True), Event(2, "void", {"target": 4}, None, by_host=True)]
    later = [
        Event(3, "tally.add", {"seat": 1, "category": "vp", "delta": 2}, 1),
        Event(4, "tally.add", {"seat": 2, "category": "vp", "delta": 3}, 2),
    ]
    state = fold(game, setup, [*forged, *later])
    assert state.voided == frozenset()
    assert (state.tally.count(1, "vp"), state.tally.count(2, "vp")) == (2, 3)
    assert set(state.skipped) == {1, 2}
    assert "earlier entry" in state.skipped[1].render(lambda text: text)


# -- 2. A seen secret is never dealt to anyone else -------------------------------------------------


def places(app: Flask, code: str, seat: int) -> list[int]:
    """The places of the advanced life stack on ``seat``'s nebulae."""
    return [life.draw for life in table_state(app, code).game.galaxy(seat).lives]


def test_an_undone_advanced_life_is_held_for_its_player_on_eight_tables(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    for _table in range(8):
        code = new_table(client, game=ctc.SLUG)
        ann, cid = joined_phone(client, make_client, code, 1), joined_phone(client, make_client, code, 3)
        for phone, seat in ((ann, 1), (cid, 3)):
            assert post_event(phone, code, kind=ctc.NEBULA, seat=seat, size=2, points=5).status_code == 303
        assert post_event(cid, code, kind=ctc.ADVANCED_LIFE, seat=3).status_code == 303
        (seen_by_cid,) = places(app, code, 3)
        assert post_event(cid, code, kind="void", target=table_state(app, code).last_seq).status_code == 303
        assert places(app, code, 3) == []

        assert post_event(ann, code, kind=ctc.ADVANCED_LIFE, seat=1).status_code == 303
        assert places(app, code, 1) != [seen_by_cid]  # Ann never gets the token Cid saw
        assert post_event(cid, code, kind=ctc.ADVANCED_LIFE, seat=3).status_code == 303
        assert places(app, code, 3) == [seen_by_cid]  # Cid drawing again gets it back


def test_the_host_cannot_read_a_token_by_undoing_a_draw_and_drawing_for_another_seat(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=ctc.SLUG)
    cid = joined_phone(client, make_client, code, 3)
    for seat in (1, 3):
        assert post_event(client, code, kind=ctc.NEBULA, seat=seat, size=2, points=5).status_code == 303
    assert post_event(cid, code, kind=ctc.ADVANCED_LIFE, seat=3).status_code == 303
    (seen_by_cid,) = places(app, code, 3)
    assert post_event(client, code, kind="void", target=table_state(app, code).last_seq).status_code == 303
    assert post_event(client, code, kind=ctc.ADVANCED_LIFE, seat=1).status_code == 303
    assert places(app, code, 1) != [seen_by_cid]


def test_a_phone_cannot_choose_the_token_it_draws(app: Flask, client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game=ctc.SLUG)
    ann = joined_phone(client, make_client, code, 1)
    assert post_event(ann, code, kind=ctc.NEBULA, seat=1, size=2, points=5).status_code == 303
    assert post_event(ann, code, kind=ctc.ADVANCED_LIFE, seat=1, draw=7).status_code == 303
    assert places(app, code, 1) == [0]  # the top of the stack, whatever the phone sent


# -- 3. Remembered cards learn only what a table has revealed ---------------------------------------

VEXLAR = {"counts": "crew-in-zone", "condition": "most", "zone": 4, "points": 5, "name": "Vexlar relay"}
THREE = (("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73"))


def offered_cards(phone: FlaskClient, code: str) -> list[str]:
    page = BeautifulSoup(phone.get(f"/t/{code}").text, "html.parser")
    return [" ".join(form.text.split()) for form in page.select("form.known-card")]


def test_a_bonus_card_typed_at_a_running_table_is_offered_nowhere_until_its_table_ends(
    client: FlaskClient, make_client: Any
) -> None:
    secret_table = new_table(client, game=MRP_SLUG, players=THREE)
    aki = joined_phone(client, make_client, secret_table, 1)
    assert post_event(aki, secret_table, kind=mrp.BONUS, seat=1, **VEXLAR).status_code == 303
    host = make_client()
    strangers_table = new_table(host, game=MRP_SLUG, players=THREE)
    stranger = joined_phone(host, make_client, strangers_table, 1)
    assert not any("Vexlar" in card for card in offered_cards(stranger, strangers_table))
    assert post_event(client, secret_table, kind="table.end").status_code == 303
    joined_phone(host, make_client, strangers_table, 2)  # another table's cards are read once per step
    assert any("Vexlar" in card for card in offered_cards(stranger, strangers_table))


def test_a_remembered_card_stays_on_every_list_when_another_seat_takes_it(
    client: FlaskClient, make_client: Any
) -> None:
    ended = new_table(client, game=MRP_SLUG, players=THREE)
    assert post_event(client, ended, kind=mrp.BONUS, seat=1, **VEXLAR).status_code == 303
    assert post_event(client, ended, kind="table.end").status_code == 303
    code = new_table(client, game=MRP_SLUG, players=THREE)
    aki, ben = joined_phone(client, make_client, code, 1), joined_phone(client, make_client, code, 2)
    before = offered_cards(ben, code)
    assert any("Vexlar" in card for card in before)
    assert post_event(aki, code, kind=mrp.BONUS, seat=1, **VEXLAR).status_code == 303
    assert offered_cards(ben, code) == before  # nothing vanishes from Ben's list: Aki's card stays Aki's secret


# -- 5. A host recovery link: one phone, once, logged, revocable, for a day -------------------------


def recovery_link(host: FlaskClient, code: str) -> str:
    page = BeautifulSoup(host.post(f"/t/{code}/recovery").text, "html.parser")
    return urllib.parse.urlsplit(str(page.select_one("#recovery-link")["href"])).path


def log_text(phone: FlaskClient, code: str) -> str:
    return " ".join(BeautifulSoup(phone.get(f"/t/{code}/log").text, "html.parser").get_text(" ").split())


def test_a_recovery_link_used_by_three_phones_makes_one_host_and_the_log_says_so(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client)
    link = recovery_link(client, code)
    phones = [make_client() for _ in range(3)]
    answers = [phone.post(link).status_code for phone in phones]
    assert answers == [303, 404, 404]
    assert "You are the host." in BeautifulSoup(phones[0].get(f"/t/{code}").text, "html.parser").get_text()
    for late in phones[1:]:
        assert late.get(f"/t/{code}").status_code == 404  # a stranger still: nothing of the table
        assert "Ask the host for a new one" in error_text(late.post(link))
    player = joined_phone(client, make_client, code, 1)
    for phone in (client, player, phones[0]):
        assert log_text(phone, code).count("Another phone became host through the host recovery link") == 1


def test_the_host_is_told_on_the_board_when_the_recovery_link_is_used(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client)
    seen = table_state(client.application, code).last_seq
    assert make_client().post(recovery_link(client, code)).status_code == 303
    fragment = client.get(f"/t/{code}?since={seen}", headers={"HX-Request": "true"}).text
    assert "Another phone became host through the host recovery link" in fragment


def test_a_new_link_replaces_the_old_and_the_host_can_revoke_it(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client)
    old, new = recovery_link(client, code), recovery_link(client, code)
    assert make_client().post(old).status_code == 404
    page = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    assert "works until" in page.select_one("#host-link").get_text(" ")
    assert client.post(f"/t/{code}/recovery/revoke").status_code == 303
    assert make_client().post(new).status_code == 404
    assert make_client().get(new).status_code == 404
    assert BeautifulSoup(client.get(f"/t/{code}").text, "html.parser").select_one("#revoke-host-link") is None
    player = joined_phone(client, make_client, code, 1)
    assert player.post(f"/t/{code}/recovery/revoke").status_code == 403


def test_a_recovery_link_expires_after_a_day_and_with_its_table(
    client: FlaskClient, make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = new_table(client)
    link = recovery_link(client, code)
    tomorrow = datetime.now(UTC) + HOST_LINK_LIFETIME + timedelta(minutes=1)
    monkeypatch.setattr(host_links, "utcnow", lambda: tomorrow)
    assert make_client().post(link).status_code == 404
    monkeypatch.undo()
    link = recovery_link(client, code)
    assert post_event(client, code, kind="table.end").status_code == 303
    assert make_client().post(link).status_code == 404


# -- 6. Live-stream slots shared fairly between cookies ----------------------------------------------


def test_one_watcher_opening_120_streams_leaves_room_for_a_second_watcher(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client)
    greedy, second = spectator(client, make_client, code), spectator(client, make_client, code)
    with ExitStack() as stack:
        answers = [stack.enter_context(open_stream(greedy, code)).status_code for _ in range(120)]
        assert answers.count(200) == 4 and answers.count(429) == 116
        with open_stream(second, code) as other:
            assert other.status_code == 200


def test_fresh_cookies_from_one_address_cannot_take_every_spectator_slot(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    app.config["STREAMS_PER_WATCH_ADDRESS"] = 3
    code = new_table(client)
    with ExitStack() as stack:
        answers = [
            stack.enter_context(open_stream(spectator(client, make_client, code), code, "10.0.0.9")).status_code
            for _ in range(5)
        ]
        assert answers == [200, 200, 200, 429, 429]
        with open_stream(spectator(client, make_client, code), code, "10.0.0.10") as elsewhere:
            assert elsewhere.status_code == 200


# -- 7. The smaller items: one line per Redis outage, the right word for a NUL ----------------------


def test_a_redis_outage_is_logged_once_not_per_entry(caplog: pytest.LogCaptureFixture) -> None:
    broker = RedisBroker("redis://127.0.0.1:9/0")  # nothing listens there: every publish fails
    with caplog.at_level(logging.WARNING, logger="companion.storage.live"):
        for seq in range(1, 6):
            broker.publish(1, seq)
    assert [record.getMessage().startswith("redis publish failed") for record in caplog.records] == [True]
    assert caplog.records[0].exc_info is None  # one line, no traceback


def test_a_name_with_a_nul_byte_is_refused_for_its_control_character_not_its_length(client: FlaskClient) -> None:
    scenario = score_pad([])
    scenario["players"][0]["name"] = "A\x00ki"
    response = upload(client, scenario)
    assert response.status_code == 422
    assert "control characters" in error_text(response) and "at most" not in error_text(response)
    form = {"game": "score-pad", "name-1": "A\x00ki", "colour-1": "#E69F00"}
    response = client.post("/new", data=form)
    assert response.status_code == 422
    assert "control characters" in error_text(response)
    response = client.post("/me", data={"name": "Bo\x00"})
    assert response.status_code == 422
    assert "control characters" in error_text(response)
