"""What a Space Base roll pays: each player's choice of dice, the chosen sectors' rewards, arrows, charge.

Every player chooses, on their own phone, the two individual dice or their sum. The active
player gains the blue reward of the ship stationed in each chosen sector; every other player
gains the red rewards of all their deployed ships there. Doubles taken individually pay twice.
A charge reward puts a token on the card that paid it, up to that side's slots.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.games.contract import Event, Setup, evolve
from companion.games.space_base.cards import ARROW_STEPS, CHARGE, CREDITS, DIRECTIONS, INCOME, SECTORS, VP, Reward
from companion.games.space_base.state import (
    SOURCE_DEPLOYED,
    SOURCE_STATIONS,
    STATION,
    Console,
    DiceRoll,
    SpaceBase,
    gain_vp,
)
from companion.games.space_base.turns import after_vp_change, check_turn
from companion.games.words import N_, RuleError

INDIVIDUAL, SUM = "dice", "sum"

# How a player took the dice with an ability instead of sb.assign (shown like a choice).
SHIFTED, DOUBLED = "shift", "2x"
CHOICE_NAMES = {
    INDIVIDUAL: N_("took the two dice"),
    SUM: N_("took the sum"),
    SHIFTED: N_("took the sum shifted right"),
    DOUBLED: N_("used 2X"),
}


def chosen_sectors(dice: tuple[int, int], choice: str) -> tuple[int, ...]:
    """Return the sectors a choice activates: both dice (a double counts twice) or their sum."""
    return dice if choice == INDIVIDUAL else (dice[0] + dice[1],)


@dataclass(frozen=True)
class Gain:
    """What a player gains from one activation."""

    credits: int = 0
    income: int = 0
    vp: int = 0
    charges: Mapping[tuple[int, int], int] = field(default_factory=dict)  # (sector, place) -> tokens added
    abilities: tuple[tuple[int, str], ...] = ()  # (sector, printed text) to carry out by hand

    def plus(self, other: Gain) -> Gain:
        """Return both gains together."""
        charges = dict(self.charges)
        for card, count in other.charges.items():
            charges[card] = charges.get(card, 0) + count
        return Gain(
            self.credits + other.credits,
            self.income + other.income,
            self.vp + other.vp,
            charges,
            (*self.abilities, *other.abilities),
        )


def _reward_gain(reward: Reward, sector: int, place: int) -> Gain:
    if reward.kind == CREDITS:
        return Gain(credits=reward.amount)
    if reward.kind == INCOME:
        return Gain(income=reward.amount)
    if reward.kind == VP:
        return Gain(vp=reward.amount)
    if reward.kind == CHARGE:
        return Gain(charges={(sector, place): 1})
    return Gain(abilities=((sector, reward.text),))


def _rewards(console: Console, number: int, own_turn: bool) -> tuple[tuple[int, Reward], ...]:
    """The rewards a sector pays: its stationed card's blue on the own turn, every deployed card's red otherwise."""
    sector = console.sectors.get(number)
    if sector is None:
        return ()
    if own_turn:
        return () if sector.colonised else ((STATION, sector.station.blue),)
    return tuple((place, card.red) for place, card in enumerate(sector.deployed, start=1))


def _sector_gain(console: Console, number: int, own_turn: bool, direction: int | None, heading: int = 0) -> Gain:
    """What one activation of sector ``number`` pays, arrows followed (seed, 左右への矢印).

    An arrow adds the neighbouring sector's rewards in its direction, and an arrow there goes on
    the same way; the way never turns back (``heading``), so no card pays twice for one die.
    ``direction`` (−1 or +1) is the player's choice for arrows that point both ways.
    """
    total = Gain()
    for place, reward in _rewards(console, number, own_turn):
        step = ARROW_STEPS.get(reward.kind)
        if step is None:
            total = total.plus(_reward_gain(reward, number, place))
            continue
        if step == 0:  # either way: the player's choice, or the way already taken
            step = heading or direction or 0
            if not step:
                raise RuleError(N_("Choose which way the two-way arrow in sector {sector} points."), sector=number)
        if heading and step != heading:
            continue
        if 1 <= number + step <= SECTORS[-1]:
            total = total.plus(_sector_gain(console, number + step, own_turn, direction, step))
    return total


def gain_for(console: Console, sectors: tuple[int, ...], own_turn: bool, direction: int | None = None) -> Gain:
    """Return what a console gains from ``sectors``: stationed blue on its own turn, deployed red otherwise."""
    total = Gain()
    for number in sectors:
        total = total.plus(_sector_gain(console, number, own_turn, direction))
    return total


def needs_direction(console: Console, sectors: tuple[int, ...], own_turn: bool) -> bool:
    """True when a two-way arrow among ``sectors`` makes the player choose left or right."""
    try:
        gain_for(console, sectors, own_turn)
    except RuleError:
        return True
    return False


def _apply_gain(console: Console, gain: Gain, source: str) -> Console:
    """Add a gain; each charge token goes on its card, up to that side's slots."""
    sectors = dict(console.sectors)
    for (number, place), count in gain.charges.items():
        sector = sectors[number]
        card = sector.card(place)
        slots = card.slots if place == STATION else card.red_slots
        sectors[number] = sector.with_tokens(place, min(sector.tokens(place) + count, slots))
    console = evolve(console, credits=console.credits + gain.credits, income=console.income + gain.income)
    console = evolve(console, sectors=sectors)
    return gain_vp(console, gain.vp, source) if gain.vp else console


