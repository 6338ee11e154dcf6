"""Mission: Red Planet (seed 003, 1st edition; 2nd edition as an option).

The app keeps the crew on Mars and settles every zone's majority after rounds 5, 8 and 10:

* Round 5: each mapped zone gets 1 score token of its resource colour. The sole majority takes
  the pot; on a tie the token stays in the zone for round 8.
* Round 8: 2 more tokens. Sole majority takes everything in the zone (2 or 3); a tie splits the
  pot evenly and the remainder stays for round 10.
* Round 10 (end of the game): 3 more tokens. Sole majority takes everything; a tie splits evenly
  and the remainder is discarded. A sole final majority also takes the zone's resource token,
  worth three score tokens of its colour. Most ice: +9, split among tied players (rounded down).
* Discovery cards (face down on an outer zone, one per zone, at most seven) are turned up at the
  end of round 10, before its scoring, and change their zone's result by their effect (cards.py).
* Bonus cards (secret to their owner) are checked against the state at the end: points only when
  their condition holds, and the results say why or why not.

Each round every player picks a character (1–9) face down; they are called in the seed's order
(1 to 9 in the 1st edition, 9 down to 1 in the 2nd), tied characters clockwise from the first
player; a used character comes back only with the Recruiter; whoever acted last takes the first
player token.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.majority import (
    TIE_CARRIES,
    TIE_SPLITS_REMAINDER_CARRIES,
    TIE_SPLITS_REMAINDER_DISCARDED,
    award_pot,
    leaders,
    split_bonus,
)
from companion.games.mechanics.randomness import rng_for
from companion.games.mechanics.ranking import TieBreaker, standings
from companion.games.mechanics.sheet import check_player_count
from companion.games.mission_red_planet import cards
from companion.games.mission_red_planet.cards import BonusCard, DiscoveryCard
from companion.games.moves import ANYONE, Field, Guard, Move, Secret
from companion.games.options import Choice, RuleOption, applied_options, when
from companion.games.scores import CategoryScore, Scoreboard
from companion.games.words import N_, Message, RuleError, listing, msg, plural

SLUG = "mission-red-planet"
Handler = Callable[[Setup, "RedPlanet", Event], "RedPlanet"]

ICE, SYLVANITE, CELERIUM = "ice", "sylvanite", "celerium"
RESOURCES = (ICE, SYLVANITE, CELERIUM)
RESOURCE_NAMES = {ICE: N_("ice"), SYLVANITE: N_("sylvanite"), CELERIUM: N_("celerium")}

FIRST_EDITION, SECOND_EDITION = "1st", "2nd"
ZONES = tuple(range(1, 11))
PHOBOS = 10  # in the 2nd edition the tenth space is Phobos
LAST_ROUND = 10
MAX_DISCOVERIES = 7
ICE_BONUS = 9

# Scoring rounds: new tokens per zone, and what a tie does with the pot.
SCORING_ROUNDS: Mapping[int, tuple[int, str]] = {
    5: (1, TIE_CARRIES),
    8: (2, TIE_SPLITS_REMAINDER_CARRIES),
    10: (3, TIE_SPLITS_REMAINDER_DISCARDED),
}
NEXT_SCORING = {5: 8, 8: 10}

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

CHARACTERS = tuple(range(1, 10))
# The seed calls the characters from the Recruiter (1) to the Astronaut (9); 2nd-edition summaries
# count down from the Recruiter (9). Only these names are in our sources: the others go by number.
CHARACTER_NAMES: Mapping[str, Mapping[int, str]] = {
    FIRST_EDITION: {1: N_("Recruiter"), 9: N_("Astronaut")},
    SECOND_EDITION: {9: N_("Recruiter")},
}

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
            Choice(FIRST_EDITION, N_("1st edition: 3–5 players, 10 zones")),
            Choice(SECOND_EDITION, N_("2nd edition: 2–6 players, 9 regions and Phobos")),
        ),
    ),
    RuleOption(
        TOKEN_VALUES,
        N_("Points per score token: ice, sylvanite, celerium"),
        (1, 2, 3),
        minimum=0,
        maximum=20,
        note=N_("2nd edition values; the 1st edition only says “1 to 3”."),
    ),
    RuleOption(
        TOKEN_MIX_1ST,
        N_("1st edition resource tokens: ice, sylvanite, celerium (14 in all)"),
        (6, 4, 4),
        minimum=0,
        maximum=14,
        note=N_("Not confirmed by the rules we have: set it from your box."),
        applies=when({EDITION: FIRST_EDITION}),
    ),
    RuleOption(
        SUPPLY_1ST,
        N_("1st edition score tokens in the supply: ice, sylvanite, celerium (70 in all)"),
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
            Choice(OWN_COMPONENTS, N_("our own components: we enter each token when it is revealed")),
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
            Choice(TIE_NOT_MOST, N_("a tie is not the most: nobody tied scores it")),
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
            Choice(RULES_BEFORE_CALLS_CHECK, N_("version 1: End round did not wait for the character calls")),
            Choice(RULES_CALLS_END_ROUND, N_("version 2: End round waits until every character has acted")),
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

LAND, MOVE, REMOVE, SET_CREW = "mrp.land", "mrp.move", "mrp.remove", "mrp.crew"
RESOURCE, END_ROUND = "mrp.resource", "mrp.end-round"
BONUS, DISCOVERY, DISCOVERY_POINTS = "mrp.bonus", "mrp.discovery", "mrp.discovery-points"
REVEAL, CHARACTER, ACTED = "mrp.reveal", "mrp.character", "mrp.acted"


@dataclass(frozen=True)
class ZoneResult:
    """How one zone was settled at one scoring round."""

    zone: int
    resource: str | None
    crew: Mapping[int, int]
    pot: int
    shares: Mapping[int, int]
    carried: int
    discarded: int
    resource_token_to: int | None = None
    card: DiscoveryCard | None = None  # the discovery card turned up on the zone, if its effect is known
    card_points: Mapping[int, int] = field(default_factory=dict)  # seat -> points the card gave


@dataclass(frozen=True)
class ScoringRound:
    """The outcome of the scoring after round 5, 8 or 10."""

    round: int
    zones: tuple[ZoneResult, ...]
    stand_ins: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class RedPlanet:
    """The game: round, crew, zones' resources and pots, tokens won, secret cards."""

    round: int = 1
    first_player: int | None = None
    crew: Mapping[int, Mapping[int, int]] = field(default_factory=dict)  # zone -> seat -> astronauts
    on_mars: Mapping[int, int] = field(default_factory=dict)  # seat -> astronauts on Mars in all
    resources: Mapping[int, str] = field(default_factory=dict)  # zone -> colour, once mapped
    pots: Mapping[int, int] = field(default_factory=dict)  # zone -> tokens left there by ties
    tokens: Mapping[tuple[int, str], int] = field(default_factory=dict)  # (seat, colour) -> score tokens
    resource_tokens: Mapping[tuple[int, str], int] = field(default_factory=dict)
    supply: Mapping[str, int] = field(default_factory=dict)
    bonus_cards: Mapping[int, tuple[BonusCard, ...]] = field(default_factory=dict)  # seat -> cards held
    discoveries: Mapping[int, int] = field(default_factory=dict)  # zone -> seat who placed it
    discovery_cards: Mapping[int, DiscoveryCard] = field(default_factory=dict)  # zone -> effect, once known
    revealed: frozenset[int] = frozenset()  # zones whose discovery card was turned up before the end
    discovery_points: Mapping[int, tuple[int, int]] = field(default_factory=dict)  # zone -> (seat, points)
    scorings: tuple[ScoringRound, ...] = ()
    draws: int = 0  # resource tokens drawn by the app so far
    characters: Mapping[int, int] = field(default_factory=dict)  # seat -> character picked this round
    acted: tuple[int, ...] = ()  # seats whose character has acted this round, in order
    used: Mapping[int, frozenset[int]] = field(default_factory=dict)  # seat -> characters set aside
    before_final: RedPlanet | None = None  # the state the final scoring was made from (redone on a reveal)

    @property
    def over(self) -> bool:
        """True once round 10 has been scored."""
        return self.round > LAST_ROUND

    def crew_in(self, zone: int) -> dict[int, int]:
        """Return astronauts per seat in ``zone`` (seats with none left out)."""
        return {seat: n for seat, n in self.crew.get(zone, {}).items() if n > 0}

    def crew_of(self, zone: int, seat: int) -> int:
        """Return ``seat``'s astronauts in ``zone``."""
        return self.crew.get(zone, {}).get(seat, 0)


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


