"""Welcome to the Moon (seed 000; digest §1): the moves of the game, in the order of the rulebook.

The chapters, each in its module:

* state.py: the table as the rules keep it (the piles, the missions, every player's marks);
* rule_options.py: what a table chooses (adventure, solo against ASTRA, its own components, variants);
* deck.py: the starship deck the app deals and flips, three combos a turn (solo: three cards drawn);
* own_deck.py: a table that turns its own cards and enters what they show;
* marks.py: missions, system errors, sabotages, bonus spaces, viruses and the score sheet's boxes;
* astra.py: ASTRA, the solo opponent, its cards, its rocket track and its score;
* end_of_game.py: what ends the game, with the turn in which it happens;
* scoring.py: the score at the end; each adventure's sheet is scored as sheets.py says.

Here each move is declared once: its fields, who may make it, how it reads in the log.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.moves import ANYONE, Field, Guard, Move
from companion.games.welcome_to_the_moon.astra import astra_crosses_bonus
from companion.games.welcome_to_the_moon.cards import ACTION_ICONS, ACTION_NAMES, ACTIONS, MISSIONS_BY_ID
from companion.games.welcome_to_the_moon.deck import choose_solo_combo, flip_cards
from companion.games.welcome_to_the_moon.marks import (
    accomplish_mission,
    activate_virus,
    bonus_label,
    cross_off_error,
    enter_paper_total,
    fill_sheet,
    infect,
    mark_error,
    reach_bonus,
    sabotage,
    set_sheet_box,
    sheet_line,
    sheet_step_line,
    step_sheet_box,
)
from companion.games.welcome_to_the_moon.own_deck import (
    cards_of,
    draw_solo_card,
    enter_combos,
    enter_hand,
    give_astra_card,
    name_mission_card,
)
from companion.games.welcome_to_the_moon.rule_options import flipper
from companion.games.welcome_to_the_moon.sheets import VIRUS_NAMES
from companion.games.welcome_to_the_moon.state import LETTERS
from companion.games.words import N_, Message, listing, msg, number, plural

SHEET_STEP, PAPER_TOTAL = "wttm.sheet-step", "wttm.paper-total"
MISSION_CARD, COMBOS, HAND, SOLO_CARD, ASTRA_CARD = (
    "wttm.mission-card",
    "wttm.combos",
    "wttm.hand",
    "wttm.solo-card",
    "wttm.astra-card",
)
SABOTAGE, BONUS, VIRUS, INFECT = "wttm.sabotage", "wttm.bonus", "wttm.virus", "wttm.infect"
ASTRA_BONUS = "wttm.astra-bonus"
FLIP, SOLO_CHOICE, MISSION, ERROR, ERROR_CROSS, SHEET, SHEET_FULL = (
    "wttm.flip",
    "wttm.solo-choice",
    "wttm.mission",
    "wttm.error",
    "wttm.error-cross",
    "wttm.sheet",
    "wttm.sheet-full",
)

_seat = Field("seat", "seat")
# The turn the phone showed (a move allowed once a turn): not a guard, so that one tapped just before
# a flip still counts for its own turn.
_turn_shown = Field("turn", "int", 0, 10**6, required=False)
_card_fields = tuple(
    spec
    for i in range(1, 4)
    for spec in (Field(f"number_{i}", "int", 0, 15), Field(f"action_{i}", "choice", choices=ACTIONS))
)


def _cards_text(payload: Mapping[str, Any]) -> Message:
    return listing(f"{n} {ACTION_ICONS.get(a, a)}" for n, a in cards_of(payload))


_turn = Guard(
    "turn",
    lambda state: state.turn,
    N_("The cards were already flipped: the table is on turn {now}. Nothing was recorded."),
)
MOVES = (
    Move(
        FLIP,
        N_("Flip the starship cards"),
        (),
        flip_cards,
        lambda setup, state, e, who: msg(N_("Flipped the starship cards")),
        who=flipper,
        guard=_turn,
        advances=True,
    ),
    Move(
        SOLO_CHOICE,
        N_("Choose a solo combination"),
        (Field("number_card", "int", 1, 3), Field("action_card", "int", 1, 3)),
        choose_solo_combo,
        lambda setup, state, e, who: msg(
            N_("Solo: took the number of card {number} and the action of card {action}"),
            number=e.payload["number_card"],
            action=e.payload["action_card"],
        ),
        who=ANYONE,
        guard=_turn,
    ),
    Move(
        MISSION_CARD,
        N_("Mission card named"),
        (Field("letter", "choice", choices=LETTERS), Field("mission", "int", 64, 111)),
        name_mission_card,
        lambda setup, state, e, who: msg(
            N_("Named card {number} as mission {letter}: {text}"),
            letter=e.payload["letter"],
            number=e.payload["mission"],
            text=msg(MISSIONS_BY_ID[e.payload["mission"]].text) if e.payload["mission"] in MISSIONS_BY_ID else "",
        ),
        who=ANYONE,
    ),
    Move(
        COMBOS,
        N_("Combos of our own cards"),
        _card_fields,
        enter_combos,
        lambda setup, state, e, who: msg(N_("Turned the cards: {cards}"), cards=_cards_text(e.payload)),
        who=flipper,
        guard=_turn,
        advances=True,
    ),
    Move(
        HAND,
        N_("Solo: three cards drawn"),
        _card_fields,
        enter_hand,
        lambda setup, state, e, who: msg(N_("Drew the cards: {cards}"), cards=_cards_text(e.payload)),
        who=ANYONE,
        guard=_turn,
        advances=True,
    ),
    Move(
        SOLO_CARD,
        N_("Solo card drawn"),
        (Field("letter", "choice", choices=LETTERS),),
        draw_solo_card,
        lambda setup, state, e, who: msg(N_("Drew solo card {letter}"), letter=e.payload["letter"]),
        who=ANYONE,
    ),
    Move(
        ASTRA_CARD,
        N_("A card for ASTRA"),
        (Field("action", "choice", choices=ACTIONS),),
        give_astra_card,
        lambda setup, state, e, who: msg(
            N_("Gave ASTRA a card: {action}"), action=msg(ACTION_NAMES[e.payload["action"]])
        ),
        who=ANYONE,
    ),
    Move(
        MISSION,
        N_("Mission accomplished"),
        (_seat, Field("letter", "choice", choices=LETTERS)),
        accomplish_mission,
        lambda setup, state, e, who: msg(
            N_("{name} accomplished mission {letter}"), name=who, letter=e.payload["letter"]
        ),
    ),
    Move(
        ERROR,
        N_("System error"),
        (_seat, _turn_shown),
        mark_error,
        lambda setup, state, e, who: msg(N_("{name} marked a system error"), name=who),
    ),
    Move(
        ERROR_CROSS,
        N_("System error crossed off (adventure 1)"),
        (_seat,),
        cross_off_error,
        lambda setup, state, e, who: msg(N_("{name} crossed off a system error"), name=who),
    ),
    Move(
        SABOTAGE,
        N_("Sabotage (adventure 1): a system error for every other player"),
        (_seat, _turn_shown),
        sabotage,
        lambda setup, state, e, who: msg(N_("{name} sabotaged: every other player got a system error"), name=who),
    ),
    Move(
        BONUS,
        N_("Bonus space reached (adventures 3 and 5)"),
        (_seat, Field("space", "int", 1, 8)),
        reach_bonus,
        lambda setup, state, e, who: msg(
            N_("{name} reached {space}"), name=who, space=bonus_label(setup, e.payload["space"])
        ),
    ),
    Move(
        ASTRA_BONUS,
        N_("Solo: ASTRA crosses off a first bonus (adventures 3 and 5)"),
        (Field("space", "int", 1, 8),),
        astra_crosses_bonus,
        lambda setup, state, e, who: msg(
            N_("ASTRA crossed off the first bonus of {space}"), space=bonus_label(setup, e.payload["space"])
        ),
        who=ANYONE,
    ),
    Move(
        VIRUS,
        N_("Virus activated (adventure 6)"),
        (Field("virus", "choice", choices=tuple(VIRUS_NAMES)),),
        activate_virus,
        lambda setup, state, e, who: msg(N_("The {virus} was activated"), virus=msg(VIRUS_NAMES[e.payload["virus"]])),
        who=ANYONE,
    ),
    Move(
        INFECT,
        N_("Infected for a virus (adventure 6)"),
        (_seat, Field("spaces", "int", 0, 15)),
        infect,
        lambda setup, state, e, who: msg(
            plural(e.payload["spaces"], N_("{name} infected {spaces} space"), N_("{name} infected {spaces} spaces")),
            name=who,
            spaces=e.payload["spaces"],
        ),
    ),
    Move(
        SHEET,
        N_("Score sheet entry"),
        (_seat, Field("field", "text", max_length=40), Field("value", "int", -999, 999)),
        set_sheet_box,
        lambda setup, state, e, who: sheet_line(setup, who, e.payload["field"], e.payload["value"]),
    ),
    Move(
        SHEET_STEP,
        N_("Score sheet box stepped"),
        (_seat, Field("field", "text", max_length=40), Field("delta", "int", -1, 1)),
        step_sheet_box,
        lambda setup, state, e, who: sheet_step_line(setup, who, e.payload["field"], e.payload["delta"]),
    ),
    Move(
        PAPER_TOTAL,
        N_("Total scored on paper"),
        (_seat, Field("total", "int", -999, 999, required=False)),
        enter_paper_total,
        lambda setup, state, e, who: (
            msg(
                plural(
                    e.payload["total"],
                    N_("{name} entered {total} point from the paper sheet"),
                    N_("{name} entered {total} points from the paper sheet"),
                ),
                name=who,
                total=number(e.payload["total"]),
            )
            if "total" in e.payload
            else msg(N_("{name} went back to the sheet"), name=who)
        ),
    ),
    Move(
        SHEET_FULL,
        N_("Sheet filled"),
        (_seat,),
        fill_sheet,
        lambda setup, state, e, who: msg(N_("{name} filled their sheet"), name=who),
    ),
)
