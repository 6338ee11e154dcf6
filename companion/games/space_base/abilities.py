"""Space Base abilities: charge tokens spent on a card's printed effect.

Charge (seed, チャージと活性化): a card's tokens pay for its ability, a move of its own: Swap,
Exchange, dice shift, set die, 2X, others lose VP, Reroll, Buy, Claim (with a purchase), YOU
WIN!; each changes the console as the cardboard changes, so later rolls pay the right players.
An effect the app does not model is an adjustment with a reason. VP never drop below 0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.randomness import roll
from companion.games.space_base.cards import (
    ABILITY_NAMES,
    DOUBLE,
    EXCHANGE,
    LOSE_VP,
    OTHER_TURNS,
    OWN_TURN,
    REROLL,
    SECTORS,
    SET_DIE,
    SHIFT,
    SWAP,
    WHEN_NAMES,
    YOU_WIN_ABILITY,
    Card,
)
from companion.games.space_base.rewards import (
    DOUBLED,
    SHIFTED,
    SUM,
    Gain,
    check_choosing,
    direction,
    gain_for,
    take,
)
from companion.games.space_base.start import DOUBLE_CHARGE, EXCHANGE_COLONIES, EXTRA_ONLY, WHOLE_ROLL
from companion.games.space_base.state import (
    SLUG,
    SOURCE_ABILITIES,
    STATION,
    Sector,
    SpaceBase,
    Throw,
    gain_vp,
    put_card,
)
from companion.games.space_base.turns import after_vp_change, check_turn, holds_reroll
from companion.games.words import N_, RuleError, msg

# The dice a reroll throws again, and the three ways 2X pays (seed, 2X: n+m twice, n twice, m twice).
FIRST_DIE, SECOND_DIE, BOTH_DICE = "first", "second", "both"


def spend_charge(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Tokens spent on an ability the app does not play (the ability is carried out by hand)."""
    check_turn(state)
    seat, number, count = event.payload["seat"], event.payload["sector"], event.payload["count"]
    place = event.payload.get("place")
    if place is None:
        place = _holding(state.console(seat).sectors[number], lambda card: count)
    return _spend(state, seat, number, place, count)


def _holding(sector: Sector, needs: Callable[[Card], int], kind: str | None = None) -> int:
    """Return the place of the card a move means when it names only the sector.

    The first card (stationed, then deployed in order) carrying ability ``kind`` with the tokens
    it needs; else the first card without a typed ability holding enough; else the stationed card
    (whose refusal then says what it holds).
    """
    places = range(len(sector.deployed) + 1)
    for fits in (
        lambda card: kind is not None and card.ability is not None and card.ability.kind == kind,
        lambda card: card.ability is None or kind is None,
    ):
        for place in places:
            card = sector.card(place)
            if fits(card) and sector.tokens(place) >= needs(card):
                return place
    return STATION


def _spend(state: SpaceBase, seat: int, number: int, place: int, count: int) -> SpaceBase:
    """Take ``count`` charge tokens off the card at (``number``, ``place``), or raise RuleError."""
    console = state.console(seat)
    sector = console.sectors[number]
    sector.card(place)
    held = sector.tokens(place)
    if held < count:
        raise RuleError(
            N_("Sector {sector} holds {charges} charge tokens, not {count}."), sector=number, charges=held, count=count
        )
    console = evolve(console, sectors={**console.sectors, number: sector.with_tokens(place, held - count)})
    return evolve(state, consoles={**state.consoles, seat: console})


@dataclass(frozen=True)
class Activation:
    """An ability being used: the state once its tokens are spent, and its printed number (0 if none)."""

    state: SpaceBase
    amount: int
    card: tuple[int, int] | None  # (sector, place) of the card whose tokens were spent


