"""Space Base (seed 001; digest §2): shared dice, and every player's rewards on every roll.

Setup: every console holds the same 12 starting ships, one per sector 1–12. Each player starts
with 5 credits and buys one level-I ship (credits 5 − its cost), which is stationed in its sector
while the starting ship there is deployed (flipped and tucked under, red reward showing). The
player whose bought ship has the highest sector starts (a dice roll-off among those tied); then
the turn-order bonuses: 2nd +1 credit, 3rd +2 credits, 4th and 5th +1 income. Light-speed variant:
15 credits and 1 income, several ships bought within 15 credits; the start player has the most
credits left, then the highest sector, then a roll-off.

A turn: the active player rolls two dice. Every player then chooses, on their own phone, the two
individual dice or their sum. The active player gains the blue reward of the ship stationed in
each chosen sector; every other player gains the red rewards of all their deployed ships in the
chosen sectors. Doubles taken individually pay twice. Then the active player may buy one ship or
one colony, paying all their credits (a colony gives its VP at once and closes the sector to new
stations); a card ability "Buy" pays only the cost and "Claim" takes a card free, and a normal
purchase may still follow. At the end of the turn, credits below income rise to income.

Charge: a reward "charge" puts one charge token on the activated card, up to its slots; spending
tokens on an ability is recorded with what the ability did (manual adjustments with a reason).
VP never drop below 0. A player at 40 VP or more ends the game once every player has had the same
number of turns; tied players then play extra rounds, the most VP gained in one decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.games.contract import (
    ANYONE,
    N_,
    CategoryScore,
    Event,
    Field,
    Guard,
    Message,
    Move,
    RuleError,
    RuleOption,
    Scoreboard,
    Setup,
    applied_options,
    evolve,
    listing,
    msg,
)
from companion.games.mechanics.randomness import roll
from companion.games.mechanics.ranking import TieBreaker, standings

SLUG = "space-base"
SECTORS = tuple(range(1, 13))
END_VP = 40
START_CREDITS, LIGHT_SPEED_CREDITS, LIGHT_SPEED_INCOME = 5, 15, 1
# Turn-order bonus by position (1st … 5th): (credits, income).
ORDER_BONUS = ((0, 0), (1, 0), (2, 0), (0, 1), (0, 1))

CREDITS, INCOME, VP, CHARGE, TEXT = "credits", "income", "vp", "charge", "text"
REWARD_KINDS = (CREDITS, INCOME, VP, CHARGE, TEXT)
REWARD_NAMES = {
    CREDITS: N_("credits"),
    INCOME: N_("income"),
    VP: N_("VP"),
    CHARGE: N_("a charge token"),
    TEXT: N_("an ability (as printed)"),
}
INDIVIDUAL, SUM = "dice", "sum"
PURCHASE, ABILITY_BUY, CLAIM = "purchase", "ability-buy", "claim"

# Sources of VP on the results.
SOURCE_STATIONS, SOURCE_DEPLOYED, SOURCE_COLONIES, SOURCE_ABILITIES = "stations", "deployed", "colonies", "abilities"
SOURCE_LABELS = {
    SOURCE_STATIONS: N_("Stationed ships (blue, own turns)"),
    SOURCE_DEPLOYED: N_("Deployed ships (red, other players' turns)"),
    SOURCE_COLONIES: N_("Colonies"),
    SOURCE_ABILITIES: N_("Abilities and adjustments"),
}

LIGHT_SPEED = "light-speed"
STARTING_BLUE, STARTING_RED = "starting-blue-credits", "starting-red-credits"
OPTIONS = (
    RuleOption(LIGHT_SPEED, N_("Light-speed start (15 credits, 1 income, buy several ships)"), False),
    RuleOption(
        STARTING_BLUE,
        N_("Starting ships: blue credits of sectors 1–12"),
        (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3),
        minimum=0,
        maximum=20,
        note=N_("Not printed in our rules: copy the values on your starting ships."),
    ),
    RuleOption(
        STARTING_RED,
        N_("Starting ships: red credits of sectors 1–12"),
        (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
        minimum=0,
        maximum=20,
        note=N_("Not printed in our rules: copy the values on your starting ships."),
    ),
)


@dataclass(frozen=True)
class Reward:
    """A card's blue or red reward: credits, income, VP, a charge token, or an ability's text."""

    kind: str
    amount: int = 0
    text: str = ""


@dataclass(frozen=True)
class Card:
    """A ship (level 0 = a starting ship) or a colony (``colony_vp`` > 0), as printed."""

    name: str
    level: int
    cost: int
    sector: int
    blue: Reward
    red: Reward
    slots: int = 0
    colony_vp: int = 0

    @property
    def is_colony(self) -> bool:
        """True for a colony card."""
        return self.colony_vp > 0


@dataclass(frozen=True)
class Sector:
    """One sector of a console: the stationed card, the deployed ones, and charge tokens."""

    station: Card
    deployed: tuple[Card, ...] = ()
    charges: int = 0  # on the stationed card

    @property
    def colonised(self) -> bool:
        """True once a colony stands here: no more ships are stationed in this sector."""
        return self.station.is_colony


@dataclass(frozen=True)
class Console:
    """One player's console and tracks."""

    credits: int
    income: int = 0
    vp: int = 0
    sectors: Mapping[int, Sector] = field(default_factory=dict)
    bought_this_turn: bool = False
    vp_by_source: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class DiceRoll:
    """The active player's two dice, and each player's choice of sectors for them."""

    seat: int
    dice: tuple[int, int]
    in_app: bool
    choices: Mapping[int, str] = field(default_factory=dict)  # seat -> INDIVIDUAL or SUM


