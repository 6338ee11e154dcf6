"""Crafting the Cosmos on phones: an advanced life's value reaches its owner's phone only, until the end."""

from __future__ import annotations

from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.games.crafting_the_cosmos import rules as ctc
from tests.conftest import PLAYERS, new_table, post_event
from tests.web.test_live import read_stream
from tests.web.test_moves import error_text, joined_phone, table_state

# A value no real token has, so that finding it anywhere in a page can only be the secret.
SECRET = 987654


@pytest.fixture
def marked_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every advanced life token drawn is worth SECRET."""
    monkeypatch.setattr(ctc, "life_stack", lambda seed, players: (SECRET,) * 20)


def pages(phone: FlaskClient, code: str) -> dict[str, str]:
    """Every page a phone can open at the table, and the board fragment that htmx fetches."""
    return {
        "board page": phone.get(f"/t/{code}").text,
        "board fragment": phone.get(f"/t/{code}", headers={"HX-Request": "true"}).text,
        "log page": phone.get(f"/t/{code}/log").text,
        "results page": phone.get(f"/t/{code}/results").text,
    }


def life_cell(html: str, seat: int) -> str:
    cell = BeautifulSoup(html, "html.parser").select_one(f"#board tr[data-sources='{seat}'] .advanced-life")
    assert cell is not None
    return " ".join(cell.text.split())


def log_line(html: str, text: str) -> bool:
    lines = [" ".join(li.text.split()) for li in BeautifulSoup(html, "html.parser").select("li")]
    return any(text in line for line in lines)


def test_an_advanced_life_value_is_on_its_owners_phone_only_until_the_game_ends(
    client: FlaskClient, make_client: Any, marked_stack: None
) -> None:
    code = new_table(client, game=ctc.SLUG)
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    assert post_event(aki, code, kind=ctc.NEBULA, seat=1, size=2, points=5).status_code == 303
    assert post_event(aki, code, kind=ctc.ADVANCED_LIFE, seat=1).status_code == 303

    own = pages(aki, code)
    assert life_cell(own["board page"], 1) == str(SECRET)
    assert f"only you see them): {SECRET}" in own["board fragment"]
    for phone in (ben, client):  # another seat, and the host without a seat
        for name, html in pages(phone, code).items():
            assert str(SECRET) not in html, name
        seen = pages(phone, code)
        assert life_cell(seen["board page"], 1) == "1 face down"
        assert life_cell(seen["board fragment"], 1) == "1 face down"
        assert log_line(seen["log page"], "Aki created an advanced life (token face down)")
    for chunk in read_stream(ben, f"/t/{code}/stream?after=0", 2):
        assert str(SECRET) not in chunk

    # The supply runs out, the end phase ends the game: every token is revealed and added.
    assert post_event(aki, code, kind=ctc.CRYSTAL, seat=1, count=6).status_code == 303
    assert post_event(aki, code, kind=ctc.CRYSTAL, seat=1, count=3).status_code == 303
    assert post_event(ben, code, kind=ctc.END_PHASE, round=1).status_code == 303
    seen = pages(ben, code)
    assert life_cell(seen["board page"], 1) == str(SECRET)
    results = BeautifulSoup(seen["results page"], "html.parser").text
    assert str(SECRET + 5) in results  # added to Aki's total


def test_the_end_phase_button_waits_for_every_count_of_the_scoring_goal(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game=ctc.SLUG)
    aki = joined_phone(client, make_client, code, 1)
    for round_ in (1, 2):
        assert post_event(aki, code, kind=ctc.END_PHASE, round=round_).status_code == 303

    def end_phase_buttons() -> list[str]:
        page = BeautifulSoup(aki.get(f"/t/{code}").text, "html.parser")
        return [str(i["value"]) for i in page.select("form input[name=kind]") if i["value"] == ctc.END_PHASE]

    assert end_phase_buttons() == []
    assert post_event(aki, code, kind=ctc.END_PHASE, round=3).status_code == 422
    for seat, count in ((1, 4), (2, 2), (3, 0)):
        assert post_event(client, code, kind=ctc.GOAL_COUNT, seat=seat, count=count).status_code == 303
    assert end_phase_buttons() == [ctc.END_PHASE]
    assert post_event(aki, code, kind=ctc.END_PHASE, round=3).status_code == 303
    assert post_event(aki, code, kind=ctc.END_PHASE, round=3).status_code == 422  # a stale screen
    results = BeautifulSoup(aki.get(f"/t/{code}/results").text, "html.parser").text
    assert "Round 3, goal 1: Aki 4, Ben 2, Chika 0: Aki +6, Ben +3" in " ".join(results.split())


def test_the_rounds_goal_and_what_to_count_open_every_phones_board_with_its_own_count_first(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=ctc.SLUG, **{ctc.FIRST_GOAL: "proto-life"})
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))

    def first_card(phone: FlaskClient) -> Any:
        card = BeautifulSoup(phone.get(f"/t/{code}").text, "html.parser").select_one("#board section.card")
        assert card is not None
        return card

    assert "No goal scores at the end of this round. Next: goal 1: Most proto life tokens, at the end of round 3." in (
        " ".join(first_card(ben).text.split())
    )
    assert post_event(aki, code, kind=ctc.END_PHASE, round=1).status_code == 303
    # Goal 2 is turned up: every phone asks what it says, and any player names it.
    asked = first_card(ben).select_one("form.name-goal")
    assert asked is not None and [o["value"] for o in asked.select("select[name=goal] option")] == ["2"]
    assert post_event(ben, code, kind=ctc.GOAL, goal=2, goal_kind="carbon").status_code == 303
    assert first_card(aki).select_one("form.name-goal") is None
    assert post_event(aki, code, kind=ctc.END_PHASE, round=2).status_code == 303

    for phone, seat in ((aki, 1), (ben, 2)):
        card = first_card(phone)
        assert " ".join(card.select_one(".goal-name").text.split()) == "goal 1: Most proto life tokens"
        assert card.select_one(".goal-hint").text.strip() == "Count your proto life tokens (purple side up)."
        counts = card.select("form.goal-count input[name=seat]")
        assert [i["value"] for i in counts] == [str(seat)]  # a player's own count, where it is looking
    # The host without a seat enters them for the seats, each in that seat's card (behind its switch).
    host_board = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    host_counts = host_board.select("#board .for-other section.record form.goal-count input[name=seat]")
    assert [i["value"] for i in host_counts] == ["1", "2", "3"]


# -- The end phase: below a phone's own forms, guarded by the round, and whose it is ---------------


def board_forms(phone: FlaskClient, code: str) -> list[tuple[str, str]]:
    """The board's forms top to bottom, each as its move and the seat it records for ('' for none)."""
    page = BeautifulSoup(phone.get(f"/t/{code}").text, "html.parser")
    forms = []
    for form in page.select("#board form"):
        kind, seat = form.select_one("input[name=kind]"), form.select_one("input[type=hidden][name=seat]")
        forms.append((str(kind["value"]) if kind else "", str(seat["value"]) if seat else ""))
    return forms