def activate(setup: Setup, state: SpaceBase, event: Event, kind: str, tokens: int | None = None) -> Activation:
    """Check who uses ability ``kind`` and when, and spend the tokens of the card named in the move.

    A move naming no card records an effect that came from a reward (no tokens). A card typed
    with its ability must carry this one, used at the time its frame allows.
    """
    active = check_turn(state)
    seat = event.payload["seat"]
    number = event.payload.get("card_sector")
    if number is None:
        return Activation(state, int(event.payload.get("amount", 0)), None)
    place = event.payload.get("card_place")
    if place is None:
        place = _holding(state.console(seat).sectors[number], lambda card: _tokens(event, card, tokens), kind)
    card = state.console(seat).sectors[number].card(place)
    ability = card.ability
    if ability is not None:
        if ability.kind != kind:
            raise RuleError(
                N_("The card in sector {sector} has another ability: {ability}."),
                sector=number,
                ability=msg(ABILITY_NAMES[ability.kind]),
            )
        if (ability.when == OWN_TURN and seat != active) or (ability.when == OTHER_TURNS and seat == active):
            raise RuleError(N_("This ability is used {when}."), when=msg(WHEN_NAMES[ability.when]))
    state = _spend(state, seat, number, place, _tokens(event, card, tokens))
    amount = int(event.payload.get("amount", ability.amount if ability else 0))
    return Activation(state, amount, (number, place))


def _tokens(event: Event, card: Card, tokens: int | None) -> int:
    """The tokens a use spends: the move's, else the rule's (one per die set), else the card's, else 1."""
    if "tokens" in event.payload:
        return int(event.payload["tokens"])
    if tokens is not None:
        return tokens
    return card.ability.tokens if card.ability is not None else 1


def _own_turn_only(setup: Setup, state: SpaceBase, seat: int) -> None:
    if seat != state.active:
        raise RuleError(N_("Only {name}, whose turn it is, can do this."), name=setup.player(check_turn(state)).name)


def reroll(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Reroll (seed, ダイスリロール): after the own roll, before anyone takes the dice; the new dice pay everyone.

    With the app's dice the rerolled dice take the next numbered roll (its first value, then its
    second), so undoing a reroll and rerolling draws the same dice again. The roll is final after it
    unless the player still holds a Reroll to use (turns.holds_reroll).
    """
    seat = event.payload["seat"]
    _own_turn_only(setup, state, seat)
    if state.roll is None:
        raise RuleError(N_("Roll the dice first."))
    if state.roll.choices:
        raise RuleError(N_("A reroll comes before anyone takes the dice: undo their choices first."))
    state = activate(setup, state, event, REROLL).state
    assert state.roll is not None
    which = (0, 1) if event.payload["dice"] == BOTH_DICE else (0,) if event.payload["dice"] == FIRST_DIE else (1,)
    typed = event.payload.get("values")
    rolls = state.rolls
    if typed is None:
        values = roll(2, 6, setup.seed, SLUG, "roll", rolls)
        rolls += 1
    elif len(typed) != len(which):
        raise RuleError(N_("Enter the new value of each rerolled die."))
    else:
        values = tuple(typed)
    dice = list(state.roll.dice)
    for index, value in zip(which, values, strict=False):
        dice[index] = value
    rolled = evolve(
        state.roll,
        dice=(dice[0], dice[1]),
        in_app=typed is None,
        before=(*state.roll.before, state.roll.dice),
        final=state.roll.final or not holds_reroll(state, seat),  # another reroll held: the player decides again
    )
    thrown = state.thrown.appended((Throw(event.seq, rolled.dice),))
    return evolve(state, roll=rolled, rolls=rolls, throws=state.throws + 1, thrown=thrown)


def set_die(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Set a die (seed, ダイス目指定): before the own roll, one token per die set (two set both)."""
    seat, values = event.payload["seat"], tuple(event.payload["values"])
    _own_turn_only(setup, state, seat)
    if state.roll is not None:
        raise RuleError(N_("A die is set before the roll."))
    if len(state.set_dice) + len(values) > 2:
        raise RuleError(N_("There are only two dice to set."))
    state = activate(setup, state, event, SET_DIE, tokens=len(values)).state
    return evolve(state, set_dice=(*state.set_dice, *values))


