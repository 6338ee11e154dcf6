"""The Andromeda board and pieces: planets and their economic centers, Earth, the tracks, the cards.

What the app keeps of a table (:class:`Andromeda`): where each player's 26 stations are (Earth,
each planet's ring, the economic centers founded, one on each track, the ones still to place at
setup and the ones back in the box), the ship and tech tracks' spaces, the bonus cards held and in
the supply, the round and its phase, and the trade under way. The helpers here read the tracks
(hand size, trade and exchange limits, halving sets) and move stations between Earth and a planet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from companion.games.contract import Event, Setup, evolve
from companion.games.words import N_, Message, RuleError, listing, msg, plural

SLUG = "andromeda"

PLANETS = tuple(range(1, 8))
CENTERS = 3  # economic centers in each planet's orbit
CARDS_PER_PLANET = 12
STATIONS = 26  # pieces per player, two of them on the tracks
TRACKS = 2  # one station marks each player's space on the ship track and one on the tech track
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
class Stations:
    """Where one player's stations are; together they are always the 26 pieces of the player's colour."""

    earth: int
    tracks: int  # one on the ship track, one on the tech track
    planets: tuple[int, ...]  # on each planet's ring, planet 1 first
    centers: int  # economic centers founded
    to_place: int  # setup: waiting for the planet cards drawn
    box: int  # back in the box, out of the game

    @property
    def total(self) -> int:
        """Return all the stations counted: 26 at every table set up by the rules."""
        return self.earth + self.tracks + sum(self.planets) + self.centers + self.to_place + self.box


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
    to_place: Mapping[int, int] = field(default_factory=dict)  # seat -> stations waiting for its setup cards
    box: Mapping[int, int] = field(default_factory=dict)  # seat -> stations back in the box (out of the game)
    setup_cards: Mapping[int, tuple[int, ...]] = field(default_factory=dict)  # seat -> planets of its setup cards
    moved: Mapping[int, int] = field(default_factory=dict)  # seq of a move or movement card -> stations moved
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

    def where(self, seat: int) -> Stations:
        """Return where ``seat``'s stations are: Earth, the tracks, the planets, the centers, the box."""
        return Stations(
            earth=self.earth.get(seat, 0),
            tracks=TRACKS,
            planets=tuple(self.on_planet(p, seat) for p in PLANETS),
            centers=sum(1 for p in PLANETS for owner in self.centers.get(p, {}).values() if owner == seat),
            to_place=self.to_place.get(seat, 0),
            box=self.box.get(seat, 0),
        )

    def held(self, seat: int, kind: str) -> int:
        """Return the bonus cards of ``kind`` that ``seat`` holds."""
        return self.bonus.get(seat, {}).get(kind, 0)

    def full_planets(self) -> tuple[int, ...]:
        """Return the planets whose three economic centers are all taken."""
        return tuple(p for p in PLANETS if len(self.centers.get(p, {})) == CENTERS)


# A move's handler: the state the event leaves, or RuleError.
Handler = Callable[[Setup, Andromeda, Event], Andromeda]


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


def from_earth(setup: Setup, state: Andromeda, seat: int, planet: int, count: int) -> Andromeda:
    """Move ``count`` of ``seat``'s stations from Earth to ``planet``, or raise RuleError."""
    if count < 1 or count > state.earth[seat]:
        raise RuleError(
            plural(
                state.earth[seat],
                N_("{name} has {count} station on Earth."),
                N_("{name} has {count} stations on Earth."),
            ),
            name=setup.player(seat).name,
            count=state.earth[seat],
        )
    stations = {**state.stations, planet: {**state.stations[planet], seat: state.on_planet(planet, seat) + count}}
    return evolve(state, stations=stations, earth={**state.earth, seat: state.earth[seat] - count})


def to_earth(state: Andromeda, seat: int, planet: int, count: int) -> Andromeda:
    """Move ``count`` of ``seat``'s stations from ``planet`` back to Earth."""
    stations = {**state.stations, planet: {**state.stations[planet], seat: state.on_planet(planet, seat) - count}}
    return evolve(state, stations=stations, earth={**state.earth, seat: state.earth[seat] + count})
