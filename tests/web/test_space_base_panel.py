"""Space Base on the phones: a ship bought with chips, and a charged card's abilities offered as forms."""

from __future__ import annotations

import io
import json
from typing import Any

from bs4 import BeautifulSoup, Tag
from flask.testing import FlaskClient

from companion.games.space_base import GAME, catalogue
from companion.games.space_base import rules as sb
from companion.games.space_base.cards import CHARGE, CREDITS, INCOME, OWN_TURN, REROLL, VP, Reward
from companion.games.space_base.purchases import CLAIM
from companion.games.space_base.rewards import INDIVIDUAL, SUM
from companion.games.space_base.state import SLUG
from tests.conftest import new_table, post_event
from tests.web.test_moves import joined_phone, table_state


def record(client: FlaskClient, code: str, kind: str, **fields: Any) -> None:
    """Post a move as the host, with the value its guard shows now."""
    guard = next(m.guard for m in GAME.moves if m.kind == kind)
    if guard is not None:
        fields.setdefault(guard.field, guard.current(table_state(client.application, code).game))
    answer = post_event(client, code, kind=kind, **fields)
    assert answer.status_code == 303, answer.text


def submitted(form: Tag, **chosen: Any) -> dict[str, str]:
    """Return what a browser sends for ``form``: hidden fields, preset chips, and the chips tapped in ``chosen``."""
    data = {str(i["name"]): str(i.get("value", "")) for i in form.select("input[type=hidden]")}
    data.update({str(i["name"]): str(i["value"]) for i in form.select("input[type=radio][checked]")})
    for name, value in chosen.items():
        assert form.select_one(f"input[type=radio][name={name}][value='{value}']"), (name, value)
        data[name] = str(value)
    data.pop("csrf_token", None)
    return data


def panel(phone: FlaskClient, code: str) -> BeautifulSoup:
    return BeautifulSoup(phone.get(f"/t/{code}").text, "html.parser")


def two_players(client: FlaskClient) -> str:
    code = new_table(client, game="space-base", players=(("Aki", "#E69F00"), ("Ben", "#56B4E9")))
    record(client, code, sb.FIRST_SHIP, seat=1, sector=9, cost=2)
    record(client, code, sb.FIRST_SHIP, seat=2, sector=4, cost=3)
    record(client, code, sb.START)
    return code


def turn(client: FlaskClient, code: str, dice: str, choices: dict[int, str]) -> None:
    record(client, code, sb.ROLL, values=dice)
    for seat, choice in choices.items():
        record(client, code, sb.ASSIGN, seat=seat, choice=choice)


def test_a_new_ship_is_bought_with_chips_and_its_cost_tells_its_level(client: FlaskClient, make_client: Any) -> None:
    code = two_players(client)
    aki = joined_phone(client, make_client, code, 1)
    turn(client, code, "1 2", {1: SUM, 2: SUM})
    record(client, code, sb.ADJUST, seat=1, credits=10, reason="test")
    page = panel(aki, code)
    form = page.select_one("#sb-buy form:has(input[name=blue_kind])")
    assert form is not None and not form.select("input[type=text][name=cost], input[name=cost]:not([type=radio])")
    data = submitted(form, sector=7, cost=8, blue_amount=2, red_kind=INCOME)
    answer = aki.post(f"/t/{code}/events", data=data)
    assert answer.status_code == 303, answer.text
    card = table_state(client.application, code).game.console(1).sectors[7].station
    assert (card.level, card.cost, card.blue, card.red) == (2, 8, Reward(CREDITS, 2), Reward(INCOME, 1))


