"""Mission: Red Planet: the rounds and the characters.

Each round every player picks a character (1–9) face down; they are called in the seed's order
(1 to 9 in the 1st edition, 9 down to 1 in the 2nd), tied characters clockwise from the first
player; a used character comes back only with the Recruiter; whoever acted last takes the first
player token. A round ends once every character has acted (tables started before that rule end
it when they say); the zones are scored after rounds 5, 8 and 10, and round 10 ends the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.contract import Event, Setup, evolve
from companion.games.mission_red_planet.majorities import SCORING_ROUNDS, final_scoring, score_zones
from companion.games.mission_red_planet.rule_options import (
    FIRST_EDITION,
    RECRUITER_RETURNS_ITSELF,
    RULE_VERSION,
    RULES_BEFORE_CALLS_CHECK,
    SECOND_EDITION,
    edition_of,
    score_supply,
)
from companion.games.mission_red_planet.state import CHARACTERS, LAST_ROUND, ZONES, RedPlanet
from companion.games.words import N_, Message, RuleError, listing, msg

# The seed calls the characters from the Recruiter (1) to the Astronaut (9); 2nd-edition summaries
# count down from the Recruiter (9). Only these names are in our sources: the others go by number.
CHARACTER_NAMES: Mapping[str, Mapping[int, str]] = {
    FIRST_EDITION: {1: N_("Recruiter"), 9: N_("Astronaut")},
    SECOND_EDITION: {9: N_("Recruiter")},
}


def initial_state(setup: Setup) -> RedPlanet:
    """Round 1, nobody on Mars, the full score token supply."""
    return RedPlanet(supply=score_supply(setup))


def recruiter(setup: Setup) -> int:
    """Return the Recruiter's number in the table's edition."""
    return 9 if edition_of(setup) == SECOND_EDITION else 1


def character_name(setup: Setup, character: int) -> Message:
    """Return a character as the seed prints it: its name, then its number in brackets, 「新兵募集官（1）」.

    Where our sources give no name, the word "character" stands in for it (「キャラクター（5）」).
    """
    name = CHARACTER_NAMES[edition_of(setup)].get(character)
    if name is None:
        return msg(N_("character {number}"), number=character)
    return msg(N_("{name} ({number})"), number=character, name=msg(name))


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


def pick_character(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """A player picks a character for the round, face down, from those in their hand."""
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


def character_acted(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
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


def end_round(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """End the round: the first player token moves, and after rounds 5, 8 and 10 the zones are scored."""
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
        return final_scoring(setup, state)
    if state.round in SCORING_ROUNDS:
        state = score_zones(setup, state)
    return evolve(state, round=state.round + 1)