@dataclass(frozen=True)
class SpaceBase:
    """The game: consoles, the turn order, the current turn and roll, the end and extra rounds."""

    consoles: Mapping[int, Console]
    started: bool = False
    order: tuple[int, ...] = ()  # seats in turn order, start player first
    turn: int = 0  # turns begun, all players together
    active: int | None = None
    roll: DiceRoll | None = None
    rolls: int = 0  # app rolls so far (roll-offs included): each is numbered by the rolls before it
    end_triggered_by: int | None = None
    extra_round: int = 0  # 0 = the regular game; n = the n-th extra round
    extra_players: tuple[int, ...] = ()
    extra_vp: Mapping[int, int] = field(default_factory=dict)  # VP gained in the current extra round
    extra_turns_left: tuple[int, ...] = ()
    over: bool = False
    winner_by_ability: int | None = None
    start_rolls: tuple[tuple[int, int], ...] = ()  # (seat, total) of the start-player roll-off

    def console(self, seat: int) -> Console:
        """Return ``seat``'s console."""
        return self.consoles[seat]


def starting_ships(setup: Setup) -> dict[int, Sector]:
    """Return the 12 starting ships of a console, stationed in sectors 1–12 (the rule options give their credits)."""
    blue = setup.options.get(STARTING_BLUE, OPTIONS[1].default)
    red = setup.options.get(STARTING_RED, OPTIONS[2].default)
    return {
        sector: Sector(
            Card("", 0, 0, sector, Reward(CREDITS, int(blue[sector - 1])), Reward(CREDITS, int(red[sector - 1])))
        )
        for sector in SECTORS
    }


def light_speed(setup: Setup) -> bool:
    """True when the table plays the light-speed start."""
    return bool(setup.options.get(LIGHT_SPEED, False))


def initial_state(setup: Setup) -> SpaceBase:
    """Every console with its starting ships and the starting credits (and income at light speed)."""
    credits, income = (LIGHT_SPEED_CREDITS, LIGHT_SPEED_INCOME) if light_speed(setup) else (START_CREDITS, 0)
    ships = starting_ships(setup)
    return SpaceBase({seat: Console(credits, income, 0, ships) for seat in setup.seats})


# -- Setup -------------------------------------------------------------------------------------


def card_from(payload: Mapping[str, object], colony: bool = False) -> Card:
    """Return the card described by a move's fields."""

    def reward(side: str) -> Reward:
        kind = str(payload.get(f"{side}_kind", CREDITS))
        return Reward(kind, int(str(payload.get(f"{side}_amount", 0))), str(payload.get(f"{side}_text", "")))

    sector = int(str(payload["sector"]))
    if colony:
        vp = int(str(payload["vp"]))
        return Card(
            str(payload.get("name", "")), 0, int(str(payload["cost"])), sector, Reward(TEXT), Reward(TEXT), 0, vp
        )
    return Card(
        str(payload.get("name", "")),
        int(str(payload.get("level", 1))),
        int(str(payload["cost"])),
        sector,
        reward("blue"),
        reward("red"),
        int(str(payload.get("slots", 0))),
    )


