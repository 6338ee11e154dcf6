"""Space Base rolls: the active player's Reroll comes first, and nobody taps for a choice that changes nothing.

Seed, ダイスリロール: the active player rerolls after the own roll and the new dice pay everyone,
so the others take the dice once the roll is final. A player whom both ways (each die's sector or
the sum's) pay the same is not asked: the app records the choice, and the log says so.

Every table here starts as ``started()``: Aki (sector 11), Ben (10) and Chika (9) bought a first
ship, so each has the starting ship of that sector deployed, paying 1 credit on the others' turns.
"""

from __future__ import annotations

import pytest

from companion.games.contract import Event
from companion.games.space_base import GAME
from companion.games.space_base import rules as sb
from companion.games.space_base.abilities import BOTH_DICE, FIRST_DIE
from companion.games.space_base.cards import ANY_TURN, EXCHANGE, LOSE_VP, REROLL, SHIFT, SWAP
from companion.games.space_base.dice_options import may_choose, waits_on
from companion.games.space_base.purchases import CLAIM
from companion.games.space_base.rewards import INDIVIDUAL, SUM
from companion.games.table import decide, describe
from companion.games.words import RuleError
from tests.unit.test_space_base import Table, charged, ship, started


def credits(table: Table) -> dict[int, int]:
    return {seat: table.console(seat).credits for seat in (1, 2, 3)}


def said(table: Table, back: int = 1) -> str:
    return describe(GAME, table.state, table.state.events[-back]).render()


def undo(table: Table, seq: int) -> Table:
    event = Event(table.state.last_seq + 1, "void", {"target": seq}, by_host=True)
    _event, table.state = decide(GAME, table.state, event)
    return table


# -- Equal choices are recorded for their players ------------------------------------------------


def test_a_player_whom_both_ways_pay_the_same_is_not_asked_and_the_log_says_so() -> None:
    table = started()
    before = credits(table)
    table.move(sb.ROLL, values=[2, 3])  # sectors 2 and 3, or 5: Ben's and Chika's deployed ships are elsewhere
    roll_ = table.game.roll
    assert roll_ is not None and roll_.choices == {2: INDIVIDUAL, 3: INDIVIDUAL} and roll_.recorded_for == (2, 3)
    assert credits(table) == before  # nothing either way, and nothing paid
    assert said(table) == "Real dice: 2, 3 (the app recorded the choice of Ben, Chika: both ways paid them the same)"
    table.move(sb.ASSIGN, seat=1, choice=SUM).move(sb.END_TURN)  # only Aki tapped
    assert table.game.active == 2


@pytest.mark.parametrize("dice", [(3, 4), (5, 5), (4, 6)])
def test_the_active_player_whom_both_ways_pay_the_same_is_not_asked_either(dice: tuple[int, int]) -> None:
    """Aki's starting ships pay 1 credit in sectors 1-6 and 2 in 7-10: two dice or a sum of 7 to 10, 2 credits."""
    table = started()
    before = credits(table)
    table.move(sb.ROLL, values=list(dice))
    roll_ = table.game.roll
    assert roll_ is not None and 1 in roll_.recorded_for and roll_.choices[1] == INDIVIDUAL
    assert table.console(1).credits == before[1] + 2  # paid once, by the app
    table.move(sb.ASSIGN, seat=1, choice=SUM)  # a tap her phone still had on screen names the way, pays nothing
    assert table.console(1).credits == before[1] + 2 and table.game.roll.choices[1] == SUM  # type: ignore[union-attr]


@pytest.mark.parametrize("dice", [(2, 3), (1, 1), (6, 6)])
def test_the_active_player_whose_ways_pay_differently_is_asked(dice: tuple[int, int]) -> None:
    """Two dice pay Aki 2 credits; a sum of 2 to 6 pays 1, of 11 or 12 pays 3 (a double: sectors 1 and 1, or 2)."""
    table = started()
    table.move(sb.ROLL, values=list(dice))
    roll_ = table.game.roll
    assert roll_ is not None and 1 not in roll_.choices and 1 not in roll_.recorded_for


def test_a_player_whose_ways_pay_differently_is_still_asked() -> None:
    table = started()
    table.move(sb.ROLL, values=[4, 6])  # the sum, 10, pays Ben's deployed starting ship; the dice pay nothing
    roll_ = table.game.roll
    assert roll_ is not None and roll_.recorded_for == (1, 3) and 2 not in roll_.choices
    assert said(table) == "Real dice: 4, 6 (the app recorded the choice of Aki, Chika: both ways paid them the same)"
    table.move(sb.ASSIGN, seat=1, choice=SUM)
    with pytest.raises(RuleError, match=r"Still to choose sectors for these dice: Ben\."):
        table.move(sb.END_TURN)
    before = table.console(2).credits
    table.move(sb.ASSIGN, seat=2, choice=SUM).move(sb.END_TURN)
    assert table.console(2).credits == before + 1


