"""Space Base cards as a player enters and reads them: few chips for a new card, each card's face in words."""

from __future__ import annotations

import pytest

from companion.games.space_base import rules as sb
from companion.games.space_base.card_forms import (
    ABILITY_TAG,
    BLUE,
    CHARGE_TAG,
    RED,
    ChargedCard,
    KnownCard,
    card_picks,
    card_tags,
    charge_picks,
    side_tags,
)
from companion.games.space_base.cards import (
    ANY_TURN,
    AS_BLUE,
    BUY_ABILITY,
    CHARGE,
    CLAIM_ABILITY,
    CREDITS,
    INCOME,
    LOSE_VP,
    OTHER_TURNS,
    OWN_TURN,
    REROLL,
    SET_DIE,
    SWAP,
    VP,
    YOU_WIN_ABILITY,
    Ability,
    Reward,
    ability_words,
    card_from,
    reward_words,
)
from companion.games.space_base.purchases import CLAIM
from companion.games.space_base.view import tracks
from companion.games.words import Message, RuleError
from tests.unit.test_space_base import Table, ship


def said(text: Message | str) -> str:
    return text.render() if isinstance(text, Message) else text


# -- A new card in few taps: what the chips leave out is what the card's other chips tell ----------


def test_a_charge_reward_holds_one_token_unless_the_card_says_more() -> None:
    assert card_from({"sector": 4, "cost": 3, "blue_kind": CHARGE}).slots == 1
    assert card_from({"sector": 4, "cost": 3, "blue_kind": CHARGE, "slots": 3}).slots == 3
    assert card_from({"sector": 4, "cost": 3, "blue_kind": CREDITS, "blue_amount": 2}).slots == 0


def test_a_red_charge_holds_as_many_tokens_as_the_blue_side_or_one() -> None:
    both = card_from({"sector": 4, "cost": 3, "blue_kind": CHARGE, "slots": 2, "red_kind": CHARGE})
    red_only = card_from({"sector": 4, "cost": 3, "red_kind": CHARGE})
    told = card_from({"sector": 4, "cost": 3, "blue_kind": CHARGE, "slots": 2, "red_kind": CHARGE, "red_slots": 3})
    assert (both.red_slots, red_only.red_slots, red_only.slots, told.red_slots) == (2, 1, 0, 3)
    assert card_from({"sector": 4, "cost": 3, "blue_kind": CHARGE}).red_slots == 0  # a red credit holds none


def test_a_red_reward_as_blue_is_the_blue_kind_with_its_own_amount_and_slots() -> None:
    charge = card_from({"sector": 4, "cost": 3, "blue_kind": CHARGE, "slots": 2, "red_kind": AS_BLUE})
    assert (charge.red, charge.red_slots) == (Reward(CHARGE), 2)  # charged on both sides, as many slots
    vp = card_from({"sector": 8, "cost": 9, "blue_kind": VP, "blue_amount": 3, "red_kind": AS_BLUE, "red_amount": 1})
    assert (vp.blue, vp.red) == (Reward(VP, 3), Reward(VP, 1))
    assert card_from({"sector": 2, "cost": 2, "red_kind": AS_BLUE, "red_amount": 1}).red == Reward(CREDITS, 1)


def test_the_form_presets_the_red_reward_as_blue_so_a_card_charged_on_both_sides_takes_no_red_tap() -> None:
    red = next(p for p in card_picks(1) if p.field == "red_kind")
    assert red.checked == AS_BLUE and red.choices[0][0] == AS_BLUE


@pytest.mark.parametrize("ability", [REROLL, SET_DIE, BUY_ABILITY, CLAIM_ABILITY])
def test_an_ability_that_says_when_it_is_used_is_used_on_the_owners_turn_whatever_the_frame(ability: str) -> None:
    for when in (ANY_TURN, OTHER_TURNS, None):
        fields = {"sector": 4, "cost": 3, "blue_kind": CHARGE, "ability": ability, "ability_when": when}
        card = card_from({k: v for k, v in fields.items() if v is not None})
        assert card.ability is not None and card.ability.when == OWN_TURN


def test_an_ability_of_any_turn_keeps_the_frame_typed() -> None:
    for ability in (SWAP, LOSE_VP, YOU_WIN_ABILITY):
        card = card_from({"sector": 4, "cost": 3, "blue_kind": CHARGE, "ability": ability, "ability_when": OTHER_TURNS})
        assert card.ability is not None and card.ability.when == OTHER_TURNS


def test_a_charge_card_typed_without_slots_gathers_its_token_in_play() -> None:
    table = Table(2).first_ships(ship(9, 2), ship(4, 2)).move(sb.START)
    table.turn((1, 2), {1: "sum", 2: "sum"}).move(sb.BUY, seat=1, how=CLAIM, sector=4, cost=0, blue_kind=CHARGE)
    table.move(sb.END_TURN).turn((1, 1), {1: "sum", 2: "sum"}).move(sb.END_TURN)
    table.turn((1, 3), {1: "sum", 2: "sum"})  # Aki's turn, sector 4: the blue charge reward
    assert table.console(1).sectors[4].charges == 1


