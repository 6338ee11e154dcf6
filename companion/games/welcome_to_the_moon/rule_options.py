"""Welcome to the Moon: the rule options a table chooses, and the questions the rules ask of them.

Which adventure, together or solo against ASTRA (and its level), whether the app deals the
missions and flips the deck or the table uses its own components, who flips, how the 20 / 10 / 5
awards rank ties, and the variants and printed values where our sources differ (adventures 1, 6
and 8, ASTRA's track in solo adventure 1).
"""

from __future__ import annotations

from companion.games.contract import Setup
from companion.games.mechanics.ranking import COMPETITION, DENSE
from companion.games.moves import ANYONE, HOST
from companion.games.options import Choice, RuleOption, option_value, when
from companion.games.welcome_to_the_moon.cards import Mission
from companion.games.welcome_to_the_moon.score_sheet import Adventure
from companion.games.welcome_to_the_moon.sheets import ADVENTURES
from companion.games.words import N_

ADVENTURE, MODE, ASTRA_LEVEL, FLIPPER, RANKING = "adventure", "mode", "astra-level", "flip", "ranking"
ADVENTURE_6_AREAS, ADVENTURE_1_ROCKETS = "adventure-6-areas", "adventure-1-rockets"
LAUNCH_WINS = "adventure-1-launch"
COMPONENTS = "components"
APP_DRAWS, OWN_COMPONENTS = "app", "own"
ASTRA_1_START, ASTRA_1_POINTS = "astra-1-start-rockets", "astra-1-points"
ASTRA_1_TRACK, ASTRA_1_LAUNCH, ASTRA_1_SABOTAGE = "astra-1-track", "astra-1-launch-rockets", "astra-1-sabotage"
EVERY_DRAW, FIRST_DRAW = "every", "first"
ASTRA_1_STEP = 5  # before version 2, ASTRA's points (option astra-1-points) came every five rockets
ADVENTURE_8_PLANTS, ADVENTURE_8_WATER, ADVENTURE_8_PLANNING = (
    "adventure-8-plants",
    "adventure-8-water",
    "adventure-8-planning",
)
MULTI, SOLO = "multi", "solo"


