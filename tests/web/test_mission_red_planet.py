"""Mission: Red Planet on phones: cards entered by what they do, kept secret, offered again; the calling order."""

from __future__ import annotations

import io
import json
from typing import Any

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.games.mission_red_planet import rules as mrp
from companion.games.mission_red_planet.state import SLUG as MRP_SLUG
from tests.conftest import new_table, post_event
from tests.web.test_crafting_the_cosmos import pages
from tests.web.test_live import read_stream
from tests.web.test_moves import joined_phone, table_state

THREE = (("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73"))
# A card name no page shows unless the card itself is shown.
OLYMPUS = {"counts": "crew-in-zone", "condition": "most", "zone": 4, "points": 6, "name": "Olympus Mons"}


def board(phone: FlaskClient, code: str) -> BeautifulSoup:
    return BeautifulSoup(phone.get(f"/t/{code}").text, "html.parser")


def one_tap(phone: FlaskClient, code: str, form: Any, **extra: str) -> Any:
    """Submit a one-tap form as the page has it (its hidden fields, and any select left at its first option)."""
    fields = {str(i["name"]): str(i["value"]) for i in form.select("input[type=hidden]")}
    for select in form.select("select"):
        fields[str(select["name"])] = str(select.select_one("option")["value"])
    fields.update(extra)
    fields.pop("csrf_token", None)
    return post_event(phone, code, **fields)


def test_a_bonus_card_is_secret_until_the_end_and_offered_at_other_tables_once_its_table_ended(
    client: FlaskClient, make_client: Any
) -> None:
    first = new_table(client, game=MRP_SLUG, players=THREE)
    aki, ben = (joined_phone(client, make_client, first, seat) for seat in (1, 2))
    assert post_event(aki, first, kind=mrp.BONUS, seat=1, **OLYMPUS).status_code == 303
    assert "Olympus Mons" in board(aki, first).select_one(".my-bonus").text
    ruins = {"effect": "placer-points", "points": 4, "name": "Ancient Ruins"}
    assert post_event(aki, first, kind=mrp.DISCOVERY, seat=1, zone=3, **ruins).status_code == 303
    assert "Ancient Ruins" in board(aki, first).select_one("#board").text  # its placer sees what it does
    for phone in (ben, client):  # another seat, and the host without a seat
        for name, html in pages(phone, first).items():
            assert "Olympus" not in html and "Ancient Ruins" not in html, name
        for chunk in read_stream(phone, f"/t/{first}/stream?after=0", 2):
            assert "Olympus" not in chunk and "Ancient Ruins" not in chunk

    second = new_table(client, game=MRP_SLUG, players=(("Dai", "#E69F00"), ("Emi", "#56B4E9"), ("Fumi", "#009E73")))
    dai = joined_phone(client, make_client, second, 1)
    for phone in (dai, client, ben):  # a stranger's table, the host's, and Ben at Aki's own table
        assert "Olympus" not in board(phone, first if phone is ben else second).text
    assert post_event(client, first, kind="table.end").status_code == 303  # revealed: the server may learn it
    # Another table's cards are read once per step: the second table offers it from its next entry on.
    joined_phone(client, make_client, second, 2)
    offers = board(dai, second).select("form.known-card")
    offered = next(form for form in offers if "Olympus Mons" in form.text)
    assert " ".join(offered.text.split()) == "“Olympus Mons”: 6 points for the most crew in Zone 4"
    assert one_tap(dai, second, offered).status_code == 303
    assert table_state(client.application, second).game.bonus_cards[1][0].zone == 4


def test_a_tables_cards_travel_in_its_scenario_file(client: FlaskClient) -> None:
    code = new_table(client, game=MRP_SLUG, players=THREE)
    assert post_event(client, code, kind=mrp.BONUS, seat=2, **OLYMPUS).status_code == 303
    assert post_event(client, code, kind=mrp.DISCOVERY, seat=1, zone=3, effect="barren").status_code == 303
    assert post_event(client, code, kind="table.end").status_code == 303  # the file holds the seed: once ended
    exported = client.get(f"/t/{code}/scenario.json").data
    assert {"seat": 2, **OLYMPUS} in [event["payload"] for event in json.loads(exported)["events"]]
    upload = {"scenario": (io.BytesIO(exported), "mars.json")}
    answer = client.post("/import", data=upload, content_type="multipart/form-data")
    assert answer.status_code == 303, BeautifulSoup(answer.text, "html.parser").select_one(".error")
    copy = table_state(client.application, answer.headers["Location"].rsplit("/", 1)[1]).game
    assert copy.bonus_cards[2][0].name == "Olympus Mons" and copy.discovery_cards[3].effect == "barren"