def test_the_first_ship_form_offers_only_the_costs_of_the_decks_it_may_come_from() -> None:
    def costs(top_level: int) -> tuple[object, ...]:
        pick = next(p for p in card_picks(top_level) if p.field == "cost")
        return tuple(value for value, _label in pick.choices)

    assert costs(1) == (2, 3, 4, 5)  # the level 1 deck (seed: 初期シップの購入)
    assert costs(2) == (2, 3, 4, 5, 7, 8, 9)  # light speed: levels 1 and 2
    assert costs(3) == (2, 3, 4, 5, 7, 8, 9, 12, 13, 14)


def test_slot_chips_are_not_preset_so_an_untapped_row_sends_nothing() -> None:
    rows = {p.field: p for p in charge_picks()}
    assert rows["slots"].checked is None and not rows["slots"].required
    assert rows["red_slots"].checked is None and not rows["red_slots"].required
    assert rows["ability"].checked == ""  # none: most cards have no ability


def test_a_card_seen_before_is_one_short_button_and_its_face_beside_it() -> None:
    card = card_from(
        {"sector": 12, "cost": 14, "blue_kind": VP, "blue_amount": 3, "red_kind": CHARGE, "ability": YOU_WIN_ABILITY}
    )
    known = KnownCard(card, ())
    assert said(known.button) == "Sector 12, cost 14"
    assert [(t.kind, said(t.text)) for t in known.tags] == [
        (BLUE, "Blue: +3 VP"),
        (RED, "Red: charge"),
        (CHARGE_TAG, "1 charge slot"),
        (ABILITY_TAG, "Ability: YOU WIN! (on any turn)"),
    ]


# -- A card's face in words: noun and signed number, plural agreement, one message each ------------


def test_a_reward_is_said_with_its_signed_amount_and_agrees_with_it() -> None:
    assert said(reward_words(Reward(CREDITS, 1))) == "+1 credit"
    assert said(reward_words(Reward(CREDITS, 2))) == "+2 credits"
    assert said(reward_words(Reward(CREDITS, 0))) == "0 credits"
    assert said(reward_words(Reward(INCOME, 1))) == "+1 income"
    assert said(reward_words(Reward(VP, 2))) == "+2 VP"
    assert said(reward_words(Reward("text", 0, "Gain 2 per colony"))) == "Gain 2 per colony"  # as printed


def test_an_ability_says_when_it_is_used_and_the_tokens_a_use_spends() -> None:
    assert said(ability_words(Ability(REROLL, 1, 0, OTHER_TURNS))) == "Reroll (on others' turns)"
    assert said(ability_words(Ability(LOSE_VP, 2, 3))) == "Others lose VP (on any turn, 2 tokens a use)"


def test_each_side_of_a_card_shows_its_own_reward_and_slots() -> None:
    card = card_from(
        {"sector": 6, "cost": 8, "blue_kind": VP, "blue_amount": 2, "red_kind": CHARGE, "slots": 0, "red_slots": 2}
    )
    stationed = [said(t.text) for t in side_tags(card, deployed=False)]
    deployed = [said(t.text) for t in side_tags(card, deployed=True, tokens=1)]
    assert stationed == ["Blue: +2 VP"]
    assert deployed == ["Red: charge", "tokens 1/2"]


def test_a_players_tracks_are_one_message_that_agrees_with_the_credits() -> None:
    assert tracks("Aki", 1, 0, 0).render() == "Aki: 1 credit, 0 income, 0 VP"
    assert tracks("Aki", 5, 2, 12).render() == "Aki: 5 credits, 2 income, 12 VP"


def test_a_first_ship_dearer_than_the_credits_left_is_refused_in_agreement() -> None:
    table = Table(2, **{"light-speed": True}).move(sb.FIRST_SHIP, seat=1, sector=9, cost=9)
    table.move(sb.FIRST_SHIP, seat=1, sector=8, cost=5)  # 15 − 9 − 5 = 1 left
    with pytest.raises(RuleError, match="A cost of 2 credits is more than the 1 left"):
        table.move(sb.FIRST_SHIP, seat=1, sector=7, cost=2)
    with pytest.raises(RuleError, match="level 1 and level 2 decks"):
        table.move(sb.FIRST_SHIP, seat=1, sector=7, cost=12)


def test_card_tags_name_both_sides_in_print_order() -> None:
    card = card_from({"sector": 3, "cost": 2, "blue_kind": CHARGE, "slots": 2, "red_kind": INCOME, "red_amount": 1})
    assert [t.kind for t in card_tags(card)] == [BLUE, CHARGE_TAG, RED]


def test_a_charged_cards_heading_is_one_message_with_its_ability_and_tokens() -> None:
    reroll = card_from({"sector": 3, "cost": 2, "blue_kind": CHARGE, "slots": 2, "ability": REROLL})
    untyped = card_from({"sector": 4, "cost": 2, "red_kind": CHARGE})
    assert ChargedCard(3, 0, reroll, 2, ()).summary.render() == "Sector 3: Reroll, 2 charge tokens"
    assert ChargedCard(4, 1, untyped, 1, ()).summary.render() == "Sector 4, deployed card 1: 1 charge token"
