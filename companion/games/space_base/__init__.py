"""Space Base (seed 001): score sheet of victory points and the extra-round tie-break."""

from companion.games.contract import N_, TallyCategory
from companion.games.mechanics.sheet import SheetGame

VP = "vp"
EXTRA_ROUND_VP = "extra-round-vp"

GAME = SheetGame(
    slug="space-base",
    name=N_("Space Base"),
    min_players=2,
    max_players=5,
    tally_categories=(
        TallyCategory(VP, N_("Victory points"), minimum=0),
        TallyCategory(EXTRA_ROUND_VP, N_("VP gained in the extra round"), scores=False, minimum=0),
    ),
    tie_breakers=(EXTRA_ROUND_VP,),
    notes=(
        N_("The end comes when a player reaches 40 VP; finish the round so everyone has had the same number of turns."),
        N_("Tied on VP: the tied players play one more round and enter the VP each gains in it; repeat until decided."),
    ),
)
