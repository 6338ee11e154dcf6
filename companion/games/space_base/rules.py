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

Charge (seed, チャージと活性化): a blue "charge" reward puts one token on the stationed card when it
pays on its owner's turn, up to its (blue) slots; a red one puts a token on that deployed card when
it pays on another player's turn, up to its deployed (red) slots. A deployed card keeps its tokens
when it has deployed slots. Abilities spend a card's tokens and are moves of their own: Swap,
Exchange, dice shift, set die, 2X, others lose VP, Reroll, Buy, Claim, YOU WIN!; each changes the
console as the cardboard changes, so later rolls pay the right players. VP never drop below 0.

A player at 40 VP or more ends the game once every player has had the same number of turns; tied
players then play extra rounds, the most VP gained in one decides.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from companion.games.contract import Event, Setup, evolve
from companion.games.ledger import Appendable
from companion.games.mechanics.randomness import roll
from companion.games.mechanics.ranking import TieBreaker, standings
from companion.games.moves import ACTIVE, ANYONE, Field, Guard, Move
from companion.games.options import Choice, RuleOption, applied_options
from companion.games.scores import CategoryScore, Scoreboard
from companion.games.words import N_, Message, RuleError, listing, msg

SLUG = "space-base"
SECTORS = tuple(range(1, 13))
END_VP = 40
START_CREDITS, LIGHT_SPEED_CREDITS, LIGHT_SPEED_INCOME = 5, 15, 1
# Turn-order bonus by position (1st … 5th): (credits, income).
ORDER_BONUS = ((0, 0), (1, 0), (2, 0), (0, 1), (0, 1))

CREDITS, INCOME, VP, CHARGE, TEXT = "credits", "income", "vp", "charge", "text"
# Arrows (seed, 左右への矢印): the neighbouring sector's rewards too, left, right, or either way.
LEFT, RIGHT, EITHER = "arrow-left", "arrow-right", "arrow-either"
ARROW_STEPS = {LEFT: -1, RIGHT: 1, EITHER: 0}
DIRECTIONS = {"left": -1, "right": 1}
DIRECTION_NAMES = {"left": N_("two-way arrow to the left"), "right": N_("two-way arrow to the right")}
REWARD_KINDS = (CREDITS, INCOME, VP, CHARGE, LEFT, RIGHT, EITHER, TEXT)
REWARD_NAMES = {
    CREDITS: N_("credits"),
    INCOME: N_("income"),
    VP: N_("VP"),
    CHARGE: N_("a charge token"),
    LEFT: N_("← the sector on the left"),
    RIGHT: N_("→ the sector on the right"),
    EITHER: N_("←/→ either neighbour"),
    TEXT: N_("an ability (as printed)"),
}
INDIVIDUAL, SUM = "dice", "sum"
# How a player took the dice with an ability instead of sb.assign (shown like a choice).
SHIFTED, DOUBLED = "shift", "2x"
CHOICE_NAMES = {
    INDIVIDUAL: N_("took the two dice"),
    SUM: N_("took the sum"),
    SHIFTED: N_("took the sum shifted right"),
    DOUBLED: N_("used 2X"),
}
PURCHASE, ABILITY_BUY, CLAIM = "purchase", "ability-buy", "claim"
# The price range of each level (seed, カードの購入: レベルごとの価格帯): the ranges do not overlap,
# so a card's cost tells its level.
LEVEL_COSTS = {1: (2, 3, 4, 5), 2: (7, 8, 9), 3: (12, 13, 14)}