def test_the_same_reward_both_ways_is_paid_once_when_the_app_records_it() -> None:
    table = started().turn((1, 2), {1: SUM, 2: SUM, 3: SUM})
    table.move(sb.BUY, seat=1, how=CLAIM, **ship(5, 0)).move(sb.END_TURN)  # Aki's starting ship 5 deployed
    before = table.console(1).credits
    table.move(sb.ROLL, values=[5, 6])  # Ben's turn: Aki's sectors 5 and 6 pay 1 credit, and so does sector 11
    roll_ = table.game.roll
    assert roll_ is not None and roll_.recorded_for == (1, 3)
    assert table.console(1).credits == before + 1
    table.move(sb.ASSIGN, seat=2, choice=SUM).move(sb.END_TURN).move(sb.ROLL, values=[5, 5])  # Chika's turn
    roll_ = table.game.roll
    assert roll_ is not None and 1 not in roll_.choices  # 2 credits for both dice against none for the sum: asked


def test_a_tap_for_a_choice_the_app_recorded_names_the_way_once_and_pays_nothing_more() -> None:
    table = started()
    table.move(sb.ROLL, values=[2, 3])
    before = credits(table)
    table.move(sb.ASSIGN, seat=2, choice=SUM)  # Ben's phone had the buttons on screen
    roll_ = table.game.roll
    assert roll_ is not None and roll_.choices[2] == SUM and roll_.recorded_for == (3,)
    assert credits(table) == before
    with pytest.raises(RuleError, match="Ben has already chosen sectors for these dice"):
        table.move(sb.ASSIGN, seat=2, choice=INDIVIDUAL)  # a second phone's tap for Ben: the ledger refuses it


def chika_rolls_nothing_for_ben_who_holds_a_charged(ability: str) -> Table:
    """Ben claims a card of ``ability`` (any turn, two slots) for sector 5 and charges it on his turn;
    then Chika rolls 1 and 2, which pay Aki and Ben nothing either way."""
    table = started().turn((1, 2), {1: SUM, 2: SUM, 3: SUM}).move(sb.END_TURN)
    card = ship(5, 0, blue=("charge", 0), slots=2, ability=ability, ability_when=ANY_TURN)
    table.move(sb.ROLL, values=[1, 2]).move(sb.ASSIGN, seat=2, choice=SUM).move(sb.BUY, seat=2, how=CLAIM, **card)
    table.move(sb.END_TURN).move(sb.ROLL, values=[1, 2]).move(sb.ASSIGN, seat=3, choice=SUM).move(sb.END_TURN)
    table.move(sb.ROLL, values=[1, 2]).move(sb.ASSIGN, seat=1, choice=SUM).move(sb.END_TURN)
    table.move(sb.ROLL, values=[5, 5]).move(sb.ASSIGN, seat=2, choice=INDIVIDUAL)  # Ben's turn: two tokens
    assert table.console(2).sectors[5].charges == 2
    return table.move(sb.END_TURN).move(sb.ROLL, values=[1, 2])


def test_a_player_who_may_take_the_dice_with_an_ability_is_asked() -> None:
    table = chika_rolls_nothing_for_ben_who_holds_a_charged(SHIFT)
    roll_ = table.game.roll
    assert roll_ is not None and roll_.recorded_for == (1,)  # Ben may shift the sum with his two tokens: asked
    table.move(sb.SHIFT_MOVE, seat=2, steps=1, card_sector=5)


@pytest.mark.parametrize("ability", [SWAP, EXCHANGE])
def test_a_player_who_may_move_cards_before_taking_the_dice_is_asked(ability: str) -> None:
    table = chika_rolls_nothing_for_ben_who_holds_a_charged(ability)
    roll_ = table.game.roll
    # Ben may move his cards first (his deployed ship of sector 10 into sector 5, say): asked, not recorded.
    assert roll_ is not None and roll_.recorded_for == (1,)


def test_a_player_whose_charged_ability_leaves_the_roll_as_it_is_is_not_asked() -> None:
    table = chika_rolls_nothing_for_ben_who_holds_a_charged(LOSE_VP)
    roll_ = table.game.roll
    assert roll_ is not None and roll_.recorded_for == (1, 2)  # others losing VP changes nothing Ben takes


# -- The active player's Reroll comes first ------------------------------------------------------


def test_without_a_reroll_the_roll_is_final_at_once() -> None:
    table = started().move(sb.ROLL, values=[4, 6])
    assert waits_on(table.game) is None and may_choose(table.game, 2)
    table.move(sb.ASSIGN, seat=2, choice=SUM)  # no tap of Aki's first
    with pytest.raises(RuleError, match="already final"):
        table.move(sb.KEEP_ROLL)


