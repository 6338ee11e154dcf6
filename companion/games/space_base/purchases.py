"""Space Base purchases: a ship or a colony on the active player's turn.

After the roll the active player may buy one ship or one colony, paying all their credits (a
colony gives its VP at once and closes the sector to new stations); a card ability "Buy" pays
only the cost and "Claim" takes a card free, and a normal purchase may still follow.
"""

from __future__ import annotations

from companion.games.contract import Event, Setup, evolve
from companion.games.space_base.abilities import activate
from companion.games.space_base.cards import BUY_ABILITY, CLAIM_ABILITY, Card, card_from
from companion.games.space_base.state import SOURCE_COLONIES, Console, SpaceBase, gain_vp, station
from companion.games.space_base.turns import after_vp_change, check_turn
from companion.games.words import N_, RuleError

PURCHASE, ABILITY_BUY, CLAIM = "purchase", "ability-buy", "claim"


def buy_ship(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """A ship: a purchase pays all credits (once a turn), an ability Buy pays the cost, a Claim nothing."""
    seat, how = _buyer(setup, state, event), event.payload["how"]
    card = card_from(event.payload)
    if how == PURCHASE:
        if "card_sector" in event.payload:
            raise RuleError(N_("A purchase spends no charge tokens: choose the ability Buy or Claim."))
        _check_purchase(state.console(seat), card)
        credits = 0  # a purchase pays all credits, whatever the cost
    else:
        ability = activate(setup, state, event, BUY_ABILITY if how == ABILITY_BUY else CLAIM_ABILITY)
        state = ability.state
        if ability.amount and card.level != ability.amount:
            raise RuleError(N_("This ability takes a level {level} ship."), level=ability.amount)
        console = state.console(seat)
        if how == ABILITY_BUY:
            _check_affordable(console, card)
        credits = console.credits - card.cost if how == ABILITY_BUY else console.credits
    console = state.console(seat)
    console = station(console, card)
    console = evolve(console, credits=credits, bought_this_turn=console.bought_this_turn or how == PURCHASE)
    return evolve(state, consoles={**state.consoles, seat: console})


def buy_colony(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """A colony: the turn's purchase (all credits); its VP at once; the sector takes no more stations."""
    seat = _buyer(setup, state, event)
    console = state.console(seat)
    card = card_from(event.payload, colony=True)
    _check_purchase(console, card)
    console = evolve(station(console, card), credits=0, bought_this_turn=True)
    console = gain_vp(console, card.colony_vp, SOURCE_COLONIES)
    state = evolve(state, consoles={**state.consoles, seat: console})
    return after_vp_change(state, seat, card.colony_vp)


def _buyer(setup: Setup, state: SpaceBase, event: Event) -> int:
    active = check_turn(state)
    if event.payload["seat"] != active:
        raise RuleError(N_("Cards are bought on one's own turn."))
    return active


def _check_purchase(console: Console, card: Card) -> None:
    if console.bought_this_turn:
        raise RuleError(N_("One ship or one colony a turn."))
    _check_affordable(console, card)


def _check_affordable(console: Console, card: Card) -> None:
    if card.cost > console.credits:
        raise RuleError(
            N_("{cost} credits is more than the {credits} on hand."), cost=card.cost, credits=console.credits
        )
