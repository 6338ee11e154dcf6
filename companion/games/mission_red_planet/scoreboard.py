"""Mission: Red Planet: the scoreboard.

Score tokens by colour at the table's values, resource tokens (a sole final majority's), the
most ice (+9, split if tied) and, once round 10 is scored, the bonus and discovery cards; the
details say how each zone was settled and why each card scored or not.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.contract import Setup
from companion.games.mechanics.majority import split_bonus
from companion.games.mechanics.ranking import TieBreaker, standings
from companion.games.mission_red_planet.cards_in_play import bonus_outcomes, discovery_awards, explain_cards
from companion.games.mission_red_planet.majorities import explain_scoring
from companion.games.mission_red_planet.rule_options import (
    ICE_TOKEN_IS_ICE,
    OPTIONS,
    RESOURCE_TOKEN_WORTH,
    TIE_BREAK,
    TOKEN_VALUES,
)
from companion.games.mission_red_planet.state import (
    ICE,
    LAST_ROUND,
    NAME_CREW,
    NAME_POINTS,
    RESOURCE_NAMES,
    RESOURCES,
    RedPlanet,
)
from companion.games.options import applied_options
from companion.games.scores import CategoryScore, Scoreboard
from companion.games.words import N_, Message, listing, msg, plural, signed

ICE_BONUS = 9


def token_points(setup: Setup) -> dict[str, int]:
    """Return the points of one score token of each colour."""
    return dict(zip(RESOURCES, setup.options.get(TOKEN_VALUES, (1, 2, 3)), strict=True))


def resource_token_points(setup: Setup, colour: str) -> int:
    """Return what a resource token of ``colour`` is worth under the table's option."""
    if setup.options.get(RESOURCE_TOKEN_WORTH) == "three-points":
        return 3
    return 3 * token_points(setup)[colour]


def ice_counts(setup: Setup, state: RedPlanet) -> dict[int, int]:
    """Return each seat's ice, in score tokens (a resource token counts as three, unless the option says not)."""
    per_resource_token = 3 if setup.options.get(ICE_TOKEN_IS_ICE, True) else 0
    return {
        seat: state.tokens.get((seat, ICE), 0) + per_resource_token * state.resource_tokens.get((seat, ICE), 0)
        for seat in setup.seats
    }


def score_red_planet(setup: Setup, state: RedPlanet) -> Scoreboard:
    """Return the scoreboard: per colour, resource tokens, ice bonus, cards (cards once over)."""
    values = token_points(setup)
    ice_bonus = split_bonus(ice_counts(setup, state), ICE_BONUS) if state.over else {}
    outcomes = bonus_outcomes(setup, state) if state.over else ()
    found = discovery_awards(setup, state)
    categories: dict[int, tuple[CategoryScore, ...]] = {}
    for seat in setup.seats:
        lines = [
            CategoryScore(
                colour,
                RESOURCE_NAMES[colour],
                state.tokens.get((seat, colour), 0) * values[colour],
                _tokens_times(state.tokens.get((seat, colour), 0), values[colour]),
            )
            for colour in RESOURCES
        ]
        held = {c: state.resource_tokens.get((seat, c), 0) for c in RESOURCES}
        lines.append(
            CategoryScore(
                "resource-tokens",
                N_("Resource tokens (sole final majority)"),
                sum(n * resource_token_points(setup, c) for c, n in held.items()),
                msg(plural(sum(held.values()), N_("{count} token"), N_("{count} tokens")), count=sum(held.values())),
            )
        )
        lines.append(CategoryScore("ice-bonus", N_("Most ice (+9, split if tied)"), ice_bonus.get(seat, 0)))
        if state.over:
            mine = [o for o in outcomes if o.seat == seat]
            lines.append(
                CategoryScore(
                    "bonus",
                    N_("Bonus cards"),
                    sum(o.points for o in mine),
                    msg(
                        plural(len(mine), N_("{met} of {count} card scored"), N_("{met} of {count} cards scored")),
                        met=sum(1 for o in mine if o.points),
                        count=len(mine),
                    ),
                )
            )
            lines.append(CategoryScore("discovery", N_("Discovery cards"), sum(p for _z, s, p in found if s == seat)))
        categories[seat] = tuple(lines)
    chain = []
    if setup.options.get(TIE_BREAK) == "crew":
        chain.append(TieBreaker(N_("crew on Mars"), dict(state.on_mars)))
    players, explanation = standings(setup, categories, chain)
    notes = [msg(N_("Round {round} of 10."), round=min(state.round, LAST_ROUND))]
    if not state.over:
        notes.append(msg(N_("Bonus and discovery cards stay secret until round 10 is scored.")))
    else:
        unknown = [
            z for z in sorted(state.discoveries) if z not in state.discovery_cards and z not in state.discovery_points
        ]
        if unknown:
            notes.append(
                msg(
                    N_(
                        "Discovery cards not turned up yet on {zones}: enter what they do and the zone is scored again."
                    ),
                    zones=listing(str(z) for z in unknown),
                )
            )
    details = [line for scoring in state.scorings for line in explain_scoring(setup, scoring)]
    if state.over:
        details.append(explain_ice_bonus(setup, state, ice_bonus))
        details += explain_cards(setup, state, outcomes, found)
    return Scoreboard(players, explanation, applied_options(OPTIONS, setup.options), tuple(notes), tuple(details))


def _tokens_times(count: int, value: int) -> Message:
    return msg(plural(count, N_("{count} token × {value}"), N_("{count} tokens × {value}")), count=count, value=value)


def explain_ice_bonus(setup: Setup, state: RedPlanet, bonus: Mapping[int, int]) -> Message:
    """Say who had how much ice and who took the +9 (split among tied players, rounded down)."""
    counts = ice_counts(setup, state)
    names = {p.seat: p.name for p in setup.players}
    ice = listing(
        msg(NAME_CREW, name=names[seat], count=counts[seat]) for seat in sorted(counts, key=lambda s: (-counts[s], s))
    )
    takers = [seat for seat, points in bonus.items() if points]
    if not takers:
        return msg(N_("Most ice: {ice}; nobody has ice, so nobody takes the +9."), ice=ice)
    won = listing(msg(NAME_POINTS, name=names[seat], points=signed(bonus[seat])) for seat in takers)
    counted = (
        N_("a resource token counts as three")
        if setup.options.get(ICE_TOKEN_IS_ICE, True)
        else N_("resource tokens do not count")
    )
    return msg(N_("Most ice ({counted}): {ice} → {won}"), counted=msg(counted), ice=ice, won=won)
