"""Welcome to the Moon (seed 000): score sheet of missions, adventure points and system errors."""

from companion.games.base import N_, TallyCategory
from companion.games.sheet import SheetGame

UNUSED_ERROR_BOXES = "unused-error-boxes"

GAME = SheetGame(
    slug="welcome-to-the-moon",
    name=N_("Welcome to the Moon"),
    min_players=1,
    max_players=6,
    tally_categories=(
        TallyCategory("missions", N_("Missions"), minimum=0),
        TallyCategory("adventure", N_("Adventure points")),
        TallyCategory("system-errors", N_("System errors (−5 each)"), per_unit=-5, minimum=0, maximum=8),
        TallyCategory(UNUSED_ERROR_BOXES, N_("Unused system error boxes"), scores=False, minimum=0, maximum=8),
    ),
    tie_breakers=(UNUSED_ERROR_BOXES,),
)
