"""One tap, one intent (issue 40) through the app, for Welcome to the Moon and Mission: Red Planet: a
move the rules allow once a turn is refused the second time with a 422 that says why, and nothing is
stored; the phone whose character is called hears it."""

from __future__ import annotations

from typing import Any

from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.games.mission_red_planet import rules as mrp
from companion.games.mission_red_planet.state import SLUG as MRP_SLUG
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
    code = new_table(client, game=MRP_SLUG, players=THREE)
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
    assert host_board.select_one(f'#board input[name="kind"][value="{mrp.END_ROUND}"]') is None  # not offered,
    assert "End round 1 once every character has acted." in host_board.select_one("#board").text  # and why
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


# -- Welcome to the Moon --------------------------------------------------------------------------


def flipped_moon(client: FlaskClient, make_client: Any, adventure: str) -> tuple[str, list[FlaskClient]]:
    """A Welcome to the Moon table whose three players have joined; the host has flipped the first cards."""
    code = new_table(client, game="welcome-to-the-moon", players=THREE, adventure=adventure)
    phones = [joined_phone(client, make_client, code, seat) for seat in (1, 2, 3)]
    assert tap(client, code, "wttm.flip").status_code == 204
    return code, phones


def test_a_double_tap_on_a_system_error_circles_one_and_says_why_the_second_did_not_count(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code, (aki, _ben, _chika) = flipped_moon(client, make_client, "2")
    seq = table_state(app, code).last_seq
    first, second = twice(aki, code, "wttm.error", seat=1)
    assert first.status_code == 204 and second.status_code == 422
    assert error_text(second) == (
        "Aki already has a system error on turn 1: one a turn (none of its three numbers could be written)."
        " Nothing was recorded."
    )
    state = table_state(app, code)
    assert state.game.errors == {1: 1} and state.last_seq == seq + 1
    plus = BeautifulSoup(aki.get(f"/t/{code}").text, "html.parser").select_one(
        '#this-turn button[aria-label="Aki: system error"]'
    )
    assert plus is not None and plus.has_attr("disabled")  # in place, taking no tap, and saying why
    assert "one this turn" in plus.find_parent("li").text
    assert tap(client, code, "wttm.flip").status_code == 204
    assert tap(aki, code, "wttm.error", seat=1).status_code == 204  # the next turn takes one again
    assert table_state(app, code).game.errors == {1: 2}


def test_a_double_tap_on_sabotage_gives_every_other_player_one_error_not_two(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code, (_aki, ben, _chika) = flipped_moon(client, make_client, "1")
    first, second = twice(ben, code, "wttm.sabotage")
    assert first.status_code == 204 and second.status_code == 422
    assert error_text(second) == "Ben already sabotaged on turn 1: one sabotage a turn. Nothing was recorded."
    state = table_state(app, code)
    assert state.game.errors == {1: 1, 3: 1} and state.game.sabotages == {2: 1}
    sabotage = BeautifulSoup(ben.get(f"/t/{code}").text, "html.parser").select_one(
        '#this-turn form:has(input[name="kind"][value="wttm.sabotage"])'
    )
    assert sabotage is not None and sabotage.select_one("button").has_attr("disabled")
    assert sabotage.select_one(".tag").get_text(strip=True) == "sabotaged this turn (one a turn)"
    assert "7 sabotage spaces left" in sabotage.text


def test_this_turn_sits_under_the_cards_with_the_seats_own_missions_and_error_once_on_the_board(
    client: FlaskClient, make_client: Any
) -> None:
    code, (aki, _ben, _chika) = flipped_moon(client, make_client, "3")
    page = BeautifulSoup(aki.get(f"/t/{code}").text, "html.parser")
    sections = [section.get("id") or section.h2.get("id") for section in page.select("#board section")]
    assert sections[:2] == ["deck-title", "this-turn"]
    strip = page.select_one("#this-turn")
    named = [str(b.get("aria-label") or b.text.strip()) for b in strip.select("button")]
    assert [n for n in named if "accomplished" in n] == [f"Mission {letter} accomplished" for letter in "ABC"]
    assert "Aki: system error" in named
    everywhere = [str(b.get("aria-label") or b.text.strip()) for b in page.select("#board button")]
    assert everywhere.count("Aki: system error") == 1 and "Accomplished" not in everywhere  # moved, not copied
    host = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    assert host.select_one("#this-turn") is None  # the host without a seat keeps the errors' list below
    assert host.select_one('#board button[aria-label="Aki: system error"]') is not None