# Abilities (seed, 効果詳細), as printed on a card: what its charge tokens do.
SWAP, EXCHANGE, SHIFT, SET_DIE, DOUBLE, LOSE_VP, REROLL = (
    "swap",
    "exchange",
    "shift",
    "set-die",
    "2x",
    "lose-vp",
    "reroll",
)
BUY_ABILITY, CLAIM_ABILITY, YOU_WIN_ABILITY = "buy", "claim", "you-win"
ABILITY_NAMES = {
    SWAP: N_("Swap (two sectors trade all their cards)"),
    EXCHANGE: N_("Exchange (this card trades places with another)"),
    SHIFT: N_("Dice shift (the sum, moved right)"),
    SET_DIE: N_("Set a die (before the roll)"),
    DOUBLE: N_("2X (one sector pays again)"),
    LOSE_VP: N_("Every other player loses VP"),
    REROLL: N_("Reroll (after the roll)"),
    BUY_ABILITY: N_("Buy (pays the cost only)"),
    CLAIM_ABILITY: N_("Claim (a ship for free)"),
    YOU_WIN_ABILITY: N_("YOU WIN!"),
}
ABILITY_KINDS = tuple(ABILITY_NAMES)
# When an ability may be used (the colour of its frame): own turn, other players' turns, any turn.
OWN_TURN, OTHER_TURNS, ANY_TURN = "own", "others", "any"
WHEN_NAMES = {OWN_TURN: N_("on my turn"), OTHER_TURNS: N_("on others' turns"), ANY_TURN: N_("on any turn")}
# The dice a reroll throws again, and the three ways 2X pays (seed, 2X: n+m twice, n twice, m twice).
FIRST_DIE, SECOND_DIE, BOTH_DICE = "first", "second", "both"

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
# Where the seed is silent: may an Exchange move a colony? (It speaks of "a card in a sector space".)
EXCHANGE_COLONIES = "exchange-colonies"
# The seed on 2X: 「能力を使用した際、報酬によってこの能力自身をチャージすることはできない」 ("when the
# ability is used, rewards cannot charge the ability itself"): the doubled reward, or every reward of that roll?
DOUBLE_CHARGE = "2x-own-charge"
EXTRA_ONLY, WHOLE_ROLL = "extra-only", "whole-roll"
_GUESS_NOTE = N_(
    "A guess: neither our rules nor any public source we found prints these values. Copy the credits "
    "on your starting ships; the results say whether the guess was used."
)
OPTIONS = (
    RuleOption(LIGHT_SPEED, N_("Light-speed start (15 credits, 1 income, buy several ships)"), False),
    RuleOption(
        STARTING_BLUE,
        N_("Starting ships: blue credits of sectors 1–12"),
        (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3),
        minimum=0,
        maximum=20,
        note=_GUESS_NOTE,
    ),
    RuleOption(
        STARTING_RED,
        N_("Starting ships: red credits of sectors 1–12"),
        (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
        minimum=0,
        maximum=20,
        note=_GUESS_NOTE,
    ),
    RuleOption(
        EXCHANGE_COLONIES,
        N_("Exchange may move a colony"),
        False,
        note=N_("The rules do not say; by default a colony stays where it was bought."),
    ),
    RuleOption(
        DOUBLE_CHARGE,
        N_("When 2X is used, its own card is not charged by"),
        EXTRA_ONLY,
        (
            Choice(EXTRA_ONLY, N_("the extra reward it gives")),
            Choice(WHOLE_ROLL, N_("any reward of that roll")),
        ),
        note=N_("The rules say rewards cannot charge the 2X ability when it is used, not which rewards."),
    ),
)
# Options whose default is a guess, not a value from the seed, the digest or a public source.
GUESSES = (STARTING_BLUE, STARTING_RED)


@dataclass(frozen=True)
class Reward:
    """A card's blue or red reward: credits, income, VP, a charge token, or an ability's text."""

    kind: str
    amount: int = 0
    text: str = ""


@dataclass(frozen=True)
class Ability:
    """What a card's charge tokens do: the effect, the tokens one use spends, its number, and when."""

    kind: str
    tokens: int = 1
    amount: int = 0  # VP others lose, the level of a Claim, the steps of a shift (0 = 1 or 2, chosen)
    when: str = ANY_TURN


@dataclass(frozen=True)
class Card:
    """A ship (level 0 = a starting ship) or a colony (``colony_vp`` > 0), as printed.

    ``slots`` are the charge slots of the stationed card (blue), ``red_slots`` those of the
    deployed card (red): tokens stay on a card deployed with red slots (seed, チャージと活性化).
    """

    name: str
    level: int
    cost: int
    sector: int
    blue: Reward
    red: Reward
    slots: int = 0
    colony_vp: int = 0
    red_slots: int = 0
    ability: Ability | None = None

    @property
    def is_colony(self) -> bool:
        """True for a colony card."""
        return self.colony_vp > 0


STATION = 0  # a card's place in its sector: 0 = stationed, n = the n-th deployed card


@dataclass(frozen=True)
class Sector:
    """One sector of a console: the stationed card, the deployed ones, and their charge tokens."""

    station: Card
    deployed: tuple[Card, ...] = ()
    charges: int = 0  # on the stationed card
    deployed_charges: tuple[int, ...] = ()  # on each deployed card, in the order of ``deployed``

    @property
    def colonised(self) -> bool:
        """True once a colony stands here: no more ships are stationed in this sector."""
        return self.station.is_colony

    def card(self, place: int) -> Card:
        """Return the card at ``place`` (0 = stationed, n = the n-th deployed), or raise RuleError."""
        if place == STATION:
            return self.station
        if 1 <= place <= len(self.deployed):
            return self.deployed[place - 1]
        raise RuleError(N_("There is no deployed card number {place} there."), place=place)

    def tokens(self, place: int) -> int:
        """Return the charge tokens on the card at ``place``."""
        if place == STATION:
            return self.charges
        return self.deployed_charges[place - 1] if place <= len(self.deployed_charges) else 0

    def with_tokens(self, place: int, tokens: int) -> Sector:
        """Return the sector with ``tokens`` on the card at ``place``."""
        if place == STATION:
            return evolve(self, charges=tokens)
        padded = list(self.deployed_charges) + [0] * (len(self.deployed) - len(self.deployed_charges))
        padded[place - 1] = tokens
        return evolve(self, deployed_charges=tuple(padded))


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
    choices: Mapping[int, str] = field(default_factory=dict)  # seat -> INDIVIDUAL, SUM, SHIFTED or DOUBLED
    before: tuple[tuple[int, int], ...] = ()  # the dice before each reroll of this turn, shown to all


@dataclass(frozen=True)
class Throw:
    """The two dice a roll or a reroll left showing, by its entry: what the log says of it."""

    seq: int
    dice: tuple[int, int]


@dataclass(frozen=True)
class SpaceBase:
    """The game: consoles, the turn order, the current turn and roll, the end and extra rounds."""

    consoles: Mapping[int, Console]
    started: bool = False
    order: tuple[int, ...] = ()  # seats in turn order, start player first
    turn: int = 0  # turns begun, all players together
    active: int | None = None
    roll: DiceRoll | None = None
    rolls: int = 0  # app rolls so far (roll-offs and rerolls included): each is numbered by the rolls before it
    throws: int = 0  # dice thrown so far (app or real, rerolls included): what a reroll screen showed
    set_dice: tuple[int, ...] = ()  # dice set by an ability for the active player's coming roll
    end_triggered_by: int | None = None
    extra_round: int = 0  # 0 = the regular game; n = the n-th extra round
    extra_players: tuple[int, ...] = ()
    extra_vp: Mapping[int, int] = field(default_factory=dict)  # VP gained in the current extra round
    extra_turns_left: tuple[int, ...] = ()
    over: bool = False
    winner_by_ability: int | None = None
    start_rolls: tuple[tuple[int, int], ...] = ()  # (seat, total) of the start-player roll-off
    thrown: Appendable[Throw] = field(default_factory=Appendable)  # every roll and reroll, in entry order

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


def guesses_used(setup: Setup) -> tuple[RuleOption, ...]:
    """Return the options whose value at this table is still the app's guess (their unconfirmed default)."""
    return tuple(
        option
        for option in OPTIONS
        if option.key in GUESSES and tuple(setup.options.get(option.key, option.default)) == option.default
    )


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
    cost = int(str(payload["cost"]))
    if colony:
        vp = int(str(payload["vp"]))
        return Card(str(payload.get("name", "")), 0, cost, sector, Reward(TEXT), Reward(TEXT), 0, vp)
    blue, red = reward("blue"), reward("red")
    slots = int(str(payload.get("slots", 0)))
    # Entries made before deployed slots were asked for had one slot count for both sides.
    red_slots = int(str(payload.get("red_slots", slots if red.kind == CHARGE else 0)))
    ability = None
    if payload.get("ability"):
        ability = Ability(
            str(payload["ability"]),
            int(str(payload.get("ability_tokens", 1))),
            int(str(payload.get("ability_amount", 0))),
            str(payload.get("ability_when", ANY_TURN)),
        )
    level = payload.get("level")
    return Card(
        str(payload.get("name", "")),
        int(str(level)) if level is not None else level_of(cost),
        cost,
        sector,
        blue,
        red,
        slots,
        red_slots=red_slots,
        ability=ability,
    )


def level_of(cost: int) -> int:
    """Return the level a ship's cost belongs to (seed: I 2–5, II 7–9, III 12–14).

    A cost outside the printed ranges reads as level I, as entries without a level always did.
    """
    return next((level for level, costs in LEVEL_COSTS.items() if cost in costs), 1)


def _kept(tokens: int, slots: int) -> int:
    """Tokens a card keeps when it changes side: as many as the new side has slots (none without)."""
    return min(tokens, slots)


def _station(console: Console, card: Card) -> Console:
    """Station ``card`` in its sector; the one stationed there before is deployed (tokens kept on red slots)."""
    sector = console.sectors[card.sector]
    if sector.colonised:
        raise RuleError(N_("Sector {sector} holds a colony: no ship can be stationed there."), sector=card.sector)
    carried = _kept(sector.charges, sector.station.red_slots)
    charges = (*_padded(sector), carried)
    placed = Sector(card, (*sector.deployed, sector.station), 0, charges)
    return evolve(console, sectors={**console.sectors, card.sector: placed})


def _padded(sector: Sector) -> tuple[int, ...]:
    """The tokens of every deployed card (states folded before deployed tokens were kept hold none)."""
    return tuple(sector.tokens(place) for place in range(1, len(sector.deployed) + 1))


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
    if state.roll is not None:
        raise RuleError(N_("The dice of this turn are already rolled."))
    typed = event.payload.get("values")
    rolls = state.rolls
    if typed is None:
        drawn = list(roll(2, 6, setup.seed, SLUG, "roll", rolls))
        rolls += 1
        dice = (*state.set_dice, *drawn)[:2]  # a die set by an ability keeps its value
    elif len(typed) != 2 or not all(1 <= v <= 6 for v in typed):
        raise RuleError(N_("Enter the two dice, each from 1 to 6."))
    else:
        dice = (typed[0], typed[1])
        if not _shows(dice, state.set_dice):
            raise RuleError(
                N_("The dice set by an ability show {values}."), values=" ".join(str(v) for v in state.set_dice)
            )
    first, second = dice
    return evolve(
        state,
        roll=DiceRoll(active, (first, second), typed is None),
        rolls=rolls,
        throws=state.throws + 1,
        set_dice=(),
        thrown=state.thrown.appended((Throw(event.seq, (first, second)),)),
    )


def _shows(dice: tuple[int, ...], wanted: tuple[int, ...]) -> bool:
    """True when ``dice`` show every value of ``wanted`` (as many times)."""
    rest = list(dice)
    for value in wanted:
        if value not in rest:
            return False
        rest.remove(value)
    return True


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


def _gain_vp(console: Console, amount: int, source: str) -> Console:
    """Add VP (never below 0) and book them under ``source``."""
    vp = max(console.vp + amount, 0)
    by_source = {**console.vp_by_source, source: console.vp_by_source.get(source, 0) + (vp - console.vp)}
    return evolve(console, vp=vp, vp_by_source=by_source)


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
    return _gain_vp(console, gain.vp, source) if gain.vp else console


def _check_choosing(setup: Setup, state: SpaceBase, seat: int) -> DiceRoll:
    """Return the roll that ``seat`` is still to take, or raise RuleError."""
    _check_turn(state)
    if state.roll is None:
        raise RuleError(N_("Roll the dice first."))
    if seat in state.roll.choices:
        raise RuleError(N_("{name} has already chosen sectors for these dice."), name=setup.player(seat).name)
    if state.extra_round and seat not in state.extra_players:
        raise RuleError(N_("Only the tied players play the extra round."))
    return state.roll


def _take(state: SpaceBase, seat: int, choice: str, gain: Gain) -> SpaceBase:
    """Book what ``seat`` took from this roll (blue on the own turn, red otherwise)."""
    assert state.roll is not None
    own_turn = seat == state.roll.seat
    console = state.console(seat)
    before = console.vp
    console = _apply_gain(console, gain, SOURCE_STATIONS if own_turn else SOURCE_DEPLOYED)
    state = evolve(
        state,
        consoles={**state.consoles, seat: console},
        roll=evolve(state.roll, choices={**state.roll.choices, seat: choice}),
    )
    return _after_vp_change(state, seat, console.vp - before)


def _direction(event: Event, field: str = "direction") -> int | None:
    way = event.payload.get(field)
    return None if way is None else DIRECTIONS[way]


def _assign(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Take the dice: each die's sector, or their sum's.

    Each die chooses the way of its own two-way arrows (seed, 両方向の矢印: left or right, for that
    reward): ``direction`` for the first die (and the sum), ``second_direction`` for the second,
    which follows the first when left out.
    """
    seat, choice = event.payload["seat"], event.payload["choice"]
    roll_ = _check_choosing(setup, state, seat)
    console, own_turn = state.console(seat), seat == roll_.seat
    first = _direction(event)
    second = _direction(event, "second_direction")
    ways = (first, first if second is None else second)
    gain = Gain()
    for number, way in zip(chosen_sectors(roll_.dice, choice), ways, strict=False):
        gain = gain.plus(gain_for(console, (number,), own_turn, way))
    return _take(state, seat, choice, gain)


_TOO_DEAR = N_("{cost} credits is more than the {credits} on hand.")


def _buy(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """A ship: a purchase pays all credits (once a turn), an ability Buy pays the cost, a Claim nothing."""
    seat, how = _buyer(setup, state, event), event.payload["how"]
    card = card_from(event.payload)
    if how == PURCHASE:
        if "card_sector" in event.payload:
            raise RuleError(N_("A purchase spends no charge tokens: choose the ability Buy or Claim."))
        _check_purchase(state.console(seat), card)
        credits = 0  # a purchase pays all credits, whatever the cost
    else:
        ability = _activate(setup, state, event, BUY_ABILITY if how == ABILITY_BUY else CLAIM_ABILITY)
        state = ability.state
        if ability.amount and card.level != ability.amount:
            raise RuleError(N_("This ability takes a level {level} ship."), level=ability.amount)
        console = state.console(seat)
        if how == ABILITY_BUY:
            _check_affordable(console, card)
        credits = console.credits - card.cost if how == ABILITY_BUY else console.credits
    console = state.console(seat)
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
    """Tokens spent on an ability the app does not play (the ability is carried out by hand)."""
    _check_turn(state)
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
class _Activation:
    """An ability being used: the state once its tokens are spent, and its printed number (0 if none)."""

    state: SpaceBase
    amount: int
    card: tuple[int, int] | None  # (sector, place) of the card whose tokens were spent


def _activate(setup: Setup, state: SpaceBase, event: Event, kind: str, tokens: int | None = None) -> _Activation:
    """Check who uses ability ``kind`` and when, and spend the tokens of the card named in the move.

    A move naming no card records an effect that came from a reward (no tokens). A card typed
    with its ability must carry this one, used at the time its frame allows.
    """
    active = _check_turn(state)
    seat = event.payload["seat"]
    number = event.payload.get("card_sector")
    if number is None:
        return _Activation(state, int(event.payload.get("amount", 0)), None)
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
    return _Activation(state, amount, (number, place))


def _tokens(event: Event, card: Card, tokens: int | None) -> int:
    """The tokens a use spends: the move's, else the rule's (one per die set), else the card's, else 1."""
    if "tokens" in event.payload:
        return int(event.payload["tokens"])
    if tokens is not None:
        return tokens
    return card.ability.tokens if card.ability is not None else 1


def _own_turn_only(setup: Setup, state: SpaceBase, seat: int) -> None:
    if seat != state.active:
        raise RuleError(N_("Only {name}, whose turn it is, can do this."), name=setup.player(_check_turn(state)).name)


def _reroll(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Reroll (seed, ダイスリロール): after the own roll, before anyone takes the dice; the new dice pay everyone.

    With the app's dice the rerolled dice take the next numbered roll (its first value, then its
    second), so undoing a reroll and rerolling draws the same dice again.
    """
    seat = event.payload["seat"]
    _own_turn_only(setup, state, seat)
    if state.roll is None:
        raise RuleError(N_("Roll the dice first."))
    if state.roll.choices:
        raise RuleError(N_("A reroll comes before anyone takes the dice: undo their choices first."))
    state = _activate(setup, state, event, REROLL).state
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
    )
    thrown = state.thrown.appended((Throw(event.seq, rolled.dice),))
    return evolve(state, roll=rolled, rolls=rolls, throws=state.throws + 1, thrown=thrown)


def _set_die(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Set a die (seed, ダイス目指定): before the own roll, one token per die set (two set both)."""
    seat, values = event.payload["seat"], tuple(event.payload["values"])
    _own_turn_only(setup, state, seat)
    if state.roll is not None:
        raise RuleError(N_("A die is set before the roll."))
    if len(state.set_dice) + len(values) > 2:
        raise RuleError(N_("There are only two dice to set."))
    state = _activate(setup, state, event, SET_DIE, tokens=len(values)).state
    return evolve(state, set_dice=(*state.set_dice, *values))


def _shift(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Dice shift (seed, ダイス+右矢印): the sum moved 1 or 2 sectors right, for its user only."""
    seat, steps = event.payload["seat"], event.payload["steps"]
    roll_ = _check_choosing(setup, state, seat)
    activation = _activate(setup, state, event, SHIFT)
    if activation.amount and steps != activation.amount:
        raise RuleError(N_("This card shifts the sum by {steps}."), steps=activation.amount)
    target = sum(roll_.dice) + steps
    if target > SECTORS[-1]:
        raise RuleError(N_("There is no sector {sector}."), sector=target)
    state = activation.state
    gain = gain_for(state.console(seat), (target,), seat == roll_.seat, _direction(event))
    return _take(state, seat, SHIFTED, gain)


def double_sectors(dice: tuple[int, int], twice: str) -> tuple[int, ...]:
    """Return the sectors 2X pays: the sum twice, or both dice with the first or the second again."""
    if twice == SUM:
        return (dice[0] + dice[1],) * 2
    return (*dice, dice[0] if twice == FIRST_DIE else dice[1])


def _double(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """2X (seed): the normal reward and one sector again; the extra one (by the option: any) cannot charge its card."""
    seat = event.payload["seat"]
    roll_ = _check_choosing(setup, state, seat)
    activation = _activate(setup, state, event, DOUBLE)
    state = activation.state
    console, own_turn, way = state.console(seat), seat == roll_.seat, _direction(event)
    sectors = double_sectors(roll_.dice, event.payload["twice"])
    gain = gain_for(console, sectors[:-1], own_turn, way)
    again = gain_for(console, sectors[-1:], own_turn, way)
    if activation.card is not None:
        again = _not_charging(again, activation.card)
        if setup.options.get(DOUBLE_CHARGE, EXTRA_ONLY) == WHOLE_ROLL:
            gain = _not_charging(gain, activation.card)
    return _take(state, seat, DOUBLED, gain.plus(again))


def _not_charging(gain: Gain, card: tuple[int, int]) -> Gain:
    """``gain`` without the charge tokens it would put on ``card`` (sector, place)."""
    return evolve(gain, charges={place: n for place, n in gain.charges.items() if place != card})


def _lose_vp(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Every other player loses n VP (seed: never below 0)."""
    seat = event.payload["seat"]
    activation = _activate(setup, state, event, LOSE_VP)
    state, amount = activation.state, activation.amount
    if amount < 1:
        raise RuleError(N_("Say how many VP the others lose."))
    for other in setup.seats:
        if other != seat:
            console = state.console(other)
            lost = _gain_vp(console, -amount, SOURCE_ABILITIES)
            state = evolve(state, consoles={**state.consoles, other: lost})
            state = _after_vp_change(state, other, lost.vp - console.vp)
    return state


def _swap(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Swap (seed, 星域入れ替え): two sectors trade all their cards, deployed ones and tokens included.

    Cards bought later still go to the sector printed on them.
    """
    seat, one, other = event.payload["seat"], event.payload["sector_a"], event.payload["sector_b"]
    if one == other:
        raise RuleError(N_("Choose two different sectors."))
    state = _activate(setup, state, event, SWAP).state
    console = state.console(seat)
    sectors = {**console.sectors, one: console.sectors[other], other: console.sectors[one]}
    return evolve(state, consoles={**state.consoles, seat: evolve(console, sectors=sectors)})


def _exchange(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Exchange (seed, カード位置交換): this card and another trade places, each taking the other's side.

    The card taking a stationed place is stationed, the one taking a deployed place is deployed;
    each keeps its tokens up to the slots of its new side. Colonies stay unless the table's option
    says otherwise (the seed is silent).
    """
    seat = event.payload["seat"]
    if "card_sector" not in event.payload:
        raise RuleError(N_("Name the card whose ability is used."))
    activation = _activate(setup, state, event, EXCHANGE)
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
        sectors[number] = _put(sectors[number], place, card, tokens)
    return evolve(state, consoles={**state.consoles, seat: evolve(console, sectors=sectors)})


def _put(sector: Sector, place: int, card: Card, tokens: int) -> Sector:
    """Return ``sector`` with ``card`` at ``place``, keeping its tokens up to the slots of that side."""
    if place == STATION:
        return evolve(sector, station=card).with_tokens(STATION, _kept(tokens, card.slots))
    deployed = list(sector.deployed)
    deployed[place - 1] = card
    return evolve(sector, deployed=tuple(deployed)).with_tokens(place, _kept(tokens, card.red_slots))


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


def _adjust(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
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
    console = _gain_vp(evolve(console, credits=credits, income=income), event.payload.get("vp", 0), SOURCE_ABILITIES)
    state = evolve(state, consoles={**state.consoles, seat: console})
    return _after_vp_change(state, seat, console.vp - before)


def _you_win(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """YOU WIN!: the player wins at once, whatever the VP."""
    state = _activate(setup, state, event, YOU_WIN_ABILITY).state
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
    Field("red_slots", "int", 0, 6, required=False),
    Field("ability", "choice", choices=ABILITY_KINDS, required=False),
    Field("ability_tokens", "int", 1, 6, required=False),
    Field("ability_amount", "int", 0, 20, required=False),
    Field("ability_when", "choice", choices=tuple(WHEN_NAMES), required=False),
)
# What a card is, as typed at a table: remembered by the server for quick re-entry at any table.
CARD_FIELDS = tuple(f.name for f in _card_fields if f.name != "seat")
# The card whose charge tokens pay for an ability (none: the effect came from a reward).
_activating = (
    Field("card_sector", "int", 1, 12, required=False),
    Field("card_place", "int", 0, 20, required=False),
    Field("tokens", "int", 1, 6, required=False),
)
_direction_field = Field("direction", "choice", choices=tuple(DIRECTIONS), required=False)
_turn = Guard(
    "turn",
    lambda state: state.turn,
    N_("That turn is over: the table is on turn {now}. Nothing was recorded."),
)
_throw = Guard(
    "throw",
    lambda state: state.throws,
    N_("The dice have been thrown again since (throw {now}). Nothing was recorded."),
)


def _describe_card(setup: Setup, state: SpaceBase, event: Event, who: str) -> Message:
    payload = event.payload
    texts = {
        PURCHASE: N_("{name} bought a ship for sector {sector} (cost {cost})"),
        ABILITY_BUY: N_("{name} bought a ship for sector {sector} with an ability (cost {cost})"),
        CLAIM: N_("{name} claimed a ship for sector {sector}"),
    }
    return msg(texts[str(payload.get("how", PURCHASE))], name=who, sector=payload["sector"], cost=payload["cost"])


def _with_card(text: str) -> Callable[[Setup, SpaceBase, Event, str], Message]:
    """Return a describer: ``text`` (with the payload's fields), and which card's tokens paid for it."""

    def describe(setup: Setup, state: SpaceBase, event: Event, who: str) -> Message:
        payload = event.payload
        fields = {k: _shown(v) for k, v in payload.items() if k not in ("seat", "name")}
        said = msg(text, name=who, **fields)
        if "card_sector" not in payload:
            return msg(N_("{what} (from a reward)"), what=said)
        return msg(N_("{what} (card in sector {sector})"), what=said, sector=payload["card_sector"])

    return describe


def _thrown(state: SpaceBase, seq: int) -> tuple[int, int] | None:
    """Return the dice that the roll or reroll of entry ``seq`` left showing (None when it was not folded: undone)."""
    index = bisect.bisect_left(state.thrown, seq, key=lambda throw: throw.seq)
    if index < len(state.thrown) and state.thrown[index].seq == seq:
        return state.thrown[index].dice
    return None


def _describe_roll(state: SpaceBase, event: Event) -> Message:
    """Say the dice of a roll: those typed, or those the app drew."""
    if "values" in event.payload:
        return msg(N_("Real dice: {values}"), values=listing(event.payload["values"]))
    dice = _thrown(state, event.seq)
    if dice is None:
        return msg(N_("Rolled the dice in the app"))
    return msg(N_("Rolled the dice in the app: {values}"), values=listing(dice))


def _describe_reroll(setup: Setup, state: SpaceBase, event: Event, who: str) -> Message:
    """Say who rerolled with which card, and the dice the reroll left showing (the app's or real ones)."""
    said = _with_card(N_("{name} rerolled the dice"))(setup, state, event, who)
    dice = _thrown(state, event.seq)
    if dice is None:
        return said
    shown = (
        N_("{what}: real dice, now {values}") if "values" in event.payload else N_("{what}: in the app, now {values}")
    )
    return msg(shown, what=said, values=listing(dice))


def _describe_assign(state: SpaceBase, event: Event, who: str) -> Message:
    """Say how a player took the dice, and the sectors that was (from the roll or reroll before it)."""
    index = bisect.bisect_left(state.thrown, event.seq, key=lambda throw: throw.seq)
    dice = state.thrown[index - 1].dice if index else None
    if event.payload["choice"] == INDIVIDUAL:
        if dice is None:
            return msg(N_("{name} took the two dice"), name=who)
        return msg(
            N_("{name} took the two dice: sectors {first} and {second}"), name=who, first=dice[0], second=dice[1]
        )
    if dice is None:
        return msg(N_("{name} took the sum"), name=who)
    return msg(N_("{name} took the sum: sector {sector}"), name=who, sector=dice[0] + dice[1])


def _shown(value: object) -> object:
    """A payload value as the log prints it (dice as "3 5")."""
    return " ".join(str(v) for v in value) if isinstance(value, list | tuple) else value


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
        lambda setup, state, e, who: _describe_roll(state, e),
        who=ACTIVE,
        guard=_turn,
        advances=True,  # starts the next player's turn: a second tap on End the turn lands here
    ),
    Move(
        "sb.assign",
        N_("Dice assigned"),
        (
            _seat,
            Field("choice", "choice", choices=(INDIVIDUAL, SUM)),
            _direction_field,
            Field("second_direction", "choice", choices=tuple(DIRECTIONS), required=False),
        ),
        _assign,
        lambda setup, state, e, who: _describe_assign(state, e, who),
        guard=_turn,
    ),
    Move(
        "sb.buy",
        N_("Card bought"),
        (*_card_fields, Field("how", "choice", choices=(PURCHASE, ABILITY_BUY, CLAIM)), *_activating),
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
        (
            _seat,
            Field("sector", "int", 1, 12),
            Field("count", "int", 1, 6),
            Field("place", "int", 0, 20, required=False),
        ),
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
        (_seat, *_activating),
        _you_win,
        lambda setup, state, e, who: msg(N_("{name} wins at once with a YOU WIN! card"), name=who),
    ),
    Move(
        "sb.end-turn",
        N_("End of turn"),
        (),
        _end_turn,
        lambda setup, state, e, who: msg(N_("End of turn")),
        who=ACTIVE,
        guard=_turn,
        advances=True,
    ),
    Move(
        "sb.reroll",
        N_("Dice rerolled by an ability"),
        (
            _seat,
            Field("dice", "choice", choices=(FIRST_DIE, SECOND_DIE, BOTH_DICE)),
            Field("values", "ints", 1, 6, required=False),
            *_activating,
        ),
        _reroll,
        lambda setup, state, e, who: _describe_reroll(setup, state, e, who),
        guard=_throw,
    ),
    Move(
        "sb.set-die",
        N_("Die set by an ability"),
        (_seat, Field("values", "ints", 1, 6), *_activating),
        _set_die,
        _with_card(N_("{name} set dice to {values}")),
        guard=_turn,
    ),
    Move(
        "sb.shift",
        N_("Sum shifted by an ability"),
        (_seat, Field("steps", "int", 1, 2), _direction_field, *_activating),
        _shift,
        _with_card(N_("{name} took the sum moved {steps} sectors right")),
        guard=_turn,
    ),
    Move(
        "sb.2x",
        N_("2X ability"),
        (_seat, Field("twice", "choice", choices=(SUM, FIRST_DIE, SECOND_DIE)), _direction_field, *_activating),
        _double,
        _with_card(N_("{name} used 2X")),
        guard=_turn,
    ),
    Move(
        "sb.lose-vp",
        N_("Others lose VP"),
        (_seat, Field("amount", "int", 1, 20, required=False), *_activating),
        _lose_vp,
        _with_card(N_("{name} made every other player lose VP")),
    ),
    Move(
        "sb.swap",
        N_("Sectors swapped"),
        (_seat, Field("sector_a", "int", 1, 12), Field("sector_b", "int", 1, 12), *_activating),
        _swap,
        _with_card(N_("{name} swapped sectors {sector_a} and {sector_b}")),
    ),
    Move(
        "sb.exchange",
        N_("Cards exchanged"),
        (
            _seat,
            Field("card_sector", "int", 1, 12),
            Field("card_place", "int", 0, 20, required=False),
            Field("target_sector", "int", 1, 12),
            Field("target_place", "int", 0, 20, required=False),
            Field("tokens", "int", 1, 6, required=False),
        ),
        _exchange,
        _with_card(N_("{name} exchanged a card with one in sector {target_sector}")),
    ),
)
(
    FIRST_SHIP,
    START,
    ROLL,
    ASSIGN,
    BUY,
    COLONY,
    CHARGE_SPENT,
    ADJUST,
    YOU_WIN,
    END_TURN,
    REROLL_MOVE,
    SET_DIE_MOVE,
    SHIFT_MOVE,
    DOUBLE_MOVE,
    LOSE_VP_MOVE,
    SWAP_MOVE,
    EXCHANGE_MOVE,
) = (m.kind for m in MOVES)


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
    for option in guesses_used(setup):
        notes.append(
            msg(
                N_("{option}: the app's guess ({values}) was used, not values read from the cards."),
                option=msg(option.label),
                values=option.describe(option.default),
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
    return Scoreboard(
        players,
        explanation,
        applied_options(OPTIONS, setup.options),
        tuple(notes),
        decided=decided,
        start_seat=state.order[0] if state.order else None,
    )


def active_seat(state: SpaceBase) -> int | None:
    """The seat whose turn it is (None before the start player is chosen, and once the game is over)."""
    return None if not state.started or state.over else state.active