def test_a_charged_reroll_card_offers_a_reroll_to_its_owner_and_everyone_sees_the_new_dice(
    client: FlaskClient, make_client: Any
) -> None:
    code = two_players(client)
    aki, ben = joined_phone(client, make_client, code, 1), joined_phone(client, make_client, code, 2)
    turn(client, code, "1 2", {1: SUM, 2: SUM})
    reroll = {"blue_kind": CHARGE, "slots": 2, "ability": REROLL, "ability_when": OWN_TURN}
    record(client, code, sb.BUY, seat=1, how=CLAIM, sector=3, cost=2, **reroll)
    record(client, code, sb.END_TURN)
    for dice, chooser in (("1 2", SUM), ("3 3", INDIVIDUAL), ("1 2", SUM)):
        turn(client, code, dice, {1: chooser, 2: SUM})
        record(client, code, sb.END_TURN)
    record(client, code, sb.ROLL, values="1 1")
    assert not panel(ben, code).select("details.ability")
    form = panel(aki, code).select_one("details.ability form")
    assert form is not None and "Reroll" in form.text
    answer = aki.post(f"/t/{code}/events", data=submitted(form))
    assert answer.status_code == 303, answer.text
    game = table_state(client.application, code).game
    assert game.roll.before == ((1, 1),) and game.console(1).sectors[3].charges == 1
    shown = panel(ben, code).select_one(".rerolled")
    assert shown is not None and "1 + 1 became" in shown.text


def test_the_bg_stats_export_names_the_start_player(client: FlaskClient) -> None:
    code = new_table(client, game="space-base", players=(("Aki", "#E69F00"), ("Ben", "#56B4E9")))
    record(client, code, sb.FIRST_SHIP, seat=1, sector=4, cost=2)
    record(client, code, sb.FIRST_SHIP, seat=2, sector=9, cost=2)  # the highest sector starts: Ben
    record(client, code, sb.START)
    assert post_event(client, code, kind="table.end").status_code == 303
    play = json.loads(client.get(f"/t/{code}/bgstats.bgsplay").text)["plays"][0]
    assert sorted((s["seatOrder"], s["startPlayer"]) for s in play["playerScores"]) == [(1, False), (2, True)]


def test_each_way_to_take_the_dice_says_every_kind_of_reward_it_pays(client: FlaskClient, make_client: Any) -> None:
    code = two_players(client)
    aki = joined_phone(client, make_client, code, 1)
    turn(client, code, "1 2", {1: SUM, 2: SUM})
    record(client, code, sb.BUY, seat=1, how=CLAIM, sector=3, cost=2, blue_kind=INCOME, blue_amount=1)
    record(client, code, sb.END_TURN)
    turn(client, code, "1 1", {1: SUM, 2: SUM})
    record(client, code, sb.END_TURN)
    record(client, code, sb.ROLL, values="3 5")
    answer = aki.get(f"/t/{code}")
    assert answer.status_code == 200
    buttons = [
        b.get_text(" ", strip=True) for b in BeautifulSoup(answer.text, "html.parser").select("#board form button")
    ]
    assert "Take sectors 3 and 5: +1 credit, +1 income" in buttons


def test_the_host_can_take_the_dice_for_a_player_whose_phone_is_gone(client: FlaskClient, make_client: Any) -> None:
    code = two_players(client)
    joined_phone(client, make_client, code, 2)  # Ben joined, then his phone died
    record(client, code, sb.ROLL, values="3 4")
    host_page = panel(client, code)
    for_ben = host_page.select('.for-other[data-seat="2"] form:has(input[name=kind][value="sb.assign"])')
    assert [form.select_one("button").get_text(" ", strip=True) for form in for_ben] == [  # type: ignore[union-attr]
        "Take sectors 3 and 4: +1 credit",  # the red credit of his starting ship deployed in sector 4
        "Take sector 7 (the sum): nothing",
    ]
    answer = client.post(f"/t/{code}/events", data={**submitted(for_ben[0]), "key": "host-for-ben-1"})
    assert answer.status_code == 303, answer.text
    # Aki's two dice and the sum, 7, both pay her 2 credits: the app took hers at the roll
    assert table_state(client.application, code).game.roll.choices == {1: INDIVIDUAL, 2: INDIVIDUAL}


