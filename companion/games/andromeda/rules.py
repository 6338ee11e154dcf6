"""Andromeda (seed 002, Alan R. Moon): the board, the planet ring, the trade phase and the score.

The app keeps what is on the board and checks every action against the rules:

* Setup: 4 stations on Earth and one on each track; 3 players put 2 stations on each of the 7
  planets and 6 more by drawn planet cards, 4 players 1 each and 9 more, 5 players 1 each and 6
  more. Hands of 9. The start player holds the marker.
* A round: the card phase (refill to the ship track's hand size, bonus cards count), the
  movement phase (two single-use movement cards per player), the trade phase (must-not-follow,
  guided on every phone) and the action phase (start player 3 actions, the others 2: exchange,
  move, challenge, ship track, tech track). Then the start player passes clockwise.
* n same planet cards move or challenge n ÷ 2 times, rounded down (up at tech level 3). A
  challenge draws stations from the planet ring: own → the highest free economic center and the
  action ends; another player's → back to its owner's Earth; all three centers taken → back to
  Earth whatever is drawn. 4 / 5 / 6 / 7 same cards in one move or challenge earn silver / gold /
  platinum / diamond from a limited supply.
* When three planets have all their centers taken, the game ends at the end of the round. Score:
  centers + 1 per station on Earth + tech points + bonus cards kept; ties by tech, then ship level.

The players' hands are not tracked card by card: each action records the cards spent, and the
app checks the set sizes, the track steps and the bonus cards each player holds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.randomness import rng_for, shuffled
from companion.games.mechanics.ranking import TieBreaker, standings
from companion.games.mechanics.sheet import check_player_count
from companion.games.moves import ANYONE, Field, Guard, Move, Secret
from companion.games.options import Choice, RuleOption, applied_options, option_value
from companion.games.scores import CategoryScore, Scoreboard
from companion.games.words import N_, SEMICOLON, Message, RuleError, listing, msg

SLUG = "andromeda"
Handler = Callable[[Setup, "Andromeda", Event], "Andromeda"]

# -- The board and the pieces ------------------------------------------------------------------

PLANETS = tuple(range(1, 8))
CENTERS = 3  # economic centers in each planet's orbit
CARDS_PER_PLANET = 12
STATIONS = 26  # pieces per player, two of them on the tracks
EARTH_AT_START = 4
HAND_AT_START = 9
FULL_PLANETS_TO_END = 3
MOVEMENT_CARDS = 2
MOVEMENT_CARD_STATIONS = 2
# Player count -> (stations on every planet, planet cards drawn to place more).
SETUP_STATIONS: Mapping[int, tuple[int, int]] = {3: (2, 6), 4: (1, 9), 5: (1, 6)}

SILVER, GOLD, PLATINUM, DIAMOND = "silver", "gold", "platinum", "diamond"
BONUS_KINDS = (SILVER, GOLD, PLATINUM, DIAMOND)
BONUS_NAMES = {SILVER: N_("silver"), GOLD: N_("gold"), PLATINUM: N_("platinum"), DIAMOND: N_("diamond")}
BONUS_FOR_CARDS = {4: SILVER, 5: GOLD, 6: PLATINUM, 7: DIAMOND}
BONUS_POINTS = {SILVER: 2, GOLD: 3, PLATINUM: 4, DIAMOND: 5}

SHIP_HANDS = (9, 10, 11, 12, 13)  # hand size at ship level 0..4
TECH_COSTS = (3, 4, 5)  # same cards to reach tech level 1, 2, 3
TECH_POINTS = (0, 1, 3, 6)
TRADE_CARDS, TRADE_CARDS_TECH = 3, 4  # most cards the leader lays out (tech level 1 and up: 4)
MIN_TRADE_CARDS = 2
EXCHANGE_CARDS, EXCHANGE_CARDS_TECH = 2, 3  # action 1 (tech level 2 and up: 3)
TECH_TRADE, TECH_EXCHANGE, TECH_ROUND_UP = 1, 2, 3

# A card in the trade: a planet ("1".."7") or a bonus card.
CARDS = (*(str(p) for p in PLANETS), *BONUS_KINDS)

SETUP, MOVEMENT, TRADE, ACTIONS, OVER = "setup", "movement", "trade", "actions", "over"
PHASE_NAMES = {
    SETUP: N_("setup"),
    MOVEMENT: N_("movement phase"),
    TRADE: N_("trade phase"),
    ACTIONS: N_("action phase"),
    OVER: N_("game over"),
}

# -- Rule options --------------------------------------------------------------------------------

CENTER_VALUES = "center-values"
SHIP_THIRD_COST = "ship-third-cost"
BONUS_SUPPLY = "bonus-supply"
SETUP_DRAW = "setup-draw"
START_PLAYER = "start-player"
OVERSIZED_SET = "oversized-set"
DRAW_AT_TABLE, DRAW_IN_APP = "table", "app"
START_FIRST_SEAT, START_RANDOM = "first-seat", "random"
OVERSIZED_DIAMOND, OVERSIZED_NOTHING = "diamond", "nothing"

DEFAULT_CENTER_VALUES = (8, 6, 4, 9, 7, 5, 10, 8, 6, 11, 9, 7, 12, 10, 8, 13, 11, 9, 14, 12, 10)

OPTIONS = (
    RuleOption(
        CENTER_VALUES,
        N_("Economic center values, three per planet (planet 1 first)"),
        DEFAULT_CENTER_VALUES,
        minimum=0,
        maximum=14,
        note=N_("The seed says only that the highest is 14: copy the white numbers from your board."),
    ),
    RuleOption(
        SHIP_THIRD_COST,
        N_("Same cards for the third step of the ship track (hand of 12)"),
        5,
        minimum=4,
        maximum=6,
        note=N_("The seed gives 3, 4 and 6 cards for hands of 10, 11 and 13 and skips this step."),
    ),
    RuleOption(
        BONUS_SUPPLY,
        N_("Bonus cards in the supply: silver, gold, platinum, diamond"),
        (6, 5, 4, 3),
        minimum=0,
        maximum=20,
        note=N_("The seed says the supply can run out but not how many there are: set it from your box."),
    ),
    RuleOption(
        SETUP_DRAW,
        N_("Extra stations at setup"),
        DRAW_AT_TABLE,
        (
            Choice(DRAW_AT_TABLE, N_("each player enters the planet cards drawn at the table")),
            Choice(DRAW_IN_APP, N_("the app draws the planet cards from the table's seed")),
        ),
    ),
    RuleOption(
        START_PLAYER,
        N_("Start player of round 1"),
        START_FIRST_SEAT,
        (
            Choice(START_FIRST_SEAT, N_("the first seat")),
            Choice(START_RANDOM, N_("drawn by the app from the table's seed")),
        ),
    ),
    RuleOption(
        OVERSIZED_SET,
        N_("Bonus card for 8 or more same cards in one move or challenge"),
        OVERSIZED_DIAMOND,
        (
            Choice(OVERSIZED_DIAMOND, N_("a diamond, as for 7 cards")),
            Choice(OVERSIZED_NOTHING, N_("none")),
        ),
        note=N_("The seed names bonus cards for 4 to 7 cards only."),
    ),
)

# -- State ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RingDraw:
    """One station drawn from the planet ring, and where it went."""

    seat: int
    center: int | None  # the value of the economic center it founded, or None: back to Earth


@dataclass(frozen=True)
class Challenge:
    """The outcome of a challenge: the draws in order and any bonus card earned."""

    seat: int
    planet: int
    cards: int
    draws_allowed: int
    draws: tuple[RingDraw, ...]
    bonus: str | None


@dataclass(frozen=True)
class TradeLine:
    """One line of the trade log: who gave which cards to whom (or took which back)."""

    seq: int
    round: int
    seat: int
    other: int | None  # None: the seat took cards into its hand without an exchange
    given: tuple[str, ...]
    taken: tuple[str, ...]


@dataclass(frozen=True)
class Trade:
    """The trade phase under way: the leader's cards, the offers, then the chain of exchanges."""

    leader: int
    shown: tuple[str, ...] = ()  # the leader's cards, face up, in order
    offers: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # revealed offers per follower
    pending: Mapping[int, tuple[int, str]] = field(default_factory=dict)  # seat -> (seq, secret card)
    out: tuple[int, ...] = ()  # followers who could not follow
    closed: bool = False  # the leader has laid the last card: exchanges under way
    sets: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # sets still in front of a seat
    decider: int | None = None