def to_round_3_with_every_count(client: FlaskClient, code: str, phone: FlaskClient) -> None:
    for round_ in (1, 2):
        assert post_event(phone, code, kind=ctc.END_PHASE, round=round_).status_code == 303
    for seat, count in ((1, 4), (2, 2), (3, 0)):
        assert post_event(client, code, kind=ctc.GOAL_COUNT, seat=seat, count=count).status_code == 303


def test_a_phone_shows_its_own_count_and_entries_first_and_the_end_phase_below_them(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=ctc.SLUG)
    aki = joined_phone(client, make_client, code, 1)
    to_round_3_with_every_count(client, code, aki)
    forms = board_forms(aki, code)
    end_phase = forms.index((ctc.END_PHASE, ""))
    own = [index for index, (kind, seat) in enumerate(forms) if seat == "1"]
    assert {forms[index][0] for index in own} >= {ctc.GOAL_COUNT, ctc.NEBULA, ctc.CRYSTAL, ctc.ENERGY_CARDS, ctc.HAND}
    assert max(own) < end_phase  # every own count and entry above the button that moves the table on
    assert forms[0] == (ctc.GOAL_COUNT, "1")  # the phone opens on its own count

    # The host without a seat: every seat's forms (behind its switch), then the end phase.
    host_forms = board_forms(client, code)
    seat_forms = [index for index, (_kind, seat) in enumerate(host_forms) if seat]
    assert max(seat_forms) < host_forms.index((ctc.END_PHASE, ""))