def initial_state(setup: Setup) -> RedPlanet:
    """Round 1, nobody on Mars, the full score token supply."""
    return RedPlanet(supply=score_supply(setup))


# -- Crew ----------------------------------------------------------------------------------------


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


def _land(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    seat, zone, count = event.payload["seat"], event.payload["zone"], event.payload["count"]
    return _with_crew(setup, state, seat, {zone: state.crew_of(zone, seat) + count}, event)


def _remove(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    seat, zone, count = event.payload["seat"], event.payload["zone"], event.payload["count"]
    return _with_crew(setup, state, seat, {zone: state.crew_of(zone, seat) - count}, event)


def _move(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    seat, source, target, count = (event.payload[k] for k in ("seat", "from_zone", "to_zone", "count"))
    if source == target:
        raise RuleError(N_("Choose two different zones."))
    counts = {source: state.crew_of(source, seat) - count, target: state.crew_of(target, seat) + count}
    return _with_crew(setup, state, seat, counts, event)


def _set_crew(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    seat, zone = event.payload["seat"], event.payload["zone"]
    return _with_crew(setup, state, seat, {zone: event.payload["count"]}, event)


def _resource(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    zone, colour = event.payload["zone"], event.payload["resource"]
    if zone in state.resources:
        raise RuleError(N_("{zone} already has its resource token."), zone=zone_name(setup, zone))
    if _tokens_left(setup, state)[colour] <= 0:
        raise RuleError(N_("No {resource} resource token is left."), resource=msg(RESOURCE_NAMES[colour]))
    return evolve(state, resources={**state.resources, zone: colour})


# -- Cards ---------------------------------------------------------------------------------------


def _bonus(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """A bonus card is kept face down; it may be entered until the end, when it is checked."""
    seat = event.payload["seat"]
    card = cards.bonus_card(event.payload)
    return evolve(state, bonus_cards={**state.bonus_cards, seat: (*state.bonus_cards.get(seat, ()), card)})


def _discovery(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    zone = event.payload["zone"]
    if zone in setup.options.get(CENTRAL_ZONES, (8, 9, 10)):
        raise RuleError(N_("The central zones have no outer edge: a discovery card cannot go there."))
    if zone in state.discoveries:
        raise RuleError(N_("{zone} already has a discovery card."), zone=zone_name(setup, zone))
    if len(state.discoveries) >= MAX_DISCOVERIES:
        raise RuleError(N_("Seven discovery cards are already on Mars: discard this one."))
    known = dict(state.discovery_cards)
    if cards.has_effect(event.payload):  # its placer saw it: secret until the end
        known[zone] = cards.discovery_card(event.payload)
    return evolve(state, discoveries={**state.discoveries, zone: event.payload["seat"]}, discovery_cards=known)


def _reveal(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """A discovery card is turned up at the end of round 10: before its scoring, or after it (scored again)."""
    zone = event.payload["zone"]
    if zone not in state.discoveries:
        raise RuleError(N_("There is no discovery card on {zone}."), zone=zone_name(setup, zone))
    card = cards.discovery_card(event.payload)
    if state.over and state.before_final is not None:
        base = state.before_final
        base = evolve(
            base,
            discovery_cards={**base.discovery_cards, zone: card},
            revealed=base.revealed | {zone},
            bonus_cards=state.bonus_cards,
            discovery_points=state.discovery_points,
        )
        return _final_scoring(setup, base)
    if state.round != LAST_ROUND:
        raise RuleError(N_("Discovery cards are turned up at the end of round 10."))
    return evolve(state, discovery_cards={**state.discovery_cards, zone: card}, revealed=state.revealed | {zone})


def _discovery_points(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """Points typed for a revealed discovery card (the entry before cards had effects)."""
    zone = event.payload["zone"]
    if not state.over:
        raise RuleError(N_("Discovery cards are revealed at the end of the game."))
    if zone not in state.discoveries:
        raise RuleError(N_("There is no discovery card on {zone}."), zone=zone_name(setup, zone))
    entry = (event.payload["seat"], event.payload["points"])
    return evolve(state, discovery_points={**state.discovery_points, zone: entry})


# -- Characters ----------------------------------------------------------------------------------


def recruiter(setup: Setup) -> int:
    """Return the Recruiter's number in the table's edition."""
    return 9 if edition_of(setup) == SECOND_EDITION else 1


def character_name(setup: Setup, character: int) -> Message:
    """Return a character as the table calls it: its number, and its name where our sources give one."""
    name = CHARACTER_NAMES[edition_of(setup)].get(character)
    if name is None:
        return msg(N_("character {number}"), number=character)
    return msg(N_("{number} {name}"), number=character, name=msg(name))


def hand(setup: Setup, state: RedPlanet, seat: int) -> tuple[int, ...]:
    """Return the characters ``seat`` may pick: all but those set aside since its last Recruiter."""
    used = state.used.get(seat, frozenset())
    return tuple(c for c in CHARACTERS if c not in used)


def calling_order(setup: Setup, state: RedPlanet) -> tuple[int, ...]:
    """Return the seats in the order their characters act this round (once every seat has picked).

    Characters are called 1 to 9 (the 2nd edition counts down from 9); players who picked the same
    character act clockwise from the first player.
    """
    if len(state.characters) < len(setup.seats):
        return ()
    seats = setup.seats
    start = seats.index(state.first_player) if state.first_player in seats else 0
    clockwise = {seat: (seats.index(seat) - start) % len(seats) for seat in seats}
    step = -1 if edition_of(setup) == SECOND_EDITION else 1
    return tuple(sorted(seats, key=lambda seat: (step * state.characters[seat], clockwise[seat])))


def next_to_act(setup: Setup, state: RedPlanet) -> int | None:
    """Return the seat whose character acts next, or None (not everyone has picked, or all have acted)."""
    return next((seat for seat in calling_order(setup, state) if seat not in state.acted), None)


def called(setup: Setup, state: RedPlanet) -> frozenset[int]:
    """Return the seats whose character has been called (turned face up) this round."""
    order = calling_order(setup, state)
    now = next_to_act(setup, state)
    if not order:
        return frozenset()
    if now is None:
        return frozenset(order)
    return frozenset(seat for seat in order if state.characters[seat] == state.characters[now]) | set(state.acted)


def _character(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    seat, character = event.payload["seat"], event.payload["character"]
    name = setup.player(seat).name
    if calling_order(setup, state):  # everyone has picked: the calls have begun (undo corrects a pick)
        raise RuleError(N_("The characters are being called: the picks of this round are made."))
    if character not in hand(setup, state, seat):
        raise RuleError(
            N_("{name} has already used {character}: only the Recruiter brings it back."),
            name=name,
            character=character_name(setup, character),
        )
    return evolve(state, characters={**state.characters, seat: character})


def _acted(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """The character acting now is done: once a round for each player.

    Seed 003, line 51: each player lays one character card a round; line 71: a player whose turn
    is over sets the used card aside. So a second "done" for the same player in a round (a double
    tap) is refused, whatever acts now.
    """
    seat = event.payload["seat"]
    if seat in state.acted:
        raise RuleError(
            N_("{name}'s character has already acted this round: one character a round. Nothing was recorded."),
            name=setup.player(seat).name,
        )
    now = next_to_act(setup, state)
    if now is None:
        raise RuleError(N_("Every player picks a character first; then they are called in order."))
    if seat != now:
        raise RuleError(N_("It is {name}'s character that acts now."), name=setup.player(now).name)
    character = state.characters[seat]
    used = state.used.get(seat, frozenset()) | {character}
    if character == recruiter(setup):  # the used characters come back to the hand
        used = frozenset() if setup.options.get(RECRUITER_RETURNS_ITSELF, True) else frozenset({character})
    return evolve(state, acted=(*state.acted, seat), used={**state.used, seat: used})


# -- Rounds and scoring --------------------------------------------------------------------------


def still_to_act(setup: Setup, state: RedPlanet) -> tuple[int, ...]:
    """Return the seats whose character has still to act this round, in seat order (none if nobody picked).

    Seat order, not the calling order: the order would tell which characters lie face down.
    """
    if not state.characters:
        return ()  # characters are optional: a round without picks ends when the table says
    return tuple(seat for seat in setup.seats if seat not in state.acted)


def _check_calls_done(setup: Setup, state: RedPlanet) -> None:
    """Refuse to end a round whose characters have not all acted (seed 003, line 67).

    「ターンは、すべてのプレイヤーが自分のキャラクターのアクションを終えるまで続きます」: the round
    goes on until every player's character has acted. Tables started before this rule (rule
    version 1) end their rounds as they were recorded.
    """
    if setup.options.get(RULE_VERSION, RULES_BEFORE_CALLS_CHECK) == RULES_BEFORE_CALLS_CHECK:
        return
    waiting = still_to_act(setup, state)
    if not waiting:
        return
    if not calling_order(setup, state):
        picking = (seat for seat in setup.seats if seat not in state.characters)
        raise RuleError(
            N_("Round {round} is not over: still to pick a character: {names}. End it once every character has acted."),
            round=state.round,
            names=listing(setup.player(seat).name for seat in picking),
        )
    raise RuleError(
        N_("Round {round} is not over: still to act: {names}. End it once every character has acted."),
        round=state.round,
        names=listing(setup.player(seat).name for seat in waiting),
    )


def _end_round(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    _check_calls_done(setup, state)
    first = event.payload.get("first_player")
    if first is not None:
        setup.player(first)
    elif state.acted and len(state.acted) == len(setup.seats):
        first = state.acted[-1]  # whoever acted last takes the first player token
    if state.round in SCORING_ROUNDS:
        unrevealed = [zone for zone in ZONES if state.crew_in(zone) and zone not in state.resources]
        if unrevealed:
            zones = listing(unrevealed)
            raise RuleError(
                N_("Enter the resource tokens of zones {zones} (crew are there) before this scoring."), zones=zones
            )
    state = evolve(
        state,
        first_player=first if first is not None else state.first_player,
        characters={},
        acted=(),
    )
    if state.round == LAST_ROUND:
        return _final_scoring(setup, state)
    if state.round in SCORING_ROUNDS:
        state = _score_zones(setup, state)
    return evolve(state, round=state.round + 1)


def _final_scoring(setup: Setup, base: RedPlanet) -> RedPlanet:
    """Turn up the discovery cards and score round 10 from ``base``, kept so that a later reveal redoes it."""
    return evolve(_score_zones(setup, base), round=LAST_ROUND + 1, before_final=base)


def _score_zones(setup: Setup, state: RedPlanet) -> RedPlanet:
    new_tokens, tie_policy = SCORING_ROUNDS[state.round]
    final = state.round == LAST_ROUND
    discard_empty = setup.options.get(EMPTY_ZONES) == "discard"
    tokens = dict(state.tokens)
    resource_tokens = dict(state.resource_tokens)
    pots = dict(state.pots)
    supply = dict(state.supply)
    stand_ins: dict[str, int] = {}
    results = []
    for zone in ZONES:
        colour = state.resources.get(zone)
        if colour is None:
            continue  # nobody has reached it: no resource, nothing to produce
        card = state.discovery_cards.get(zone) if final else None
        effect = card.effect if card is not None else None
        if card is not None and effect == cards.OTHER_RESOURCE and card.resource is not None:
            colour = card.resource
        crew = state.crew_in(zone)
        produced = max(0, new_tokens + card.amount) if card is not None and effect == cards.MORE_TOKENS else new_tokens
        pot = pots.get(zone, 0) + produced
        if card is not None and effect == cards.MULTIPLY:
            pot *= card.amount
        barren = effect == cards.BARREN
        award = award_pot({} if barren else crew, pot, tie_policy)
        carried = 0 if final or (not crew and discard_empty) else award.carried
        discarded = award.discarded + (award.carried - carried)
        for seat, share in award.shares.items():
            tokens[(seat, colour)] = tokens.get((seat, colour), 0) + share
            paid = min(share, supply.get(colour, 0))
            supply[colour] = supply.get(colour, 0) - paid
            if share > paid:
                stand_ins[colour] = stand_ins.get(colour, 0) + share - paid
        takes_token = final and award.sole and bool(setup.options.get(FINAL_RESOURCE_TOKEN, True))
        taker = award.leaders[0] if takes_token else None
        if taker is not None:
            resource_tokens[(taker, colour)] = resource_tokens.get((taker, colour), 0) + 1
        card_points: dict[int, int] = {}
        if card is not None and effect == cards.MAJORITY_POINTS:
            card_points = split_bonus(crew, card.points)
        pots[zone] = carried
        results.append(ZoneResult(zone, colour, crew, pot, award.shares, carried, discarded, taker, card, card_points))
    scoring = ScoringRound(state.round, tuple(results), stand_ins)
    return evolve(
        state,
        tokens=tokens,
        resource_tokens=resource_tokens,
        pots=pots,
        supply=supply,
        scorings=(*state.scorings, scoring),
    )


def _while_playing(handler: Handler) -> Handler:
    """Refuse a move once round 10 has been scored."""

    def checked(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
        if state.over:
            raise RuleError(N_("The game is over: round 10 has been scored."))
        return handler(setup, state, event)

    return checked


_zone = Field("zone", "int", 1, len(ZONES))
_bonus_fields = cards.bonus_fields(RESOURCES, len(ZONES))
# What a card is, as typed at a table: remembered by the server and offered again at later tables.
BONUS_CARD_FIELDS = tuple(f.name for f in _bonus_fields)
DISCOVERY_CARD_FIELDS = tuple(f.name for f in cards.discovery_fields(RESOURCES, required=True))


def _described_discovery(payload: Mapping[str, Any]) -> Message:
    """Say a discovery card's effect from an entry (or what is wrong with it)."""
    try:
        card = cards.discovery_card(payload)
    except RuleError as error:
        return error.message
    return cards.describe_discovery(card, RESOURCE_NAMES.get(card.resource or ""))


def _describe_bonus_entry(setup: Setup, state: RedPlanet, e: Event, who: str) -> Message:
    """Say a bonus card was noted; the card itself only to its owner (the move's secret) until the end."""
    if "points" not in e.payload:
        return msg(N_("{name} noted a bonus card (secret until the end)"), name=who)
    try:
        card = describe_bonus_card(setup, cards.bonus_card(e.payload))
    except RuleError as error:
        card = error.message
    return msg(N_("{name} noted a bonus card: {card}"), name=who, card=card)


def _describe_discovery_entry(setup: Setup, state: RedPlanet, e: Event, who: str) -> Message:
    """Say a discovery card was placed; its effect, when its placer entered it, only where the secret is shown."""
    zone = zone_name(setup, e.payload["zone"])
    if not cards.has_effect(e.payload):
        return msg(N_("{name} placed a discovery card face down on {zone}"), name=who, zone=zone)
    return msg(
        N_("{name} placed a discovery card on {zone}: {card}"),
        name=who,
        zone=zone,
        card=_described_discovery(e.payload),
    )


_seat = Field("seat", "seat")
_count = Field("count", "int", 1, 22)
MOVES = (
    Move(
        LAND,
        N_("Crew land in a zone"),
        (_seat, _zone, _count),
        _while_playing(_land),
        lambda setup, state, e, who: msg(
            N_("{name}: {count} crew land in {zone}"),
            name=who,
            count=e.payload["count"],
            zone=zone_name(setup, e.payload["zone"]),
        ),
    ),
    Move(
        MOVE,
        N_("Crew move between zones"),
        (_seat, Field("from_zone", "int", 1, 10), Field("to_zone", "int", 1, 10), _count),
        _while_playing(_move),
        lambda setup, state, e, who: msg(
            N_("{name}: {count} crew move from {source} to {target}"),
            name=who,
            count=e.payload["count"],
            source=zone_name(setup, e.payload["from_zone"]),
            target=zone_name(setup, e.payload["to_zone"]),
        ),
    ),
    Move(
        REMOVE,
        N_("Crew leave Mars"),
        (_seat, _zone, _count),
        _while_playing(_remove),
        lambda setup, state, e, who: msg(
            N_("{name}: {count} crew leave {zone}"),
            name=who,
            count=e.payload["count"],
            zone=zone_name(setup, e.payload["zone"]),
        ),
    ),
    Move(
        SET_CREW,
        N_("Crew count in a zone"),
        (_seat, _zone, Field("count", "int", 0, 22)),
        _while_playing(_set_crew),
        lambda setup, state, e, who: msg(
            N_("{name}: {count} crew in {zone}"),
            name=who,
            count=e.payload["count"],
            zone=zone_name(setup, e.payload["zone"]),
        ),
    ),
    Move(
        RESOURCE,
        N_("Resource token revealed"),
        (_zone, Field("resource", "choice", choices=RESOURCES)),
        _while_playing(_resource),
        lambda setup, state, e, who: msg(
            N_("{zone} holds {resource}"),
            zone=zone_name(setup, e.payload["zone"]),
            resource=msg(RESOURCE_NAMES[e.payload["resource"]]),
        ),
        who=ANYONE,
    ),
    Move(
        END_ROUND,
        N_("End of round"),
        (Field("first_player", "seat", required=False),),
        _while_playing(_end_round),
        lambda setup, state, e, who: (
            msg(N_("End of round {round}"), round=e.payload["round"])
            if "round" in e.payload
            else msg(N_("End of a round"))
        ),
        who=ANYONE,
        guard=Guard(
            "round",
            lambda state: state.round,
            N_("That round has already ended: the table is in round {now}. Nothing was recorded."),
        ),
        advances=True,
    ),
    Move(
        BONUS,
        N_("Bonus card"),
        (_seat, *_bonus_fields),
        _bonus,
        _describe_bonus_entry,
        remember=BONUS_CARD_FIELDS,
        secret=Secret(BONUS_CARD_FIELDS),  # its owner's until the end
    ),
    Move(
        DISCOVERY,
        N_("Discovery card placed"),
        (_seat, _zone, *cards.discovery_fields(RESOURCES, required=False)),
        _while_playing(_discovery),
        _describe_discovery_entry,
        remember=DISCOVERY_CARD_FIELDS,
        # Its placer saw it; everyone sees it when it is turned up (round 10) or the table ends.
        secret=Secret(DISCOVERY_CARD_FIELDS, revealed=lambda state, e: e.payload["zone"] in state.revealed),
    ),
    Move(
        REVEAL,
        N_("Discovery card turned up"),
        (_zone, *cards.discovery_fields(RESOURCES, required=True)),
        _reveal,
        lambda setup, state, e, who: msg(
            N_("Discovery card turned up on {zone}: {effect}"),
            zone=zone_name(setup, e.payload["zone"]),
            effect=_described_discovery(e.payload),
        ),
        who=ANYONE,
        remember=DISCOVERY_CARD_FIELDS,
    ),
    Move(
        CHARACTER,
        N_("Character picked for the round"),
        (_seat, Field("character", "int", 1, len(CHARACTERS))),
        _while_playing(_character),
        # Face down until it is called: the log never says which.
        lambda setup, state, e, who: msg(N_("{name} picked a character (face down)"), name=who),
    ),
    Move(
        ACTED,
        N_("Character's actions done"),
        (_seat,),
        _while_playing(_acted),
        lambda setup, state, e, who: msg(N_("{name}'s character has acted"), name=who),
    ),
    Move(
        DISCOVERY_POINTS,
        N_("Discovery card revealed"),
        (_zone, _seat, Field("points", "int", -50, 50)),
        _discovery_points,
        lambda setup, state, e, who: msg(
            N_("Discovery card on {zone}: {points} points for {name}"),
            zone=zone_name(setup, e.payload["zone"]),
            points=e.payload["points"],
            name=who,
        ),
        who=ANYONE,
    ),
)


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


@dataclass(frozen=True)
class BonusOutcome:
    """A bonus card checked against the state at the end: its points, and why."""

    seat: int
    card: BonusCard
    points: int
    reason: Message


def _colours(card: BonusCard) -> tuple[str, ...]:
    return (card.resource,) if card.resource else RESOURCES


def _score_tokens(state: RedPlanet, card: BonusCard, seat: int) -> int:
    """Score tokens of the card's resource (or all); a resource token counts as three, as the seed has it."""
    return sum(state.tokens.get((seat, c), 0) + 3 * state.resource_tokens.get((seat, c), 0) for c in _colours(card))


def _resource_tokens(state: RedPlanet, card: BonusCard, seat: int) -> int:
    return sum(state.resource_tokens.get((seat, c), 0) for c in _colours(card))


# What a bonus card counts, for one seat at the end of the game.
_COUNTERS: Mapping[str, Callable[[RedPlanet, BonusCard, int], int]] = {
    cards.NOTHING: lambda state, card, seat: 0,
    cards.CREW_IN_ZONE: lambda state, card, seat: state.crew_of(card.zone or 0, seat),
    cards.CREW_ON_MARS: lambda state, card, seat: state.on_mars.get(seat, 0),
    cards.ZONES_WITH_CREW: lambda state, card, seat: sum(1 for zone in ZONES if state.crew_of(zone, seat) > 0),
    cards.MAJORITIES: lambda state, card, seat: sum(1 for zone in ZONES if leaders(state.crew_in(zone)) == (seat,)),
    cards.SCORE_TOKENS: _score_tokens,
    cards.RESOURCE_TOKENS: _resource_tokens,
}


def describe_bonus_card(setup: Setup, card: BonusCard) -> Message:
    """Say a bonus card in a few words, with the zone or resource it names."""
    what = cards.what_counted(
        card,
        zone_name(setup, card.zone) if card.zone is not None else None,
        RESOURCE_NAMES.get(card.resource or ""),
    )
    return cards.describe_bonus(card, what)


CardVerdict = tuple[int, Message]  # a bonus card's points and the reason


def _always(setup: Setup, card: BonusCard, seat: int, counts: Mapping[int, int]) -> CardVerdict:
    return card.points, msg(N_("no condition: +{points}"), points=card.points)


def _each(setup: Setup, card: BonusCard, seat: int, counts: Mapping[int, int]) -> CardVerdict:
    total = counts[seat] * card.points
    return total, msg(N_("{count} × {points} = {total}"), count=counts[seat], points=card.points, total=total)


def _at_least(setup: Setup, card: BonusCard, seat: int, counts: Mapping[int, int]) -> CardVerdict:
    mine = counts[seat]
    if mine >= card.at_least:
        met = N_("{count}, at least {needed}: met, +{points}")
        return card.points, msg(met, count=mine, needed=card.at_least, points=card.points)
    return 0, msg(N_("{count}, fewer than {needed}: not met, 0"), count=mine, needed=card.at_least)


def _most(setup: Setup, card: BonusCard, seat: int, counts: Mapping[int, int]) -> CardVerdict:
    """The most of all players, at least one; a tie for the most meets it only if ``bonus-tie`` says so."""
    names = {p.seat: p.name for p in setup.players}
    mine, best = counts[seat], max(counts.values())
    if mine == 0:
        return 0, msg(N_("none: not met, 0"))
    if mine < best:
        ahead = listing(f"{names[s]} {n}" for s, n in counts.items() if n == best)
        return 0, msg(N_("{count}, but {ahead}: not met, 0"), count=mine, ahead=ahead)
    others = [names[s] for s, n in counts.items() if n == best and s != seat]
    if not others:
        return card.points, msg(N_("{count}, the most: met, +{points}"), count=mine, points=card.points)
    if setup.options.get(BONUS_TIE, TIE_NOT_MOST) == TIE_IS_MOST:
        counted = N_("{count}, tied for the most with {names}: a tie counts, +{points}")
        return card.points, msg(counted, count=mine, names=listing(others), points=card.points)
    return 0, msg(
        N_("{count}, tied for the most with {names}: a tie is not the most, 0"), count=mine, names=listing(others)
    )


_CONDITIONS: Mapping[str, Callable[[Setup, BonusCard, int, Mapping[int, int]], CardVerdict]] = {
    cards.ALWAYS: _always,
    cards.EACH: _each,
    cards.AT_LEAST: _at_least,
    cards.MOST: _most,
}


def check_bonus(setup: Setup, state: RedPlanet, seat: int, card: BonusCard) -> BonusOutcome:
    """Check one bonus card against ``state``: its points when its condition holds, and the reason."""
    counts = {s: _COUNTERS[card.counts](state, card, s) for s in setup.seats}
    points, reason = _CONDITIONS[card.condition](setup, card, seat, counts)
    return BonusOutcome(seat, card, points, reason)


def bonus_outcomes(setup: Setup, state: RedPlanet) -> tuple[BonusOutcome, ...]:
    """Return every bonus card checked against the state at the end, seat by seat."""
    return tuple(
        check_bonus(setup, state, seat, card) for seat in setup.seats for card in state.bonus_cards.get(seat, ())
    )


def discovery_awards(setup: Setup, state: RedPlanet) -> tuple[tuple[int, int, int], ...]:
    """Return (zone, seat, points) for every point a discovery card gave at the end."""
    if not state.over:
        return ()
    awards: list[tuple[int, int, int]] = []
    for scoring in state.scorings:
        for result in scoring.zones:
            awards += [(result.zone, seat, points) for seat, points in result.card_points.items()]
    for zone, card in sorted(state.discovery_cards.items()):
        if card.effect == cards.PLACER_POINTS and zone in state.discoveries:
            awards.append((zone, state.discoveries[zone], card.points))
    awards += [(zone, seat, points) for zone, (seat, points) in sorted(state.discovery_points.items())]
    return tuple(awards)


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


def explain_cards(
    setup: Setup, state: RedPlanet, outcomes: tuple[BonusOutcome, ...], found: tuple[tuple[int, int, int], ...]
) -> list[Message]:
    """Return a line per bonus card (why it scored or not) and per discovery card's points outside a zone line."""
    names = {p.seat: p.name for p in setup.players}
    lines = [
        msg(
            N_("Bonus card of {name} ({card}): {reason}"),
            name=names[o.seat],
            card=describe_bonus_card(setup, o.card),
            reason=o.reason,
        )
        for o in outcomes
    ]
    for zone, card in sorted(state.discovery_cards.items()):
        if card.effect == cards.PLACER_POINTS and zone in state.discoveries:
            lines.append(
                msg(
                    N_("Discovery card on {zone} ({card}): {name} placed it, {points:+d}"),
                    zone=zone_name(setup, zone),
                    card=cards.describe_discovery(card, None),
                    name=names[state.discoveries[zone]],
                    points=card.points,
                )
            )
    for zone, (seat, points) in sorted(state.discovery_points.items()):
        lines.append(
            msg(
                N_("Discovery card on {zone}: {points:+d} for {name}"),
                zone=zone_name(setup, zone),
                points=points,
                name=names[seat],
            )
        )
    return lines


def _tokens_times(count: int, value: int) -> Message:
    return msg(plural(count, N_("{count} token × {value}"), N_("{count} tokens × {value}")), count=count, value=value)


def explain_ice_bonus(setup: Setup, state: RedPlanet, bonus: Mapping[int, int]) -> Message:
    """Say who had how much ice and who took the +9 (split among tied players, rounded down)."""
    counts = ice_counts(setup, state)
    names = {p.seat: p.name for p in setup.players}
    ice = listing(f"{names[seat]} {counts[seat]}" for seat in sorted(counts, key=lambda s: (-counts[s], s)))
    takers = [seat for seat, points in bonus.items() if points]
    if not takers:
        return msg(N_("Most ice: {ice}; nobody has ice, so nobody takes the +9."), ice=ice)
    won = listing(f"{names[seat]} +{bonus[seat]}" for seat in takers)
    counted = (
        N_("a resource token counts as three")
        if setup.options.get(ICE_TOKEN_IS_ICE, True)
        else N_("resource tokens do not count")
    )
    return msg(N_("Most ice ({counted}): {ice} → {won}"), counted=msg(counted), ice=ice, won=won)


def explain_scoring(setup: Setup, scoring: ScoringRound) -> list[Message]:
    """Return one line per zone of a scoring round, then any supply shortfall."""
    names = {p.seat: p.name for p in setup.players}
    lines = []
    for result in scoring.zones:
        crew = listing(f"{names[s]} {n}" for s, n in sorted(result.crew.items(), key=lambda x: (-x[1], x[0])))
        colour = msg(RESOURCE_NAMES[result.resource or ICE])
        head = msg(N_("Round {round}, {zone}"), round=scoring.round, zone=zone_name(setup, result.zone))
        if not result.crew:
            outcome = (
                msg(
                    N_("no crew: {pot} {resource} carried over to round {next}"),
                    pot=result.pot,
                    resource=colour,
                    next=NEXT_SCORING.get(scoring.round, LAST_ROUND),
                )
                if result.carried
                else msg(N_("no crew: {pot} {resource} discarded"), pot=result.pot, resource=colour)
            )
        elif len(result.shares) == 1 and not result.carried and not result.discarded:
            ((seat, share),) = result.shares.items()
            outcome = msg(N_("{name} takes {count} {resource}"), name=names[seat], count=share, resource=colour)
            if result.resource_token_to is not None:
                outcome = msg(
                    N_("{name} takes {count} {resource} and the resource token"),
                    name=names[seat],
                    count=share,
                    resource=colour,
                )
        elif result.pot == 0:
            outcome = msg(N_("no score tokens to take"))
            if result.resource_token_to is not None:
                outcome = msg(N_("{name} takes the resource token"), name=names[result.resource_token_to])
        elif not result.shares:
            outcome = msg(
                N_("tie, {count} {resource} carried over to round {next}"),
                count=result.carried,
                resource=colour,
                next=NEXT_SCORING.get(scoring.round, LAST_ROUND),
            )
        else:
            each = next(iter(result.shares.values()))
            if result.carried:
                outcome = msg(
                    N_("tie, {each} {resource} each, {rest} carried over to round {next}"),
                    each=each,
                    resource=colour,
                    rest=result.carried,
                    next=NEXT_SCORING.get(scoring.round, LAST_ROUND),
                )
            elif result.discarded:
                outcome = msg(
                    N_("tie, {each} {resource} each, {rest} discarded"),
                    each=each,
                    resource=colour,
                    rest=result.discarded,
                )
            else:
                outcome = msg(N_("tie, {each} {resource} each"), each=each, resource=colour)
        if not result.shares and result.crew and result.discarded:
            outcome = msg(N_("tie, {count} {resource} discarded"), count=result.discarded, resource=colour)
        if result.card is not None:
            outcome = msg(
                N_("{outcome} (discovery card: {card})"),
                outcome=_card_outcome(result, names, outcome),
                card=cards.describe_discovery(result.card, RESOURCE_NAMES.get(result.card.resource or "")),
            )
        lines.append(msg(N_("{head}: {crew}: {outcome}"), head=head, crew=crew or "—", outcome=outcome))
    for short_colour, missing in scoring.stand_ins.items():
        lines.append(
            msg(
                N_("The {resource} score tokens ran out: resource tokens stand in for {count} of them."),
                resource=msg(RESOURCE_NAMES[short_colour]),
                count=missing,
            )
        )
    return lines


def _card_outcome(result: ZoneResult, names: Mapping[int, str], outcome: Message) -> Message:
    """Say what a discovery card changed in a zone's final result: a barren zone, its points."""
    if result.card is not None and result.card.effect == cards.BARREN:
        return msg(N_("nothing scored, {pot} discarded"), pot=result.pot)
    if result.card_points:
        won = listing(f"{names[seat]} {points:+d}" for seat, points in result.card_points.items())
        return msg(N_("{outcome}; {won} points"), outcome=outcome, won=won)
    return outcome
