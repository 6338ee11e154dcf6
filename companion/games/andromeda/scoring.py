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
)
from companion.games.andromeda.rule_options import OPTIONS, center_values
from companion.games.contract import Setup
from companion.games.mechanics.ranking import TieBreaker, standings
from companion.games.options import applied_options
from companion.games.scores import CategoryScore, Scoreboard
from companion.games.words import N_, listing, msg


def center_points(setup: Setup, state: Andromeda, seat: int) -> list[tuple[int, int]]:
    """Return (planet, value) of each economic center ``seat`` has founded."""
    values = center_values(setup)
    return [
        (planet, values[planet][index])
        for planet in PLANETS
        for index, owner in sorted(state.centers.get(planet, {}).items())
        if owner == seat
    ]


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
                msg(
                    N_("{count} centers: {values}"),
                    count=len(centers),
                    values=" + ".join(str(v) for _, v in centers) or "0",
                ),
            ),
            CategoryScore(
                "earth",
                N_("Stations on Earth"),
                state.earth.get(seat, 0),
                msg(N_("{count} stations × 1"), count=state.earth.get(seat, 0)),
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
        msg(
            N_("Planets with all three centers taken: {count} of 3 ({planets})."),
            count=len(full),
            planets=listing(full) if full else "—",
        ),
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
