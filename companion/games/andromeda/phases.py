"""Setup and the round of Andromeda: setup stations, the movement phase, the turns, the end of a round.

Setup (seed lines 31-57), from each player's 26 stations: 4 on Earth and one on each track; 3
players put 2 stations on each of the 7 planets and 6 more by drawn planet cards (none left), 4
players 1 each and 9 more (4 back to the box), 5 players 1 each and 6 more (7 back to the box).
The stations for the cards wait in front of their player (``to_place``) until the cards are drawn:
on the player's phone with one tap (``draw_setup_cards``), entered as drawn at the table
(``setup_stations``), or all at once when the table is made (option ``setup-draw`` = ``app``).
A round: the card phase, the movement phase (two single-use movement cards per player), the
trade phase and the action phase (start player 3 actions, the others 2). Then the start player
passes clockwise; when three planets are full the game ends at the end of the round.
"""

from __future__ import annotations

from companion.games.andromeda.board import (
    ACTIONS,
    BONUS_KINDS,
    CARDS_PER_PLANET,
    EARTH_AT_START,
    FULL_PLANETS_TO_END,
    MOVEMENT,
    MOVEMENT_CARD_STATIONS,
    MOVEMENT_CARDS,
    OVER,
    PLANETS,
    SETUP,
    SETUP_STATIONS,
    SLUG,
    STATIONS,
    TRACKS,
    TRADE,
    Andromeda,
    Trade,
    clockwise,
    from_earth,
    next_seat,
    planet_name,
    to_earth,
)
from companion.games.andromeda.rule_options import (
    BONUS_SUPPLY,
    DRAW_IN_APP,
    OPTIONS,
    SETUP_DRAW,
    START_PLAYER,
    START_RANDOM,
)
from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.randomness import rng_for, shuffled
from companion.games.mechanics.sheet import check_player_count
from companion.games.options import option_value
from companion.games.words import N_, RuleError


def check_setup(setup: Setup) -> None:
    """Play with 3 to 5 players."""
    check_player_count(3, 5, len(setup.players))


def initial_state(setup: Setup) -> Andromeda:
    """Set up the board for the player count: Earth, the planets, the tracks, the supply."""
    per_planet, drawn = SETUP_STATIONS.get(len(setup.players), (1, 0))
    left_over = STATIONS - EARTH_AT_START - TRACKS - per_planet * len(PLANETS) - drawn
    start = setup.seats[0] if setup.seats else 1
    if option_value(setup, OPTIONS, START_PLAYER) == START_RANDOM and setup.seats:
        start = rng_for(setup.seed, SLUG, "start").choice(setup.seats)
    supply = dict(zip(BONUS_KINDS, option_value(setup, OPTIONS, BONUS_SUPPLY), strict=True))
    state = Andromeda(
        start=start,
        earth={seat: EARTH_AT_START for seat in setup.seats},
        stations={p: {seat: per_planet for seat in setup.seats} for p in PLANETS},
        ship={seat: 0 for seat in setup.seats},
        tech={seat: 0 for seat in setup.seats},
        supply=supply,
        to_place={seat: drawn for seat in setup.seats},
        box={seat: left_over for seat in setup.seats},
    )
    if option_value(setup, OPTIONS, SETUP_DRAW) == DRAW_IN_APP:
        state = _deal_setup_cards(setup, state)
    return state


def setup_draws(setup: Setup) -> int:
    """Return how many planet cards each player draws to place extra stations."""
    return SETUP_STATIONS.get(len(setup.players), (1, 0))[1]


def setup_cards(setup: Setup, seat: int) -> tuple[int, ...]:
    """Return the planets of ``seat``'s setup cards as the app draws them: its share of the seed's deck of 84."""
    deck = shuffled([p for p in PLANETS for _ in range(CARDS_PER_PLANET)], setup.seed, SLUG, "setup")
    count = setup_draws(setup)
    index = setup.seats.index(seat)
    return tuple(sorted(deck[index * count : (index + 1) * count]))


def _deal_setup_cards(setup: Setup, state: Andromeda) -> Andromeda:
    """Draw each player's planet cards from the shuffled deck of 84 and place one station per card."""
    for seat in setup.seats:
        state = _place(setup, state, seat, setup_cards(setup, seat))
    return _begin_play(setup, state)