def test_real_dice_typed_on_a_keypad_without_a_space_are_two_dice(client: FlaskClient) -> None:
    code = two_players(client)
    record(client, code, sb.ROLL, values="３５")  # a phone's numeric keypad has no space key
    assert table_state(client.application, code).game.roll.dice == (3, 5)


# -- One tap, one intent (issue 40): the turn's controls first, the stalled table explained ---------


def known_to_the_server(client: FlaskClient, cards: list[dict[str, Any]]) -> None:
    """Import ``cards`` as a catalogue file, as the catalogue page does."""
    body = json.dumps(catalogue.export_catalogue(cards)).encode()
    answer = client.post(f"/cards/{SLUG}", data={"catalogue": (io.BytesIO(body), "cards.json")})
    assert answer.status_code == 303, answer.text


def card(sector: int, cost: int) -> dict[str, Any]:
    return {
        "sector": sector,
        "cost": cost,
        "blue_kind": VP,
        "blue_amount": 1,
        "red_kind": CREDITS,
        "red_amount": 1,
    }


def test_end_the_turn_comes_before_the_cards_to_buy_and_only_the_cards_the_player_can_pay_for_are_listed(
    client: FlaskClient, make_client: Any
) -> None:
    known_to_the_server(client, [card(12, 14), card(7, 8), card(3, 4), card(1, 2), card(9, 9), card(2, 3)])
    code = two_players(client)
    aki = joined_phone(client, make_client, code, 1)
    turn(client, code, "1 2", {1: SUM, 2: SUM})
    credits = table_state(client.application, code).game.console(1).credits
    assert credits == 4  # 3 left after the first ship, +1 for sector 3

    page = panel(aki, code)
    turn_card = page.select_one("section[aria-labelledby=sb-title]")
    assert turn_card is not None
    kinds = [str(i["value"]) for i in turn_card.select("form input[name=kind]")]
    assert kinds.index(sb.END_TURN) < kinds.index(sb.BUY)  # End the turn above every card to buy

    def offered(forms: list[Tag]) -> list[tuple[int, int]]:
        return [
            (int(str(f.select_one("input[name=sector]")["value"])), int(str(f.select_one("input[name=cost]")["value"])))  # type: ignore[index]
            for f in forms
        ]

    listed = [
        f for f in turn_card.select("#sb-buy form.known-card") if not f.find_parent("details", class_="dear-cards")
    ]
    # Within his 4 credits, by sector: the catalogue's and the first ships typed at this table.
    assert offered(listed) == [(1, 2), (2, 3), (3, 4), (4, 3), (9, 2)]
    folded = page.select_one("#sb-buy details.dear-cards")
    assert folded is not None and not folded.has_attr("open")
    assert " ".join(folded.summary.text.split()) == "3 cards seen before cost more than 4 credits"  # type: ignore[union-attr]
    assert sorted(offered(folded.select("form.known-card"))) == [(7, 8), (9, 9), (12, 14)]


def test_where_the_table_waits_on_a_players_dice_every_phone_says_the_host_can_take_them(
    client: FlaskClient, make_client: Any
) -> None:
    code = two_players(client)
    aki, ben = joined_phone(client, make_client, code, 1), joined_phone(client, make_client, code, 2)
    record(client, code, sb.ROLL, values="4 1")  # 4 and 1, or 5: Aki's ways and Ben's pay differently
    assert panel(aki, code).select(".stalled") == []  # right after the roll nobody's phone is gone

    record(client, code, sb.ASSIGN, seat=1, choice=SUM)  # Ben's phone dies before he chooses
    for phone in (aki, client):
        hint = panel(phone, code).select_one("#board .stalled")
        assert hint is not None
        assert hint.get_text(" ", strip=True).startswith(
            "Ben's phone gone? The host can take the dice for Ben (For another player)."
        )
    assert panel(aki, code).select("#board .stalled label") == []  # a player's phone only says so
    assert panel(ben, code).select(".stalled") == []  # Ben's own phone shows his choices instead

    host_page = panel(client, code)
    switch = host_page.select_one("#board .stalled label[for=for-others]")
    assert switch is not None and host_page.select_one("input#for-others[type=checkbox]") is not None
    assert switch.get_text(" ", strip=True) == "For another player: take the dice for Ben"
    for_ben = switch.find_parent("p").find_next_sibling("div", class_="for-other")  # type: ignore[union-attr]
    assert for_ben is not None and for_ben["data-seat"] == "2"  # Ben's choices right under the hint
    assert [str(i["value"]) for i in for_ben.select("input[name=kind]")] == [sb.ASSIGN, sb.ASSIGN]


