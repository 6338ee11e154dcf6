"""The Andromeda rule options: what the seed leaves open, and the values each table sets.

The economic center values, the third ship step, the bonus card supply, how setup stations are
drawn, the start player, and a bonus card for 8 or more same cards.
"""

from __future__ import annotations

from companion.games.andromeda.board import CENTERS, PLANETS
from companion.games.contract import Setup
from companion.games.options import Choice, RuleOption, option_value
from companion.games.words import N_

CENTER_VALUES = "center-values"
SHIP_THIRD_COST = "ship-third-cost"
BONUS_SUPPLY = "bonus-supply"
SETUP_DRAW = "setup-draw"
START_PLAYER = "start-player"
OVERSIZED_SET = "oversized-set"
DRAW_AT_TABLE, DRAW_IN_APP = "table", "app"
START_FIRST_SEAT, START_RANDOM = "first-seat", "random"
OVERSIZED_DIAMOND, OVERSIZED_NOTHING = "diamond", "nothing"
DEFAULT_CENTER_VALUES = (8, 6, 4, 9, 7, 5, 10, 8, 6, 11, 9, 7, 12, 10, 8, 13, 11, 9, 14, 12, 10)
OPTIONS = (
    RuleOption(
        CENTER_VALUES,
        N_("Economic center values, three per planet (planet 1 first)"),
        DEFAULT_CENTER_VALUES,
        minimum=0,
        maximum=14,
        note=N_("The seed says only that the highest is 14: copy the white numbers from your board."),
    ),
    RuleOption(
        SHIP_THIRD_COST,
        N_("Same cards for the third step of the ship track (hand of 12)"),
        5,
        minimum=4,
        maximum=6,
        note=N_("The seed gives 3, 4 and 6 cards for hands of 10, 11 and 13 and skips this step."),
    ),
    RuleOption(
        BONUS_SUPPLY,
        N_("Bonus cards in the supply (silver, gold, platinum, diamond)"),
        (6, 5, 4, 3),
        minimum=0,
        maximum=20,
        note=N_("The seed says the supply can run out but not how many there are: set it from your box."),
    ),
    RuleOption(
        SETUP_DRAW,
        N_("Extra stations at setup"),
        DRAW_AT_TABLE,
        (
            Choice(
                DRAW_AT_TABLE,
                N_("each player draws on their phone with one tap, or enters the planet cards drawn at the table"),
            ),
            Choice(DRAW_IN_APP, N_("the app draws every player's planet cards from the table's seed at once")),
        ),
    ),
    RuleOption(
        START_PLAYER,
        N_("Start player of round 1"),
        START_FIRST_SEAT,
        (
            Choice(START_FIRST_SEAT, N_("the first seat")),
            Choice(START_RANDOM, N_("drawn by the app from the table's seed")),
        ),
    ),
    RuleOption(
        OVERSIZED_SET,
        N_("Bonus card for 8 or more same cards in one move or challenge"),
        OVERSIZED_DIAMOND,
        (
            Choice(OVERSIZED_DIAMOND, N_("a diamond, as for 7 cards")),
            Choice(OVERSIZED_NOTHING, N_("none")),
        ),
        note=N_("The seed names bonus cards for 4 to 7 cards only."),
    ),
)


def center_values(setup: Setup) -> dict[int, tuple[int, ...]]:
    """Return the printed values of each planet's three economic centers."""
    values = tuple(option_value(setup, OPTIONS, CENTER_VALUES))
    return {p: values[(p - 1) * CENTERS : p * CENTERS] for p in PLANETS}


def ship_costs(setup: Setup) -> tuple[int, ...]:
    """Return the same cards needed for ship levels 1 to 4."""
    return (3, 4, int(option_value(setup, OPTIONS, SHIP_THIRD_COST)), 6)