def check_choosing(setup: Setup, state: SpaceBase, seat: int, relabel: bool = False) -> DiceRoll:
    """Return the roll that ``seat`` is still to take, or raise RuleError.

    The others take the dice once the roll is final: while the active player may still reroll,
    only they may take it (which keeps it). ``relabel``: a choice the app recorded for ``seat`` may
    be tapped again (both ways paid the same), never twice.
    """
    check_turn(state)
    roll_ = state.roll
    if roll_ is None:
        raise RuleError(N_("Roll the dice first."))
    if seat in roll_.choices and not (relabel and seat in roll_.recorded_for):
        raise RuleError(N_("{name} has already chosen sectors for these dice."), name=setup.player(seat).name)
    if state.extra_round and seat not in state.extra_players:
        raise RuleError(N_("Only the tied players play the extra round."))
    if not roll_.final and seat != roll_.seat:
        raise RuleError(
            N_("Wait until {name} decides whether to reroll: these dice may still change."),
            name=setup.player(roll_.seat).name,
        )
    return roll_


def take(state: SpaceBase, seat: int, choice: str, gain: Gain) -> SpaceBase:
    """Book what ``seat`` took from this roll (blue on the own turn, red otherwise).

    The active player taking the dice keeps them: the roll is final.
    """
    assert state.roll is not None
    own_turn = seat == state.roll.seat
    console = state.console(seat)
    before = console.vp
    console = _apply_gain(console, gain, SOURCE_STATIONS if own_turn else SOURCE_DEPLOYED)
    state = evolve(
        state,
        consoles={**state.consoles, seat: console},
        roll=evolve(state.roll, choices={**state.roll.choices, seat: choice}, final=state.roll.final or own_turn),
    )
    return after_vp_change(state, seat, console.vp - before)


def direction(event: Event, field: str = "direction") -> int | None:
    """Return the way (−1 or +1) a move's ``field`` points a two-way arrow, or None."""
    way = event.payload.get(field)
    return None if way is None else DIRECTIONS[way]


def assign(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Take the dice: each die's sector, or their sum's.

    Each die chooses the way of its own two-way arrows (seed, 両方向の矢印: left or right, for that
    reward): ``direction`` for the first die (and the sum), ``second_direction`` for the second,
    which follows the first when left out.
    """
    seat, choice = event.payload["seat"], event.payload["choice"]
    roll_ = check_choosing(setup, state, seat, relabel=True)
    if seat in roll_.recorded_for:  # recorded by the app (both ways paid the same): the tap names the way
        recorded = tuple(other for other in roll_.recorded_for if other != seat)
        return evolve(state, roll=evolve(roll_, choices={**roll_.choices, seat: choice}, recorded_for=recorded))
    console, own_turn = state.console(seat), seat == roll_.seat
    first = direction(event)
    second = direction(event, "second_direction")
    ways = (first, first if second is None else second)
    gain = Gain()
    for number, way in zip(chosen_sectors(roll_.dice, choice), ways, strict=False):
        gain = gain.plus(gain_for(console, (number,), own_turn, way))
    return take(state, seat, choice, gain)
