"""One tap, one intent (issue 40) through the app, for Welcome to the Moon and Mission: Red Planet: a
move the rules allow once a turn is refused the second time with a 422 that says why, and nothing is
stored; the phone whose character is called hears it."""

from __future__ import annotations

from typing import Any

from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.games.mission_red_planet import rules as mrp
from tests.conftest import new_table, post_event
from tests.web.test_moves import error_text, joined_phone, table_state
from tests.web.test_news import news_parts, notices

THREE = (("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73"))


def shown(phone: FlaskClient, code: str, kind: str, seat: int | None = None) -> dict[str, str]:
    """The hidden fields of the phone's button of move ``kind`` (for ``seat``), as its board shows them."""
    page = BeautifulSoup(phone.get(f"/t/{code}").text, "html.parser")
    forms = [f for f in page.select("#board form") if f.select_one(f'input[name="kind"][value="{kind}"]')]
    if seat is not None:
        forms = [f for f in forms if f.select_one(f'input[name="seat"][value="{seat}"]')]
    assert forms, f"no {kind} button on this phone"
    fields = {str(i["name"]): str(i.get("value", "")) for i in forms[0].select("input[type=hidden]")}
    return {name: value for name, value in fields.items() if name not in ("key", "csrf_token")}


def tap(phone: FlaskClient, code: str, kind: str, seat: int | None = None) -> Any:
    """Tap the phone's button of move ``kind`` (for ``seat``) as htmx does."""
    return post_event(phone, code, htmx=True, **shown(phone, code, kind, seat))


def twice(phone: FlaskClient, code: str, kind: str, seat: int | None = None) -> tuple[Any, Any]:
    """A double tap: the same form, as the phone showed it, sent twice (each tap with its own key)."""
    fields = shown(phone, code, kind, seat)
    return post_event(phone, code, htmx=True, **fields), post_event(phone, code, htmx=True, **fields)


# -- Mission: Red Planet --------------------------------------------------------------------------


def calls_begun(client: FlaskClient, make_client: Any) -> tuple[str, list[FlaskClient]]:
    """Three phones have picked face down: Aki's 2 is called, then Chika's 4, then Ben's 6."""
    code = new_table(client, game=mrp.SLUG, players=THREE)
    phones = [joined_phone(client, make_client, code, seat) for seat in (1, 2, 3)]
    for seat, character in ((1, 2), (2, 6), (3, 4)):
        assert post_event(phones[seat - 1], code, kind=mrp.CHARACTER, seat=seat, character=character).status_code == 303
    return code, phones


def test_a_double_tap_on_done_ends_one_character_and_the_second_tap_is_told_why(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code, (aki, _ben, _chika) = calls_begun(client, make_client)
    first, second = twice(aki, code, mrp.ACTED)
    assert first.status_code == 204
    assert second.status_code == 422
    assert (
        error_text(second)
        == "Aki's character has already acted this round: one character a round. Nothing was recorded."
    )
    state = table_state(app, code)
    assert state.game.acted == (1,) and [e.kind for e in state.events][-1] == mrp.ACTED
    assert sum(1 for e in state.events if e.kind == mrp.ACTED) == 1


def test_end_round_during_the_calls_is_refused_naming_who_is_still_to_act(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code, (aki, _ben, _chika) = calls_begun(client, make_client)
    assert tap(aki, code, mrp.ACTED).status_code == 204
    host_board = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    assert host_board.select_one(f'#board input[name="kind"][value="{mrp.END_ROUND}"]') is None  # not offered
    seq = table_state(app, code).last_seq
    refused = post_event(client, code, htmx=True, kind=mrp.END_ROUND, round=1)  # a board that still showed it
    assert refused.status_code == 422
    assert (
        error_text(refused) == "Round 1 is not over: still to act: Ben, Chika. End it once every character has acted."
    )
    state = table_state(app, code)
    assert state.last_seq == seq and state.game.round == 1 and state.game.acted == (1,)


def test_the_phone_whose_character_is_called_is_told_each_time(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code, (_aki, ben, chika) = calls_begun(client, make_client)
    seq = table_state(app, code).last_seq
    assert tap(client, code, mrp.ACTED, seat=1).status_code == 204  # the host says Aki is done
    assert ("turn", "Your character is called, Chika: character 4 acts now.") in notices(news_parts(chika, code, seq))
    assert [kind for kind, _ in notices(news_parts(ben, code, seq))] == []
    assert tap(chika, code, mrp.ACTED).status_code == 204
    assert ("turn", "Your character is called, Ben: character 6 acts now.") in notices(news_parts(ben, code, seq + 1))