def test_a_charged_reroll_makes_the_others_wait_until_its_player_keeps_the_dice() -> None:
    table = charged(4, ability=REROLL)
    before = credits(table)
    table.move(sb.ROLL, values=[4, 6])
    assert waits_on(table.game) == 1 and not may_choose(table.game, 2) and may_choose(table.game, 1)
    assert table.game.roll is not None and table.game.roll.choices == {}  # nobody recorded before the roll is final
    with pytest.raises(RuleError, match="Wait until Aki decides whether to reroll"):
        table.move(sb.ASSIGN, seat=2, choice=SUM)
    table.move(sb.KEEP_ROLL, author=1)
    assert waits_on(table.game) is None
    assert said(table) == (
        "Kept the dice without a reroll: 4, 6 (the app recorded the choice of Chika: both ways paid them the same)"
    )
    table.move(sb.ASSIGN, seat=2, choice=SUM)
    assert table.console(2).credits == before[2] + 1
    with pytest.raises(RuleError, match="before anyone takes the dice"):
        table.move(sb.REROLL_MOVE, seat=1, dice=BOTH_DICE, values=[1, 1], card_sector=4)


def test_the_active_player_taking_the_dice_keeps_them() -> None:
    table = charged(4, ability=REROLL).move(sb.ROLL, values=[2, 3])
    table.move(sb.ASSIGN, seat=1, choice=SUM)
    roll_ = table.game.roll
    assert roll_ is not None and roll_.final and roll_.recorded_for == (2, 3)
    assert said(table).endswith("(the app recorded the choice of Ben, Chika: both ways paid them the same)")


def test_a_reroll_is_final_once_its_player_has_no_reroll_left_and_the_others_take_the_new_dice() -> None:
    table = charged(4, ability=REROLL, ability_tokens=2)  # one use spends both tokens
    table.move(sb.ROLL, values=[2, 3]).move(sb.REROLL_MOVE, seat=1, dice=FIRST_DIE, values=[6], card_sector=4)
    roll_ = table.game.roll
    assert roll_ is not None and roll_.dice == (6, 3) and roll_.final
    assert roll_.recorded_for == (1, 2)  # the new sum, 9, pays Chika's deployed ship: Chika is asked
    assert said(table) == (
        "Aki rerolled the dice (card in sector 4): real dice, now 6, 3"
        " (the app recorded the choice of Aki, Ben: both ways paid them the same)"
    )


def test_a_player_with_another_reroll_left_decides_again_after_a_reroll() -> None:
    table = charged(4, ability=REROLL)  # two tokens, one per use
    table.move(sb.ROLL, values=[2, 3]).move(sb.REROLL_MOVE, seat=1, dice=FIRST_DIE, values=[6], card_sector=4)
    assert waits_on(table.game) == 1
    table.move(sb.REROLL_MOVE, seat=1, dice=FIRST_DIE, values=[1], card_sector=4)  # the last token
    assert waits_on(table.game) is None and table.game.roll is not None and table.game.roll.dice == (1, 3)


# -- Undo ----------------------------------------------------------------------------------------


def test_undoing_the_keep_opens_the_reroll_again_and_takes_back_every_choice_after_it() -> None:
    table = charged(4, ability=REROLL)
    before = credits(table)
    table.move(sb.ROLL, values=[4, 6]).move(sb.KEEP_ROLL, author=1)  # Chika's choice recorded, Ben asked
    kept = table.state.last_seq
    table.move(sb.ASSIGN, seat=2, choice=SUM)
    assert table.console(2).credits == before[2] + 1
    undo(table, kept)
    roll_ = table.game.roll
    assert roll_ is not None and not roll_.final and roll_.choices == {} and roll_.recorded_for == ()
    assert credits(table) == before
    assert (
        table.state.skipped[kept + 1].render()
        == "Wait until Aki decides whether to reroll: these dice may still change."
    )
    table.move(sb.REROLL_MOVE, seat=1, dice=BOTH_DICE, values=[2, 3], card_sector=4)
    assert table.game.roll is not None and table.game.roll.dice == (2, 3)


def test_undoing_a_recorded_roll_takes_back_the_dice_and_the_choices_and_the_same_roll_records_them_again() -> None:
    table = started()
    before = credits(table)
    table.move(sb.ROLL, values=[2, 3]).undo_last()
    assert table.game.roll is None and credits(table) == before
    table.move(sb.ROLL, values=[2, 3])
    assert table.game.roll is not None and table.game.roll.recorded_for == (2, 3)


def test_undoing_the_reroll_brings_back_the_dice_before_it_and_the_wait() -> None:
    table = charged(4, ability=REROLL, ability_tokens=2)
    table.move(sb.ROLL, values=[2, 3]).move(sb.REROLL_MOVE, seat=1, dice=FIRST_DIE, values=[6], card_sector=4)
    table.undo_last()
    roll_ = table.game.roll
    assert roll_ is not None and roll_.dice == (2, 3) and not roll_.final and roll_.choices == {}
    assert table.console(1).sectors[4].charges == 2
