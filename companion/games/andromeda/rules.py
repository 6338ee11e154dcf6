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
)
from companion.games.andromeda.log import (
    describe_challenge_move,
    describe_move,
    describe_movement_card,
    describe_offer,
    describe_setup,
    describe_setup_draw,
    describe_swap,
    spent_words,
)
from companion.games.andromeda.phases import (
    HOME,
    OUT,
    draw_setup_cards,
    play_movement_card,
    setup_stations,
    to_trade,
)
from companion.games.andromeda.rule_options import ship_costs
from companion.games.andromeda.trade import cannot_follow, keep_set, lay, offer, stop_laying, swap_sets
from companion.games.contract import Event, Setup
from companion.games.moves import ANYONE, Field, Guard, Move, Secret
from companion.games.words import N_, RuleError, msg

SETUP_MOVE, SETUP_DRAW = "andromeda.setup", "andromeda.setup-draw"
TO_TRADE, MOVEMENT_CARD = "andromeda.trade-phase", "andromeda.movement-card"
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
        SETUP_DRAW,
        N_("Draw the setup planet cards in the app"),
        (_seat,),
        draw_setup_cards,
        describe_setup_draw,
    ),
    Move(
        SETUP_MOVE,
        N_("Setup stations from drawn planet cards"),
        (_seat, *(Field(f"planet_{p}", "int", 0, 9, required=False) for p in PLANETS)),
        setup_stations,
        describe_setup,
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
        describe_movement_card,
    ),
    Move(
        TO_TRADE,
        N_("Movement phase over: trade"),
        (),
        _while_playing(to_trade),
        lambda setup, state, e, who: msg(N_("The movement phase ended and the trade phase began")),
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
            N_("{name} laid out {card} face up"), name=who, card=card_name(e.payload["card"])
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
            N_("{name} could not follow, showed their hand and took the offered cards back"), name=who
        ),
    ),
    Move(
        STOP_LAYING,
        N_("Leader lays out no more cards"),
        (_seat,),
        _while_playing(stop_laying),
        lambda setup, state, e, who: msg(N_("{name} laid out no more cards and the exchanges began"), name=who),
    ),
    Move(SWAP, N_("Exchange card sets"), (_seat, Field("other", "seat")), _while_playing(swap_sets), describe_swap),
    Move(
        KEEP,
        N_("Take the card set into hand"),
        (_seat,),
        _while_playing(keep_set),
        lambda setup, state, e, who: msg(N_("{name} took the card set into hand"), name=who),
    ),
    Move(
        ACTION_KINDS[EXCHANGE],
        N_("Action: exchange cards"),
        (_seat, Field("cards", "int", 0, EXCHANGE_CARDS_TECH), *_bonus_fields),
        _while_playing(on_turn(exchange_cards)),
        lambda setup, state, e, who: msg(N_("{name} exchanged {cards} with the deck"), name=who, cards=spent_words(e)),
        guard=_action_guard,
    ),
    Move(
        ACTION_KINDS[MOVE_STATIONS],
        N_("Action: move stations"),
        (_seat, _planet, _cards, *_bonus_fields, Field("stations", "int", 1, 13, required=False)),
        _while_playing(on_turn(move_stations)),
        describe_move,
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
            N_("{name} advanced the ship track with {cards}"), name=who, cards=spent_words(e)
        ),
        guard=_action_guard,
    ),
    Move(
        ACTION_KINDS[TECH],
        N_("Action: tech track"),
        (_seat, _planet, _cards, *_bonus_fields),
        _while_playing(on_turn(advance_track("tech", lambda setup: TECH_COSTS))),
        lambda setup, state, e, who: msg(
            N_("{name} advanced the technology track with {cards}"), name=who, cards=spent_words(e)
        ),
        guard=_action_guard,
    ),
    Move(
        END_TURN,
        N_("End the turn"),
        (_seat,),
        _while_playing(end_turn),
        lambda setup, state, e, who: msg(N_("{name} ended the turn"), name=who),
        guard=_action_guard,
        advances=True,
    ),
)
