"""Mission: Red Planet: the rule options a table chooses, and the questions the rules ask of them.

The edition (its player count, zones and token mix), what tokens are worth, the zones without
discovery cards, ties and empty zones, whether the app draws the resource tokens or the table
uses its own, and the variants where our sources are silent or differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.contract import Setup
from companion.games.mechanics.sheet import check_player_count
from companion.games.mission_red_planet.state import PHOBOS, RESOURCES, ZONES
from companion.games.options import Choice, RuleOption, when
from companion.games.words import N_, Message, RuleError, msg

FIRST_EDITION, SECOND_EDITION = "1st", "2nd"

EDITION = "edition"
TOKEN_VALUES = "token-values"
TOKEN_MIX_1ST = "token-mix-1st"
SUPPLY_1ST = "supply-1st"
CENTRAL_ZONES = "central-zones"
EMPTY_ZONES = "empty-zones"
RESOURCE_TOKEN_WORTH = "resource-token-worth"
TIE_BREAK = "tie-break"
COMPONENTS = "components"
FINAL_RESOURCE_TOKEN = "final-resource-token"
ICE_TOKEN_IS_ICE = "ice-resource-token"
APP_DRAWS, OWN_COMPONENTS = "app", "own"

BONUS_TIE = "bonus-tie"
RECRUITER_RETURNS_ITSELF = "recruiter-returns-itself"
# The rules a table was started with: a table keeps them, so that its ledger replays as it was
# recorded. Not asked on the new-table form (every new table takes the newest); a table stored
# before the option existed has none and is version 1.
RULE_VERSION = "rule-version"
RULES_BEFORE_CALLS_CHECK, RULES_CALLS_END_ROUND = "1", "2"
TIE_NOT_MOST, TIE_IS_MOST = "not-most", "most"

EDITIONS: Mapping[str, dict[str, Any]] = {
    FIRST_EDITION: {"players": (3, 5)},
    SECOND_EDITION: {"players": (2, 6), "mix": (5, 3, 3), "supply": (40, 23, 23)},
}

OPTIONS = (
    RuleOption(
        EDITION,
        N_("Edition"),
        FIRST_EDITION,
        (
            Choice(FIRST_EDITION, N_("1st edition (3–5 players, 10 zones)")),
            Choice(SECOND_EDITION, N_("2nd edition (2–6 players, 9 regions and Phobos)")),
        ),
    ),
    RuleOption(
        TOKEN_VALUES,
        N_("Points per score token (ice, sylvanite, celerium)"),
        (1, 2, 3),
        minimum=0,
        maximum=20,
        note=N_("2nd edition values; the 1st edition only says “1 to 3”."),
    ),
    RuleOption(
        TOKEN_MIX_1ST,
        N_("1st edition resource tokens (ice, sylvanite, celerium; 14 in all)"),
        (6, 4, 4),
        minimum=0,
        maximum=14,
        note=N_("Not confirmed by the rules we have: set it from your box."),
        applies=when({EDITION: FIRST_EDITION}),
    ),
    RuleOption(
        SUPPLY_1ST,
        N_("1st edition score tokens in the supply (ice, sylvanite, celerium; 70 in all)"),
        (30, 20, 20),
        minimum=0,
        maximum=70,
        note=N_("Not confirmed by the rules we have: set it from your box."),
        applies=when({EDITION: FIRST_EDITION}),
    ),
    RuleOption(
        CENTRAL_ZONES,
        N_("Central zones (no discovery card there)"),
        (8, 9, 10),
        minimum=1,
        maximum=10,
    ),
    RuleOption(
        EMPTY_ZONES,
        N_("Tokens of a zone with no crew"),
        "stay",
        (
            Choice("stay", N_("stay in the zone for the next scoring")),
            Choice("discard", N_("are discarded")),
        ),
    ),
    RuleOption(
        RESOURCE_TOKEN_WORTH,
        N_("A resource token is worth"),
        "three-tokens",
        (
            Choice("three-tokens", N_("three score tokens of its colour")),
            Choice("three-points", N_("three points")),
        ),
        note=N_(
            "The rules count it as “three points' worth” of score tokens of its colour "
            "(「同色のスコア・トークンの3点分」): by default, three such tokens."
        ),
    ),
    RuleOption(
        COMPONENTS,
        N_("Resource tokens"),
        APP_DRAWS,
        (
            Choice(APP_DRAWS, N_("the app draws a zone's token when crew first reach it")),
            Choice(OWN_COMPONENTS, N_("our own components (we enter each token when it is revealed)")),
        ),
    ),
    RuleOption(
        FINAL_RESOURCE_TOKEN,
        N_("After round 10, a sole majority also takes the zone's resource token"),
        True,
        note=N_("As the seed says; switch off to play without it."),
    ),
    RuleOption(
        ICE_TOKEN_IS_ICE,
        N_("An ice resource token counts as ice for the ice bonus (as three tokens)"),
        True,
        note=N_("Our sources do not say; on by default."),
    ),
    RuleOption(
        BONUS_TIE,
        N_("A bonus card for “the most”, when players tie for the most"),
        TIE_NOT_MOST,
        (
            Choice(TIE_NOT_MOST, N_("a tie is not the most (nobody tied scores it)")),
            Choice(TIE_IS_MOST, N_("every tied player scores it")),
        ),
        note=N_("The seed only says some bonus cards need their condition to hold."),
    ),
    RuleOption(
        RECRUITER_RETURNS_ITSELF,
        N_("The Recruiter also comes back to the hand with the used characters"),
        True,
        note=N_("The seed says used characters come back only with the Recruiter; 2nd-edition summaries say all."),
    ),
    RuleOption(
        RULE_VERSION,
        N_("Rules the table was started with"),
        RULES_CALLS_END_ROUND,
        (
            Choice(RULES_BEFORE_CALLS_CHECK, N_("version 1 (End round did not wait for the character calls)")),
            Choice(RULES_CALLS_END_ROUND, N_("version 2 (End round waits until every character has acted)")),
        ),
        note=N_("Set when the table starts: a table keeps the rules its entries were recorded under."),
        applies=lambda values: False,  # never asked: a new table takes the newest rules
    ),
    RuleOption(
        TIE_BREAK,
        N_("Tied final scores"),
        "shared",
        (
            Choice("shared", N_("shared victory")),
            Choice("crew", N_("more crew on Mars wins, else shared")),
        ),
    ),
)


def edition_of(setup: Setup) -> str:
    """Return the table's edition."""
    return str(setup.options.get(EDITION, FIRST_EDITION))