def test_every_phone_shows_whose_character_acts_next_and_no_character_before_it_is_called(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=MRP_SLUG, players=THREE)
    phones = [joined_phone(client, make_client, code, seat) for seat in (1, 2, 3)]
    for seat, character in ((1, 4), (2, 7), (3, 4)):
        assert post_event(phones[seat - 1], code, kind=mrp.CHARACTER, seat=seat, character=character).status_code == 303
    for phone in (*phones, client):
        page = board(phone, code)
        assert " ".join(page.select_one(".acting-now").text.split()) == "Acting now: Aki, character 4"
    ben_sees = {li["data-seat"]: " ".join(li.text.split()) for li in board(phones[1], code).select(".characters li")}
    assert ben_sees["3"] == "C Chika: character 4"  # called with Aki's
    aki_sees = {li["data-seat"]: " ".join(li.text.split()) for li in board(phones[0], code).select(".characters li")}
    assert aki_sees["2"] == "B Ben: face down"

    done = board(phones[0], code).select_one("#board form:has(input[name=kind][value='mrp.acted'])")
    assert done is not None and "Aki's character is done" in done.text
    assert one_tap(phones[0], code, done).status_code == 303
    assert " ".join(board(phones[1], code).select_one(".acting-now").text.split()) == "Acting now: Chika, character 4"


def test_discovery_cards_are_turned_up_on_the_board_in_round_10_and_the_results_say_what_they_did(
    client: FlaskClient,
) -> None:
    code = new_table(client, game=MRP_SLUG, players=THREE)
    assert post_event(client, code, kind=mrp.RESOURCE, zone=2, resource="ice").status_code == 303
    assert post_event(client, code, kind=mrp.SET_CREW, seat=1, zone=2, count=3).status_code == 303
    assert post_event(client, code, kind=mrp.DISCOVERY, seat=2, zone=2).status_code == 303
    assert board(client, code).select_one("form.reveal") is None  # not before round 10
    for round_number in range(1, 10):
        assert post_event(client, code, kind=mrp.END_ROUND, round=round_number).status_code == 303
    form = board(client, code).select_one("form.reveal")
    assert form is not None
    assert one_tap(client, code, form, effect="more-tokens", amount="2").status_code == 303
    assert post_event(client, code, kind=mrp.END_ROUND, round=10).status_code == 303
    results = " ".join(BeautifulSoup(client.get(f"/t/{code}/results").text, "html.parser").text.split())
    # (A form leaves the unticked "final resource token" box off: no resource token here.)
    assert "Round 10, Zone 2: Aki 3: Aki takes 5 ice (discovery card: +2 score tokens in the final scoring)" in results


def test_a_discovery_card_typed_at_one_table_is_one_tap_when_turning_up_cards_at_another(client: FlaskClient) -> None:
    first = new_table(client, game=MRP_SLUG, players=THREE)
    assert post_event(client, first, kind=mrp.DISCOVERY, seat=1, zone=1).status_code == 303
    for round_number in range(1, 10):
        assert post_event(client, first, kind=mrp.END_ROUND, round=round_number).status_code == 303
    assert (
        post_event(client, first, kind=mrp.REVEAL, zone=1, effect="multiply", amount=2, name="Geyser").status_code
        == 303
    )

    second = new_table(client, game=MRP_SLUG, players=THREE)
    assert post_event(client, second, kind=mrp.DISCOVERY, seat=2, zone=5).status_code == 303
    for round_number in range(1, 10):
        assert post_event(client, second, kind=mrp.END_ROUND, round=round_number).status_code == 303
    offered = next(form for form in board(client, second).select("form.known-card") if "Geyser" in form.text)
    assert " ".join(offered.text.split()).endswith("“Geyser”: the final pot × 2")
    assert one_tap(client, second, offered).status_code == 303  # the zone select offers zone 5, the only card
    assert table_state(client.application, second).game.discovery_cards[5].amount == 2


def chips(phone: FlaskClient, code: str, form: Any, **tapped: str) -> Any:
    """Send a chip form as a phone would: its hidden fields, its presets, and what was ``tapped`` (or typed).

    A button with a name (a "to" zone chip) is given among ``tapped``, and so is a number typed in a box.
    """
    fields = {str(i["name"]): str(i["value"]) for i in form.select("input[type=hidden]")}
    fields |= {str(i["name"]): str(i["value"]) for i in form.select("input[type=radio][checked]")}
    fields |= {str(i["name"]): str(i["value"]) for i in form.select("input:not([type])[value]")}  # a preset box
    for name, value in tapped.items():
        chip = form.select_one(f"[name={name}][value='{value}']")
        assert chip is not None or form.select_one(f"input:not([type])[name={name}]") is not None, (name, value)
        fields[name] = value
    fields.pop("csrf_token", None)
    return post_event(phone, code, **fields)