@dataclass(frozen=True)
class Andromeda:
    """The game: the board, the tracks, bonus cards, the round and its phase."""

    round: int = 1
    phase: str = SETUP
    step: int = 0  # counts phase changes: the guard of the phase buttons
    start: int = 1
    earth: Mapping[int, int] = field(default_factory=dict)
    stations: Mapping[int, Mapping[int, int]] = field(default_factory=dict)  # planet -> seat -> stations
    centers: Mapping[int, Mapping[int, int]] = field(default_factory=dict)  # planet -> center index -> seat
    ship: Mapping[int, int] = field(default_factory=dict)
    tech: Mapping[int, int] = field(default_factory=dict)
    bonus: Mapping[int, Mapping[str, int]] = field(default_factory=dict)  # seat -> kind -> cards held
    supply: Mapping[str, int] = field(default_factory=dict)
    movement_used: Mapping[int, int] = field(default_factory=dict)
    placed: frozenset[int] = frozenset()  # seats whose setup stations are on the board
    turn: int | None = None
    actions_left: int = 0
    acted: tuple[int, ...] = ()
    trade: Trade | None = None
    actions_taken: int = 0  # actions and ended turns so far: the guard of the action forms
    ring_draws: int = 0  # stations drawn from the ring so far: numbers the next draw
    challenges: Mapping[int, Challenge] = field(default_factory=dict)  # seq -> outcome
    earned: Mapping[int, str] = field(default_factory=dict)  # seq of a move -> bonus card earned
    trade_log: tuple[TradeLine, ...] = ()
    revealed: frozenset[int] = frozenset()  # seqs of offers revealed to everyone
    end_round: int | None = None  # the round in which the end was triggered

    @property
    def over(self) -> bool:
        """True once the round in which three planets filled up has ended."""
        return self.phase == OVER

    def on_planet(self, planet: int, seat: int) -> int:
        """Return ``seat``'s stations on ``planet`` (not counting economic centers)."""
        return self.stations.get(planet, {}).get(seat, 0)

    def held(self, seat: int, kind: str) -> int:
        """Return the bonus cards of ``kind`` that ``seat`` holds."""
        return self.bonus.get(seat, {}).get(kind, 0)

    def full_planets(self) -> tuple[int, ...]:
        """Return the planets whose three economic centers are all taken."""
        return tuple(p for p in PLANETS if len(self.centers.get(p, {})) == CENTERS)


