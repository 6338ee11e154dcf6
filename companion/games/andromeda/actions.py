"""The Andromeda action phase: exchange, move stations, challenge, the ship and tech tracks.

n same planet cards move or challenge n ÷ 2 times, rounded down (up at tech level 3). A
challenge draws stations from the planet ring: own → the highest free economic center and the
action ends; another player's → back to its owner's Earth; all three centers taken → back to
Earth whatever is drawn. 4 / 5 / 6 / 7 same cards in one move or challenge earn silver / gold /
platinum / diamond from a limited supply. Bonus cards stand in for any planet card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.games.andromeda.board import (
    ACTIONS,
    BONUS_FOR_CARDS,
    BONUS_KINDS,
    BONUS_NAMES,
    CENTERS,
    DIAMOND,
    SLUG,
    Andromeda,
    Challenge,
    Handler,
    RingDraw,
    exchange_limit,
    from_earth,
    halved,
    planet_name,
    to_earth,
)
from companion.games.andromeda.phases import turn_done
from companion.games.andromeda.rule_options import OPTIONS, OVERSIZED_DIAMOND, OVERSIZED_SET, center_values
from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.randomness import rng_for
from companion.games.options import option_value
from companion.games.words import N_, RuleError, msg

EXCHANGE, MOVE_STATIONS, CHALLENGE, SHIP, TECH = "exchange", "move", "challenge", "ship", "tech"


def on_turn(handler: Handler) -> Handler:
    """Check that it is the seat's turn in the action phase; count the action; pass on the turn."""

    def checked(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
        seat = event.payload["seat"]
        if state.phase != ACTIONS:
            raise RuleError(N_("Actions are taken in the action phase."))
        if seat != state.turn:
            name = setup.player(state.turn).name if state.turn is not None else ""
            raise RuleError(N_("It is {name}'s turn."), name=name)
        state = handler(setup, state, event)
        state = evolve(state, actions_left=state.actions_left - 1, actions_taken=state.actions_taken + 1)
        return turn_done(setup, state) if state.actions_left == 0 else state

    return checked


def _spend_bonus(setup: Setup, state: Andromeda, seat: int, payload: Mapping[str, Any]) -> tuple[Andromeda, int]:
    """Take the bonus cards spent from ``seat``'s hand back to the supply; return them and their number."""
    spent = {kind: int(payload.get(kind, 0)) for kind in BONUS_KINDS}
    for kind, count in spent.items():
        if count > state.held(seat, kind):
            raise RuleError(
                N_("{name} holds {count} {kind} bonus cards."),
                name=setup.player(seat).name,
                count=state.held(seat, kind),
                kind=msg(BONUS_NAMES[kind]),
            )
    held = {kind: state.held(seat, kind) - spent[kind] for kind in BONUS_KINDS}
    supply = {kind: state.supply.get(kind, 0) + spent[kind] for kind in BONUS_KINDS}
    return evolve(state, bonus={**state.bonus, seat: held}, supply=supply), sum(spent.values())


def _set_of(setup: Setup, state: Andromeda, event: Event) -> tuple[Andromeda, int, int]:
    """Spend a set of same planet cards (bonus cards stand in for any): return cards, bonus cards used."""
    cards = event.payload["cards"]
    if cards < 1:
        raise RuleError(N_("Bonus cards cannot be played alone: add at least one planet card."))
    state, wild = _spend_bonus(setup, state, event.payload["seat"], event.payload)
    return state, cards + wild, wild


def _earn_bonus(setup: Setup, state: Andromeda, seat: int, cards: int, wild: int, seq: int) -> Andromeda:
    """Four or more same cards without a bonus card among them earn a bonus card, while the supply lasts."""
    if wild or cards < min(BONUS_FOR_CARDS):
        return state
    kind = BONUS_FOR_CARDS.get(cards)
    if kind is None and option_value(setup, OPTIONS, OVERSIZED_SET) == OVERSIZED_DIAMOND:
        kind = DIAMOND
    if kind is None or state.supply.get(kind, 0) <= 0:
        return state
    held = {**state.bonus.get(seat, {}), kind: state.held(seat, kind) + 1}
    return evolve(
        state,
        bonus={**state.bonus, seat: held},
        supply={**state.supply, kind: state.supply[kind] - 1},
        earned={**state.earned, seq: kind},
    )


def exchange_cards(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """Action 1: discard up to 2 cards (3 at tech level 2) and draw as many."""
    seat = event.payload["seat"]
    state, wild = _spend_bonus(setup, state, seat, event.payload)
    count = event.payload["cards"] + wild
    if not 1 <= count <= exchange_limit(state, seat):
        raise RuleError(N_("Exchange 1 to {limit} cards."), limit=exchange_limit(state, seat))
    return state


def move_stations(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """Action 2: n same planet cards move n ÷ 2 stations from Earth to that planet."""
    seat, planet = event.payload["seat"], event.payload["planet"]
    state, cards, wild = _set_of(setup, state, event)
    allowed = halved(state, seat, cards)
    if allowed < 1:
        raise RuleError(N_("{cards} cards move no station: play at least 2."), cards=cards)
    count = event.payload.get("stations", min(allowed, state.earth[seat]))
    if count > allowed:
        raise RuleError(N_("{cards} cards move at most {allowed} stations."), cards=cards, allowed=allowed)
    state = from_earth(setup, state, seat, planet, count)
    state = evolve(state, moved={**state.moved, event.seq: count})
    return _earn_bonus(setup, state, seat, cards, wild, event.seq)


def ring_draw(seed: str, draws_before: int, ring: Mapping[int, int]) -> int:
    """Draw one station from the ring (seat -> stations): each station is equally likely.

    The draw is numbered by the ring draws before it, so undoing a challenge and making it again
    draws the same stations.
    """
    stations = [seat for seat in sorted(ring) for _ in range(ring[seat])]
    return stations[rng_for(seed, SLUG, "ring", draws_before).randrange(len(stations))]


def challenge(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """Action 3: draw stations from the planet ring; an own station founds the highest free center."""
    seat, planet = event.payload["seat"], event.payload["planet"]
    if state.on_planet(planet, seat) < 1:
        raise RuleError(N_("A challenge needs one of your stations on {planet}."), planet=planet_name(planet))
    state, cards, wild = _set_of(setup, state, event)
    allowed = halved(state, seat, cards)
    if allowed < 1:
        raise RuleError(N_("{cards} cards give no draw: play at least 2."), cards=cards)
    values = center_values(setup)[planet]
    draws: list[RingDraw] = []
    for _ in range(allowed):
        ring = {s: n for s, n in state.stations[planet].items() if n > 0}
        if not ring:
            break
        drawn = ring_draw(setup.seed, state.ring_draws, ring)
        state = evolve(state, ring_draws=state.ring_draws + 1)
        taken = state.centers.get(planet, {})
        free = [i for i in range(CENTERS) if i not in taken]
        if drawn == seat and free:
            best = max(free, key=lambda i: (values[i], -i))
            stations = {**state.stations, planet: {**state.stations[planet], seat: state.on_planet(planet, seat) - 1}}
            centers = {**state.centers, planet: {**taken, best: seat}}
            state = evolve(state, stations=stations, centers=centers)
            draws.append(RingDraw(drawn, values[best]))
            break
        state = to_earth(state, drawn, planet, 1)
        draws.append(RingDraw(drawn, None))
    outcome = Challenge(seat, planet, cards, allowed, tuple(draws), None)
    state = _earn_bonus(setup, state, seat, cards, wild, event.seq)
    outcome = evolve(outcome, bonus=state.earned.get(event.seq))
    return evolve(state, challenges={**state.challenges, event.seq: outcome})


def advance_track(track: str, costs: Callable[[Setup], tuple[int, ...]]) -> Handler:
    """Actions 4 and 5: step a track one space right for its number of same cards; no skipping."""

    def advance(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
        seat = event.payload["seat"]
        levels: Mapping[int, int] = getattr(state, track)
        level = levels.get(seat, 0)
        steps = costs(setup)
        if level >= len(steps):
            raise RuleError(N_("This track is already at its last space."))
        state, cards, _ = _set_of(setup, state, event)
        if cards != steps[level]:
            raise RuleError(N_("The next space costs {cost} same cards, not {cards}."), cost=steps[level], cards=cards)
        return evolve(state, **{track: {**levels, seat: level + 1}})

    return advance


def end_turn(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """A player ends their turn without taking the actions left."""
    if state.phase != ACTIONS or event.payload["seat"] != state.turn:
        raise RuleError(N_("Only the player whose turn it is can end it."))
    return turn_done(setup, evolve(state, actions_taken=state.actions_taken + 1))
