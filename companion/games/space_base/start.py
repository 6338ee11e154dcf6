"""The start of a Space Base game: the rule options, the starting ships, first ships, the start player.

Setup (seed 001; digest §2): every console holds the same 12 starting ships, one per sector
1–12. Each player starts with 5 credits and buys one level-1 ship (credits 5 − its cost), which
is stationed in its sector while the starting ship there is deployed. The player whose bought
ship has the highest sector starts (a dice roll-off among those tied); then the turn-order
bonuses: 2nd +1 credit, 3rd +2 credits, 4th and 5th +1 income. Light-speed variant: 15 credits
and 1 income, several ships bought within 15 credits; the start player has the most credits
left, then the highest sector, then a roll-off.
"""

from __future__ import annotations

from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.randomness import roll
from companion.games.options import Choice, RuleOption
from companion.games.space_base.cards import CREDITS, SECTORS, Card, Reward, card_from
from companion.games.space_base.state import SLUG, Console, Sector, SpaceBase, player_names, station
from companion.games.words import N_, RuleError, listing, plural

START_CREDITS, LIGHT_SPEED_CREDITS, LIGHT_SPEED_INCOME = 5, 15, 1

# Turn-order bonus by position (1st … 5th): (credits, income).
ORDER_BONUS = ((0, 0), (1, 0), (2, 0), (0, 1), (0, 1))
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
        N_("Blue credits of the starting ships (sectors 1–12)"),
        (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3),
        minimum=0,
        maximum=20,
        note=_GUESS_NOTE,
    ),
    RuleOption(
        STARTING_RED,
        N_("Red credits of the starting ships (sectors 1–12)"),
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


def buy_first_ship(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Station a first ship bought before the first turn (several at light speed), paid from the credits."""
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
            raise RuleError(N_("The first ship comes from the level 1 deck."))
    elif card.level not in (1, 2):
        raise RuleError(N_("At light speed the first ships come from the level 1 and level 2 decks."))
    if card.cost > console.credits:
        said = plural(
            card.cost,
            N_("A cost of {cost} credit is more than the {credits} left."),
            N_("A cost of {cost} credits is more than the {credits} left."),
        )
        raise RuleError(said, cost=card.cost, credits=console.credits)
    console = evolve(station(console, card), credits=console.credits - card.cost)
    return evolve(state, consoles={**state.consoles, seat: console})


def _highest_sector(console: Console) -> int:
    return max((s.station.sector for s in console.sectors.values() if s.station.level > 0), default=0)


def choose_start_player(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
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
            raise RuleError(N_("The start player is one of those tied: {names}."), names=player_names(setup, tied))
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