def token_mix(setup: Setup) -> dict[str, int]:
    """Return how many resource tokens of each colour the edition has."""
    edition = edition_of(setup)
    mix = EDITIONS[edition]["mix"] if edition == SECOND_EDITION else setup.options.get(TOKEN_MIX_1ST, (6, 4, 4))
    return dict(zip(RESOURCES, mix, strict=True))


def score_supply(setup: Setup) -> dict[str, int]:
    """Return the score tokens of each colour in the supply at the start."""
    edition = edition_of(setup)
    supply = EDITIONS[edition]["supply"] if edition == SECOND_EDITION else setup.options.get(SUPPLY_1ST, (30, 20, 20))
    return dict(zip(RESOURCES, supply, strict=True))


def zone_name(setup: Setup, zone: int) -> Message:
    """Return the zone's name as the edition calls it."""
    if edition_of(setup) == SECOND_EDITION:
        return msg(N_("Phobos")) if zone == PHOBOS else msg(N_("Region {zone}"), zone=zone)
    return msg(N_("Zone {zone}"), zone=zone)


def check_setup(setup: Setup) -> None:
    """Apply the edition's player count and a token mix that can fill the zones."""
    low, high = EDITIONS[edition_of(setup)]["players"]
    check_player_count(low, high, len(setup.players))
    if sum(token_mix(setup).values()) < len(ZONES):
        raise RuleError(N_("There must be at least {count} resource tokens."), count=len(ZONES))
