"""The Andromeda panel on the phones: its forms drive a round, and a face-down offer stays on its phone."""

from __future__ import annotations

from typing import Any

from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.games.scenario import PLAYER_COLOURS
from tests.conftest import new_table, post_event
from tests.web.test_moves import joined_phone, table_state


def page(phone: FlaskClient, code: str) -> BeautifulSoup:
    return BeautifulSoup(phone.get(f"/t/{code}").text, "html.parser")


def submit(phone: FlaskClient, code: str, kind: str, **choices: str) -> Any:
    """Send the first form of ``kind`` on the phone's page, as a tap would (selects on their first option)."""
    form = next(
        f for f in page(phone, code).select("form") if f.select_one(f'input[name="kind"][value="{kind}"]') is not None
    )
    data: dict[str, str] = {}
    for field in form.select("input[name]"):
        data[str(field["name"])] = str(field.get("value", ""))
    for select in form.select("select[name]"):
        option = select.select_one("option")
        data[str(select["name"])] = str(option["value"]) if option else ""
    data.update(choices)
    return post_event(phone, code, **{k: v for k, v in data.items() if k != "key"})


def seats(count: int) -> tuple[tuple[str, str], ...]:
    names = ("Aki", "Ben", "Chika", "Dai", "Emi")
    return tuple(zip(names, PLAYER_COLOURS[: len(names)], strict=True))[:count]


def kinds_on(phone: FlaskClient, code: str) -> set[str]:
    return {str(i["value"]) for i in page(phone, code).select('input[name="kind"]')}


def test_a_round_of_andromeda_is_played_from_the_panels_forms(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="andromeda", **{"setup-draw": "app"})
    aki, ben, chika = (joined_phone(client, make_client, code, seat) for seat in (1, 2, 3))
    assert "andromeda.movement-card" in kinds_on(ben, code)
    assert submit(ben, code, "andromeda.movement-card", planet="4").status_code == 303
    assert submit(aki, code, "andromeda.trade-phase").status_code == 303
    assert "andromeda.lay" in kinds_on(aki, code) and "andromeda.lay" not in kinds_on(ben, code)
    for card in ("1", "2"):
        assert submit(aki, code, "andromeda.lay", card=card).status_code == 303
        assert submit(ben, code, "andromeda.offer", card="6").status_code == 303
        assert submit(chika, code, "andromeda.offer", card="7").status_code == 303
    assert submit(aki, code, "andromeda.stop").status_code == 303
    assert submit(aki, code, "andromeda.swap", other="3").status_code == 303
    assert submit(chika, code, "andromeda.keep").status_code == 303
    game = table_state(app, code).game
    assert game.phase == "actions" and game.turn == 1
    assert "andromeda.challenge" in kinds_on(aki, code) and "andromeda.challenge" not in kinds_on(ben, code)
    assert submit(aki, code, "andromeda.challenge", planet="1", cards="4").status_code == 303
    assert "Last challenge" in page(ben, code).text
    trade_log = page(chika, code).select_one("#trade-log-title")
    assert trade_log is not None
    assert "Aki gave Planet 1, Planet 2 to Chika and took Planet 7, Planet 7" in page(chika, code).text


def test_a_face_down_offer_is_shown_only_on_its_own_phone_until_every_offer_is_in(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="andromeda", **{"setup-draw": "app"})
    aki, ben, chika = (joined_phone(client, make_client, code, seat) for seat in (1, 2, 3))
    submit(aki, code, "andromeda.trade-phase")
    submit(aki, code, "andromeda.lay", card="1")
    submit(ben, code, "andromeda.offer", card="6")
    assert "(yours: Planet 6)" in page(ben, code).text
    for phone in (aki, chika):
        rows = page(phone, code).select("section[aria-labelledby=trade-title] ul.explain li")
        ben_row = next(row.text for row in rows if "Ben" in row.text)
        assert "card face down" in ben_row and "Planet 6" not in ben_row
        log = phone.get(f"/t/{code}/log").text
        assert "Ben offered a card face down" in log and "Planet 6" not in log
    assert "Ben offered Planet 6 face down" in ben.get(f"/t/{code}/log").text, "its own phone's log names it"
    assert "Planet 6" not in client.get(f"/t/{code}/log").text, "nor does the host's phone see it"
    submit(chika, code, "andromeda.offer", card="2")
    assert "Ben offered Planet 6 (revealed)" in aki.get(f"/t/{code}/log").text


def test_each_player_draws_the_setup_cards_with_one_tap_and_the_board_shows_where_the_stations_went(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="andromeda", players=seats(4))
    phones = [joined_phone(client, make_client, code, seat) for seat in (1, 2, 3, 4)]
    for phone, name in zip(phones, ("Aki", "Ben", "Chika", "Dai"), strict=True):
        buttons = [b.text.strip() for b in page(phone, code).select("button")]
        assert f"Draw 9 planet cards for {name}" in buttons
        assert submit(phone, code, "andromeda.setup-draw").status_code == 303
    game = table_state(app, code).game
    assert game.phase == "movement"
    for seat in (1, 2, 3, 4):
        assert game.where(seat).box == 4 and game.where(seat).total == 26
    board = page(phones[0], code)
    setup = board.select_one("section[aria-labelledby=setup-title]")
    assert setup is not None and "Aki: " in setup.text and " on Planet " in setup.text
    box = next(row for row in board.select("table.stations tr") if "Back in the box" in row.text)
    assert [td.text for td in box.select("td")] == ["4", "4", "4", "4"]


def test_the_stations_table_has_one_column_per_player_and_the_centers_under_each_planet(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="andromeda", players=seats(5), **{"setup-draw": "app"})
    aki = joined_phone(client, make_client, code, 1)
    table = page(aki, code).select_one("table.stations")
    assert table is not None
    assert len(table.select("thead th")) == 1 + 5
    planet = next(row for row in table.select("tbody tr") if "Planet 7" in row.text)
    assert "Economic centers" in planet.th.text and len(planet.select("td")) == 5
    assert "Back in the box" in table.text