# -- The console as the cards show (issue 43) and its words in both languages (issue 42) ----------


def console_of(page: BeautifulSoup, name: str) -> Tag:
    found = next(
        d
        for d in page.select("section[aria-labelledby=consoles-title] details")
        if name in d.summary.get_text()  # type: ignore[union-attr]
    )
    return found


def sector_of(console: Tag, sector: int) -> Tag:
    line = console.select_one(f"li[value='{sector}']")
    assert line is not None
    return line


def texts(line: Tag, css: str) -> list[str]:
    return [t.get_text(" ", strip=True) for t in line.select(css)]


def test_the_console_shows_each_cards_rewards_charge_and_ability_as_the_card_does(
    client: FlaskClient, make_client: Any
) -> None:
    code = two_players(client)
    aki = joined_phone(client, make_client, code, 1)
    turn(client, code, "1 2", {1: SUM, 2: SUM})
    reroll = {"blue_kind": CHARGE, "slots": 2, "red_kind": VP, "red_amount": 2, "ability": REROLL}
    record(client, code, sb.BUY, seat=1, how=CLAIM, sector=3, cost=2, ability_when=OWN_TURN, **reroll)
    record(client, code, sb.END_TURN)
    turn(client, code, "1 2", {1: SUM, 2: SUM})  # Ben's turn: nothing for Aki's sector 3
    record(client, code, sb.END_TURN)
    turn(client, code, "1 2", {1: SUM, 2: SUM})  # Aki's: the blue charge puts a token on the reroll card
    mine = console_of(panel(aki, code), "Aki")

    three = sector_of(mine, 3)
    assert texts(three, ".sb-blue") == ["Blue: charge"]
    assert texts(three, ".sb-charge") == ["tokens 1/2"]
    assert texts(three, "em.sb-ability") == ["Ability: Reroll (on my turn)"]  # not a chip like the rewards
    assert texts(three, ".sb-red") == ["Red: +1 credit"]  # the starting ship deployed under it
    nine = sector_of(mine, 9)  # Aki's first ship, typed without amounts, over the starting ship
    assert texts(nine, ".sb-blue") == ["Blue: 0 credits"] and texts(nine, ".sb-red") == ["Red: +1 credit"]
    assert "level 1 ship" in nine.get_text(" ", strip=True) and "Deployed: starting ship" in nine.get_text(" ")
    # The deployed reroll card shows its red side once another ship is stationed over it.
    record(client, code, sb.BUY, seat=1, how=CLAIM, sector=3, cost=2)
    three = sector_of(console_of(panel(aki, code), "Aki"), 3)
    assert texts(three, ".sb-red") == ["Red: +1 credit", "Red: +2 VP"]
    assert texts(three, ".sb-charge") == []  # no red slots: its token went with the stationed side


