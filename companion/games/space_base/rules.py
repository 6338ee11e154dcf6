"""Space Base (seed 001; digest §2): shared dice, and every player's rewards on every roll.

Every player builds a console of ships in sectors 1–12. On each turn the active player rolls two
dice; every player takes the two dice or their sum, and the ships in the chosen sectors pay:
the active player's stationed ships (blue), every other player's deployed ships (red). The
active player may then buy a ship or a colony; charge tokens pay for the cards' abilities. A
player at 40 VP ends the game once every player has had the same number of turns.

This module declares the moves; the rules themselves are told chapter by chapter:

* ``cards``: the printed cards (sectors, rewards, arrows, charge slots, abilities).
* ``state``: the consoles, the dice and the turn; stationing and deploying a card.
* ``start``: the rule options, the starting ships, first ships and the start player.
* ``turns``: the roll, the end of a turn, the end of the game at 40 VP and the extra rounds.
* ``rewards``: taking the dice, and what the chosen sectors pay.
* ``purchases``: a ship or a colony on one's own turn.
* ``abilities``: charge tokens spent on a card's printed effect.
* ``scoring``: VP by source and the winner.
* ``log``: how the log tells each move.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable

from companion.games.contract import Event, Setup
from companion.games.moves import ACTIVE, ANYONE, Field, Guard, Move
from companion.games.space_base.abilities import (
    BOTH_DICE,
    FIRST_DIE,
    SECOND_DIE,
    adjust,
    exchange_cards,
    lose_vp,
    pay_twice,
    reroll,
    set_die,
    shift_sum,
    spend_charge,
    swap_sectors,
    you_win,
)
from companion.games.space_base.cards import ABILITY_KINDS, DIRECTIONS, RED_KINDS, REWARD_KINDS, WHEN_NAMES
from companion.games.space_base.dice_options import recording_equal
from companion.games.space_base.log import describe_assign, describe_purchase, describe_reroll, describe_roll, with_card
from companion.games.space_base.purchases import ABILITY_BUY, CLAIM, PURCHASE, buy_colony, buy_ship
from companion.games.space_base.rewards import INDIVIDUAL, SUM, assign
from companion.games.space_base.start import buy_first_ship, choose_start_player
from companion.games.space_base.state import SpaceBase, player_names
from companion.games.space_base.turns import end_turn, keep_roll, roll_dice
from companion.games.words import N_, Message, listing, msg, signed

_seat = Field("seat", "seat")
_card_fields = (
    _seat,
    Field("sector", "int", 1, 12),
    Field("cost", "int", 0, 20),
    Field("level", "int", 1, 3, required=False),
    Field("name", "text", required=False, max_length=40),
    Field("blue_kind", "choice", choices=REWARD_KINDS, required=False),
    Field("blue_amount", "int", 0, 20, required=False),
    Field("blue_text", "text", required=False, max_length=80),
    Field("red_kind", "choice", choices=RED_KINDS, required=False),
    Field("red_amount", "int", 0, 20, required=False),
    Field("red_text", "text", required=False, max_length=80),
    Field("slots", "int", 0, 6, required=False),
    Field("red_slots", "int", 0, 6, required=False),
    Field("ability", "choice", choices=ABILITY_KINDS, required=False),
    Field("ability_tokens", "int", 1, 6, required=False),
    Field("ability_amount", "int", 0, 20, required=False),
    Field("ability_when", "choice", choices=tuple(WHEN_NAMES), required=False),
)
# What a card is, as typed at a table: remembered by the server for quick re-entry at any table.
CARD_FIELDS = tuple(f.name for f in _card_fields if f.name != "seat")
# The card whose charge tokens pay for an ability (none: the effect came from a reward).
_activating = (
    Field("card_sector", "int", 1, 12, required=False),
    Field("card_place", "int", 0, 20, required=False),
    Field("tokens", "int", 1, 6, required=False),
)
_direction_field = Field("direction", "choice", choices=tuple(DIRECTIONS), required=False)
_turn = Guard(
    "turn",
    lambda state: state.turn,
    N_("That turn is over: the table is on turn {now}. Nothing was recorded."),
)
_throw = Guard(
    "throw",
    lambda state: state.throws,
    N_("The dice have been thrown again since (throw {now}). Nothing was recorded."),
)

Describe = Callable[[Setup, SpaceBase, Event, str], Message]


def noting_recorded(describe: Describe) -> Describe:
    """Return ``describe`` saying also whose choices the app recorded when the entry made the roll final."""

    def said(setup: Setup, state: SpaceBase, event: Event, who: str) -> Message:
        what = describe(setup, state, event, who)
        index = bisect.bisect_left(state.recorded, event.seq, key=lambda recorded: recorded.seq)
        if index == len(state.recorded) or state.recorded[index].seq != event.seq:
            return what
        return msg(
            N_("{what} (the app recorded the choice of {names}: both ways paid them the same)"),
            what=what,
            names=player_names(setup, state.recorded[index].seats),
        )

    return said


def describe_keep(setup: Setup, state: SpaceBase, event: Event, who: str) -> Message:
    """Say that the dice were kept, as the roll or reroll before the entry left them."""
    index = bisect.bisect_left(state.thrown, event.seq, key=lambda throw: throw.seq)
    if not index:
        return msg(N_("Kept the dice without a reroll"))
    return msg(N_("Kept the dice without a reroll: {values}"), values=listing(state.thrown[index - 1].dice))


MOVES = (
    Move(
        "sb.first-ship",
        N_("First ship bought"),
        _card_fields,
        buy_first_ship,
        remember=CARD_FIELDS,
        describe=lambda setup, state, e, who: msg(
            N_("{name} bought a first ship for sector {sector} (cost {cost})"),
            name=who,
            sector=e.payload["sector"],
            cost=e.payload["cost"],
        ),
    ),
    Move(
        "sb.start",
        N_("Start player chosen"),
        (Field("start_player", "seat", required=False),),
        choose_start_player,
        lambda setup, state, e, who: msg(N_("The game starts")),
        who=ANYONE,
    ),
    Move(
        "sb.roll",
        N_("Dice rolled"),
        (Field("values", "ints", 1, 6, required=False),),
        recording_equal(roll_dice),
        noting_recorded(lambda setup, state, e, who: describe_roll(state, e)),
        who=ACTIVE,
        guard=_turn,
        advances=True,  # starts the next player's turn: a second tap on End the turn lands here
    ),
    Move(
        "sb.assign",
        N_("Dice assigned"),
        (
            _seat,
            Field("choice", "choice", choices=(INDIVIDUAL, SUM)),
            _direction_field,
            Field("second_direction", "choice", choices=tuple(DIRECTIONS), required=False),
        ),
        recording_equal(assign),
        noting_recorded(lambda setup, state, e, who: describe_assign(state, e, who)),
        guard=_turn,
    ),
    Move(
        "sb.buy",
        N_("Card bought"),
        (*_card_fields, Field("how", "choice", choices=(PURCHASE, ABILITY_BUY, CLAIM)), *_activating),
        buy_ship,
        describe_purchase,
        remember=CARD_FIELDS,
    ),
    Move(
        "sb.colony",
        N_("Colony bought"),
        (_seat, Field("sector", "int", 1, 12), Field("cost", "int", 0, 20), Field("vp", "int", 1, 20)),
        buy_colony,
        lambda setup, state, e, who: msg(
            N_("{name} bought the colony of sector {sector} ({vp} VP)"),
            name=who,
            sector=e.payload["sector"],
            vp=e.payload["vp"],
        ),
    ),
    Move(
        "sb.charge",
        N_("Charge tokens spent"),
        (
            _seat,
            Field("sector", "int", 1, 12),
            Field("count", "int", 1, 6),
            Field("place", "int", 0, 20, required=False),
        ),
        spend_charge,
        lambda setup, state, e, who: msg(
            N_("{name} spent {count} charge tokens in sector {sector}"),
            name=who,
            count=e.payload["count"],
            sector=e.payload["sector"],
        ),
    ),
    Move(
        "sb.adjust",
        N_("Adjustment by an ability"),
        (
            _seat,
            Field("credits", "int", -99, 99, required=False),
            Field("income", "int", -99, 99, required=False),
            Field("vp", "int", -99, 99, required=False),
            Field("reason", "text", max_length=80),
        ),
        adjust,
        lambda setup, state, e, who: msg(
            N_("{name}: credits {credits}, income {income}, VP {vp} ({reason})"),
            name=who,
            credits=signed(e.payload.get("credits", 0)),
            income=signed(e.payload.get("income", 0)),
            vp=signed(e.payload.get("vp", 0)),
            reason=e.payload["reason"],
        ),
    ),
    Move(
        "sb.you-win",
        N_("YOU WIN! ability"),
        (_seat, *_activating),
        you_win,
        lambda setup, state, e, who: msg(N_("{name} wins at once with a YOU WIN! card"), name=who),
    ),
    Move(
        "sb.end-turn",
        N_("End of turn"),
        (),
        end_turn,
        lambda setup, state, e, who: msg(N_("End of turn")),
        who=ACTIVE,
        guard=_turn,
        advances=True,
    ),
    Move(
        "sb.reroll",
        N_("Dice rerolled by an ability"),
        (
            _seat,
            Field("dice", "choice", choices=(FIRST_DIE, SECOND_DIE, BOTH_DICE)),
            Field("values", "ints", 1, 6, required=False),
            *_activating,
        ),
        recording_equal(reroll),
        noting_recorded(describe_reroll),
        guard=_throw,
    ),
    Move(
        "sb.keep",
        N_("Dice kept without a reroll"),
        (),
        recording_equal(keep_roll),
        noting_recorded(describe_keep),
        who=ACTIVE,
        guard=_throw,
    ),
    Move(
        "sb.set-die",
        N_("Die set by an ability"),
        (_seat, Field("values", "ints", 1, 6), *_activating),
        set_die,
        with_card(N_("{name} set dice to {values}")),
        guard=_turn,
    ),
    Move(
        "sb.shift",
        N_("Sum shifted by an ability"),
        (_seat, Field("steps", "int", 1, 2), _direction_field, *_activating),
        recording_equal(shift_sum),
        noting_recorded(with_card(N_("{name} took the sum moved {steps} sectors right"))),
        guard=_turn,
    ),
    Move(
        "sb.2x",
        N_("2X ability"),
        (_seat, Field("twice", "choice", choices=(SUM, FIRST_DIE, SECOND_DIE)), _direction_field, *_activating),
        recording_equal(pay_twice),
        noting_recorded(with_card(N_("{name} used 2X"))),
        guard=_turn,
    ),
    Move(
        "sb.lose-vp",
        N_("Others lose VP"),
        (_seat, Field("amount", "int", 1, 20, required=False), *_activating),
        lose_vp,
        with_card(N_("{name} made every other player lose VP")),
    ),
    Move(
        "sb.swap",
        N_("Sectors swapped"),
        (_seat, Field("sector_a", "int", 1, 12), Field("sector_b", "int", 1, 12), *_activating),
        swap_sectors,
        with_card(N_("{name} swapped sectors {sector_a} and {sector_b}")),
    ),
    Move(
        "sb.exchange",
        N_("Cards exchanged"),
        (
            _seat,
            Field("card_sector", "int", 1, 12),
            Field("card_place", "int", 0, 20, required=False),
            Field("target_sector", "int", 1, 12),
            Field("target_place", "int", 0, 20, required=False),
            Field("tokens", "int", 1, 6, required=False),
        ),
        exchange_cards,
        with_card(N_("{name} exchanged a card with one in sector {target_sector}")),
    ),
)
(
    FIRST_SHIP,
    START,
    ROLL,
    ASSIGN,
    BUY,
    COLONY,
    CHARGE_SPENT,
    ADJUST,
    YOU_WIN,
    END_TURN,
    REROLL_MOVE,
    KEEP_ROLL,
    SET_DIE_MOVE,
    SHIFT_MOVE,
    DOUBLE_MOVE,
    LOSE_VP_MOVE,
    SWAP_MOVE,
    EXCHANGE_MOVE,
) = (m.kind for m in MOVES)