def _station(console: Console, card: Card) -> Console:
    """Station ``card`` in its sector; the card stationed there before is deployed (with its charges)."""
    sector = console.sectors[card.sector]
    if sector.colonised:
        raise RuleError(N_("Sector {sector} holds a colony: no ship can be stationed there."), sector=card.sector)
    deployed = Sector(card, (*sector.deployed, sector.station), 0)
    return evolve(console, sectors={**console.sectors, card.sector: deployed})


def _first_ship(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    if state.started:
        raise RuleError(N_("The game has started: first ships are bought before the first turn."))
    seat = event.payload["seat"]
    card = card_from(event.payload)
    console = state.console(seat)
    bought = [s for s in console.sectors.values() if s.station.level > 0]
    if not light_speed(setup):
        if bought:
            raise RuleError(N_("Each player buys one first ship (the light-speed start buys several)."))
        if card.level != 1:
            raise RuleError(N_("The first ship comes from the level I deck."))
    elif card.level not in (1, 2):
        raise RuleError(N_("At light speed the first ships come from the level I and II decks."))
    if card.cost > console.credits:
        raise RuleError(N_("{cost} credits is more than the {credits} left."), cost=card.cost, credits=console.credits)
    console = evolve(_station(console, card), credits=console.credits - card.cost)
    return evolve(state, consoles={**state.consoles, seat: console})


def _highest_sector(console: Console) -> int:
    return max((s.station.sector for s in console.sectors.values() if s.station.level > 0), default=0)


def _start(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Choose the start player (highest sector; at light speed most credits, then sector), give the bonuses."""
    if state.started:
        raise RuleError(N_("The game has already started."))
    missing = [p.name for p in setup.players if _highest_sector(state.console(p.seat)) == 0]
    if missing:
        raise RuleError(N_("First ships still to buy: {names}."), names=listing(missing))

    def merit(seat: int) -> tuple[int, ...]:
        console = state.console(seat)
        sector = _highest_sector(console)
        return (console.credits, sector) if light_speed(setup) else (sector,)

    best = max(merit(seat) for seat in setup.seats)
    tied = [seat for seat in setup.seats if merit(seat) == best]
    chosen = event.payload.get("start_player")
    rolls = state.rolls
    roll_off: list[tuple[int, int]] = []
    if chosen is not None:
        if chosen not in tied:
            raise RuleError(N_("The start player is one of those tied: {names}."), names=_names(setup, tied))
        start = int(chosen)
    else:
        while len(tied) > 1:  # a roll-off among the tied players, from the table's seed
            totals = {}
            for seat in tied:
                totals[seat] = sum(roll(2, 6, setup.seed, SLUG, "roll", rolls))
                rolls += 1
                roll_off.append((seat, totals[seat]))
            high = max(totals.values())
            tied = [seat for seat in tied if totals[seat] == high]
        start = tied[0]
    index = setup.seats.index(start)
    order = (*setup.seats[index:], *setup.seats[:index])
    consoles = dict(state.consoles)
    for position, seat in enumerate(order):
        credits, income = ORDER_BONUS[position]
        console = consoles[seat]
        consoles[seat] = evolve(console, credits=console.credits + credits, income=console.income + income)
    return evolve(
        state,
        consoles=consoles,
        started=True,
        order=order,
        turn=1,
        active=start,
        rolls=rolls,
        start_rolls=tuple(roll_off),
    )


def _names(setup: Setup, seats: list[int] | tuple[int, ...]) -> Message:
    return listing(setup.player(seat).name for seat in seats)


# -- A turn ------------------------------------------------------------------------------------


def _check_turn(state: SpaceBase) -> int:
    if not state.started:
        raise RuleError(N_("Start the game first: everyone buys a first ship, then the start player is chosen."))
    if state.over or state.active is None:
        raise RuleError(N_("The game is over."))
    return state.active


def _roll(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    active = _check_turn(state)
    if not event.by_host and event.author != active:
        raise RuleError(N_("Only {name}, whose turn it is, rolls."), name=setup.player(active).name)
    if state.roll is not None:
        raise RuleError(N_("The dice of this turn are already rolled."))
    typed = event.payload.get("values")
    rolls = state.rolls
    if typed is None:
        first, second = roll(2, 6, setup.seed, SLUG, "roll", rolls)
        rolls += 1
    elif len(typed) != 2 or not all(1 <= v <= 6 for v in typed):
        raise RuleError(N_("Enter the two dice, each from 1 to 6."))
    else:
        first, second = typed
    return evolve(state, roll=DiceRoll(active, (first, second), typed is None), rolls=rolls)


def chosen_sectors(dice: tuple[int, int], choice: str) -> tuple[int, ...]:
    """Return the sectors a choice activates: both dice (a double counts twice) or their sum."""
    return dice if choice == INDIVIDUAL else (dice[0] + dice[1],)


@dataclass(frozen=True)
class Gain:
    """What a player gains from one activation."""

    credits: int = 0
    income: int = 0
    vp: int = 0
    charges: Mapping[int, int] = field(default_factory=dict)  # sector -> tokens added to its stationed card
    abilities: tuple[tuple[int, str], ...] = ()  # (sector, printed text) to carry out by hand

    def plus(self, other: Gain) -> Gain:
        """Return both gains together."""
        charges = dict(self.charges)
        for sector, count in other.charges.items():
            charges[sector] = charges.get(sector, 0) + count
        return Gain(
            self.credits + other.credits,
            self.income + other.income,
            self.vp + other.vp,
            charges,
            (*self.abilities, *other.abilities),
        )


def _reward_gain(reward: Reward, sector: int) -> Gain:
    if reward.kind == CREDITS:
        return Gain(credits=reward.amount)
    if reward.kind == INCOME:
        return Gain(income=reward.amount)
    if reward.kind == VP:
        return Gain(vp=reward.amount)
    if reward.kind == CHARGE:
        return Gain(charges={sector: 1})
    return Gain(abilities=((sector, reward.text),))


def gain_for(console: Console, sectors: tuple[int, ...], own_turn: bool) -> Gain:
    """Return what a console gains from ``sectors``: stationed blue on its own turn, deployed red otherwise."""
    total = Gain()
    for number in sectors:
        sector = console.sectors.get(number)
        if sector is None:
            continue
        if own_turn:
            if not sector.colonised:
                total = total.plus(_reward_gain(sector.station.blue, number))
        else:
            for card in sector.deployed:
                total = total.plus(_reward_gain(card.red, number))
    return total


def _gain_vp(console: Console, amount: int, source: str) -> Console:
    """Add VP (never below 0) and book them under ``source``."""
    vp = max(console.vp + amount, 0)
    by_source = {**console.vp_by_source, source: console.vp_by_source.get(source, 0) + (vp - console.vp)}
    return evolve(console, vp=vp, vp_by_source=by_source)


def _apply_gain(console: Console, gain: Gain, source: str) -> Console:
    sectors = dict(console.sectors)
    for number, count in gain.charges.items():
        sector = sectors[number]
        sectors[number] = evolve(sector, charges=min(sector.charges + count, sector.station.slots))
    console = evolve(console, credits=console.credits + gain.credits, income=console.income + gain.income)
    console = evolve(console, sectors=sectors)
    return _gain_vp(console, gain.vp, source) if gain.vp else console


def _assign(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    _check_turn(state)
    if state.roll is None:
        raise RuleError(N_("Roll the dice first."))
    seat, choice = event.payload["seat"], event.payload["choice"]
    if seat in state.roll.choices:
        raise RuleError(N_("{name} has already chosen sectors for these dice."), name=setup.player(seat).name)
    if state.extra_round and seat not in state.extra_players:
        raise RuleError(N_("Only the tied players play the extra round."))
    own_turn = seat == state.roll.seat
    console = state.console(seat)
    gain = gain_for(console, chosen_sectors(state.roll.dice, choice), own_turn)
    before = console.vp
    console = _apply_gain(console, gain, SOURCE_STATIONS if own_turn else SOURCE_DEPLOYED)
    state = evolve(
        state,
        consoles={**state.consoles, seat: console},
        roll=evolve(state.roll, choices={**state.roll.choices, seat: choice}),
    )
    return _after_vp_change(state, seat, console.vp - before)


_TOO_DEAR = N_("{cost} credits is more than the {credits} on hand.")


def _buy(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """A ship: a purchase pays all credits (once a turn), an ability Buy pays the cost, a Claim nothing."""
    seat, how = _buyer(setup, state, event), event.payload["how"]
    console = state.console(seat)
    card = card_from(event.payload)
    if how == PURCHASE:
        _check_purchase(console, card)
        credits = 0  # a purchase pays all credits, whatever the cost
    elif how == ABILITY_BUY:
        _check_affordable(console, card)
        credits = console.credits - card.cost
    else:
        credits = console.credits
    console = _station(console, card)
    console = evolve(console, credits=credits, bought_this_turn=console.bought_this_turn or how == PURCHASE)
    return evolve(state, consoles={**state.consoles, seat: console})


def _colony(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """A colony: the turn's purchase (all credits); its VP at once; the sector takes no more stations."""
    seat = _buyer(setup, state, event)
    console = state.console(seat)
    card = card_from(event.payload, colony=True)
    _check_purchase(console, card)
    console = evolve(_station(console, card), credits=0, bought_this_turn=True)
    console = _gain_vp(console, card.colony_vp, SOURCE_COLONIES)
    state = evolve(state, consoles={**state.consoles, seat: console})
    return _after_vp_change(state, seat, card.colony_vp)


def _buyer(setup: Setup, state: SpaceBase, event: Event) -> int:
    active = _check_turn(state)
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


def _spend_charge(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    _check_turn(state)
    seat, number, count = event.payload["seat"], event.payload["sector"], event.payload["count"]
    console = state.console(seat)
    sector = console.sectors[number]
    if sector.charges < count:
        raise RuleError(
            N_("Sector {sector} holds {charges} charge tokens, not {count}."),
            sector=number,
            charges=sector.charges,
            count=count,
        )
    console = evolve(console, sectors={**console.sectors, number: evolve(sector, charges=sector.charges - count)})
    return evolve(state, consoles={**state.consoles, seat: console})


def _adjust(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """An ability the app does not model (arrows, reroll, swap, exchange, 2X, lose VP…), written down with a reason."""
    if not state.started:
        raise RuleError(N_("Start the game first: everyone buys a first ship, then the start player is chosen."))
    seat = event.payload["seat"]
    console = state.console(seat)
    credits = console.credits + event.payload.get("credits", 0)
    income = console.income + event.payload.get("income", 0)
    if credits < 0 or income < 0:
        raise RuleError(N_("Credits and income cannot drop below 0."))
    before = console.vp
    console = _gain_vp(evolve(console, credits=credits, income=income), event.payload.get("vp", 0), SOURCE_ABILITIES)
    state = evolve(state, consoles={**state.consoles, seat: console})
    return _after_vp_change(state, seat, console.vp - before)


def _you_win(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """YOU WIN!: the player wins at once, whatever the VP."""
    _check_turn(state)
    return evolve(state, over=True, active=None, roll=None, winner_by_ability=event.payload["seat"])


def _after_vp_change(state: SpaceBase, seat: int, gained: int) -> SpaceBase:
    """Count VP gained in an extra round; a player reaching 40 VP triggers the end of the game."""
    if state.extra_round and seat in state.extra_players:
        state = evolve(state, extra_vp={**state.extra_vp, seat: state.extra_vp.get(seat, 0) + gained})
    if state.end_triggered_by is None and state.console(seat).vp >= END_VP:
        state = evolve(state, end_triggered_by=seat)
    return state


def _end_turn(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Income floor, then the next player; at the end of the last round, the end or an extra round."""
    active = _check_turn(state)
    if not event.by_host and event.author != active:
        raise RuleError(N_("Only {name}, whose turn it is, ends it."), name=setup.player(active).name)
    if state.roll is None:
        raise RuleError(N_("Roll the dice first."))
    players = state.extra_players if state.extra_round else state.order
    waiting = [seat for seat in players if seat not in state.roll.choices]
    if waiting:
        raise RuleError(N_("Still to choose sectors for these dice: {names}."), names=_names(setup, waiting))
    console = state.console(active)
    console = evolve(console, credits=max(console.credits, console.income), bought_this_turn=False)
    state = evolve(state, consoles={**state.consoles, active: console}, roll=None)
    if state.extra_round:
        left = tuple(seat for seat in state.extra_turns_left if seat != active)
        if left:
            return evolve(state, extra_turns_left=left, active=left[0], turn=state.turn + 1)
        return _settle_extra_round(state)
    position = state.order.index(active)
    if position == len(state.order) - 1 and state.end_triggered_by is not None:
        return _settle_end(state)
    following = state.order[(position + 1) % len(state.order)]
    return evolve(state, active=following, turn=state.turn + 1)


def _top(scores: Mapping[int, int]) -> tuple[int, ...]:
    best = max(scores.values())
    return tuple(seat for seat, value in scores.items() if value == best)


def _settle_end(state: SpaceBase) -> SpaceBase:
    tied = _top({seat: state.console(seat).vp for seat in state.order})
    if len(tied) == 1:
        return evolve(state, over=True, active=None)
    return _extra_round(state, tuple(seat for seat in state.order if seat in tied))


def _extra_round(state: SpaceBase, players: tuple[int, ...]) -> SpaceBase:
    return evolve(
        state,
        extra_round=state.extra_round + 1,
        extra_players=players,
        extra_vp={seat: 0 for seat in players},
        extra_turns_left=players,
        active=players[0],
        turn=state.turn + 1,
    )


def _settle_extra_round(state: SpaceBase) -> SpaceBase:
    tied = _top({seat: state.extra_vp.get(seat, 0) for seat in state.extra_players})
    if len(tied) == 1:
        return evolve(state, over=True, active=None, extra_players=state.extra_players)
    return _extra_round(state, tied)


# -- The moves -----------------------------------------------------------------------------------

_seat = Field("seat", "seat")
_card_fields = (
    _seat,
    Field("sector", "int", 1, 12),
    Field("cost", "int", 0, 20),
    Field("level", "int", 1, 3, required=False),
    Field("name", "text", required=False, max_length=40),
    Field("blue_kind", "choice", choices=REWARD_KINDS, required=False),
    Field("blue_amount", "int", 0, 20, required=False),
    Field("blue_text", "text", required=False, max_length=80),
    Field("red_kind", "choice", choices=REWARD_KINDS, required=False),
    Field("red_amount", "int", 0, 20, required=False),
    Field("red_text", "text", required=False, max_length=80),
    Field("slots", "int", 0, 6, required=False),
)
# What a card is, as typed at a table: remembered by the server for quick re-entry at any table.
CARD_FIELDS = tuple(f.name for f in _card_fields if f.name != "seat")
_turn = Guard(
    "turn",
    lambda state: state.turn,
    N_("That turn is over: the table is on turn {now}. Nothing was recorded."),
)


def _describe_card(setup: Setup, state: SpaceBase, event: Event, who: str) -> Message:
    payload = event.payload
    texts = {
        PURCHASE: N_("{name} bought a ship for sector {sector} (cost {cost})"),
        ABILITY_BUY: N_("{name} bought a ship for sector {sector} with an ability (cost {cost})"),
        CLAIM: N_("{name} claimed a ship for sector {sector}"),
    }
    return msg(texts[str(payload.get("how", PURCHASE))], name=who, sector=payload["sector"], cost=payload["cost"])


MOVES = (
    Move(
        "sb.first-ship",
        N_("First ship bought"),
        _card_fields,
        _first_ship,
        remember=CARD_FIELDS,
        describe=lambda setup, state, e, who: msg(
            N_("{name} bought a first ship for sector {sector} (cost {cost})"),
            name=who,
            sector=e.payload["sector"],
            cost=e.payload["cost"],
        ),
    ),
    Move(
        "sb.start",
        N_("Start player chosen"),
        (Field("start_player", "seat", required=False),),
        _start,
        lambda setup, state, e, who: msg(N_("The game starts")),
        who=ANYONE,
    ),
    Move(
        "sb.roll",
        N_("Dice rolled"),
        (Field("values", "ints", 1, 6, required=False),),
        _roll,
        lambda setup, state, e, who: (
            msg(N_("Real dice: {values}"), values=listing(e.payload["values"]))
            if "values" in e.payload
            else msg(N_("Rolled the dice in the app"))
        ),
        who=ANYONE,
        guard=_turn,
    ),
    Move(
        "sb.assign",
        N_("Dice assigned"),
        (_seat, Field("choice", "choice", choices=(INDIVIDUAL, SUM))),
        _assign,
        lambda setup, state, e, who: msg(
            N_("{name} took the two dice") if e.payload["choice"] == INDIVIDUAL else N_("{name} took the sum"),
            name=who,
        ),
        guard=_turn,
    ),
    Move(
        "sb.buy",
        N_("Card bought"),
        (*_card_fields, Field("how", "choice", choices=(PURCHASE, ABILITY_BUY, CLAIM))),
        _buy,
        _describe_card,
        remember=CARD_FIELDS,
    ),
    Move(
        "sb.colony",
        N_("Colony bought"),
        (_seat, Field("sector", "int", 1, 12), Field("cost", "int", 0, 20), Field("vp", "int", 1, 20)),
        _colony,
        lambda setup, state, e, who: msg(
            N_("{name} bought the colony of sector {sector} ({vp} VP)"),
            name=who,
            sector=e.payload["sector"],
            vp=e.payload["vp"],
        ),
    ),
    Move(
        "sb.charge",
        N_("Charge tokens spent"),
        (_seat, Field("sector", "int", 1, 12), Field("count", "int", 1, 6)),
        _spend_charge,
        lambda setup, state, e, who: msg(
            N_("{name} spent {count} charge tokens in sector {sector}"),
            name=who,
            count=e.payload["count"],
            sector=e.payload["sector"],
        ),
    ),
    Move(
        "sb.adjust",
        N_("Adjustment by an ability"),
        (
            _seat,
            Field("credits", "int", -99, 99, required=False),
            Field("income", "int", -99, 99, required=False),
            Field("vp", "int", -99, 99, required=False),
            Field("reason", "text", max_length=80),
        ),
        _adjust,
        lambda setup, state, e, who: msg(
            N_("{name}: {credits:+d} credits, {income:+d} income, {vp:+d} VP ({reason})"),
            name=who,
            credits=e.payload.get("credits", 0),
            income=e.payload.get("income", 0),
            vp=e.payload.get("vp", 0),
            reason=e.payload["reason"],
        ),
    ),
    Move(
        "sb.you-win",
        N_("YOU WIN! ability"),
        (_seat,),
        _you_win,
        lambda setup, state, e, who: msg(N_("{name} wins at once with a YOU WIN! card"), name=who),
    ),
    Move(
        "sb.end-turn",
        N_("End of turn"),
        (),
        _end_turn,
        lambda setup, state, e, who: msg(N_("End of turn")),
        who=ANYONE,
        guard=_turn,
    ),
)
FIRST_SHIP, START, ROLL, ASSIGN, BUY, COLONY, CHARGE_SPENT, ADJUST, YOU_WIN, END_TURN = (m.kind for m in MOVES)


# -- Scoring -------------------------------------------------------------------------------------


def score_space_base(setup: Setup, state: SpaceBase) -> Scoreboard:
    """VP by source; the end at 40 VP after equal turns; ties go to extra rounds, no shared win."""
    breakdowns = {
        seat: tuple(
            CategoryScore(source, label, state.console(seat).vp_by_source.get(source, 0))
            for source, label in SOURCE_LABELS.items()
        )
        for seat in setup.seats
    }
    extra = {seat: state.extra_vp.get(seat, 0) for seat in setup.seats}
    winners = {state.winner_by_ability} if state.winner_by_ability is not None else set()
    chain = [TieBreaker(N_("VP gained in the extra round"), extra)] if state.extra_round else []
    players, explanation = standings(setup, breakdowns, chain, winners=winners)
    notes: list[Message] = []
    if state.winner_by_ability is not None:
        notes.append(
            msg(N_("{name} won at once with a YOU WIN! card."), name=setup.player(state.winner_by_ability).name)
        )
    if state.end_triggered_by is not None and state.winner_by_ability is None:
        notes.append(
            msg(
                N_("{name} reached 40 VP: the round is played out so that everyone has the same number of turns."),
                name=setup.player(state.end_triggered_by).name,
            )
        )
    decided = state.over
    if state.extra_round:
        names = _names(setup, state.extra_players)
        if state.over:
            notes.append(msg(N_("Extra round {n} between {names} decided the game."), n=state.extra_round, names=names))
        else:
            notes.append(
                msg(N_("Tied on VP: {names} play extra round {n}; no winner yet."), names=names, n=state.extra_round)
            )
    return Scoreboard(players, explanation, applied_options(OPTIONS, setup.options), tuple(notes), decided=decided)