def test_an_end_phase_from_a_stale_screen_is_refused_with_a_message_and_nothing_is_stored(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=ctc.SLUG)
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    page = BeautifulSoup(ben.get(f"/t/{code}").text, "html.parser")
    guard = page.select_one(f"form:has(input[name=kind][value='{ctc.END_PHASE}']) input[name=round]")
    assert guard is not None and guard["value"] == "1"  # the button carries the round it ends
    assert post_event(aki, code, kind=ctc.END_PHASE, round=1).status_code == 303
    before = table_state(client.application, code)

    refused = post_event(ben, code, kind=ctc.END_PHASE, round=1)  # Ben's screen still shows round 1
    assert refused.status_code == 422
    assert error_text(refused) == (
        "That end phase has already been played: the table is in round 2. Nothing was recorded."
    )
    after = table_state(client.application, code)
    assert (after.last_seq, after.game.round, len(after.game.end_phases)) == (before.last_seq, 2, 1)


def test_by_default_anyone_seated_plays_the_end_phase_and_the_results_say_so(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=ctc.SLUG)
    ben = joined_phone(client, make_client, code, 2)
    assert (ctc.END_PHASE, "") in board_forms(ben, code)
    assert post_event(ben, code, kind=ctc.END_PHASE, round=1).status_code == 303
    results = BeautifulSoup(client.get(f"/t/{code}/results").text, "html.parser")
    applied = [" ".join(li.text.split()) for li in results.select("#options-applied li")]
    assert "Who plays the end phase: anyone seated (the rules share it among the table)" in applied


def test_with_the_host_only_option_a_players_end_phase_is_refused_and_the_board_says_whose_it_is(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, ctc.SLUG, PLAYERS, **{ctc.END_PHASE_BY: ctc.ENDS_HOST})
    ben = joined_phone(client, make_client, code, 2)
    page = BeautifulSoup(ben.get(f"/t/{code}").text, "html.parser")
    assert (ctc.END_PHASE, "") not in board_forms(ben, code)
    note = page.select_one("#board .end-phase p")
    assert note is not None and note.text.strip() == "The host plays the end phase at this table (rule option)."
    before = table_state(client.application, code).last_seq

    refused = post_event(ben, code, kind=ctc.END_PHASE, round=1)
    assert refused.status_code == 422 and error_text(refused) == "Only the host can do this."
    assert table_state(client.application, code).last_seq == before

    host_page = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    host_card = host_page.select_one("#board .end-phase")
    assert host_card is not None and "End phase of round 1" in host_card.text
    assert "Only the host plays the end phase at this table (rule option)." in " ".join(host_card.text.split())
    assert post_event(client, code, kind=ctc.END_PHASE, round=1).status_code == 303
    results = BeautifulSoup(client.get(f"/t/{code}/results").text, "html.parser")
    applied = [" ".join(li.text.split()) for li in results.select("#options-applied li")]
    assert "Who plays the end phase: the host only" in applied


def test_a_hand_entered_by_energy_type_from_the_form_is_split_into_sets_on_the_results_in_japanese(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=ctc.SLUG)
    aki = joined_phone(client, make_client, code, 1)
    page = BeautifulSoup(aki.get(f"/t/{code}").text, "html.parser")
    form = page.select_one(f"#board form:has(input[name=kind][value='{ctc.ENERGY_CARDS}'])")
    assert form is not None
    assert [box["name"] for box in form.select("input[inputmode=numeric]")] == ["light", "time", "gravity", "chemistry"]
    sent = post_event(aki, code, kind=ctc.ENERGY_CARDS, seat=1, light=11, time=4, gravity="", chemistry=5)
    assert sent.status_code == 303
    assert table_state(client.application, code).game.galaxy(1).hand == 5

    assert post_event(aki, code, kind=ctc.CRYSTAL, seat=1, count=6).status_code == 303
    assert post_event(aki, code, kind=ctc.CRYSTAL, seat=1, count=3).status_code == 303  # the supply runs out
    assert post_event(aki, code, kind=ctc.END_PHASE, round=1).status_code == 303  # the end: hands are shown
    aki.post("/language", data={"lang": "ja", "next": "/"})
    results = " ".join(BeautifulSoup(aki.get(f"/t/{code}/results").text, "html.parser").text.split())
    assert "光11枚：2セット（12ポイント）、残り1枚" in results
    assert "時間4枚：セットなし、残り4枚" in results
    log = " ".join(BeautifulSoup(aki.get(f"/t/{code}/log").text, "html.parser").text.split())
    assert "Akiが同種のエネルギーカード5枚を3セット捨てた：18ポイント、手札の残り5枚" in log


