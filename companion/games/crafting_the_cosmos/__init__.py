"""Crafting the Cosmos (seed 004): score sheet of nebulae, goals, time chamber and life."""

from companion.games.contract import N_, TallyCategory
from companion.games.mechanics.sheet import SheetGame

ENERGY_IN_HAND = "energy-in-hand"

GAME = SheetGame(
    slug="crafting-the-cosmos",
    name=N_("Crafting the Cosmos"),
    min_players=2,
    max_players=4,
    tally_categories=(
        TallyCategory("nebulae", N_("Completed nebulae"), minimum=0),
        TallyCategory("goals", N_("Universal goals"), minimum=0),
        TallyCategory(
            "time-chamber",
            N_("Time chamber releases (3 / 6 / 10 / 15 / 21)"),
            ladder=(0, 3, 9, 19, 34, 55),
            minimum=0,
            maximum=99,
        ),
        TallyCategory("energy-sets", N_("Sets of 5 energy cards (6 each)"), per_unit=6, minimum=0),
        TallyCategory("advanced-life", N_("Advanced life tokens"), minimum=0),
        TallyCategory("other", N_("Other points (abilities)")),
        TallyCategory(ENERGY_IN_HAND, N_("Energy cards in hand"), scores=False, minimum=0, maximum=10),
    ),
    tie_breakers=(ENERGY_IN_HAND,),
)