OPTIONS = (
    RuleOption(
        COMPONENTS,
        N_("Missions and starship cards"),
        APP_DRAWS,
        (
            Choice(APP_DRAWS, N_("the app deals the missions and flips the deck")),
            Choice(
                OWN_COMPONENTS,
                N_("our own components: we enter the missions and the cards we turn"),
                short=N_("our own components"),
            ),
        ),
    ),
    RuleOption(ADVENTURE, N_("Adventure"), "1", tuple(Choice(str(n), a.name) for n, a in ADVENTURES.items())),
    RuleOption(
        MODE, N_("Mode"), MULTI, (Choice(MULTI, N_("players together")), Choice(SOLO, N_("solo against ASTRA")))
    ),
    RuleOption(ASTRA_LEVEL, N_("ASTRA level (solo)"), 1, minimum=1, maximum=8, applies=when({MODE: SOLO})),
    RuleOption(
        FLIPPER,
        N_("Who flips the cards"),
        "anyone",
        (Choice("anyone", N_("anyone")), Choice("host", N_("the host only"))),
    ),
    RuleOption(
        RANKING,
        N_("Ranking for the 20 / 10 / 5 awards"),
        DENSE,
        (
            Choice(DENSE, N_("dense: 1, 1, 2 (as on Board Game Arena)"), short=N_("1, 1, 2 (as on Board Game Arena)")),
            Choice(COMPETITION, N_("standard: 1, 1, 3"), short=N_("1, 1, 3")),
        ),
    ),
    RuleOption(
        ADVENTURE_6_AREAS,
        N_("Areas scored at the end (adventure 6)"),
        "all",
        (
            Choice("all", N_("all areas, finished or not (the seed)")),
            Choice("evacuated", N_("evacuated areas only (Board Game Arena)")),
        ),
        applies=when({ADVENTURE: "6"}),
    ),
    RuleOption(
        LAUNCH_WINS,
        N_("Launching the rocket in adventure 1 (every rocket crossed, no open system error)"),
        "yes",
        (
            Choice("yes", N_("wins at once (the seed)")),
            Choice("no", N_("only ends the game; points decide (Board Game Arena)")),
        ),
        applies=when({ADVENTURE: "1"}),
    ),
    RuleOption(
        ADVENTURE_1_ROCKETS,
        N_("Adventure 1 mission rockets, first and later value of cards A1, A2, B1, B2, C1, C2"),
        (4, 2, 4, 2, 3, 2, 3, 2, 2, 1, 3, 2),
        minimum=0,
        maximum=20,
        note=N_("The seed's first values (4 / 3 / 2 for its three missions); the rest from the digest."),
        applies=when({ADVENTURE: "1"}),
    ),
    RuleOption(
        ASTRA_1_START,
        N_("Rockets ASTRA has crossed at the start, levels 1–8 (solo, adventure 1)"),
        (15, 12, 10, 8, 6, 4, 2, 0),
        minimum=0,
        maximum=300,
        note=N_("The seed is silent on solo; after Board Game Arena (Astra1.php, commit 667343e)."),
        applies=when({ADVENTURE: "1", MODE: SOLO}),
    ),
    RuleOption(
        ASTRA_1_TRACK,
        N_("ASTRA's points below the first threshold, then each threshold's rockets and points (solo, adventure 1)"),
        (10, *(n for step in range(14) for n in (16 + 5 * step, 20 + 10 * step))),
        minimum=0,
        maximum=300,
        note=N_(
            "10 points below 16 rockets, 20 from 16, 30 from 21 … 150 from 81 (Board Game Arena, commit 667343e; "
            "before it: 15 … 80). Any thresholds: the points, then pairs of rockets and points."
        ),
        applies=when({ADVENTURE: "1", MODE: SOLO}),
        counts=(1, 61),
    ),
    RuleOption(
        ASTRA_1_LAUNCH,
        N_("Rockets on ASTRA's track (solo, adventure 1; all crossed, ASTRA launches and the game ends)"),
        81,
        minimum=1,
        maximum=300,
        applies=when({ADVENTURE: "1", MODE: SOLO}),
    ),
    RuleOption(
        ASTRA_1_SABOTAGE,
        N_("ASTRA crosses off one of your sabotage spaces and circles a system error (solo, adventure 1)"),
        EVERY_DRAW,
        (
            Choice(EVERY_DRAW, N_("on every solo card drawn (Board Game Arena since 667343e)")),
            Choice(FIRST_DRAW, N_("on the first draw of each solo card only (earlier versions)")),
        ),
        applies=when({ADVENTURE: "1", MODE: SOLO}),
    ),
    RuleOption(  # before version 2: read only where a table set its own (see astra_track)
        ASTRA_1_POINTS,
        N_("ASTRA's points at the start and at every fifth rocket (solo, adventure 1)"),
        (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150),
        minimum=0,
        maximum=300,
        note=N_("Rule version 1, replaced by astra-1-track: read only where a table set its own and no track."),
        applies=lambda values: False,
    ),
    RuleOption(
        ADVENTURE_8_PLANTS,
        N_("Points for 0–12 plant boxes crossed (adventure 8)"),
        (0, 1, 2, 4, 6, 9, 12, 16, 20, 25, 30, 36, 42),
        minimum=0,
        maximum=200,
        note=N_("Not transcribed in our rules: copy the values printed on your sheet."),
        applies=when({ADVENTURE: "8"}),
    ),
    RuleOption(
        ADVENTURE_8_WATER,
        N_("Points for 0–12 water boxes crossed (adventure 8)"),
        (0, 2, 4, 7, 10, 14, 18, 23, 28, 34, 40, 47, 54),
        minimum=0,
        maximum=200,
        note=N_("Not transcribed in our rules: copy the values printed on your sheet."),
        applies=when({ADVENTURE: "8"}),
    ),
    RuleOption(
        ADVENTURE_8_PLANNING,
        N_("Penalty for 0–12 planning marks (adventure 8)"),
        (0, 1, 3, 6, 9, 12, 16, 20, 24, 28, 32, 36, 40),
        minimum=0,
        maximum=200,
        note=N_("Not transcribed in our rules: copy the values printed on your sheet."),
        applies=when({ADVENTURE: "8"}),
    ),
)


def adventure_of(setup: Setup) -> Adventure:
    """Return the table's adventure."""
    return ADVENTURES[int(setup.options.get(ADVENTURE, "1"))]


def is_solo(setup: Setup) -> bool:
    """True when one player plays against ASTRA."""
    return setup.options.get(MODE) == SOLO


def mission_values(setup: Setup, mission: Mission) -> tuple[int, int]:
    """Return a mission's (first, later) reward; adventure 1's come from the option table."""
    if mission.adventure != 1:
        return mission.first, mission.later
    table = option_value(setup, OPTIONS, ADVENTURE_1_ROCKETS)
    index = (mission.id - 64) * 2
    return int(table[index]), int(table[index + 1])


def own_components(setup: Setup) -> bool:
    """True when the table enters its own missions and cards instead of the app dealing them."""
    return bool(setup.options.get(COMPONENTS, APP_DRAWS) == OWN_COMPONENTS)


def flipper(setup: Setup) -> str:
    """Who may flip the cards at this table: anyone seated, or the host only (an option)."""
    return HOST if setup.options.get(FLIPPER) == "host" else ANYONE