def test_a_type_picked_to_keep_on_the_form_stays_in_the_hand_in_japanese_too(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=ctc.SLUG)
    aki = joined_phone(client, make_client, code, 1)
    aki.post("/language", data={"lang": "ja", "next": "/"})
    page = BeautifulSoup(aki.get(f"/t/{code}").text, "html.parser")
    form = page.select_one(f"#board form:has(input[name=kind][value='{ctc.ENERGY_CARDS}'])")
    assert form is not None
    keep = form.select("input[type=checkbox]")
    assert [box["name"] for box in keep] == ["keep_light", "keep_time", "keep_gravity", "keep_chemistry"]
    assert [" ".join(box.find_parent("label").text.split()) for box in keep] == ["光", "時間", "重力", "化学"]
    legend = " ".join(keep[0].find_parent("fieldset").legend.text.split())  # type: ignore[union-attr]
    assert legend == "手札に残す（セットを捨てない・任意）"
    sent = post_event(aki, code, kind=ctc.ENERGY_CARDS, seat=1, light=5, time=6, keep_light=keep[0]["value"])
    assert sent.status_code == 303
    galaxy = table_state(client.application, code).game.galaxy(1)
    assert galaxy.hand == 5 + 1 and galaxy.energy_sets == 1
    log = " ".join(BeautifulSoup(aki.get(f"/t/{code}/log").text, "html.parser").text.split())
    assert "Akiが同種のエネルギーカード5枚を1セット捨てた：6ポイント、手札の残り6枚" in log


def test_a_hand_typed_wrong_or_left_empty_is_refused_with_a_message_not_a_failure(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=ctc.SLUG)
    aki = joined_phone(client, make_client, code, 1)
    refused = post_event(aki, code, kind=ctc.ENERGY_CARDS, seat=1, light="many")
    assert 400 <= refused.status_code < 500 and error_text(refused)
    refused = post_event(aki, code, kind=ctc.ENERGY_CARDS, seat=1, light=61)
    assert 400 <= refused.status_code < 500 and error_text(refused)
    refused = post_event(aki, code, kind=ctc.ENERGY_CARDS, seat=1)
    assert refused.status_code == 422
    assert error_text(refused) == "Enter how many energy cards of each type are in the hand."


def test_the_board_shows_the_crystals_on_each_board_and_in_the_supply_with_their_total(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=ctc.SLUG)  # three players: 9 in the supply, 1 on each board
    aki = joined_phone(client, make_client, code, 1)
    assert post_event(aki, code, kind=ctc.CRYSTAL, seat=1, count=2).status_code == 303
    page = BeautifulSoup(aki.get(f"/t/{code}").text, "html.parser")
    line = page.select_one("#board p.crystals")
    assert line is not None
    assert " ".join(line.text.split()) == "Time crystals: 7 of 9 in the supply, 5 on the boards, 12 in all"
    cells = [" ".join(td.text.split()) for td in page.select("#board table.galaxies td.crystals")]
    assert cells == ["3", "1", "1"]


def test_which_energy_cards_stay_in_a_hand_is_read_on_its_own_phone_only(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game=ctc.SLUG)  # the host records for every seat
    aki, ben = joined_phone(client, make_client, code, 1), joined_phone(client, make_client, code, 2)
    assert post_event(aki, code, kind=ctc.ENERGY_CARDS, seat=1, light=7, time=3).status_code == 303

    def board_text(phone: FlaskClient) -> str:
        return " ".join(BeautifulSoup(phone.get(f"/t/{code}").text, "html.parser").text.split())

    assert "Light 7 cards: 1 set (6 points), 2 left" in board_text(aki)
    for other in (ben, client):
        seen = board_text(other)
        assert "Light 7" not in seen and "Time 3" not in seen
        assert (
            "Aki discarded 1 set of 5 same energy cards: 6 points, 5 left in hand" in other.get(f"/t/{code}/log").text
        )
