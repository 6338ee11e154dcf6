"""Mission: Red Planet: the crews on Mars.

Astronauts land in a zone, move between zones or leave Mars (a player has 22); a table may also
set a count outright. A crew first reaching a zone maps it: the app draws its resource token at
random from those left, or the table enters the one it revealed with its own components.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.randomness import rng_for
from companion.games.mission_red_planet.rule_options import COMPONENTS, OWN_COMPONENTS, token_mix, zone_name
from companion.games.mission_red_planet.state import RESOURCE_NAMES, RESOURCES, SLUG, RedPlanet
from companion.games.words import N_, RuleError, msg


def _with_crew(setup: Setup, state: RedPlanet, seat: int, counts: Mapping[int, int], event: Event) -> RedPlanet:
    """Set ``seat``'s crew in some zones (zone -> new count); a zone first reached is mapped."""
    crew = dict(state.crew)
    on_mars = state.on_mars.get(seat, 0)
    for zone, count in counts.items():
        if count < 0:
            raise RuleError(N_("There are not that many crew in {zone}."), zone=zone_name(setup, zone))
        on_mars += count - state.crew_of(zone, seat)
        crew[zone] = {**crew.get(zone, {}), seat: count}
    if on_mars > 22:
        raise RuleError(N_("A player has only 22 crew."))
    state = evolve(state, crew=crew, on_mars={**state.on_mars, seat: on_mars})
    for zone, count in counts.items():
        if count > 0:
            state = _map_zone(setup, state, zone, event)
    return state


def _map_zone(setup: Setup, state: RedPlanet, zone: int, event: Event) -> RedPlanet:
    """A crew reaching an unmapped zone draws a resource token at random from the ones left.

    With the table's own components the app never draws: the token is entered when revealed.
    """
    if zone in state.resources or setup.options.get(COMPONENTS) == OWN_COMPONENTS:
        return state
    left = _tokens_left(setup, state)
    pool = [colour for colour in RESOURCES for _ in range(left[colour])]
    if not pool:
        raise RuleError(N_("No resource tokens are left to draw."))
    # Numbered by the draws before it: undoing a landing and landing again draws the same token.
    colour = rng_for(setup.seed, SLUG, "resource", state.draws).choice(pool)
    return evolve(state, resources={**state.resources, zone: colour}, draws=state.draws + 1)


def _tokens_left(setup: Setup, state: RedPlanet) -> dict[str, int]:
    mix = token_mix(setup)
    return {colour: mix[colour] - sum(1 for c in state.resources.values() if c == colour) for colour in RESOURCES}


def land_crew(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """Crew land in a zone from the ship."""
    seat, zone, count = event.payload["seat"], event.payload["zone"], event.payload["count"]
    return _with_crew(setup, state, seat, {zone: state.crew_of(zone, seat) + count}, event)


def remove_crew(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """Crew leave a zone, and Mars."""
    seat, zone, count = event.payload["seat"], event.payload["zone"], event.payload["count"]
    return _with_crew(setup, state, seat, {zone: state.crew_of(zone, seat) - count}, event)


def move_crew(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """Crew move from one zone to another."""
    seat, source, target, count = (event.payload[k] for k in ("seat", "from_zone", "to_zone", "count"))
    if source == target:
        raise RuleError(N_("Choose two different zones."))
    counts = {source: state.crew_of(source, seat) - count, target: state.crew_of(target, seat) + count}
    return _with_crew(setup, state, seat, counts, event)


def set_crew(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """A player's crew in a zone set to a count, as the board shows it."""
    seat, zone = event.payload["seat"], event.payload["zone"]
    return _with_crew(setup, state, seat, {zone: event.payload["count"]}, event)


def reveal_resource(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """A zone's resource token, revealed on the table (our own components)."""
    zone, colour = event.payload["zone"], event.payload["resource"]
    if zone in state.resources:
        raise RuleError(N_("{zone} already has its resource token."), zone=zone_name(setup, zone))
    if _tokens_left(setup, state)[colour] <= 0:
        raise RuleError(N_("No {resource} resource token is left."), resource=msg(RESOURCE_NAMES[colour]))
    return evolve(state, resources={**state.resources, zone: colour})