def test_a_crew_move_is_two_chips_from_the_zone_left_to_the_zone_reached(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game=MRP_SLUG, players=THREE)
    aki = joined_phone(client, make_client, code, 1)
    assert post_event(aki, code, kind=mrp.LAND, seat=1, zone=3, count=2).status_code == 303
    form = board(aki, code).select_one("form.crew-move")
    assert form is not None and form.select_one("input[name=from_zone][value='3']").has_attr("checked")  # her only zone
    assert form.select_one("input[name=count]")["value"] == "1"
    assert chips(aki, code, form, to_zone="7").status_code == 303  # one chip sends it
    game = table_state(client.application, code).game
    assert (game.crew_of(3, 1), game.crew_of(7, 1), game.on_mars[1]) == (1, 1, 2)
    assert "Aki moved 1 crew from Zone 3 to Zone 7" in client.get(f"/t/{code}/log").text

    form = board(aki, code).select_one("form.crew-move")  # two zones now: the zone left is tapped first
    assert not form.select("input[name=from_zone][checked]")
    assert chips(aki, code, form, from_zone="7", to_zone="3").status_code == 303
    assert table_state(client.application, code).game.crew_of(3, 1) == 2
    assert board(client, code).select_one("form.crew-move") is None  # the host holds no crew of its own


def test_a_new_bonus_card_is_entered_with_chips_and_scores_by_what_it_says(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=MRP_SLUG, players=THREE)
    aki = joined_phone(client, make_client, code, 1)
    form = board(aki, code).select_one("form.bonus-card")
    checked = {str(i["name"]): str(i["value"]) for i in form.select("input[type=radio][checked]")}
    assert checked == {"counts": "none", "condition": "", "resource": ""}  # a card of plain points until tapped
    assert chips(aki, code, form, counts="crew-in-zone", zone="4", points="6").status_code == 303
    assert [" ".join(li.text.split()) for li in board(aki, code).select(".my-bonus li")] == [
        "6 points for the most crew in Zone 4"
    ]
    assert chips(aki, code, board(aki, code).select_one("form.bonus-card"), points="3").status_code == 303
    for seat, count in ((1, 3), (2, 2)):
        assert post_event(client, code, kind=mrp.SET_CREW, seat=seat, zone=4, count=count).status_code == 303
    for round_number in range(1, 11):
        assert post_event(client, code, kind=mrp.END_ROUND, round=round_number).status_code == 303
    results = " ".join(BeautifulSoup(client.get(f"/t/{code}/results").text, "html.parser").text.split())
    assert "Bonus card of Aki (6 points for the most crew in Zone 4): 3, the most: met, +6" in results
    assert "Bonus card of Aki (3 points): no condition: +3" in results


def test_a_bonus_card_with_points_beyond_the_chips_is_typed(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game=MRP_SLUG, players=THREE)
    aki = joined_phone(client, make_client, code, 1)
    form = board(aki, code).select_one("form.bonus-card")
    assert chips(aki, code, form, points="-4").status_code == 303  # the "other points" box, no chip tapped
    assert table_state(client.application, code).game.bonus_cards[1][0].points == -4
    missing = chips(aki, code, form)  # nothing tapped, nothing typed
    assert missing.status_code == 422 and "A box of this form is empty" in missing.text


def test_the_board_in_japanese_words_as_the_seed(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game=MRP_SLUG, players=THREE)
    aki = joined_phone(client, make_client, code, 1)
    for phone in (client, aki):
        phone.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    for seat, character in ((1, 1), (2, 9), (3, 5)):
        assert post_event(client, code, kind=mrp.CHARACTER, seat=seat, character=character).status_code == 303
    assert post_event(aki, code, kind=mrp.LAND, seat=1, zone=3, count=2).status_code == 303
    page = board(aki, code)
    assert " ".join(page.select_one(".acting-now").text.split()) == "アクション中：Aki、新兵募集官（1）"
    assert page.select_one("#mars-title").text == "火星：第1ターン（全10ターン）"
    aki_line = page.select_one(".characters li[data-seat='1']")
    assert " ".join(aki_line.text.split()) == "A Aki：新兵募集官（1） アクション中"
    assert "地図のないゾーン" in page.select_one("#zones-title").find_parent("section").text
    assert "未探索" not in page.text
    log = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser").text
    assert "Akiが乗組員2個をゾーン3に着陸させた" in log
    for seat in (1, 3, 2):  # Recruiter (1), then 5, then the Astronaut (9)
        assert post_event(client, code, kind=mrp.ACTED, seat=seat).status_code == 303
    for round_number in range(1, 5):
        assert post_event(client, code, kind=mrp.END_ROUND, round=round_number).status_code == 303
    button = board(client, code).select_one("form.end-round button")
    assert button.text.strip() == "第5ターンを終えて得点計算"
    assert post_event(client, code, kind=mrp.END_ROUND, round=5).status_code == 303
    scoring = " ".join(board(client, code).select_one(".scoring").text.split())
    assert "第5ターン、ゾーン3（Aki 2個）：Akiが" in scoring