def test_the_console_line_is_one_message_in_each_language(client: FlaskClient, make_client: Any) -> None:
    code = two_players(client)
    aki = joined_phone(client, make_client, code, 1)
    record(client, code, sb.ADJUST, seat=2, credits=-2, reason="test")  # Ben: 5 − 3 + 1 − 2 = 1 credit
    english = panel(aki, code)
    assert " ".join(console_of(english, "Aki").summary.get_text(" ", strip=True).split()).endswith(  # type: ignore[union-attr]
        "Aki: 3 credits, 0 income, 0 VP"
    )
    assert console_of(english, "Ben").summary.get_text(" ", strip=True).endswith("Ben: 1 credit, 0 income, 0 VP")  # type: ignore[union-attr]

    aki.post("/language", data={"lang": "ja", "next": "/"})
    japanese = panel(aki, code)
    summary = console_of(japanese, "Aki").summary.get_text(" ", strip=True)  # type: ignore[union-attr]
    assert summary.endswith("Aki：クレジット3、収入0、勝利点0")
    nine = sector_of(console_of(japanese, "Aki"), 9)
    assert texts(nine, ".sb-red") == ["赤：クレジット+1"] and "レベル1のシップ" in nine.get_text()
    assert "Ⅰ" not in japanese.get_text() and "+1 クレジット" not in japanese.get_text()


def test_a_charge_card_with_an_ability_is_entered_without_opening_anything(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="space-base", players=(("Aki", "#E69F00"), ("Ben", "#56B4E9")))
    aki = joined_phone(client, make_client, code, 1)
    page = panel(aki, code)
    form = page.select_one("form:has(input[name=kind][value='sb.first-ship'])")
    assert form is not None
    assert not [c for c in form.select("input[name=slots]") if c.find_parent("details")]  # no disclosure to open
    assert sorted(int(str(i["value"])) for i in form.select("input[name=cost]")) == [2, 3, 4, 5]  # the level 1 deck
    # Sector, cost, blue charge, reroll: four chips. A red side as blue, with as many slots, is the preset, and
    # a Reroll is used on its owner's turn by its own words: the frame's chips are marked to grey out.
    assert form.select_one("input[name=red_kind][value=as-blue][checked]")
    assert form.select_one("input[name=ability][value=reroll][data-own-turn]")
    assert not form.select_one("input[name=ability][value=swap][data-own-turn]")
    assert form.select_one("fieldset[data-field=ability_when]")
    data = submitted(form, sector=5, cost=3, blue_kind=CHARGE, ability=REROLL)
    answer = aki.post(f"/t/{code}/events", data={**data, "seat": "1"})  # the player list's choice: Aki
    assert answer.status_code == 303, answer.text
    card = table_state(client.application, code).game.console(1).sectors[5].station
    assert (card.slots, card.red_slots, card.ability.kind, card.ability.when) == (1, 1, REROLL, OWN_TURN)
    page = panel(joined_phone(client, make_client, code, 2), code)
    offered = page.select_one("form.known-card")
    assert offered is not None and offered.button.get_text(strip=True) == "Sector 5, cost 3"  # type: ignore[union-attr]
    assert texts(offered, ".sb-charge") == ["1 charge slot", "1 charge slot"]
    assert texts(offered, "em.sb-ability") == ["Ability: Reroll (on my turn)"]


def test_the_new_card_chips_are_open_when_no_card_seen_before_is_within_the_credits(
    client: FlaskClient, make_client: Any
) -> None:
    known_to_the_server(client, [card(12, 14)])
    code = two_players(client)  # the first ships typed here (sector 9 cost 2, sector 4 cost 3) are known too
    aki = joined_phone(client, make_client, code, 1)
    turn(client, code, "1 2", {1: SUM, 2: SUM})  # Aki: 3 + 1 = 4 credits, the first ships within them
    assert not panel(aki, code).select_one("#sb-buy details.new-card").has_attr("open")  # type: ignore[union-attr]
    record(client, code, sb.ADJUST, seat=1, credits=-3, reason="test")  # 1 credit: no card seen before fits
    assert panel(aki, code).select_one("#sb-buy details.new-card").has_attr("open")  # type: ignore[union-attr]
