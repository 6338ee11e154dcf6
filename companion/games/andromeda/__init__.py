"""Andromeda (seed 002): score sheet of centers, Earth stations, technology and bonus cards."""

from companion.games.contract import N_, TallyCategory
from companion.games.mechanics.sheet import SheetGame

TECH_LEVEL = "tech-level"
SHIP_LEVEL = "ship-level"

GAME = SheetGame(
    slug="andromeda",
    name=N_("Andromeda"),
    min_players=3,
    max_players=5,
    tally_categories=(
        TallyCategory("centers", N_("Economic centers (printed values)"), minimum=0),
        TallyCategory("earth", N_("Stations on Earth (1 each)"), minimum=0, maximum=26),
        TallyCategory(TECH_LEVEL, N_("Technology level (1 / 3 / 6)"), ladder=(0, 1, 3, 6), minimum=0, maximum=3),
        TallyCategory("silver", N_("Silver bonus cards (2 each)"), per_unit=2, minimum=0),
        TallyCategory("gold", N_("Gold bonus cards (3 each)"), per_unit=3, minimum=0),
        TallyCategory("platinum", N_("Platinum bonus cards (4 each)"), per_unit=4, minimum=0),
        TallyCategory("diamond", N_("Diamond bonus cards (5 each)"), per_unit=5, minimum=0),
        TallyCategory(SHIP_LEVEL, N_("Ship level"), scores=False, minimum=0, maximum=3),
    ),
    tie_breakers=(TECH_LEVEL, SHIP_LEVEL),
    notes=(N_("The game ends after the round in which 3 planets have all 3 economic centers filled."),),
)
