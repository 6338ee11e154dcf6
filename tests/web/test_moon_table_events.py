"""Welcome to the Moon on the phones: what one player's entry does to every sheet at the table."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import new_table
from tests.web.test_andromeda_panel import kinds_on, page, submit
from tests.web.test_moves import joined_phone, table_state

FOUR = (("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73"), ("Dai", "#CC79A7"))


def test_one_players_plant_track_activates_a_virus_that_every_phone_asks_to_infect(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR, adventure="6")
    phones = [joined_phone(client, make_client, code, seat) for seat in (1, 2, 3, 4)]
    assert submit(phones[0], code, "wttm.flip").status_code == 303
    assert all("wttm.infect" not in kinds_on(phone, code) for phone in phones)
    assert submit(phones[1], code, "wttm.sheet", seat="2", field="plant-boxes", value="5").status_code == 303
    for phone in phones:
        alert = page(phone, code).select_one("#viruses [role=alert]")
        assert alert is not None and "A virus is active: infect now" in alert.text
        assert "green virus activated on turn 1 by Ben's plant track" in page(phone, code).select_one("#viruses").text
    assert submit(phones[2], code, "wttm.infect", spaces="2").status_code == 303
    assert page(phones[2], code).select_one("#viruses [role=alert]") is None
    assert "Still to infect: Aki, Ben, Dai" in page(phones[0], code).select_one("#viruses").text
    assert table_state(app, code).game.sheets[(3, "infected")] == 2


def test_a_virus_the_app_did_not_see_is_recorded_with_one_tap_from_any_phone(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR[:2], adventure="6")
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    submit(aki, code, "wttm.flip")
    assert submit(ben, code, "wttm.virus", virus="blue").status_code == 303
    assert "wttm.infect" in kinds_on(aki, code) and "wttm.infect" in kinds_on(ben, code)
    choices = [str(o["value"]) for o in page(aki, code).select('#viruses select[name="virus"] option')]
    assert choices == ["red", "purple", "yellow", "green"]


def test_the_saboteur_records_a_sabotage_once_and_the_others_get_the_error(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR[:3], adventure="1")
    aki, ben, _chika = (joined_phone(client, make_client, code, seat) for seat in (1, 2, 3))
    submit(aki, code, "wttm.flip")
    assert "8 sabotage spaces left" in page(ben, code).text
    assert submit(ben, code, "wttm.sabotage").status_code == 303
    assert table_state(app, code).game.errors == {1: 1, 3: 1}
    assert "7 sabotage spaces left" in page(ben, code).text


def test_a_quarter_bonus_is_claimed_from_the_panel_and_shows_who_was_first(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR[:2], adventure="3")
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    submit(aki, code, "wttm.flip")
    assert submit(aki, code, "wttm.bonus", space="2").status_code == 303
    submit(aki, code, "wttm.flip")
    assert submit(ben, code, "wttm.bonus", space="2").status_code == 303
    assert "Aki (first), Ben (later)" in page(aki, code).text
    assert "スコアトラック×使用数" not in page(aki, code).text  # adventure 5's note only


def test_the_adventure_6_sheet_asks_for_the_boxes_marked_not_the_thresholds(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR[:1], adventure="6")
    aki = joined_phone(client, make_client, code, 1)
    labels = [label.text for label in page(aki, code).select(".sheet-label")]
    assert any(text.startswith("Plant track: boxes marked") for text in labels)
    assert not any("thresholds reached" in text for text in labels)


def test_in_solo_the_panel_asks_which_first_bonus_astra_crosses_off_after_a_solo_card(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR[:1], adventure="3", mode="solo", components="own")
    aki = joined_phone(client, make_client, code, 1)
    assert "wttm.astra-bonus" not in kinds_on(aki, code)
    assert submit(aki, code, "wttm.solo-card", letter="B").status_code == 303
    assert submit(aki, code, "wttm.astra-bonus", space="4").status_code == 303
    assert "wttm.astra-bonus" not in kinds_on(aki, code)
    crossed = [h.text for h in page(aki, code).select("article.mission h3") if "first crossed off by ASTRA" in h.text]
    assert len(crossed) == 1 and crossed[0].startswith("Bottom-right quarter")


def test_astras_track_of_any_length_is_set_on_the_new_table_form_and_shown_on_the_results(
    app: Flask, client: FlaskClient
) -> None:
    code = new_table(
        client,
        game="welcome-to-the-moon",
        players=FOUR[:1],
        adventure="1",
        mode="solo",
        **{"astra-1-track": "10 15 20 80 150", "astra-1-sabotage": "first"},
    )
    setup = table_state(app, code).setup
    assert list(setup.options["astra-1-track"]) == [10, 15, 20, 80, 150]
    results = page(client, code + "/results").text
    assert "10 15 20 80 150" in results and "on the first draw of each solo card only" in results
    refused = client.post(
        "/new",
        data={
            "game": "welcome-to-the-moon",
            "name-1": "Aki",
            "option-mode": "solo",
            "option-adventure": "1",
            "option-astra-1-track": "10 15",
        },
    )
    assert refused.status_code != 303 and "pairs of rockets and points" in refused.text


def test_once_the_game_is_ending_every_phone_says_the_host_ends_the_table_then_that_it_is_over(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR[:2])
    aki = joined_phone(client, make_client, code, 1)
    assert submit(aki, code, "wttm.flip").status_code == 303
    assert submit(aki, code, "wttm.sheet-full", seat="1").status_code == 303
    announced = page(aki, code).select_one(".announce").get_text(" ", strip=True)  # type: ignore[union-attr]
    assert "the host ends the table (at the foot of the board)" in announced
    assert submit(client, code, "table.end").status_code == 303
    assert page(aki, code).select_one(".announce").get_text(" ", strip=True).startswith("The game is over.")  # type: ignore[union-attr]


def test_adventure_1_tells_the_player_at_once_how_many_rockets_a_mission_gave(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR[:2], adventure="1")
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    assert submit(aki, code, "wttm.flip").status_code == 303
    assert page(aki, code).select_one("#mission-rockets") is None
    assert submit(aki, code, "wttm.mission", seat="1", letter="A").status_code == 303
    prompt = page(aki, code).select_one("#mission-rockets")
    assert prompt is not None and "Your missions gave you 4 rockets" in prompt.get_text()
    assert page(ben, code).select_one("#mission-rockets") is None  # Ben's missions gave him none
    assert submit(aki, code, "wttm.sheet", seat="1", field="milestones", value="1").status_code == 303
    assert page(aki, code).select_one("#mission-rockets") is None  # crossed off and counted: no longer asked
    results = page(aki, code + "/results").text
    assert "Aki crossed off 4 rockets from missions" in results
    assert "cross off the 4 rockets" not in results


def test_a_sheet_entry_is_one_sentence_in_the_log_in_english_and_in_japanese(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR[:2], adventure="6")
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    submit(aki, code, "wttm.flip")
    assert submit(ben, code, "wttm.sheet", seat="2", field="plant-boxes", value="7").status_code == 303
    assert submit(ben, code, "wttm.sheet-step", seat="2", field="plant-boxes", delta="1").status_code == 303
    english = aki.get(f"/t/{code}/log").text
    assert "Ben set the plant track to 7" in english and "Ben added 1 to the plant track" in english
    assert "boxes marked" not in english  # the form's label stays on the form
    aki.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    japanese = aki.get(f"/t/{code}/log").text
    assert "Benが植物トラックを7マスにした" in japanese and "Benが植物トラックを1増やした" in japanese
    assert "マークしたマス数" not in japanese and "さん" not in japanese


def test_the_journeys_sheet_offers_each_stations_printed_multipliers_and_each_tanks_value(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR[:1], adventure="2")
    aki = joined_phone(client, make_client, code, 1)
    row = page(aki, code).select_one('[aria-labelledby="f-station-4-multiplier-label"]')
    assert row is not None and [b.get_text(strip=True) for b in row.select("button")] == ["none", "×10", "×7"]
    labels = [label.get_text(strip=True) for label in page(aki, code).select(".sheet-label")]
    assert "Water tank 6 circled (8 points)" in labels
    assert not any("big" in text or "small" in text for text in labels)


def test_the_sabotage_button_says_what_it_does_in_few_words_and_its_effect_beside_it(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=FOUR[:2], adventure="1")
    aki = joined_phone(client, make_client, code, 1)
    submit(aki, code, "wttm.flip")
    form = next(f for f in page(aki, code).select("form") if f.select_one('input[value="wttm.sabotage"]'))
    assert form.select_one("button").get_text(strip=True) == "Sabotage the others"  # type: ignore[union-attr]
    assert "Every other player circles a system error." in form.get_text(" ", strip=True)
    aki.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    form = next(f for f in page(aki, code).select("form") if f.select_one('input[value="wttm.sabotage"]'))
    assert form.select_one("button").get_text(strip=True) == "妨害効果を使う"  # type: ignore[union-attr]
