"""Andromeda (seed 002, Alan R. Moon): the board, the planet ring, the trade phase and the score.

The app keeps what is on the board and checks every action against the rules. A round: the card
phase (refill to the ship track's hand size, bonus cards count), the movement phase, the trade
phase (must-not-follow, guided on every phone) and the action phase (exchange, move, challenge,
ship track, tech track). When three planets have all their centers taken, the game ends at the
end of the round. The players' hands are not tracked card by card: each action records the cards
spent, and the app checks the set sizes, the track steps and the bonus cards each player holds.

This module declares the moves; the rules themselves are told chapter by chapter:

* ``board``: the planets, Earth, the tracks, the cards and bonus cards; the state of a table.
* ``rule_options``: what the seed leaves open (center values, the bonus supply...).
* ``phases``: setup, the movement phase, the turns of the action phase, the end of a round.
* ``trade``: the leader's cards, the face-down offers and the exchanges of sets.
* ``actions``: exchange, move stations, challenge, the ship and tech tracks.
* ``scoring``: centers, stations on Earth, tech points and bonus cards; the tie-breakers.
* ``log``: how the log tells each move.
"""

from __future__ import annotations

from companion.games.andromeda.actions import (
    CHALLENGE,
    EXCHANGE,
    MOVE_STATIONS,
    SHIP,
    TECH,
    advance_track,
    challenge,
    end_turn,
    exchange_cards,
    move_stations,
    on_turn,
)
from companion.games.andromeda.board import (
    BONUS_KINDS,
    CARDS,
    CARDS_PER_PLANET,
    EXCHANGE_CARDS_TECH,
    PLANETS,
    TECH_COSTS,
    Andromeda,
    Handler,
    card_name,
    planet_name,
)
from companion.games.andromeda.log import (
    describe_challenge_move,
    describe_offer,
    describe_swap,
    earned_words,
    spent_words,
)
from companion.games.andromeda.phases import HOME, OUT, play_movement_card, setup_stations, to_trade
from companion.games.andromeda.rule_options import ship_costs
from companion.games.andromeda.trade import cannot_follow, keep_set, lay, offer, stop_laying, swap_sets
from companion.games.contract import Event, Setup
from companion.games.moves import ANYONE, Field, Guard, Move, Secret
from companion.games.words import N_, RuleError, listing, msg

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
        setup_stations,
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
        _while_playing(play_movement_card),
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
        _while_playing(to_trade),
        lambda setup, state, e, who: msg(N_("The movement phase is over: the trade phase begins")),
        who=ANYONE,
        guard=_step_guard,
        advances=True,
    ),
    Move(
        LAY,
        N_("Leader lays out a card"),
        (_seat, _card),
        _while_playing(lay),
        lambda setup, state, e, who: msg(
            N_("{name} lays out {card} face up"), name=who, card=card_name(e.payload["card"])
        ),
    ),
    Move(
        OFFER,
        N_("Offer a card face down"),
        (_seat, _card),
        _while_playing(offer),
        describe_offer,
        # Face down until every offer for the leader's card is in: all are turned up together.
        secret=Secret(("card",), revealed=lambda state, e: e.seq in state.revealed),
    ),
    Move(
        CANNOT_FOLLOW,
        N_("Cannot follow"),
        (_seat,),
        _while_playing(cannot_follow),
        lambda setup, state, e, who: msg(
            N_("{name} cannot follow: shows the hand and takes the offered cards back"), name=who
        ),
    ),
    Move(
        STOP_LAYING,
        N_("Leader lays out no more cards"),
        (_seat,),
        _while_playing(stop_laying),
        lambda setup, state, e, who: msg(N_("{name} lays out no more cards: the exchanges begin"), name=who),
    ),
    Move(SWAP, N_("Exchange card sets"), (_seat, Field("other", "seat")), _while_playing(swap_sets), describe_swap),
    Move(
        KEEP,
        N_("Take the card set into hand"),
        (_seat,),
        _while_playing(keep_set),
        lambda setup, state, e, who: msg(N_("{name} takes the card set into hand"), name=who),
    ),
    Move(
        ACTION_KINDS[EXCHANGE],
        N_("Action: exchange cards"),
        (_seat, Field("cards", "int", 0, EXCHANGE_CARDS_TECH), *_bonus_fields),
        _while_playing(on_turn(exchange_cards)),
        lambda setup, state, e, who: msg(N_("{name} exchanges {cards} with the deck"), name=who, cards=spent_words(e)),
        guard=_action_guard,
    ),
    Move(
        ACTION_KINDS[MOVE_STATIONS],
        N_("Action: move stations"),
        (_seat, _planet, _cards, *_bonus_fields, Field("stations", "int", 1, 13, required=False)),
        _while_playing(on_turn(move_stations)),
        lambda setup, state, e, who: msg(
            N_("{name} moves stations from Earth to {planet} ({count}) with {cards}{earned}")
            if "stations" in e.payload
            else N_("{name} moves stations from Earth to {planet} with {cards}{earned}"),
            name=who,
            count=e.payload.get("stations"),
            planet=planet_name(e.payload["planet"]),
            cards=spent_words(e),
            earned=earned_words(state, e),
        ),
        guard=_action_guard,
    ),
    Move(
        ACTION_KINDS[CHALLENGE],
        N_("Action: challenge"),
        (_seat, _planet, _cards, *_bonus_fields),
        _while_playing(on_turn(challenge)),
        describe_challenge_move,
        guard=_action_guard,
    ),
    Move(
        ACTION_KINDS[SHIP],
        N_("Action: ship track"),
        (_seat, _planet, _cards, *_bonus_fields),
        _while_playing(on_turn(advance_track("ship", ship_costs))),
        lambda setup, state, e, who: msg(
            N_("{name} advances the ship track with {cards}"), name=who, cards=spent_words(e)
        ),
        guard=_action_guard,
    ),
    Move(
        ACTION_KINDS[TECH],
        N_("Action: tech track"),
        (_seat, _planet, _cards, *_bonus_fields),
        _while_playing(on_turn(advance_track("tech", lambda setup: TECH_COSTS))),
        lambda setup, state, e, who: msg(
            N_("{name} advances the tech track with {cards}"), name=who, cards=spent_words(e)
        ),
        guard=_action_guard,
    ),
    Move(
        END_TURN,
        N_("End the turn"),
        (_seat,),
        _while_playing(end_turn),
        lambda setup, state, e, who: msg(N_("{name} ends the turn"), name=who),
        guard=_action_guard,
        advances=True,
    ),
)