def planet_name(planet: int) -> Message:
    """Return a planet's name."""
    return msg(N_("Planet {number}"), number=planet)


def card_name(card: str) -> Message:
    """Return a trade card's name: a planet or a bonus card."""
    if card in BONUS_NAMES:
        return msg(N_("{kind} bonus card"), kind=msg(BONUS_NAMES[card]))
    return planet_name(int(card))


@dataclass(frozen=True)
class CardList(Message):
    """Several cards, named and joined with commas."""

    def render(self, translate: Callable[[str], str] = lambda s: s) -> str:
        """Return the translated card names joined by commas (a dash for none)."""
        cards = self.params["cards"]
        return listing(card_name(card) for card in cards).render(translate) if cards else "—"


def card_list(cards: tuple[str, ...] | list[str]) -> Message:
    """Return the cards as one translatable phrase."""
    return CardList("", {"cards": tuple(cards)})


def center_values(setup: Setup) -> dict[int, tuple[int, ...]]:
    """Return the printed values of each planet's three economic centers."""
    values = tuple(option_value(setup, OPTIONS, CENTER_VALUES))
    return {p: values[(p - 1) * CENTERS : p * CENTERS] for p in PLANETS}


def ship_costs(setup: Setup) -> tuple[int, ...]:
    """Return the same cards needed for ship levels 1 to 4."""
    return (3, 4, int(option_value(setup, OPTIONS, SHIP_THIRD_COST)), 6)


def hand_size(state: Andromeda, seat: int) -> int:
    """Return the hand the card phase refills ``seat`` to (bonus cards count)."""
    return SHIP_HANDS[state.ship.get(seat, 0)]


def trade_limit(state: Andromeda, seat: int) -> int:
    """Return how many cards ``seat`` may lay out when leading the trade."""
    return TRADE_CARDS_TECH if state.tech.get(seat, 0) >= TECH_TRADE else TRADE_CARDS


def exchange_limit(state: Andromeda, seat: int) -> int:
    """Return how many cards ``seat`` may exchange with one exchange action."""
    return EXCHANGE_CARDS_TECH if state.tech.get(seat, 0) >= TECH_EXCHANGE else EXCHANGE_CARDS


def halved(state: Andromeda, seat: int, cards: int) -> int:
    """Return the moves or draws that ``cards`` same cards give: half, rounded up at tech level 3."""
    return (cards + 1) // 2 if state.tech.get(seat, 0) >= TECH_ROUND_UP else cards // 2


def clockwise(setup: Setup, first: int) -> tuple[int, ...]:
    """Return the seats in playing order, starting with ``first``."""
    seats = setup.seats
    index = seats.index(first)
    return seats[index:] + seats[:index]


def next_seat(setup: Setup, seat: int) -> int:
    """Return the seat to the left of ``seat``."""
    return clockwise(setup, seat)[1]


# -- Setup ---------------------------------------------------------------------------------------


def check_setup(setup: Setup) -> None:
    """Play with 3 to 5 players."""
    check_player_count(3, 5, len(setup.players))


def initial_state(setup: Setup) -> Andromeda:
    """Set up the board for the player count: Earth, the planets, the tracks, the supply."""
    per_planet, _ = SETUP_STATIONS.get(len(setup.players), (1, 0))
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
    )
    if option_value(setup, OPTIONS, SETUP_DRAW) == DRAW_IN_APP:
        state = _deal_setup_cards(setup, state)
    return state


def setup_draws(setup: Setup) -> int:
    """Return how many planet cards each player draws to place extra stations."""
    return SETUP_STATIONS.get(len(setup.players), (1, 0))[1]


def _deal_setup_cards(setup: Setup, state: Andromeda) -> Andromeda:
    """Draw each player's planet cards from the shuffled deck of 84 and place one station per card."""
    deck = shuffled([p for p in PLANETS for _ in range(CARDS_PER_PLANET)], setup.seed, SLUG, "setup")
    count = setup_draws(setup)
    for index, seat in enumerate(setup.seats):
        drawn = deck[index * count : (index + 1) * count]
        state = _place(state, seat, {p: drawn.count(p) for p in PLANETS})
    return _begin_play(setup, state)


