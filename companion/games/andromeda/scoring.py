"""The Andromeda score: centers + stations on Earth + tech points + bonus cards kept.

Ties go to the higher technology level, then the higher ship level.
"""

from __future__ import annotations

from companion.games.andromeda.board import (
    BONUS_KINDS,
    BONUS_POINTS,
    FULL_PLANETS_TO_END,
    PHASE_NAMES,
    PLANETS,
    TECH_POINTS,
    Andromeda,
    card_list,
    hand_size,
    planet_name,
)
from companion.games.andromeda.rule_options import OPTIONS, center_values
from companion.games.contract import Setup
from companion.games.mechanics.ranking import TieBreaker, standings
from companion.games.options import applied_options
from companion.games.scores import CategoryScore, Scoreboard
from companion.games.words import N_, Message, listing, msg, plural


def center_points(setup: Setup, state: Andromeda, seat: int) -> list[tuple[int, int]]:
    """Return (planet, value) of each economic center ``seat`` has founded."""
    values = center_values(setup)
    return [
        (planet, values[planet][index])
        for planet in PLANETS
        for index, owner in sorted(state.centers.get(planet, {}).items())
        if owner == seat
    ]


def full_planets_note(full: tuple[int, ...]) -> Message:
    """Say which planets have all three economic centers taken, and how near the end that is."""
    if not full:
        return msg(N_("No planet has all three economic centers taken yet: the game ends after the third."))
    planets = listing(planet_name(p) for p in full)
    if len(full) < FULL_PLANETS_TO_END:
        return msg(
            plural(
                len(full),
                N_("{count} planet has all three economic centers taken ({planets}): the game ends after the third."),
                N_("{count} planets have all three economic centers taken ({planets}): the game ends after the third."),
            ),
            count=len(full),
            planets=planets,
        )
    return msg(
        N_("{count} planets have all three economic centers taken ({planets})."), count=len(full), planets=planets
    )


def score_andromeda(setup: Setup, state: Andromeda) -> Scoreboard:
    """Return centers + stations on Earth + tech points + bonus cards kept; ties by tech, then ship."""
    categories: dict[int, tuple[CategoryScore, ...]] = {}
    for seat in setup.seats:
        centers = center_points(setup, state, seat)
        tech = state.tech.get(seat, 0)
        held = {kind: state.held(seat, kind) for kind in BONUS_KINDS}
        categories[seat] = (
            CategoryScore(
                "centers",
                N_("Economic centers"),
                sum(value for _, value in centers),
                listing(
                    msg(N_("{value} on {planet}"), value=value, planet=planet_name(planet)) for planet, value in centers
                )
                if centers
                else None,
            ),
            CategoryScore(
                "earth",
                N_("Stations on Earth"),
                state.earth.get(seat, 0),
                msg(
                    plural(
                        state.earth.get(seat, 0),
                        N_("{count} station × 1 point"),
                        N_("{count} stations × 1 point"),
                    ),
                    count=state.earth.get(seat, 0),
                ),
            ),
            CategoryScore("tech", N_("Technology track"), TECH_POINTS[tech], msg(N_("level {level}"), level=tech)),
            CategoryScore(
                "bonus",
                N_("Bonus cards kept"),
                sum(BONUS_POINTS[kind] * n for kind, n in held.items()),
                card_list([kind for kind in BONUS_KINDS for _ in range(held[kind])]),
            ),
        )
    chain = (
        TieBreaker(N_("technology level"), dict(state.tech)),
        TieBreaker(N_("ship level"), dict(state.ship)),
    )
    players, explanation = standings(setup, categories, chain)
    full = state.full_planets()
    notes = [
        msg(N_("Round {round}, {phase}."), round=state.round, phase=msg(PHASE_NAMES[state.phase])),
        full_planets_note(full),
    ]
    if state.over:
        notes.append(msg(N_("The game ended at the end of round {round}."), round=state.end_round))
    elif len(full) >= FULL_PLANETS_TO_END:
        notes.append(msg(N_("Three planets are full: the game ends at the end of this round.")))
    details = [
        msg(
            N_("{name}: ship level {ship} (hand of {hand}), technology level {tech}"),
            name=setup.player(seat).name,
            ship=state.ship.get(seat, 0),
            hand=hand_size(state, seat),
            tech=state.tech.get(seat, 0),
        )
        for seat in setup.seats
    ]
    return Scoreboard(players, explanation, applied_options(OPTIONS, setup.options), tuple(notes), tuple(details))