def _place(setup: Setup, state: Andromeda, seat: int, cards: tuple[int, ...]) -> Andromeda:
    """Move ``seat``'s waiting stations onto the planets of its setup cards, one per card."""
    if len(cards) > state.to_place.get(seat, 0):
        raise RuleError(
            N_("{name} has {count} stations left to place."),
            name=setup.player(seat).name,
            count=state.to_place.get(seat, 0),
        )
    stations = {p: {**state.stations[p], seat: state.on_planet(p, seat) + cards.count(p)} for p in PLANETS}
    return evolve(
        state,
        stations=stations,
        placed=state.placed | {seat},
        to_place={**state.to_place, seat: state.to_place.get(seat, 0) - len(cards)},
        setup_cards={**state.setup_cards, seat: tuple(sorted(cards))},
    )


def _begin_play(setup: Setup, state: Andromeda) -> Andromeda:
    """Begin the movement phase of round 1 once every seat has placed its setup stations."""
    if state.placed != frozenset(setup.seats):
        return state
    return evolve(state, phase=MOVEMENT, step=state.step + 1)


def _may_place(setup: Setup, state: Andromeda, seat: int) -> None:
    if state.phase != SETUP:
        raise RuleError(N_("The setup is over."))
    if seat in state.placed:
        raise RuleError(N_("{name} has already placed the setup stations."), name=setup.player(seat).name)


def setup_stations(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """Place one station per planet card drawn at the table (the cards go back into the deck)."""
    seat = event.payload["seat"]
    _may_place(setup, state, seat)
    cards = tuple(p for p in PLANETS for _ in range(event.payload.get(f"planet_{p}", 0)))
    if len(cards) != setup_draws(setup):
        raise RuleError(
            N_("Enter the {count} planet cards drawn: {given} were entered."),
            count=setup_draws(setup),
            given=len(cards),
        )
    return _begin_play(setup, _place(setup, state, seat, cards))


def draw_setup_cards(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The app draws ``seat``'s setup cards from the table's seed and places one station per card."""
    seat = event.payload["seat"]
    _may_place(setup, state, seat)
    return _begin_play(setup, _place(setup, state, seat, setup_cards(setup, seat)))


def to_trade(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The movement phase is over: the start player leads the trade."""
    if state.phase != MOVEMENT:
        raise RuleError(N_("The trade phase comes after the movement phase."))
    return evolve(state, phase=TRADE, step=state.step + 1, trade=Trade(leader=state.start))


def to_actions(setup: Setup, state: Andromeda) -> Andromeda:
    """The trade is over: the start player takes 3 actions, then each other player 2, clockwise."""
    return evolve(state, phase=ACTIONS, step=state.step + 1, trade=None, turn=state.start, actions_left=3, acted=())


def turn_done(setup: Setup, state: Andromeda) -> Andromeda:
    """Pass the turn clockwise; after the last player the round ends."""
    assert state.turn is not None
    acted = (*state.acted, state.turn)
    waiting = [seat for seat in clockwise(setup, state.start) if seat not in acted]
    if waiting:
        return evolve(state, turn=waiting[0], actions_left=2, acted=acted)
    return _end_of_round(setup, evolve(state, acted=acted))


def _end_of_round(setup: Setup, state: Andromeda) -> Andromeda:
    """End the round: the game ends if three planets are full, else the start player passes clockwise."""
    if len(state.full_planets()) >= FULL_PLANETS_TO_END:
        return evolve(state, phase=OVER, step=state.step + 1, turn=None, actions_left=0, end_round=state.round)
    return evolve(
        state,
        round=state.round + 1,
        phase=MOVEMENT,
        step=state.step + 1,
        start=next_seat(setup, state.start),
        turn=None,
        actions_left=0,
        acted=(),
    )


OUT, HOME = "out", "home"


def play_movement_card(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """Use a movement card: up to 2 stations from Earth to a planet, or all from a planet home."""
    seat, planet, effect = event.payload["seat"], event.payload["planet"], event.payload["effect"]
    if state.phase != MOVEMENT:
        raise RuleError(N_("Movement cards are played in the movement phase."))
    if state.movement_used.get(seat, 0) >= MOVEMENT_CARDS:
        raise RuleError(N_("{name} has used both movement cards."), name=setup.player(seat).name)
    used = {**state.movement_used, seat: state.movement_used.get(seat, 0) + 1}
    if effect == OUT:
        count = event.payload.get("stations", min(MOVEMENT_CARD_STATIONS, state.earth[seat]))
        if count > MOVEMENT_CARD_STATIONS:
            raise RuleError(N_("A movement card moves at most 2 stations."))
        state = from_earth(setup, state, seat, planet, count)
    else:
        count = state.on_planet(planet, seat)
        if count == 0:
            raise RuleError(
                N_("{name} has no station on {planet}."), name=setup.player(seat).name, planet=planet_name(planet)
            )
        state = to_earth(state, seat, planet, count)
    return evolve(state, movement_used=used, moved={**state.moved, event.seq: count})