def _place(state: Andromeda, seat: int, counts: Mapping[int, int]) -> Andromeda:
    stations = {p: {**state.stations[p], seat: state.stations[p][seat] + counts.get(p, 0)} for p in PLANETS}
    return evolve(state, stations=stations, placed=state.placed | {seat})


def _begin_play(setup: Setup, state: Andromeda) -> Andromeda:
    if state.placed != frozenset(setup.seats):
        return state
    return evolve(state, phase=MOVEMENT, step=state.step + 1)


def _setup_stations(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """Place one station per planet card drawn at setup (the cards go back into the deck)."""
    seat = event.payload["seat"]
    if state.phase != SETUP:
        raise RuleError(N_("The setup is over."))
    if seat in state.placed:
        raise RuleError(N_("{name} has already placed the setup stations."), name=setup.player(seat).name)
    counts = {p: event.payload.get(f"planet_{p}", 0) for p in PLANETS}
    if sum(counts.values()) != setup_draws(setup):
        raise RuleError(
            N_("Enter the {count} planet cards drawn: {given} were entered."),
            count=setup_draws(setup),
            given=sum(counts.values()),
        )
    return _begin_play(setup, _place(state, seat, counts))


# -- Phases --------------------------------------------------------------------------------------


def _to_trade(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The movement phase is over: the start player leads the trade."""
    if state.phase != MOVEMENT:
        raise RuleError(N_("The trade phase comes after the movement phase."))
    return evolve(state, phase=TRADE, step=state.step + 1, trade=Trade(leader=state.start))


def _to_actions(setup: Setup, state: Andromeda) -> Andromeda:
    """The trade is over: the start player takes 3 actions, then each other player 2, clockwise."""
    return evolve(state, phase=ACTIONS, step=state.step + 1, trade=None, turn=state.start, actions_left=3, acted=())


def _turn_done(setup: Setup, state: Andromeda) -> Andromeda:
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


# -- Movement cards ------------------------------------------------------------------------------

OUT, HOME = "out", "home"


def _movement_card(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
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
        state = _from_earth(setup, state, seat, planet, count)
    else:
        count = state.on_planet(planet, seat)
        if count == 0:
            raise RuleError(
                N_("{name} has no station on {planet}."), name=setup.player(seat).name, planet=planet_name(planet)
            )
        state = _to_earth(state, seat, planet, count)
    return evolve(state, movement_used=used)


def _from_earth(setup: Setup, state: Andromeda, seat: int, planet: int, count: int) -> Andromeda:
    if count < 1 or count > state.earth[seat]:
        raise RuleError(
            N_("{name} has {count} stations on Earth."), name=setup.player(seat).name, count=state.earth[seat]
        )
    stations = {**state.stations, planet: {**state.stations[planet], seat: state.on_planet(planet, seat) + count}}
    return evolve(state, stations=stations, earth={**state.earth, seat: state.earth[seat] - count})


def _to_earth(state: Andromeda, seat: int, planet: int, count: int) -> Andromeda:
    stations = {**state.stations, planet: {**state.stations[planet], seat: state.on_planet(planet, seat) - count}}
    return evolve(state, stations=stations, earth={**state.earth, seat: state.earth[seat] + count})


# -- Actions -------------------------------------------------------------------------------------

EXCHANGE, MOVE_STATIONS, CHALLENGE, SHIP, TECH = "exchange", "move", "challenge", "ship", "tech"


def _on_turn(handler: Handler) -> Handler:
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
        return _turn_done(setup, state) if state.actions_left == 0 else state

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


def _exchange(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """Action 1: discard up to 2 cards (3 at tech level 2) and draw as many."""
    seat = event.payload["seat"]
    state, wild = _spend_bonus(setup, state, seat, event.payload)
    count = event.payload["cards"] + wild
    if not 1 <= count <= exchange_limit(state, seat):
        raise RuleError(N_("Exchange 1 to {limit} cards."), limit=exchange_limit(state, seat))
    return state


def _move_stations(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """Action 2: n same planet cards move n ÷ 2 stations from Earth to that planet."""
    seat, planet = event.payload["seat"], event.payload["planet"]
    state, cards, wild = _set_of(setup, state, event)
    allowed = halved(state, seat, cards)
    if allowed < 1:
        raise RuleError(N_("{cards} cards move no station: play at least 2."), cards=cards)
    count = event.payload.get("stations", min(allowed, state.earth[seat]))
    if count > allowed:
        raise RuleError(N_("{cards} cards move at most {allowed} stations."), cards=cards, allowed=allowed)
    state = _from_earth(setup, state, seat, planet, count)
    return _earn_bonus(setup, state, seat, cards, wild, event.seq)


def ring_draw(seed: str, draws_before: int, ring: Mapping[int, int]) -> int:
    """Draw one station from the ring (seat -> stations): each station is equally likely.

    The draw is numbered by the ring draws before it, so undoing a challenge and making it again
    draws the same stations.
    """
    stations = [seat for seat in sorted(ring) for _ in range(ring[seat])]
    return stations[rng_for(seed, SLUG, "ring", draws_before).randrange(len(stations))]


def _challenge(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
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
        state = _to_earth(state, drawn, planet, 1)
        draws.append(RingDraw(drawn, None))
    outcome = Challenge(seat, planet, cards, allowed, tuple(draws), None)
    state = _earn_bonus(setup, state, seat, cards, wild, event.seq)
    outcome = evolve(outcome, bonus=state.earned.get(event.seq))
    return evolve(state, challenges={**state.challenges, event.seq: outcome})


def _track(track: str, costs: Callable[[Setup], tuple[int, ...]]) -> Handler:
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


def _end_turn(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """A player ends their turn without taking the actions left."""
    if state.phase != ACTIONS or event.payload["seat"] != state.turn:
        raise RuleError(N_("Only the player whose turn it is can end it."))
    return _turn_done(setup, evolve(state, actions_taken=state.actions_taken + 1))


# -- The trade phase -----------------------------------------------------------------------------


def _in_trade(setup: Setup, state: Andromeda) -> Trade:
    if state.phase != TRADE or state.trade is None:
        raise RuleError(N_("The trade phase is not under way."))
    return state.trade


def followers(setup: Setup, trade: Trade) -> tuple[int, ...]:
    """Return the players still following the leader, clockwise."""
    return tuple(s for s in clockwise(setup, trade.leader)[1:] if s not in trade.out)


def owing(setup: Setup, trade: Trade) -> tuple[int, ...]:
    """Return the followers who still owe a face-down card for the leader's latest card."""
    return tuple(
        s for s in followers(setup, trade) if len(trade.offers.get(s, ())) < len(trade.shown) and s not in trade.pending
    )


def _take_into_hand(state: Andromeda, seat: int, cards: tuple[str, ...]) -> Andromeda:
    """Put a set into ``seat``'s hand: its bonus cards now belong to ``seat``."""
    held = dict(state.bonus.get(seat, {}))
    for card in cards:
        if card in BONUS_KINDS:
            held[card] = held.get(card, 0) + 1
    return evolve(state, bonus={**state.bonus, seat: held})


def _give_up_bonus(setup: Setup, state: Andromeda, seat: int, cards: tuple[str, ...]) -> Andromeda:
    """Take the bonus cards among ``cards`` out of ``seat``'s hand, or refuse if it lacks them."""
    held = dict(state.bonus.get(seat, {}))
    for card in cards:
        if card in BONUS_KINDS:
            if held.get(card, 0) < 1:
                raise RuleError(
                    N_("{name} holds no {kind} bonus card."), name=setup.player(seat).name, kind=msg(BONUS_NAMES[card])
                )
            held[card] -= 1
    return evolve(state, bonus={**state.bonus, seat: held})


def _lay(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The leader lays out one card face up."""
    trade = _in_trade(setup, state)
    seat, card = event.payload["seat"], event.payload["card"]
    if seat != trade.leader:
        raise RuleError(N_("Only the leader lays out cards."))
    if trade.closed:
        raise RuleError(N_("The leader has laid out the last card."))
    if owing(setup, trade) or trade.pending:
        raise RuleError(N_("Every other player must offer a card before the leader lays out the next one."))
    if len(trade.shown) >= trade_limit(state, seat):
        raise RuleError(N_("The leader may lay out at most {limit} cards."), limit=trade_limit(state, seat))
    state = _give_up_bonus(setup, state, seat, (card,))
    return evolve(state, trade=evolve(trade, shown=(*trade.shown, card)))


def _offer(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """A follower offers one card face down; it must differ from every card the leader has shown."""
    trade = _in_trade(setup, state)
    seat, card = event.payload["seat"], event.payload["card"]
    if seat not in owing(setup, trade):
        raise RuleError(N_("{name} has no card to offer now."), name=setup.player(seat).name)
    if card in trade.shown:
        raise RuleError(N_("Must not follow: offer a card different from every card the leader has shown."))
    _give_up_bonus(setup, state, seat, (card,))  # only a check: the card leaves the hand when revealed
    trade = evolve(trade, pending={**trade.pending, seat: (event.seq, card)})
    return _reveal_when_all_in(setup, evolve(state, trade=trade))


def _cannot_follow(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """A follower with no card to offer shows the hand and takes their offered cards back."""
    trade = _in_trade(setup, state)
    seat = event.payload["seat"]
    if seat not in owing(setup, trade):
        raise RuleError(N_("{name} has no card to offer now."), name=setup.player(seat).name)
    back = trade.offers.get(seat, ())
    line = TradeLine(event.seq, state.round, seat, None, (), back)
    offers = {s: cards for s, cards in trade.offers.items() if s != seat}
    trade = evolve(trade, out=(*trade.out, seat), offers=offers)
    state = _take_into_hand(state, seat, back)
    state = evolve(state, trade=trade, trade_log=(*state.trade_log, line))
    return _reveal_when_all_in(setup, state)


def _reveal_when_all_in(setup: Setup, state: Andromeda) -> Andromeda:
    """Turn the face-down offers up together once every follower has offered or dropped out."""
    trade = state.trade
    assert trade is not None
    if owing(setup, trade):
        return state
    offers = dict(trade.offers)
    revealed = set(state.revealed)
    for seat, (seq, card) in trade.pending.items():
        offers[seat] = (*offers.get(seat, ()), card)
        state = _give_up_bonus(setup, state, seat, (card,))
        revealed.add(seq)
    trade = evolve(trade, offers=offers, pending={})
    state = evolve(state, trade=trade, revealed=frozenset(revealed))
    if not followers(setup, trade):
        line = TradeLine(0, state.round, trade.leader, None, (), trade.shown)
        state = _take_into_hand(state, trade.leader, trade.shown)
        return _to_actions(setup, evolve(state, trade_log=(*state.trade_log, line)))
    if len(trade.shown) >= trade_limit(state, trade.leader):
        return _close(setup, state)
    return state


def _stop_laying(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The leader stops after the second (or third) card: the exchanges begin."""
    trade = _in_trade(setup, state)
    if event.payload["seat"] != trade.leader:
        raise RuleError(N_("Only the leader lays out cards."))
    if trade.closed or trade.pending or owing(setup, trade):
        raise RuleError(N_("Every other player must offer a card before the exchanges begin."))
    if len(trade.shown) < MIN_TRADE_CARDS:
        raise RuleError(N_("The leader lays out at least 2 cards."))
    return _close(setup, state)


def _close(setup: Setup, state: Andromeda) -> Andromeda:
    trade = state.trade
    assert trade is not None
    sets = {trade.leader: trade.shown, **{s: trade.offers.get(s, ()) for s in followers(setup, trade)}}
    return evolve(state, trade=evolve(trade, closed=True, sets=sets, decider=trade.leader))


def _swap(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The deciding player takes another player's set into hand and leaves them the set they held."""
    trade = _in_trade(setup, state)
    seat, other = event.payload["seat"], event.payload["other"]
    if not trade.closed or seat != trade.decider:
        raise RuleError(N_("It is not {name}'s choice now."), name=setup.player(seat).name)
    if other == seat or other not in trade.sets:
        raise RuleError(N_("{name} has no card set on the table."), name=setup.player(other).name)
    given, taken = trade.sets[seat], trade.sets[other]
    sets = {s: cards for s, cards in trade.sets.items() if s != seat}
    sets[other] = given
    line = TradeLine(event.seq, state.round, seat, other, given, taken)
    state = _take_into_hand(state, seat, taken)
    state = evolve(state, trade=evolve(trade, sets=sets, decider=other), trade_log=(*state.trade_log, line))
    return _settle(setup, state, event.seq)


def _keep(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The deciding player takes the set in front of them into hand."""
    trade = _in_trade(setup, state)
    seat = event.payload["seat"]
    if not trade.closed or seat != trade.decider:
        raise RuleError(N_("It is not {name}'s choice now."), name=setup.player(seat).name)
    if seat == trade.leader and len(trade.sets) > 1:
        raise RuleError(N_("The leader must exchange with another player's set."))
    state = _kept(state, seat, event.seq)
    left = state.trade
    assert left is not None
    decider = next((s for s in clockwise(setup, left.leader) if s in left.sets), None)
    return _settle(setup, evolve(state, trade=evolve(left, decider=decider)), event.seq)


def _kept(state: Andromeda, seat: int, seq: int) -> Andromeda:
    trade = state.trade
    assert trade is not None
    cards = trade.sets[seat]
    line = TradeLine(seq, state.round, seat, None, (), cards)
    state = _take_into_hand(state, seat, cards)
    sets = {s: c for s, c in trade.sets.items() if s != seat}
    return evolve(state, trade=evolve(trade, sets=sets), trade_log=(*state.trade_log, line))


def _settle(setup: Setup, state: Andromeda, seq: int) -> Andromeda:
    """The last set left has nobody to exchange with: its holder takes it; then the actions begin."""
    trade = state.trade
    assert trade is not None
    if len(trade.sets) == 1:
        state = _kept(state, next(iter(trade.sets)), seq)
    if state.trade is not None and not state.trade.sets:
        return _to_actions(setup, state)
    return state


# -- Moves ---------------------------------------------------------------------------------------

SETUP_MOVE, TO_TRADE, MOVEMENT_CARD = "andromeda.setup", "andromeda.trade-phase", "andromeda.movement-card"
LAY, OFFER, CANNOT_FOLLOW, STOP_LAYING = "andromeda.lay", "andromeda.offer", "andromeda.cannot-follow", "andromeda.stop"
SWAP, KEEP = "andromeda.swap", "andromeda.keep"
ACTION_KINDS = {
    EXCHANGE: "andromeda.exchange",
    MOVE_STATIONS: "andromeda.move",
    CHALLENGE: "andromeda.challenge",
    SHIP: "andromeda.ship",
    TECH: "andromeda.tech",
}
END_TURN = "andromeda.end-turn"


def _while_playing(handler: Handler) -> Handler:
    """Refuse a move once the game is over."""

    def checked(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
        if state.over:
            raise RuleError(N_("The game is over."))
        return handler(setup, state, event)

    return checked


def _spent_words(e: Event) -> Message:
    """Say the cards an action spent: the planet cards and any bonus cards."""
    bonus = [kind for kind in BONUS_KINDS for _ in range(int(e.payload.get(kind, 0)))]
    planet = e.payload.get("planet")
    cards = msg(N_("{count} cards"), count=e.payload.get("cards", 0))
    if planet is not None:
        cards = msg(N_("{count} × {planet}"), count=e.payload.get("cards", 0), planet=planet_name(planet))
    if not bonus:
        return cards
    return msg(N_("{cards} and {bonus}"), cards=cards, bonus=card_list(bonus))


def _earned_words(state: Andromeda, e: Event) -> Message:
    kind = state.earned.get(e.seq)
    if kind is None:
        return _Joined("", {"parts": (), "empty": ""})
    return msg(N_(" (earns a {kind} bonus card)"), kind=msg(BONUS_NAMES[kind]))


def describe_challenge(setup: Setup, outcome: Challenge) -> Message:
    """Say what the ring gave, draw by draw."""
    names = {p.seat: p.name for p in setup.players}
    parts = []
    for draw in outcome.draws:
        if draw.center is not None:
            parts.append(
                msg(N_("{name}'s station founds the {value} center"), name=names[draw.seat], value=draw.center)
            )
        else:
            parts.append(msg(N_("{name}'s station goes back to Earth"), name=names[draw.seat]))
    return _Joined("", {"parts": tuple(parts)})


@dataclass(frozen=True)
class _Joined(Message):
    """Several sentences joined with semicolons."""

    def render(self, translate: Callable[[str], str] = lambda s: s) -> str:
        """Return the parts translated and joined."""
        empty: str = self.params.get("empty", "—")
        return listing(self.params["parts"], SEMICOLON).render(translate) or empty


def _describe_challenge(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    outcome = state.challenges.get(e.seq)
    head = msg(
        N_("{name} challenges on {planet} with {cards}"),
        name=who,
        planet=planet_name(e.payload["planet"]),
        cards=_spent_words(e),
    )
    if outcome is None:
        return head
    return msg(
        N_("{head}: {draws} of {allowed} draws: {result}{earned}"),
        head=head,
        draws=len(outcome.draws),
        allowed=outcome.draws_allowed,
        result=describe_challenge(setup, outcome),
        earned=_earned_words(state, e),
    )


def _describe_offer(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    """Say an offer; its card (the move's secret) is shown to its own phone, and to all once turned up."""
    if "card" not in e.payload:
        return msg(N_("{name} offered a card face down"), name=who)
    if e.seq in state.revealed:
        return msg(N_("{name} offered {card} (revealed)"), name=who, card=card_name(e.payload["card"]))
    return msg(N_("{name} offered {card} face down"), name=who, card=card_name(e.payload["card"]))


def _describe_swap(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    other = setup.player(e.payload["other"]).name if e.payload["other"] in setup.seats else ""
    line = next((t for t in state.trade_log if t.seq == e.seq and t.other is not None), None)
    if line is None:
        return msg(N_("{name} exchanges card sets with {other}"), name=who, other=other)
    return msg(
        N_("{name} gives {given} to {other} and takes {taken}"),
        name=who,
        other=other,
        given=card_list(line.given),
        taken=card_list(line.taken),
    )


_seat = Field("seat", "seat")
_planet = Field("planet", "int", 1, len(PLANETS))
_cards = Field("cards", "int", 0, CARDS_PER_PLANET)
_bonus_fields = tuple(Field(kind, "int", 0, 20, required=False) for kind in BONUS_KINDS)
_card = Field("card", "choice", choices=CARDS)
_action_guard = Guard(
    "action",
    lambda state: state.actions_taken,
    N_("Another action was recorded since this screen was shown (action {now} now). Nothing was recorded."),
)
_step_guard = Guard(
    "step",
    lambda state: state.step,
    N_("The table has moved on to another phase since this screen was shown. Nothing was recorded."),
)

MOVES = (
    Move(
        SETUP_MOVE,
        N_("Setup stations from drawn planet cards"),
        (_seat, *(Field(f"planet_{p}", "int", 0, 9, required=False) for p in PLANETS)),
        _setup_stations,
        lambda setup, state, e, who: msg(
            N_("{name} placed setup stations: {planets}"),
            name=who,
            planets=listing(f"{p}×{e.payload[f'planet_{p}']}" for p in PLANETS if e.payload.get(f"planet_{p}")),
        ),
    ),
    Move(
        MOVEMENT_CARD,
        N_("Movement card"),
        (
            _seat,
            _planet,
            Field("effect", "choice", choices=(OUT, HOME)),
            Field("stations", "int", 1, 2, required=False),
        ),
        _while_playing(_movement_card),
        lambda setup, state, e, who: (
            msg(
                N_("{name} plays a movement card: stations from Earth to {planet} ({count})"),
                name=who,
                count=e.payload["stations"],
                planet=planet_name(e.payload["planet"]),
            )
            if e.payload["effect"] == OUT and "stations" in e.payload
            else msg(
                N_("{name} plays a movement card: up to 2 stations from Earth to {planet}")
                if e.payload["effect"] == OUT
                else N_("{name} plays a movement card: all stations on {planet} back to Earth"),
                name=who,
                planet=planet_name(e.payload["planet"]),
            )
        ),
    ),
    Move(
        TO_TRADE,
        N_("Movement phase over: trade"),
        (),
        _while_playing(_to_trade),
        lambda setup, state, e, who: msg(N_("The movement phase is over: the trade phase begins")),
        who=ANYONE,
        guard=_step_guard,
        advances=True,
    ),
    Move(
        LAY,
        N_("Leader lays out a card"),
        (_seat, _card),
        _while_playing(_lay),
        lambda setup, state, e, who: msg(
            N_("{name} lays out {card} face up"), name=who, card=card_name(e.payload["card"])
        ),
    ),
    Move(
        OFFER,
        N_("Offer a card face down"),
        (_seat, _card),
        _while_playing(_offer),
        _describe_offer,
        # Face down until every offer for the leader's card is in: all are turned up together.
        secret=Secret(("card",), revealed=lambda state, e: e.seq in state.revealed),
    ),
    Move(
        CANNOT_FOLLOW,
        N_("Cannot follow"),
        (_seat,),
        _while_playing(_cannot_follow),
        lambda setup, state, e, who: msg(
            N_("{name} cannot follow: shows the hand and takes the offered cards back"), name=who
        ),
    ),
    Move(
        STOP_LAYING,
        N_("Leader lays out no more cards"),
        (_seat,),
        _while_playing(_stop_laying),
        lambda setup, state, e, who: msg(N_("{name} lays out no more cards: the exchanges begin"), name=who),
    ),
    Move(SWAP, N_("Exchange card sets"), (_seat, Field("other", "seat")), _while_playing(_swap), _describe_swap),
    Move(
        KEEP,
        N_("Take the card set into hand"),
        (_seat,),
        _while_playing(_keep),
        lambda setup, state, e, who: msg(N_("{name} takes the card set into hand"), name=who),
    ),
    Move(
        ACTION_KINDS[EXCHANGE],
        N_("Action: exchange cards"),
        (_seat, Field("cards", "int", 0, EXCHANGE_CARDS_TECH), *_bonus_fields),
        _while_playing(_on_turn(_exchange)),
        lambda setup, state, e, who: msg(N_("{name} exchanges {cards} with the deck"), name=who, cards=_spent_words(e)),
        guard=_action_guard,
    ),
    Move(
        ACTION_KINDS[MOVE_STATIONS],
        N_("Action: move stations"),
        (_seat, _planet, _cards, *_bonus_fields, Field("stations", "int", 1, 13, required=False)),
        _while_playing(_on_turn(_move_stations)),
        lambda setup, state, e, who: msg(
            N_("{name} moves stations from Earth to {planet} ({count}) with {cards}{earned}")
            if "stations" in e.payload
            else N_("{name} moves stations from Earth to {planet} with {cards}{earned}"),
            name=who,
            count=e.payload.get("stations"),
            planet=planet_name(e.payload["planet"]),
            cards=_spent_words(e),
            earned=_earned_words(state, e),
        ),
        guard=_action_guard,
    ),
    Move(
        ACTION_KINDS[CHALLENGE],
        N_("Action: challenge"),
        (_seat, _planet, _cards, *_bonus_fields),
        _while_playing(_on_turn(_challenge)),
        _describe_challenge,
        guard=_action_guard,
    ),
    Move(
        ACTION_KINDS[SHIP],
        N_("Action: ship track"),
        (_seat, _planet, _cards, *_bonus_fields),
        _while_playing(_on_turn(_track("ship", ship_costs))),
        lambda setup, state, e, who: msg(
            N_("{name} advances the ship track with {cards}"), name=who, cards=_spent_words(e)
        ),
        guard=_action_guard,
    ),
    Move(
        ACTION_KINDS[TECH],
        N_("Action: tech track"),
        (_seat, _planet, _cards, *_bonus_fields),
        _while_playing(_on_turn(_track("tech", lambda setup: TECH_COSTS))),
        lambda setup, state, e, who: msg(
            N_("{name} advances the tech track with {cards}"), name=who, cards=_spent_words(e)
        ),
        guard=_action_guard,
    ),
    Move(
        END_TURN,
        N_("End the turn"),
        (_seat,),
        _while_playing(_end_turn),
        lambda setup, state, e, who: msg(N_("{name} ends the turn"), name=who),
        guard=_action_guard,
        advances=True,
    ),
)

# -- Score ---------------------------------------------------------------------------------------


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
