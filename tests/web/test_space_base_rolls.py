"""Space Base rolls on the phones: nobody taps for a choice that changes nothing, and a Reroll comes first.

Aki starts (first ship in sector 9), Ben's starting ship of sector 4 is deployed: on Aki's turn
it pays Ben 1 credit when Ben takes sector 4.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from companion.games.space_base import rules as sb
from companion.games.space_base.cards import CHARGE, OWN_TURN, REROLL
from companion.games.space_base.purchases import CLAIM
from companion.games.space_base.rewards import INDIVIDUAL, SUM
from tests.web.test_moves import joined_phone, table_state
from tests.web.test_space_base_panel import panel, record, submitted, turn, two_players

TAKE = "form:has(input[name=choice])"


def with_charged_reroll(client: FlaskClient, code: str) -> None:
    """Aki's card in sector 3 holds two charge tokens for Reroll; Aki's turn, dice not rolled."""
    turn(client, code, "1 2", {1: SUM, 2: SUM})
    reroll = {"blue_kind": CHARGE, "slots": 2, "ability": REROLL, "ability_when": OWN_TURN}
    record(client, code, sb.BUY, seat=1, how=CLAIM, sector=3, cost=2, **reroll)
    record(client, code, sb.END_TURN)
    for dice, chooser in (("1 2", SUM), ("3 3", INDIVIDUAL), ("1 2", SUM)):
        turn(client, code, dice, {1: chooser, 2: SUM})
        record(client, code, sb.END_TURN)


def test_a_phone_whose_ways_pay_the_same_gets_no_buttons_and_the_log_says_the_app_chose(
    client: FlaskClient, make_client: Any
) -> None:
    code = two_players(client)
    ben = joined_phone(client, make_client, code, 2)
    record(client, code, sb.ROLL, values="1 2")  # sectors 1 and 2, or 3: nothing for Ben either way
    page = panel(ben, code)
    assert not page.select(TAKE)
    assert "Still choosing: Aki" in page.text
    log = ben.get(f"/t/{code}/log").text
    assert "Real dice: 1, 2 (the app recorded the choice of Ben: both ways paid them the same)" in log
    record(client, code, sb.ASSIGN, seat=1, choice=SUM)
    record(client, code, sb.END_TURN)  # only Aki tapped
    assert table_state(client.application, code).game.active == 2


def test_a_phone_whose_ways_pay_differently_still_chooses(client: FlaskClient, make_client: Any) -> None:
    code = two_players(client)
    ben = joined_phone(client, make_client, code, 2)
    record(client, code, sb.ROLL, values="2 2")  # the sum, 4, pays Ben 1 credit; the two dice nothing
    forms = panel(ben, code).select(TAKE)
    assert len(forms) == 2 and "Take sector 4 (the sum): +1 credit" in forms[1].text


def test_the_others_wait_while_the_active_player_may_reroll_and_choose_once_the_dice_are_kept(
    client: FlaskClient, make_client: Any
) -> None:
    code = two_players(client)
    aki, ben = joined_phone(client, make_client, code, 1), joined_phone(client, make_client, code, 2)
    with_charged_reroll(client, code)
    record(client, code, sb.ROLL, values="2 2")
    waiting = panel(ben, code)
    assert "Wait until Aki decides whether to reroll." in waiting.text
    assert not waiting.select(TAKE) and "Still choosing" not in waiting.text
    page = panel(aki, code)
    assert "Decide whether to reroll" in page.text and page.select(TAKE)  # taking the dice keeps them too
    keep = page.select_one("form:has(button:-soup-contains('Keep the dice'))")
    assert keep is not None
    answer = aki.post(f"/t/{code}/events", data=submitted(keep))
    assert answer.status_code == 303, answer.text
    assert table_state(client.application, code).game.roll.final
    chosen = panel(ben, code)
    assert "Wait until" not in chosen.text and len(chosen.select(TAKE)) == 2


def test_a_phone_in_japanese_says_whom_the_table_waits_on(client: FlaskClient, make_client: Any) -> None:
    code = two_players(client)
    ben = joined_phone(client, make_client, code, 2)
    ben.post("/language", data={"lang": "ja", "next": "/"})
    with_charged_reroll(client, code)
    record(client, code, sb.ROLL, values="2 2")
    assert "Akiがダイスリロールを使うか決めるまでお待ちください。" in panel(ben, code).text
