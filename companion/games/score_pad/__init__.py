"""Score pad: any other game, kept as points per player on the table's tally sheet.

For the games the app does not model yet: the table adds its own scoring categories; the highest
total wins and equal totals share their rank.
"""

from companion.games.contract import TallyCategory
from companion.games.mechanics.sheet import SheetGame
from companion.games.words import N_

POINTS = "vp"

GAME = SheetGame(
    slug="score-pad",
    name=N_("Score pad (any other game)"),
    min_players=1,
    max_players=6,
    tally_categories=(TallyCategory(POINTS, N_("Victory points"), minimum=0),),
    notes=(
        N_(
            "Add a category for each way the game scores (penalties in a category of their own: "
            "victory points stay at 0 or more); equal totals share their rank."
        ),
    ),
)
