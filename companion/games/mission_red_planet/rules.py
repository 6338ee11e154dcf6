"""Mission: Red Planet (seed 003, 1st edition; 2nd edition as an option): the moves, in the order of the rulebook.

The chapters, each in its module:

* state.py: Mars and the table as the rules keep it (zones, resources, crews, tokens, cards, scorings);
* rule_options.py: what a table chooses (the edition, token values, ties, its own components, variants);
* rounds.py: the rounds and the characters, called in order, and the end of a round;
* crew.py: the crews landing, moving and leaving, and the zones they map;
* cards_in_play.py: the bonus and discovery cards, placed, turned up and checked at the end;
* majorities.py: the zones' majorities, settled after rounds 5, 8 and 10;
* scoreboard.py: the score, with the most ice and the cards.

Here each move is declared once: its fields, who may make it, how it reads in the log.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.games.contract import Event, Setup
from companion.games.mission_red_planet import cards
from companion.games.mission_red_planet.cards_in_play import (
    describe_bonus_card,
    enter_discovery_points,
    note_bonus_card,
    place_discovery_card,
    turn_up_discovery_card,
)
from companion.games.mission_red_planet.crew import land_crew, move_crew, remove_crew, reveal_resource, set_crew
from companion.games.mission_red_planet.rounds import character_acted, end_round, pick_character
from companion.games.mission_red_planet.rule_options import zone_name
from companion.games.mission_red_planet.state import CHARACTERS, RESOURCE_NAMES, RESOURCES, ZONES, RedPlanet
from companion.games.moves import ANYONE, Field, Guard, Move, Secret
from companion.games.words import N_, Message, RuleError, msg, number, plural

Handler = Callable[[Setup, RedPlanet, Event], RedPlanet]

LAND, MOVE, REMOVE, SET_CREW = "mrp.land", "mrp.move", "mrp.remove", "mrp.crew"
RESOURCE, END_ROUND = "mrp.resource", "mrp.end-round"
BONUS, DISCOVERY, DISCOVERY_POINTS = "mrp.bonus", "mrp.discovery", "mrp.discovery-points"
REVEAL, CHARACTER, ACTED = "mrp.reveal", "mrp.character", "mrp.acted"


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
        _while_playing(land_crew),
        lambda setup, state, e, who: msg(
            N_("{name} landed {count} crew in {zone}"),
            name=who,
            count=e.payload["count"],
            zone=zone_name(setup, e.payload["zone"]),
        ),
    ),
    Move(
        MOVE,
        N_("Crew move between zones"),
        (_seat, Field("from_zone", "int", 1, 10), Field("to_zone", "int", 1, 10), _count),
        _while_playing(move_crew),
        lambda setup, state, e, who: msg(
            N_("{name} moved {count} crew from {source} to {target}"),
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
        _while_playing(remove_crew),
        lambda setup, state, e, who: msg(
            N_("{name} took {count} crew off {zone}"),
            name=who,
            count=e.payload["count"],
            zone=zone_name(setup, e.payload["zone"]),
        ),
    ),
    Move(
        SET_CREW,
        N_("Crew count in a zone"),
        (_seat, _zone, Field("count", "int", 0, 22)),
        _while_playing(set_crew),
        lambda setup, state, e, who: msg(
            N_("{name} set their crew in {zone} to {count}"),
            name=who,
            count=e.payload["count"],
            zone=zone_name(setup, e.payload["zone"]),
        ),
    ),
    Move(
        RESOURCE,
        N_("Resource token revealed"),
        (_zone, Field("resource", "choice", choices=RESOURCES)),
        _while_playing(reveal_resource),
        lambda setup, state, e, who: msg(
            N_("The resource token of {zone} was revealed: {resource}"),
            zone=zone_name(setup, e.payload["zone"]),
            resource=msg(RESOURCE_NAMES[e.payload["resource"]]),
        ),
        who=ANYONE,
    ),
    Move(
        END_ROUND,
        N_("End of round"),
        (Field("first_player", "seat", required=False),),
        _while_playing(end_round),
        lambda setup, state, e, who: (
            msg(N_("Round {round} ended"), round=e.payload["round"])
            if "round" in e.payload
            else msg(N_("A round ended"))
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
        note_bonus_card,
        _describe_bonus_entry,
        remember=BONUS_CARD_FIELDS,
        secret=Secret(BONUS_CARD_FIELDS),  # its owner's until the end
    ),
    Move(
        DISCOVERY,
        N_("Discovery card placed"),
        (_seat, _zone, *cards.discovery_fields(RESOURCES, required=False)),
        _while_playing(place_discovery_card),
        _describe_discovery_entry,
        remember=DISCOVERY_CARD_FIELDS,
        # Its placer saw it; everyone sees it when it is turned up (round 10) or the table ends.
        secret=Secret(DISCOVERY_CARD_FIELDS, revealed=lambda state, e: e.payload["zone"] in state.revealed),
    ),
    Move(
        REVEAL,
        N_("Discovery card turned up"),
        (_zone, *cards.discovery_fields(RESOURCES, required=True)),
        turn_up_discovery_card,
        lambda setup, state, e, who: msg(
            N_("The discovery card on {zone} was turned up: {effect}"),
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
        _while_playing(pick_character),
        # Face down until it is called: the log never says which.
        lambda setup, state, e, who: msg(N_("{name} picked a character (face down)"), name=who),
    ),
    Move(
        ACTED,
        N_("Character's actions done"),
        (_seat,),
        _while_playing(character_acted),
        lambda setup, state, e, who: msg(N_("{name}'s character acted"), name=who),
    ),
    Move(
        DISCOVERY_POINTS,
        N_("Discovery card revealed"),
        (_zone, _seat, Field("points", "int", -50, 50)),
        enter_discovery_points,
        lambda setup, state, e, who: msg(
            plural(
                e.payload["points"],
                N_("{name} scored {points} point for the discovery card on {zone}"),
                N_("{name} scored {points} points for the discovery card on {zone}"),
            ),
            zone=zone_name(setup, e.payload["zone"]),
            points=number(e.payload["points"]),
            name=who,
        ),
        who=ANYONE,
    ),
)
