"""Space Base: first ships and turn-order bonuses, every player's rewards on every roll, buying, the end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.games.contract import Event, Player, Setup
from companion.games.mechanics.randomness import roll
from companion.games.moves import ACTIVE, Viewer
from companion.games.options import resolve_options
from companion.games.space_base import GAME, catalogue, start
from companion.games.space_base import rules as sb
from companion.games.space_base.abilities import BOTH_DICE, FIRST_DIE, SECOND_DIE, abilities_now, double_sectors
from companion.games.space_base.cards import (
    CREDITS,
    DOUBLE,
    EITHER,
    EXCHANGE,
    LOSE_VP,
    OTHER_TURNS,
    REROLL,
    RIGHT,
    SET_DIE,
    SHIFT,
    SWAP,
    VP,
    YOU_WIN_ABILITY,
    Ability,
    Reward,
    card_from,
)
from companion.games.space_base.purchases import ABILITY_BUY, CLAIM, PURCHASE
from companion.games.space_base.rewards import INDIVIDUAL, SHIFTED, SUM, gain_for
from companion.games.space_base.start import DOUBLE_CHARGE, EXCHANGE_COLONIES, STARTING_RED, WHOLE_ROLL
from companion.games.space_base.state import SLUG, SOURCE_COLONIES, SOURCE_DEPLOYED, Console, SpaceBase
from companion.games.space_base.view import space_base_view, take_options
from companion.games.table import controls, decide, describe, fold, viewer
from companion.games.table_state import TABLE_OPTIONS, TableState
from companion.games.words import RuleError

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Aki", "Ben", "Chika", "Dai", "Emi")
STARTING_BLUE = (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3)


def ship(
    sector: int, cost: int, blue: tuple[str, int] = ("credits", 1), red: tuple[str, int] = ("credits", 1), **more: Any
) -> dict[str, Any]:
    return {
        "sector": sector,
        "cost": cost,
        "level": more.pop("level", 1),
        "blue_kind": blue[0],
        "blue_amount": blue[1],
        "red_kind": red[0],
        "red_amount": red[1],
        **more,
    }


class Table:
    """A game night written down move by move, each move checked as the app checks it."""

    def __init__(self, players: int = 3, **options: Any) -> None:
        seats = tuple(Player(seat, NAMES[seat - 1], "#000000") for seat in range(1, players + 1))
        self.setup = Setup(SLUG, seats, resolve_options((*TABLE_OPTIONS, *GAME.options), options), "seed")
        self.state: TableState = fold(GAME, self.setup, [])

    @property
    def game(self) -> SpaceBase:
        return self.state.game  # type: ignore[no-any-return]

    def move(self, kind: str, author: int | None = None, **payload: Any) -> Table:
        guard = next(m.guard for m in GAME.moves if m.kind == kind)
        if guard is not None:  # the value the phone showed
            payload.setdefault(guard.field, guard.current(self.game))
        event = Event(self.state.last_seq + 1, kind, payload, author=author, by_host=author is None)
        _event, self.state = decide(GAME, self.state, event)
        return self

    def undo_last(self) -> Table:
        event = Event(self.state.last_seq + 1, "void", {"target": self.state.last_seq}, by_host=True)
        _event, self.state = decide(GAME, self.state, event)
        return self

    def first_ships(self, *ships: dict[str, Any]) -> Table:
        for seat, card in enumerate(ships, start=1):
            self.move(sb.FIRST_SHIP, seat=seat, **card)
        return self

    def turn(self, dice: tuple[int, int], choices: dict[int, str]) -> Table:
        self.move(sb.ROLL, values=list(dice))
        for seat, choice in choices.items():
            self.move(sb.ASSIGN, seat=seat, choice=choice)
        return self

    def console(self, seat: int) -> Console:
        return self.game.console(seat)


def started(players: int = 3, **options: Any) -> Table:
    table = Table(players, **options).first_ships(*(ship(12 - seat, 2) for seat in range(1, players + 1)))
    return table.move(sb.START)


def test_first_ship_costs_its_price_out_of_5_credits_and_deploys_the_starting_ship() -> None:
    table = Table().first_ships(ship(4, 3), ship(9, 2), ship(2, 5))
    console = table.console(1)
    assert console.credits == 2
    assert console.sectors[4].station.cost == 3 and [c.level for c in console.sectors[4].deployed] == [0]
    with pytest.raises(RuleError, match="one first ship"):
        table.move(sb.FIRST_SHIP, seat=1, **ship(5, 1))
    with pytest.raises(RuleError, match="more than the"):
        Table().move(sb.FIRST_SHIP, seat=1, **ship(5, 6))


def test_highest_sector_starts_and_the_turn_order_bonuses_follow() -> None:
    table = Table(5).first_ships(ship(3, 2), ship(10, 2), ship(5, 2), ship(7, 2), ship(1, 2)).move(sb.START)
    assert table.game.order == (2, 3, 4, 5, 1) and table.game.active == 2
    tracks = {seat: (table.console(seat).credits, table.console(seat).income) for seat in range(1, 6)}
    assert tracks == {2: (3, 0), 3: (4, 0), 4: (5, 0), 5: (3, 1), 1: (3, 1)}


def test_a_tie_for_the_highest_sector_is_settled_by_a_seeded_roll_off() -> None:
    table = Table(3).first_ships(ship(8, 2), ship(8, 2), ship(3, 2)).move(sb.START)
    rolled = dict(table.game.start_rolls)
    assert set(rolled) <= {1, 2} and table.game.active in (1, 2)
    assert rolled[table.game.active] == max(total for _seat, total in table.game.start_rolls[-2:])
    chosen = Table(3).first_ships(ship(8, 2), ship(8, 2), ship(3, 2)).move(sb.START, start_player=2)
    assert chosen.game.active == 2
    with pytest.raises(RuleError, match="one of those tied"):
        Table(3).first_ships(ship(8, 2), ship(8, 2), ship(3, 2)).move(sb.START, start_player=3)


def test_light_speed_starts_with_15_credits_and_1_income_and_most_credits_left_starts() -> None:
    table = Table(2, **{"light-speed": True})
    table.move(sb.FIRST_SHIP, seat=1, **ship(4, 5)).move(sb.FIRST_SHIP, seat=1, **ship(9, 8, level=2))
    table.move(sb.FIRST_SHIP, seat=2, **ship(2, 3))
    assert (table.console(1).credits, table.console(1).income) == (2, 1)
    table.move(sb.START)
    assert table.game.active == 2  # 12 credits left beats 2


def test_the_active_player_gains_blue_stations_and_the_others_red_deployed_cards() -> None:
    table = started()  # Aki: ship in sector 11 (blue 1 credit); starting ships: blue as the option, red 1 credit
    before = {seat: table.console(seat).credits for seat in (1, 2, 3)}
    table.turn((3, 4), {1: SUM, 2: INDIVIDUAL, 3: SUM})
    assert table.console(1).credits == before[1] + STARTING_BLUE[7 - 1]  # Aki's own turn: station of sector 7
    assert table.console(2).credits == before[2]  # Ben: nothing deployed in sectors 3 or 4
    assert table.console(3).credits == before[3]  # Chika: nothing deployed in 7
    table.move(sb.END_TURN)
    table.turn((5, 6), {2: INDIVIDUAL, 1: SUM, 3: INDIVIDUAL})
    assert table.console(1).credits == before[1] + STARTING_BLUE[6] + 1  # sector 11 holds Aki's deployed starting ship


def test_doubles_taken_as_two_dice_pay_twice_and_rewards_of_every_deployed_card_add_up() -> None:
    table = started()
    table.turn((1, 1), {1: INDIVIDUAL, 2: SUM, 3: SUM})
    assert table.console(1).credits == 3 + 2 * STARTING_BLUE[0]
    table.move(sb.BUY, seat=1, how=PURCHASE, **ship(6, 1, red=("vp", 2)))
    table.move(sb.BUY, seat=1, how=CLAIM, **ship(6, 0))  # the VP ship is deployed under the claimed one
    table.move(sb.END_TURN)
    credits = table.console(1).credits
    table.turn((6, 6), {2: SUM, 1: INDIVIDUAL, 3: SUM})
    # Sector 6 twice; deployed there: the starting ship (1 credit) and the VP ship (2 VP).
    assert (table.console(1).credits - credits, table.console(1).vp) == (2, 4)
    assert table.console(1).vp_by_source == {SOURCE_DEPLOYED: 4}


def test_a_purchase_pays_all_credits_an_ability_buy_pays_the_cost_and_a_claim_is_free() -> None:
    table = started()
    table.turn((2, 3), {1: SUM, 2: SUM, 3: SUM})
    credits = table.console(1).credits
    table.move(sb.BUY, seat=1, how=ABILITY_BUY, **ship(3, 1))
    assert table.console(1).credits == credits - 1
    table.move(sb.BUY, seat=1, how=CLAIM, **ship(2, 4))
    assert table.console(1).credits == credits - 1
    table.move(sb.BUY, seat=1, how=PURCHASE, **ship(8, 1))
    assert table.console(1).credits == 0
    with pytest.raises(RuleError, match="One ship or one colony a turn"):
        table.move(sb.BUY, seat=1, how=PURCHASE, **ship(9, 0))
    with pytest.raises(RuleError, match="own turn"):
        table.move(sb.BUY, seat=2, how=PURCHASE, **ship(9, 0))


def test_a_colony_gives_its_vp_at_once_and_closes_the_sector() -> None:
    table = started()
    table.turn((2, 3), {1: SUM, 2: SUM, 3: SUM})
    table.move(sb.COLONY, seat=1, sector=5, cost=0, vp=3)
    assert table.console(1).vp == 3 and table.console(1).vp_by_source[SOURCE_COLONIES] == 3
    with pytest.raises(RuleError, match="holds a colony"):
        table.move(sb.BUY, seat=1, how=CLAIM, **ship(5, 0))


def test_credits_below_income_rise_to_income_at_the_end_of_the_own_turn() -> None:
    table = started()
    table.move(sb.ADJUST, seat=1, income=4, reason="test")
    table.turn((2, 3), {1: SUM, 2: SUM, 3: SUM})
    table.move(sb.BUY, seat=1, how=PURCHASE, **ship(7, 1))
    assert table.console(1).credits == 0
    table.move(sb.END_TURN)
    assert table.console(1).credits == 4


def test_vp_never_drop_below_zero() -> None:
    table = started()
    table.move(sb.ADJUST, seat=2, vp=2, reason="gain").move(sb.ADJUST, seat=2, vp=-5, reason="lose 5")
    assert table.console(2).vp == 0


def test_charge_tokens_fill_up_to_the_slots_and_are_spent() -> None:
    table = started()
    table.turn((2, 3), {1: SUM, 2: SUM, 3: SUM})
    table.move(sb.BUY, seat=1, how=CLAIM, **ship(4, 0, blue=("charge", 0), slots=2))
    table.move(sb.END_TURN).turn((2, 2), {2: SUM, 1: SUM, 3: SUM}).move(sb.END_TURN)
    table.turn((1, 3), {3: SUM, 1: SUM, 2: SUM}).move(sb.END_TURN)
    for _ in range(3):  # Aki's own turns: the blue charge reward fills the slots
        table.turn((4, 4), {1: INDIVIDUAL, 2: SUM, 3: SUM}).move(sb.END_TURN)
        table.turn((1, 1), {2: SUM, 1: SUM, 3: SUM}).move(sb.END_TURN)
        table.turn((1, 1), {3: SUM, 1: SUM, 2: SUM}).move(sb.END_TURN)
    assert table.console(1).sectors[4].charges == 2
    table.move(sb.CHARGE_SPENT, seat=1, sector=4, count=2)
    assert table.console(1).sectors[4].charges == 0
    with pytest.raises(RuleError, match="holds 0 charge tokens"):
        table.move(sb.CHARGE_SPENT, seat=1, sector=4, count=1)


def test_a_screen_left_on_an_earlier_turn_hears_that_the_turn_is_over_not_whose_turn_it_is() -> None:
    table = started().turn((1, 2), SUMS).move(sb.END_TURN)  # Aki's turn 1 is over: Ben's is on
    stale = Event(table.state.last_seq + 1, sb.END_TURN, {"turn": 1}, author=1)
    with pytest.raises(RuleError, match="That turn is over: the table is on turn 2"):
        decide(GAME, table.state, stale)


def test_every_player_must_choose_before_the_turn_ends_and_only_once() -> None:
    table = started()
    table.turn((4, 6), {1: SUM})  # Ben's deployed ship in sector 10 pays on the sum only; Chika's choice is recorded
    with pytest.raises(RuleError, match="Still to choose sectors for these dice: Ben\\."):
        table.move(sb.END_TURN)
    with pytest.raises(RuleError, match="already chosen"):
        table.move(sb.ASSIGN, seat=1, choice=INDIVIDUAL)


def play_round(table: Table, vp: dict[int, int] | None = None) -> Table:
    for seat in table.game.extra_players or table.game.order:
        table.turn((1, 2), {s: SUM for s in (table.game.extra_players or table.game.order)})
        if vp and seat in vp:
            table.move(sb.ADJUST, seat=seat, vp=vp[seat], reason="VP")
        table.move(sb.END_TURN)
    return table


def test_40_vp_ends_the_game_after_everyone_has_had_the_same_number_of_turns() -> None:
    table = started()
    table.turn((1, 2), {1: SUM, 2: SUM, 3: SUM}).move(sb.ADJUST, seat=1, vp=40, reason="VP").move(sb.END_TURN)
    assert table.game.end_triggered_by == 1 and not table.game.over
    table.turn((1, 2), {1: SUM, 2: SUM, 3: SUM}).move(sb.END_TURN)
    table.turn((1, 2), {1: SUM, 2: SUM, 3: SUM}).move(sb.END_TURN)
    assert table.game.over
    board = GAME.score(table.setup, table.game, None)
    assert board.winners == (1,) and board.decided


def test_reaching_40_on_the_last_seats_turn_ends_the_game_there() -> None:
    table = play_round(started(), None)
    table.turn((1, 2), {1: SUM, 2: SUM, 3: SUM}).move(sb.END_TURN)
    table.turn((1, 2), {1: SUM, 2: SUM, 3: SUM}).move(sb.END_TURN)
    table.turn((1, 2), {1: SUM, 2: SUM, 3: SUM}).move(sb.ADJUST, seat=3, vp=41, reason="VP")
    table.move(sb.END_TURN)
    assert table.game.over and GAME.score(table.setup, table.game, None).winners == (3,)


def test_a_tie_sends_the_tied_players_into_extra_rounds_until_one_gains_more() -> None:
    table = play_round(started(), {1: 40, 2: 40, 3: 10})
    assert table.game.extra_round == 1 and table.game.extra_players == (1, 2)
    board = GAME.score(table.setup, table.game, None)
    assert not board.decided and board.winners == ()
    assert any("no winner yet" in note.render() for note in board.notes)
    with pytest.raises(RuleError, match="Only the tied players"):
        table.move(sb.ROLL, values=[1, 2]).move(sb.ASSIGN, seat=3, choice=SUM)
    table.move(sb.ASSIGN, seat=1, choice=SUM).move(sb.ASSIGN, seat=2, choice=SUM)
    table.move(sb.ADJUST, seat=1, vp=2, reason="VP").move(sb.END_TURN)
    table.turn((1, 2), {1: SUM, 2: SUM}).move(sb.ADJUST, seat=2, vp=2, reason="VP").move(sb.END_TURN)
    assert table.game.extra_round == 2 and not table.game.over  # still tied: another extra round
    play_round(table, {2: 1})
    board = GAME.score(table.setup, table.game, None)
    assert table.game.over and board.winners == (2,)
    ben = next(p for p in board.players if p.seat == 2)
    assert ben.total == 43 and ben.rank == 1  # VP gained in the extra rounds count


def test_you_win_ends_the_game_at_once_whatever_the_vp() -> None:
    table = started()
    table.move(sb.ADJUST, seat=2, vp=30, reason="VP").move(sb.YOU_WIN, seat=1)
    board = GAME.score(table.setup, table.game, None)
    assert table.game.over and board.winners == (1,)


def test_results_break_vp_down_by_source() -> None:
    table = started()
    table.turn((2, 3), {1: SUM, 2: SUM, 3: SUM})
    table.move(sb.BUY, seat=1, how=CLAIM, **ship(6, 0, blue=("vp", 2), red=("vp", 1)))
    table.move(sb.COLONY, seat=1, sector=9, cost=0, vp=4).move(sb.END_TURN)
    table.turn((3, 3), {2: SUM, 1: SUM, 3: SUM}).move(sb.END_TURN)
    table.turn((3, 3), {3: SUM, 1: INDIVIDUAL, 2: SUM}).move(sb.END_TURN)
    table.turn((3, 3), {1: SUM, 2: SUM, 3: SUM})
    lines = {c.key: c.points for c in GAME.score(table.setup, table.game, None).players[0].categories}
    assert lines == {"stations": 2, "deployed": 0, "colonies": 4, "abilities": 0}


# -- Charge on stationed and deployed cards (seed, チャージと活性化) ---------------------------------

SUMS = {1: SUM, 2: SUM, 3: SUM}


def round_of_sums(table: Table, turns: int) -> Table:
    for _ in range(turns):
        table.turn((1, 2), SUMS).move(sb.END_TURN)
    return table


def charged(sector: int, slots: int = 2, options: dict[str, Any] | None = None, **card: Any) -> Table:
    """Aki's turn, dice not rolled: Aki's card stationed in ``sector`` (1–6) holds two charge tokens."""
    table = started(**(options or {})).turn((1, 2), SUMS)
    table.move(sb.BUY, seat=1, how=CLAIM, **ship(sector, 0, blue=("charge", 0), slots=slots, **card))
    round_of_sums(table.move(sb.END_TURN), 2)
    table.turn((sector, sector), {1: INDIVIDUAL, 2: SUM, 3: SUM}).move(sb.END_TURN)
    return round_of_sums(table, 2)


def test_a_deployed_card_keeps_its_tokens_when_it_has_deployed_slots_and_red_charge_fills_it() -> None:
    table = charged(4, red=("charge", 0), red_slots=3)
    assert table.console(1).sectors[4].charges == 2
    table.turn((1, 2), SUMS).move(sb.BUY, seat=1, how=CLAIM, **ship(4, 0)).move(sb.END_TURN)
    sector = table.console(1).sectors[4]
    assert [card.level for card in sector.deployed] == [0, 1] and sector.tokens(2) == 2  # carried over
    table.move(sb.CHARGE_SPENT, seat=1, sector=4, place=2, count=2)
    credits = table.console(1).credits
    table.turn((4, 4), {2: SUM, 1: INDIVIDUAL, 3: SUM})  # Ben's turn: Aki's red rewards of sector 4, twice
    sector = table.console(1).sectors[4]
    assert sector.tokens(2) == 2 and sector.charges == 0  # the deployed card charged, not the stationed one
    assert table.console(1).credits == credits + 2  # and the deployed starting ship paid its credit twice


def test_a_card_without_deployed_slots_loses_its_tokens_when_deployed() -> None:
    table = charged(4, red=("credits", 1))
    table.turn((1, 2), SUMS).move(sb.BUY, seat=1, how=CLAIM, **ship(4, 0))
    assert table.console(1).sectors[4].tokens(2) == 0
    with pytest.raises(RuleError, match="holds 0 charge tokens"):
        table.move(sb.CHARGE_SPENT, seat=1, sector=4, place=2, count=1)


def test_entries_typed_before_deployed_slots_read_one_slot_count_for_both_sides() -> None:
    old = card_from({"sector": 5, "cost": 3, "red_kind": "charge", "slots": 2})
    assert (old.slots, old.red_slots, old.level) == (2, 2, 1)
    assert card_from({"sector": 5, "cost": 8}).level == 2  # the cost tells the level (seed: II costs 7–9)


# -- Abilities, each a move (seed, 効果詳細) ----------------------------------------------------


def test_a_reroll_with_the_apps_dice_draws_the_next_numbered_roll_and_undo_cannot_change_it() -> None:
    table = charged(4, ability=REROLL)
    table.move(sb.ROLL, author=1)
    first, rolls = table.game.roll.dice, table.game.rolls  # type: ignore[union-attr]
    table.move(sb.REROLL_MOVE, seat=1, dice=BOTH_DICE, card_sector=4)
    drawn = roll(2, 6, "seed", SLUG, "roll", rolls)
    assert table.game.roll.dice == drawn and table.game.roll.before == (first,)  # type: ignore[union-attr]
    assert table.console(1).sectors[4].charges == 1
    table.undo_last().move(sb.REROLL_MOVE, seat=1, dice=FIRST_DIE, card_sector=4)
    assert table.game.roll.dice == (drawn[0], first[1])  # type: ignore[union-attr]  # the same draw again
    with pytest.raises(RuleError, match="Only Aki"):
        table.move(sb.REROLL_MOVE, seat=2, dice=BOTH_DICE)


def test_a_reroll_pays_everyone_from_the_new_dice_and_comes_before_anyone_takes_them() -> None:
    table = charged(4, ability=REROLL)
    before = {seat: table.console(seat).credits for seat in (1, 2, 3)}
    table.move(sb.ROLL, values=[1, 1]).move(sb.REROLL_MOVE, seat=1, dice=BOTH_DICE, values=[4, 5], card_sector=4)
    table.move(sb.ASSIGN, seat=1, choice=SUM).move(sb.ASSIGN, seat=3, choice=SUM)
    assert table.console(1).credits == before[1] + STARTING_BLUE[9 - 1]  # Aki's stationed ship of sector 9
    assert table.console(3).credits == before[3] + 1  # Chika's starting ship deployed in sector 9
    with pytest.raises(RuleError, match="before anyone takes the dice"):
        table.move(sb.REROLL_MOVE, seat=1, dice=FIRST_DIE, values=[2], card_sector=4)


def test_the_log_says_the_dice_each_roll_and_reroll_left_showing_long_after_the_turn() -> None:
    table = charged(4, ability=REROLL)
    table.move(sb.ROLL, author=1)
    rolled = table.game.roll.dice  # type: ignore[union-attr]
    table.move(sb.REROLL_MOVE, seat=1, dice=FIRST_DIE, values=[6], card_sector=4)
    table.move(sb.ASSIGN, seat=1, choice=SUM).move(sb.ASSIGN, seat=2, choice=SUM)
    table.move(sb.ASSIGN, seat=3, choice=SUM).move(sb.END_TURN)
    table.move(sb.ROLL, values=[4, 5])  # the next turn: the earlier dice are gone from the board
    said = [describe(GAME, table.state, event).render() for event in table.state.events[-7:]]
    assert said[0] == f"Rolled the dice in the app: {rolled[0]}, {rolled[1]}"
    assert said[1] == f"Aki rerolled the dice (card in sector 4): real dice, now 6, {rolled[1]}"
    assert said[2].startswith(f"Aki took the sum: sector {6 + rolled[1]}")  # the dice as the reroll left them
    ben_spared = " (the app recorded the choice of Ben: both ways paid them the same)"  # 2 credits either way
    assert said[-1] == "Real dice: 4, 5" + ben_spared
    table.undo_last()
    undone = table.state.events[-1]
    assert describe(GAME, table.state, undone).render() == f"Undid entry #{undone.seq - 1}: Real dice: 4, 5"


def test_a_set_die_keeps_its_value_through_the_roll_one_token_per_die() -> None:
    table = charged(4, ability=SET_DIE)
    table.move(sb.SET_DIE_MOVE, seat=1, values=[6], card_sector=4)
    assert table.console(1).sectors[4].charges == 1
    with pytest.raises(RuleError, match="show 6"):
        table.move(sb.ROLL, values=[2, 3])
    rolls = table.game.rolls
    table.move(sb.ROLL, author=1)
    assert table.game.roll.dice == (6, roll(2, 6, "seed", SLUG, "roll", rolls)[0])  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="before the roll"):
        table.move(sb.SET_DIE_MOVE, seat=1, values=[6], card_sector=4)


def test_a_dice_shift_takes_the_sum_moved_right_for_its_user_only() -> None:
    table = charged(4, ability=SHIFT, ability_amount=1)
    credits = table.console(1).credits
    table.move(sb.ROLL, values=[3, 4]).move(sb.SHIFT_MOVE, seat=1, steps=1, card_sector=4)
    assert table.console(1).credits == credits + STARTING_BLUE[8 - 1]
    assert table.game.roll.choices[1] == SHIFTED  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="by 1"):
        charged(4, ability=SHIFT, ability_amount=1).move(sb.ROLL, values=[3, 4]).move(
            sb.SHIFT_MOVE, seat=1, steps=2, card_sector=4
        )


def test_2x_pays_one_sector_again_but_cannot_charge_its_own_card() -> None:
    table = charged(2, slots=3, ability=DOUBLE)
    credits = table.console(1).credits
    table.move(sb.ROLL, values=[2, 5]).move(sb.DOUBLE_MOVE, seat=1, twice=FIRST_DIE, card_sector=2)
    # 2 tokens − 1 spent + 1 from the normal activation of sector 2; the extra one does not charge it.
    assert table.console(1).sectors[2].charges == 2
    assert table.console(1).credits == credits + STARTING_BLUE[5 - 1]
    assert double_sectors((2, 5), SUM) == (7, 7) and double_sectors((2, 5), SECOND_DIE) == (2, 5, 5)


def test_by_the_option_no_reward_of_the_roll_charges_the_2x_card_it_was_used_on() -> None:
    """The seed says rewards cannot charge 2X when it is used, not which: the option reads it as every reward."""
    table = charged(2, slots=3, ability=DOUBLE, options={DOUBLE_CHARGE: WHOLE_ROLL})
    table.move(sb.ROLL, values=[2, 5]).move(sb.DOUBLE_MOVE, seat=1, twice=FIRST_DIE, card_sector=2)
    assert table.console(1).sectors[2].charges == 1  # 2 tokens − 1 spent; neither activation of sector 2 charges it
    applied = dict(GAME.score(table.setup, table.game, None).options)  # shown on the results
    assert applied["When 2X is used, its own card is not charged by"] == "any reward of that roll"


def test_an_adjustment_of_nothing_is_refused() -> None:
    with pytest.raises(RuleError, match="Enter the credits, income or VP"):
        started().move(sb.ADJUST, seat=1, reason="test")


def test_others_lose_vp_but_never_below_zero() -> None:
    table = charged(4, ability=LOSE_VP, ability_amount=2)
    table.move(sb.ADJUST, seat=2, vp=3, reason="VP").move(sb.LOSE_VP_MOVE, seat=1, card_sector=4)
    assert [table.console(seat).vp for seat in (1, 2, 3)] == [0, 1, 0]


def test_a_swap_moves_every_card_so_later_rolls_pay_from_the_new_places() -> None:
    table = charged(4, ability=SWAP)
    table.move(sb.SWAP_MOVE, seat=1, sector_a=3, sector_b=11, card_sector=4)
    assert table.console(1).sectors[3].station.sector == 11 and table.console(1).sectors[3].deployed[0].sector == 11
    round_of_sums(table, 1)
    credits = table.console(1).credits
    table.turn((1, 2), {2: SUM, 1: SUM, 3: SUM})  # Ben's turn: sector 3 now holds a deployed ship of Aki's
    assert table.console(1).credits == credits + 1
    table.move(sb.END_TURN).turn((1, 2), SUMS).move(sb.END_TURN).turn((1, 2), SUMS)
    table.move(sb.BUY, seat=1, how=CLAIM, **ship(11, 0))  # a new card goes to the sector printed on it
    assert [card.sector for card in table.console(1).sectors[11].deployed] == [3]


def test_an_exchange_puts_each_card_in_the_others_place_and_side() -> None:
    table = charged(4, ability=EXCHANGE, red_slots=0)
    table.move(sb.EXCHANGE_MOVE, seat=1, card_sector=4, target_sector=11, target_place=1)
    four, eleven = table.console(1).sectors[4], table.console(1).sectors[11]
    assert four.station.level == 0 and four.station.sector == 11  # the deployed starting ship is now stationed
    assert eleven.deployed[0].ability == Ability(EXCHANGE) and eleven.tokens(1) == 0  # no red slots


def test_an_ability_is_used_only_from_a_card_that_has_it_and_at_its_time() -> None:
    table = charged(4, ability=REROLL)
    with pytest.raises(RuleError, match="another ability"):
        table.move(sb.SWAP_MOVE, seat=1, sector_a=1, sector_b=2, card_sector=4)
    table = charged(4, ability=LOSE_VP, ability_amount=1, ability_when=OTHER_TURNS)
    with pytest.raises(RuleError, match="on others' turns"):
        table.move(sb.LOSE_VP_MOVE, seat=1, card_sector=4)
    with pytest.raises(RuleError, match="holds 2 charge tokens, not 3"):
        charged(4, ability=SWAP).move(sb.SWAP_MOVE, seat=1, sector_a=1, sector_b=2, card_sector=4, tokens=3)


def test_arrows_add_the_neighbours_reward_in_one_direction_and_two_way_arrows_are_chosen() -> None:
    table = started().turn((1, 2), SUMS)
    table.move(sb.BUY, seat=1, how=CLAIM, **ship(5, 0, blue=(RIGHT, 0)))
    table.move(sb.BUY, seat=1, how=CLAIM, **ship(6, 0, blue=(EITHER, 0)))
    console = table.console(1)
    # 5 → 6 (either way: on to the right) → 7: the starting ship's blue credits of sector 7.
    assert gain_for(console, (5,), True).credits == STARTING_BLUE[7 - 1]
    with pytest.raises(RuleError, match="Choose which way"):
        gain_for(console, (6,), True)
    assert gain_for(console, (6,), True, -1).credits == 0  # 6 ← 5: the right arrow there does not turn back
    assert gain_for(console, (6,), True, 1).credits == STARTING_BLUE[7 - 1]


# -- No silent guesses, and a scenario counted by hand --------------------------------------------


def test_the_results_say_when_the_starting_ships_credits_are_the_apps_guess() -> None:
    guessed = GAME.score(started().setup, started().game, None)
    assert [note.render() for note in guessed.notes if "guess" in note.render()] == [
        "Blue credits of the starting ships (sectors 1–12): the app's guess (1 1 1 1 1 1 2 2 2 2 3 3) was used, "
        "not values read from the cards.",
        "Red credits of the starting ships (sectors 1–12): the app's guess (1 1 1 1 1 1 1 1 1 1 1 1) was used, "
        "not values read from the cards.",
    ]
    typed = Table(2, **{start.STARTING_BLUE: (2,) * 12, STARTING_RED: (0,) * 12})
    assert not [n for n in GAME.score(typed.setup, typed.game, None).notes if "guess" in n.render()]


def test_the_abilities_example_replays_to_a_count_made_by_hand() -> None:
    result = CliRunner().invoke(main, ["score", str(ROOT / "docs/examples/space-base-abilities.json")])
    board = json.loads(result.output)
    lines = {p["name"]: (p["total"], p["categories"]) for p in board["players"]}
    # Aki: sector 9 blue 1 VP (turns 1 and 5, the second after a reroll from 1+1 to 4+5), then the
    # swap moves the first ship to sector 6 (turn 7: 1 VP) and the 2 VP ship to sector 9, which 2X
    # pays twice (turn 9: 4 VP). Ben: his first ship, deployed in turn 2, pays 2 VP red in turns 5
    # and 7; Aki's "lose 3 VP" takes 3 of them.
    assert lines["Aki"] == (7, {"stations": 7, "deployed": 0, "colonies": 0, "abilities": 0})
    assert lines["Ben"] == (1, {"stations": 0, "deployed": 4, "colonies": 0, "abilities": -3})
    assert board["skipped"] == [] and board["notes"] == []


# -- What a phone offers -------------------------------------------------------------------------


def test_a_phone_offers_each_way_of_a_two_way_arrow_as_a_choice_of_its_own() -> None:
    table = started().turn((1, 2), SUMS).move(sb.BUY, seat=1, how=CLAIM, **ship(6, 0, blue=(EITHER, 0)))
    options = take_options(table.console(1), (6, 1), True)
    assert [(o.choice, o.arrows) for o in options] == [
        (INDIVIDUAL, ((6, "left"),)),
        (INDIVIDUAL, ((6, "right"),)),
        (SUM, ()),
    ]
    assert options[1].gain.credits == STARTING_BLUE[1 - 1] + STARTING_BLUE[7 - 1]  # 1, and 6 → 7


def test_each_die_points_its_own_two_way_arrow() -> None:
    """Seed (両方向の矢印): the player chooses left or right for that reward, so two dice may choose apart."""
    table = started().turn((1, 2), SUMS)
    for sector, blue in ((2, (CREDITS, 5)), (3, (EITHER, 0)), (5, (EITHER, 0)), (6, (CREDITS, 7))):
        table.move(sb.BUY, seat=1, how=CLAIM, **ship(sector, 0, blue=blue))
    table.move(sb.END_TURN).turn((1, 1), SUMS).move(sb.END_TURN).turn((1, 1), SUMS).move(sb.END_TURN)  # Aki's again
    options = take_options(table.console(1), (3, 5), True)
    taken = [(o.arrows, o.gain.credits) for o in options if o.choice == INDIVIDUAL]
    assert taken == [
        (((3, "left"), (5, "left")), 5 + STARTING_BLUE[4 - 1]),
        (((3, "left"), (5, "right")), 5 + 7),
        (((3, "right"), (5, "left")), STARTING_BLUE[4 - 1] * 2),
        (((3, "right"), (5, "right")), STARTING_BLUE[4 - 1] + 7),
    ]
    credits = table.console(1).credits
    table.move(sb.ROLL, values=[3, 5])
    table.move(sb.ASSIGN, seat=1, choice=INDIVIDUAL, direction="left", second_direction="right")
    assert table.console(1).credits == credits + 5 + 7
    doubles = take_options(table.console(1), (3, 3), True)  # left then right pays as right then left: offered once
    assert [o.arrows for o in doubles if o.choice == INDIVIDUAL] == [
        ((3, "left"), (3, "left")),
        ((3, "left"), (3, "right")),
        ((3, "right"), (3, "right")),
    ]


def test_a_charged_card_offers_its_ability_only_while_the_rules_allow_it() -> None:
    table = charged(4, ability=REROLL)
    card = table.console(1).sectors[4].station
    assert abilities_now(table.game, 1, card) == ()  # before the roll
    table.move(sb.ROLL, values=[2, 3])
    assert abilities_now(table.game, 1, card) == (REROLL,)
    table.move(sb.KEEP_ROLL, author=1)
    assert abilities_now(table.game, 1, card) == ()  # the roll is final: the app has taken the dice for Ben and Chika
    untyped = card_from(ship(4, 2))
    assert abilities_now(table.game, 1, untyped) == (
        SHIFT,
        DOUBLE,
        LOSE_VP,
        SWAP,
        EXCHANGE,
        YOU_WIN_ABILITY,
    )


# -- The card catalogue file ---------------------------------------------------------------------


def test_a_catalogue_file_holds_card_facts_once_and_reads_back_checked() -> None:
    typed = [
        {"seat": 2, "how": PURCHASE, "turn": 4, **ship(7, 8, blue=("vp", 2), slots=2, ability=REROLL)},
        {"seat": 1, **ship(7, 8, blue=("vp", 2), slots=2, ability=REROLL)},  # the same card at another table
        ship(3, 2),
    ]
    document = json.loads(json.dumps(catalogue.export_catalogue(typed)))
    assert [card["sector"] for card in document["cards"]] == [7, 3] and "seat" not in document["cards"][0]
    assert catalogue.import_catalogue(document) == tuple(document["cards"])
    with pytest.raises(RuleError, match="Card 2 of the catalogue: 13 is above the maximum of 12"):
        catalogue.import_catalogue({**document, "cards": [ship(3, 2), ship(13, 2)]})
    with pytest.raises(RuleError, match="not a Space Base card catalogue"):
        catalogue.import_catalogue({"cards": []})


def test_cards_of_an_imported_catalogue_are_offered_for_one_tap() -> None:
    imported = catalogue.import_catalogue(catalogue.export_catalogue([ship(7, 8, blue=("vp", 2), level=2)]))
    table = started().turn((1, 2), SUMS)
    viewer = Viewer(1, False, controls(GAME, table.state, 1, False), {sb.BUY: imported})
    offered = space_base_view(table.setup, table.game, viewer).known_ships
    assert [(k.card.sector, k.card.level, k.card.blue) for k in offered] == [(7, 2, Reward(VP, 2))]


def test_a_move_naming_only_the_sector_spends_the_tokens_of_the_card_that_holds_them() -> None:
    table = charged(4, red=("charge", 0), red_slots=2, ability=SWAP)
    table.turn((1, 2), SUMS).move(sb.BUY, seat=1, how=CLAIM, **ship(4, 0))  # the swap card is deployed, 2 tokens
    table.move(sb.SWAP_MOVE, seat=1, sector_a=1, sector_b=2, card_sector=4)  # no card_place: the deployed swap card
    assert table.console(1).sectors[4].tokens(2) == 1
    table.move(sb.CHARGE_SPENT, seat=1, sector=4, count=1)  # as the replay wrote it: no place
    assert table.console(1).sectors[4].tokens(2) == 0


def test_whether_an_exchange_moves_a_colony_is_the_tables_option() -> None:
    for allowed in (False, True):
        table = charged(4, ability=EXCHANGE, options={EXCHANGE_COLONIES: allowed})
        table.turn((1, 2), SUMS).move(sb.COLONY, seat=1, sector=5, cost=0, vp=3)
        exchange = {"seat": 1, "card_sector": 4, "target_sector": 5}
        if allowed:
            table.move(sb.EXCHANGE_MOVE, **exchange)
            assert table.console(1).sectors[4].station.is_colony
        else:
            with pytest.raises(RuleError, match="Colonies do not move"):
                table.move(sb.EXCHANGE_MOVE, **exchange)


def test_only_the_player_whose_turn_it_is_rolls_and_ends_the_turn_as_the_moves_record_says() -> None:
    table = started()
    active = table.game.active
    other = next(seat for seat in table.setup.seats if seat != active)
    phones = {seat: viewer(GAME, table.state, seat, False).controls for seat in table.setup.seats}
    assert [seat for seat, shown in phones.items() if shown[sb.ROLL].allowed] == [active]
    assert viewer(GAME, table.state, None, True).controls[sb.ROLL].allowed  # the host, for the active player
    with pytest.raises(RuleError, match="whose turn it is"):
        table.move(sb.ROLL, author=other, values=[2, 3])
    table.move(sb.ROLL, author=active, values=[2, 3])
    assert next(m for m in GAME.moves if m.kind == sb.ROLL).who == ACTIVE


def test_a_roll_an_undo_left_out_of_turn_is_skipped_when_the_ledger_is_folded_again() -> None:
    table = started()
    first = table.game.active
    table.turn((2, 3), {seat: "sum" for seat in table.setup.seats}).move(sb.END_TURN, author=first)
    second = table.game.active
    table.move(sb.ROLL, author=second, values=[1, 1])
    end_turn = next(e for e in reversed(table.state.events) if e.kind == sb.END_TURN)
    ledger = [*table.state.events, Event(table.state.last_seq + 1, "void", {"target": end_turn.seq}, by_host=True)]
    refolded = fold(GAME, table.setup, ledger)
    assert refolded.game.active == first
    assert table.state.last_seq in refolded.skipped  # the second player's roll, out of turn once undone