def shift_sum(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Dice shift (seed, ダイス+右矢印): the sum moved 1 or 2 sectors right, for its user only."""
    seat, steps = event.payload["seat"], event.payload["steps"]
    roll_ = check_choosing(setup, state, seat)
    activation = activate(setup, state, event, SHIFT)
    if activation.amount and steps != activation.amount:
        raise RuleError(N_("This card shifts the sum by {steps}."), steps=activation.amount)
    target = sum(roll_.dice) + steps
    if target > SECTORS[-1]:
        raise RuleError(N_("There is no sector {sector}."), sector=target)
    state = activation.state
    gain = gain_for(state.console(seat), (target,), seat == roll_.seat, direction(event))
    return take(state, seat, SHIFTED, gain)


def double_sectors(dice: tuple[int, int], twice: str) -> tuple[int, ...]:
    """Return the sectors 2X pays: the sum twice, or both dice with the first or the second again."""
    if twice == SUM:
        return (dice[0] + dice[1],) * 2
    return (*dice, dice[0] if twice == FIRST_DIE else dice[1])


def pay_twice(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """2X (seed): the normal reward and one sector again; the extra one (by the option: any) cannot charge its card."""
    seat = event.payload["seat"]
    roll_ = check_choosing(setup, state, seat)
    activation = activate(setup, state, event, DOUBLE)
    state = activation.state
    console, own_turn, way = state.console(seat), seat == roll_.seat, direction(event)
    sectors = double_sectors(roll_.dice, event.payload["twice"])
    gain = gain_for(console, sectors[:-1], own_turn, way)
    again = gain_for(console, sectors[-1:], own_turn, way)
    if activation.card is not None:
        again = _not_charging(again, activation.card)
        if setup.options.get(DOUBLE_CHARGE, EXTRA_ONLY) == WHOLE_ROLL:
            gain = _not_charging(gain, activation.card)
    return take(state, seat, DOUBLED, gain.plus(again))


def _not_charging(gain: Gain, card: tuple[int, int]) -> Gain:
    """``gain`` without the charge tokens it would put on ``card`` (sector, place)."""
    return evolve(gain, charges={place: n for place, n in gain.charges.items() if place != card})


def lose_vp(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Every other player loses n VP (seed: never below 0)."""
    seat = event.payload["seat"]
    activation = activate(setup, state, event, LOSE_VP)
    state, amount = activation.state, activation.amount
    if amount < 1:
        raise RuleError(N_("Say how many VP the others lose."))
    for other in setup.seats:
        if other != seat:
            console = state.console(other)
            lost = gain_vp(console, -amount, SOURCE_ABILITIES)
            state = evolve(state, consoles={**state.consoles, other: lost})
            state = after_vp_change(state, other, lost.vp - console.vp)
    return state


def swap_sectors(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Swap (seed, 星域入れ替え): two sectors trade all their cards, deployed ones and tokens included.

    Cards bought later still go to the sector printed on them.
    """
    seat, one, other = event.payload["seat"], event.payload["sector_a"], event.payload["sector_b"]
    if one == other:
        raise RuleError(N_("Choose two different sectors."))
    state = activate(setup, state, event, SWAP).state
    console = state.console(seat)
    sectors = {**console.sectors, one: console.sectors[other], other: console.sectors[one]}
    return evolve(state, consoles={**state.consoles, seat: evolve(console, sectors=sectors)})


def exchange_cards(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Exchange (seed, カード位置交換): this card and another trade places, each taking the other's side.

    The card taking a stationed place is stationed, the one taking a deployed place is deployed;
    each keeps its tokens up to the slots of its new side. Colonies stay unless the table's option
    says otherwise (the seed is silent).
    """
    seat = event.payload["seat"]
    if "card_sector" not in event.payload:
        raise RuleError(N_("Name the card whose ability is used."))
    activation = activate(setup, state, event, EXCHANGE)
    assert activation.card is not None
    here, there = activation.card, (event.payload["target_sector"], event.payload.get("target_place", STATION))
    if here == there:
        raise RuleError(N_("Choose another card to trade places with."))
    state = activation.state
    console = state.console(seat)
    mover, target = console.sectors[here[0]].card(here[1]), console.sectors[there[0]].card(there[1])
    if (mover.is_colony or target.is_colony) and not setup.options.get(EXCHANGE_COLONIES, False):
        raise RuleError(N_("Colonies do not move (rule option “Exchange may move a colony”)."))
    held = {here: console.sectors[here[0]].tokens(here[1]), there: console.sectors[there[0]].tokens(there[1])}
    sectors = dict(console.sectors)
    for (number, place), card, tokens in ((here, target, held[there]), (there, mover, held[here])):
        sectors[number] = put_card(sectors[number], place, card, tokens)
    return evolve(state, consoles={**state.consoles, seat: evolve(console, sectors=sectors)})


_CARD_FORMS = (REROLL, SET_DIE, SHIFT, DOUBLE, LOSE_VP, SWAP, EXCHANGE, YOU_WIN_ABILITY)


def abilities_now(state: SpaceBase, seat: int, card: Card) -> tuple[str, ...]:
    """Return the abilities ``seat`` may use now with ``card`` (its own, or any when it was typed without one).

    Buy and Claim are used from the purchase form, so they are not listed here.
    """
    if not state.started or state.over or state.active is None:
        return ()
    own, roll_ = seat == state.active, state.roll
    choosing = (
        roll_ is not None and seat not in roll_.choices and (not state.extra_round or seat in state.extra_players)
    )
    timely = {
        REROLL: own and roll_ is not None and not roll_.choices,
        SET_DIE: own and roll_ is None and len(state.set_dice) < 2,
        SHIFT: choosing,
        DOUBLE: choosing,
        LOSE_VP: True,
        SWAP: True,
        EXCHANGE: True,
        YOU_WIN_ABILITY: True,
    }
    ability = card.ability
    if ability is not None and ((ability.when == OWN_TURN and not own) or (ability.when == OTHER_TURNS and own)):
        return ()
    kinds = _CARD_FORMS if ability is None else tuple(k for k in _CARD_FORMS if k == ability.kind)
    return tuple(kind for kind in kinds if timely[kind])


def charged_cards(state: SpaceBase, seat: int) -> tuple[tuple[int, int, Card, int], ...]:
    """Return (sector, place, card, tokens) of every card of ``seat`` holding charge tokens."""
    found = []
    for number, sector in sorted(state.console(seat).sectors.items()):
        for place in range(len(sector.deployed) + 1):
            if sector.tokens(place):
                found.append((number, place, sector.card(place), sector.tokens(place)))
    return tuple(found)


def adjust(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """A printed effect the app does not model, written down with a reason."""
    if not state.started:
        raise RuleError(N_("Start the game first: everyone buys a first ship, then the start player is chosen."))
    seat = event.payload["seat"]
    if not any(event.payload.get(field, 0) for field in ("credits", "income", "vp")):
        raise RuleError(N_("Enter the credits, income or VP to add or take away."))
    console = state.console(seat)
    credits = console.credits + event.payload.get("credits", 0)
    income = console.income + event.payload.get("income", 0)
    if credits < 0 or income < 0:
        raise RuleError(N_("Credits and income cannot drop below 0."))
    before = console.vp
    console = gain_vp(evolve(console, credits=credits, income=income), event.payload.get("vp", 0), SOURCE_ABILITIES)
    state = evolve(state, consoles={**state.consoles, seat: console})
    return after_vp_change(state, seat, console.vp - before)


def you_win(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """YOU WIN!: the player wins at once, whatever the VP."""
    state = activate(setup, state, event, YOU_WIN_ABILITY).state
    return evolve(state, over=True, active=None, roll=None, winner_by_ability=event.payload["seat"])
