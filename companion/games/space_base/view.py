"""What each phone sees and may do on the Space Base panel: the dice, its choice, every console."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement, product
from types import ModuleType
from typing import ClassVar

from companion.games.contract import Player, Setup
from companion.games.mechanics.turns import end_turn_label
from companion.games.moves import Control, Viewer
from companion.games.space_base import rules
from companion.games.words import N_, Message, msg


@dataclass(frozen=True)
class SectorLine:
    """One sector of a console, as printed on the panel."""

    sector: int
    station: rules.Card
    deployed: tuple[rules.Card, ...]
    charges: int
    deployed_tokens: tuple[tuple[int, int], ...] = ()  # (place, tokens) of deployed cards holding some


@dataclass(frozen=True)
class ConsoleLine:
    """One player's tracks and console."""

    player: Player
    credits: int
    income: int
    vp: int
    sectors: tuple[SectorLine, ...]
    chosen: str | None  # this roll's choice, if made
    active: bool


@dataclass(frozen=True)
class Option:
    """One way to take the dice for this phone's seat, and what it gives."""

    choice: str
    sectors: tuple[int, ...]
    gain: rules.Gain
    ways: tuple[str | None, ...] = ()  # per sector, the way its two-way arrow points (None: no such arrow)

    @property
    def arrows(self) -> tuple[tuple[int, str], ...]:
        """The sectors whose two-way arrow this option points, and which way: what its button says."""
        return tuple((sector, way) for sector, way in zip(self.sectors, self.ways, strict=False) if way is not None)


def take_options(console: rules.Console, dice: tuple[int, int], own_turn: bool) -> tuple[Option, ...]:
    """Return every way to take ``dice``: both dice or the sum, and each die's two-way arrow either way."""
    options: list[Option] = []
    for choice in (rules.INDIVIDUAL, rules.SUM):
        sectors = rules.chosen_sectors(dice, choice)
        per_sector = [
            tuple(rules.DIRECTIONS) if rules.needs_direction(console, (number,), own_turn) else (None,)
            for number in sectors
        ]
        # A double taken as two dice: left then right pays as right then left, so it is offered once.
        combos = combinations_with_replacement(per_sector[0], 2) if len(set(sectors)) < len(sectors) else None
        for ways in combos or product(*per_sector):
            gain = rules.Gain()
            for number, way in zip(sectors, ways, strict=True):
                gain = gain.plus(
                    rules.gain_for(console, (number,), own_turn, None if way is None else rules.DIRECTIONS[way])
                )
            options.append(Option(choice, sectors, gain, ways if any(ways) else ()))
    return tuple(options)


@dataclass(frozen=True)
class SeatOptions:
    """The ways one player may take the dice of this roll."""

    player: Player
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Waiting:
    """A player the table still waits on for this roll, as one phone sees it."""

    player: Player
    # This phone's way to take the dice for that player (the host's, behind the "for another player"
    # switch; anyone's by the entry option); empty when it may not.
    options: tuple[Option, ...]
    # Say where the table waits that the host can take the dice for a phone that is gone: shown once
    # this phone has nothing of its own left to choose (right after a roll nobody's phone is gone).
    hint: bool


@dataclass(frozen=True)
class KnownCard:
    """A card typed at one of this server's tables, offered for a one-tap re-entry."""

    card: rules.Card
    fields: tuple[tuple[str, object], ...]


def affordable(cards: tuple[KnownCard, ...], console: rules.Console | None) -> tuple[KnownCard, ...]:
    """Return the cards a one-tap purchase of ``console``'s player would pay for now, by sector then cost."""
    if console is None or console.bought_this_turn:
        return ()
    return tuple(
        sorted((k for k in cards if k.card.cost <= console.credits), key=lambda k: (k.card.sector, k.card.cost))
    )


def known_cards(viewer: Viewer, kind: str, levels: tuple[int, ...]) -> tuple[KnownCard, ...]:
    """Return the cards the server remembers for move ``kind``, of the given levels."""
    known = []
    for fields in viewer.remembered.get(kind, ()):
        try:
            card = rules.card_from(fields)
        except (KeyError, ValueError):
            continue
        if card.level in levels:
            known.append(KnownCard(card, tuple(sorted(fields.items()))))
    return tuple(known)


@dataclass(frozen=True)
class Pick:
    """A row of chips (radio buttons) in a form: one tap picks the field's value, nothing is typed."""

    field: str
    legend: str  # a message id
    choices: tuple[tuple[object, object], ...]  # (value sent, label: a number, a message id or a Message)
    checked: object = None
    required: bool = False


def numbers(field: str, legend: str, values: tuple[int, ...], checked: object = None) -> Pick:
    """Return a row of number chips (required when none is preset)."""
    return Pick(field, legend, tuple((n, n) for n in values), checked, checked is None)


@dataclass(frozen=True)
class AbilityUse:
    """One ability a charged card may use now: its move's control and the chips it asks for."""

    kind: str
    control: Control
    picks: tuple[Pick, ...]
    real_dice: bool = False  # a box for the real dice's new values (rerolls)
    fixed: tuple[tuple[str, int], ...] = ()  # hidden fields for what the card prints


@dataclass(frozen=True)
class ChargedCard:
    """A card of this phone's seat holding charge tokens, and the abilities it may use now."""

    sector: int
    place: int  # 0 = stationed, n = the n-th deployed card
    card: rules.Card
    tokens: int
    uses: tuple[AbilityUse, ...]


# The move that plays each ability from a charged card.
ABILITY_MOVES = {
    rules.REROLL: rules.REROLL_MOVE,
    rules.SET_DIE: rules.SET_DIE_MOVE,
    rules.SHIFT: rules.SHIFT_MOVE,
    rules.DOUBLE: rules.DOUBLE_MOVE,
    rules.LOSE_VP: rules.LOSE_VP_MOVE,
    rules.SWAP: rules.SWAP_MOVE,
    rules.EXCHANGE: rules.EXCHANGE_MOVE,
    rules.YOU_WIN_ABILITY: rules.YOU_WIN,
}
# The reward kinds as short chips (the full names are in rules.REWARD_NAMES).
REWARD_CHIPS = {
    rules.CREDITS: N_("credits"),
    rules.INCOME: N_("income"),
    rules.VP: N_("VP"),
    rules.CHARGE: N_("charge"),
    rules.LEFT: N_("← left"),
    rules.RIGHT: N_("→ right"),
    rules.EITHER: N_("←/→ either"),
    rules.TEXT: N_("text"),
}
# What the purchase form offers as chips: rewards up to 6, slots up to 4, tokens up to 3.
AMOUNTS, SLOT_COUNTS, TOKEN_COUNTS = tuple(range(1, 7)), tuple(range(5)), (1, 2, 3)


def places(console: rules.Console) -> Pick:
    """Return the chips of a card's place in its sector: stationed, or the n-th deployed card."""
    deepest = max(len(sector.deployed) for sector in console.sectors.values())
    choices: tuple[tuple[object, object], ...] = ((rules.STATION, N_("stationed")),)
    choices += tuple((n, msg(N_("deployed {n}"), n=n)) for n in range(1, deepest + 1))
    return Pick("target_place", N_("That card is"), choices, rules.STATION)


def ability_picks(game: rules.SpaceBase, seat: int, card: rules.Card, kind: str) -> tuple[Pick, ...]:
    """Return the chips the ability ``kind`` of ``card`` asks for (what the card prints is not asked)."""
    amount = card.ability.amount if card.ability is not None else 0
    dice = game.roll.dice if game.roll is not None else (0, 0)
    if kind == rules.REROLL:
        dice_choices: tuple[tuple[object, object], ...] = (
            (rules.FIRST_DIE, msg(N_("first die ({n})"), n=dice[0])),
            (rules.SECOND_DIE, msg(N_("second die ({n})"), n=dice[1])),
            (rules.BOTH_DICE, N_("both dice")),
        )
        return (Pick("dice", N_("Dice to roll again"), dice_choices, rules.BOTH_DICE),)
    if kind == rules.SET_DIE:
        return (numbers("values", N_("Set a die to"), tuple(range(1, 7))),)
    if kind == rules.SHIFT:
        return () if amount else (numbers("steps", N_("Sectors to the right"), (1, 2), 1),)
    if kind == rules.DOUBLE:
        twice: tuple[tuple[object, object], ...] = (
            (rules.SUM, msg(N_("the sum ({n}) twice"), n=sum(dice))),
            (rules.FIRST_DIE, msg(N_("{n} twice and {m}"), n=dice[0], m=dice[1])),
            (rules.SECOND_DIE, msg(N_("{n} and {m} twice"), n=dice[0], m=dice[1])),
        )
        return (Pick("twice", N_("Paid again"), twice, rules.SUM),)
    if kind == rules.LOSE_VP:
        return () if amount else (numbers("amount", N_("VP every other player loses"), tuple(range(1, 6))),)
    if kind == rules.SWAP:
        return (
            numbers("sector_a", N_("Swap sector"), rules.SECTORS),
            numbers("sector_b", N_("with sector"), rules.SECTORS),
        )
    if kind == rules.EXCHANGE:
        return (
            numbers("target_sector", N_("Trade places with a card in sector"), rules.SECTORS),
            places(game.console(seat)),
        )
    return ()


def _fixed(card: rules.Card, kind: str) -> tuple[tuple[str, int], ...]:
    """Hidden fields a use sends for what the card prints (the steps of a shift)."""
    if kind == rules.SHIFT and card.ability is not None and card.ability.amount:
        return (("steps", card.ability.amount),)
    return ()


def charged(game: rules.SpaceBase, seat: int | None, viewer: Viewer) -> tuple[ChargedCard, ...]:
    """Return this phone's charged cards with the abilities it may use now (none for a spectator)."""
    if seat is None or seat not in game.consoles:
        return ()
    found = []
    for sector, place, card, tokens in rules.charged_cards(game, seat):
        uses = tuple(
            AbilityUse(kind, control, ability_picks(game, seat, card, kind), kind == rules.REROLL, _fixed(card, kind))
            for kind in rules.abilities_now(game, seat, card)
            for control in (viewer.control(ABILITY_MOVES[kind]),)
            if seat in control.seats
        )
        found.append(ChargedCard(sector, place, card, tokens, uses))
    return tuple(found)


def card_picks(light: bool) -> tuple[Pick, ...]:
    """Return the chips of a new card: sector, cost (which tells the level), both rewards."""
    costs = tuple(c for level, cs in rules.LEVEL_COSTS.items() if level <= (2 if light else 3) for c in cs)
    kinds = tuple((kind, REWARD_CHIPS[kind]) for kind in rules.REWARD_KINDS)
    return (
        numbers("sector", N_("Sector (top right)"), rules.SECTORS),
        numbers("cost", N_("Cost (top left; I 2–5, II 7–9, III 12–14)"), costs),
        Pick("blue_kind", N_("Blue reward (own turn)"), kinds, rules.CREDITS),
        numbers("blue_amount", N_("Blue amount"), AMOUNTS, 1),
        Pick("red_kind", N_("Red reward (deployed)"), kinds, rules.CREDITS),
        numbers("red_amount", N_("Red amount"), AMOUNTS, 1),
    )


def charge_picks() -> tuple[Pick, ...]:
    """Return the chips of a card's charge slots and ability (most cards have none)."""
    return (
        numbers("slots", N_("Charge slots, stationed (blue)"), SLOT_COUNTS, 0),
        numbers("red_slots", N_("Charge slots, deployed (red)"), SLOT_COUNTS, 0),
        Pick("ability", N_("Ability"), (("", N_("none")), *rules.ABILITY_NAMES.items()), ""),
        numbers("ability_tokens", N_("Tokens one use spends"), TOKEN_COUNTS, 1),
        numbers(
            "ability_amount",
            N_("Its number (VP lost, level claimed, sectors shifted; 0 = none)"),
            (0, 1, 2, 3, 4, 5),
            0,
        ),
        Pick("ability_when", N_("Used"), tuple(rules.WHEN_NAMES.items()), rules.ANY_TURN),
    )


def how_picks(tokens: tuple[ChargedCard, ...]) -> tuple[Pick, ...]:
    """Return the chips of how a card is bought, and which card's tokens pay for an ability Buy or Claim."""
    how = (
        (rules.PURCHASE, N_("purchase (pays all credits)")),
        (rules.ABILITY_BUY, N_("ability Buy (pays the cost)")),
        (rules.CLAIM, N_("ability Claim (free)")),
    )
    picks = [Pick("how", N_("How"), how, rules.PURCHASE)]
    if tokens:
        cards: tuple[tuple[object, object], ...] = (("", N_("no card (a reward)")),)
        cards += tuple((c.sector, msg(N_("sector {n} ({tokens} tokens)"), n=c.sector, tokens=c.tokens)) for c in tokens)
        picks.append(Pick("card_sector", N_("Tokens from (ability Buy or Claim)"), cards, ""))
        if any(c.place for c in tokens):
            picks.append(numbers("card_place", N_("That card is deployed number (0 = stationed)"), (0, 1, 2, 3), 0))
    return tuple(picks)


@dataclass(frozen=True)
class SpaceBaseView:
    """The Space Base panel for one phone."""

    kinds: ClassVar[ModuleType] = rules  # its move kinds: a template asks ``viewer.control(panel.kinds.FLIP)``

    started: bool
    over: bool
    turn: int
    active: Player | None
    dice: tuple[int, int] | None
    extra_round: int
    consoles: tuple[ConsoleLine, ...]
    my_seat: int | None
    # This phone's own seat, while it is still to take the dice: the choices of the turn, at the top.
    my_options: SeatOptions | None
    waiting: tuple[Player, ...]  # players still to choose for this roll
    # Every other player still to choose, with the hint that the host can take the dice for them (a
    # phone that died leaves its player's choice to the host) and this phone's way to do so.
    waiting_on: tuple[Waiting, ...]
    first_ship_seats: tuple[Player, ...]  # seats this phone may enter a first ship for
    buy_seat: int | None  # the active seat, if this phone may buy for it
    # The purchase phase (seed: 【3】 after 【2】): once every player has taken the dice, so that no
    # other phone's choice refreshes the board while the chips are being picked.
    buy_now: bool
    known_first_ships: tuple[KnownCard, ...]
    first_ship_for: Player | None  # whom a one-tap first ship is for: this phone's seat, else the next without one
    known_ships: tuple[KnownCard, ...]
    # The one-tap purchases, split: what the buyer can pay for now (listed first) and the rest (folded away).
    ships_now: tuple[KnownCard, ...]
    ships_later: tuple[KnownCard, ...]
    buyer_credits: int
    sectors: tuple[int, ...]
    reward_kinds: tuple[tuple[str, str], ...]
    reward_names: dict[str, str]
    card_picks: tuple[Pick, ...]  # a new card: sector, cost, rewards
    charge_picks: tuple[Pick, ...]  # its charge slots and ability
    how_picks: tuple[Pick, ...]  # purchase, ability Buy or Claim, and whose tokens
    ability_names: dict[str, str]
    choice_names: dict[str, str]
    direction_names: dict[str, str]
    charged: tuple[ChargedCard, ...]  # this phone's cards holding tokens
    dice_before: tuple[tuple[int, int], ...]  # the dice before each reroll of this turn
    set_dice: tuple[int, ...]
    guesses: tuple[str, ...]  # labels of the options still at the app's guess
    end_turn_label: Message | None  # "End Aki's turn" on the host's phone: whose turn the tap ends


def space_base_view(setup: Setup, game: rules.SpaceBase, viewer: Viewer) -> SpaceBaseView:
    """Return the panel for ``viewer``."""
    roll = game.roll
    assign = viewer.control(rules.ASSIGN)
    players = game.extra_players if game.extra_round else (game.order or setup.seats)
    seat = viewer.seat
    waiting = tuple(setup.player(s) for s in players if roll is not None and s not in roll.choices)

    def options_for(chooser: int) -> tuple[Option, ...]:
        if roll is None or chooser not in assign.seats:
            return ()
        return take_options(game.console(chooser), roll.dice, chooser == roll.seat)

    mine_to_choose = seat is not None and any(p.seat == seat for p in waiting)
    buy = viewer.control(rules.BUY)
    first_ship = viewer.control(rules.FIRST_SHIP)
    mine = charged(game, seat, viewer)
    buy_seat = game.active if game.active is not None and game.active in buy.seats and game.started else None
    known_ships = known_cards(viewer, rules.BUY, (1, 2, 3))
    ships_now = affordable(known_ships, game.console(buy_seat) if buy_seat is not None else None)
    paying = tuple(
        c for c in mine if c.card.ability is None or c.card.ability.kind in (rules.BUY_ABILITY, rules.CLAIM_ABILITY)
    )
    return SpaceBaseView(
        started=game.started,
        over=game.over,
        turn=game.turn,
        active=setup.player(game.active) if game.active is not None else None,
        dice=roll.dice if roll is not None else None,
        extra_round=game.extra_round,
        consoles=tuple(
            ConsoleLine(
                player=p,
                credits=game.console(p.seat).credits,
                income=game.console(p.seat).income,
                vp=game.console(p.seat).vp,
                sectors=tuple(
                    SectorLine(
                        n,
                        s.station,
                        s.deployed,
                        s.charges,
                        tuple((p, s.tokens(p)) for p in range(1, len(s.deployed) + 1) if s.tokens(p)),
                    )
                    for n, s in sorted(game.console(p.seat).sectors.items())
                ),
                chosen=roll.choices.get(p.seat) if roll is not None else None,
                active=p.seat == game.active,
            )
            for p in setup.players
        ),
        my_seat=seat,
        my_options=SeatOptions(setup.player(seat), options_for(seat))
        if seat is not None and mine_to_choose and options_for(seat)
        else None,
        waiting=waiting,
        waiting_on=tuple(
            Waiting(player, options_for(player.seat), hint=not mine_to_choose)
            for player in waiting
            if player.seat != seat
        ),
        buy_now=buy_seat is not None and roll is not None and not waiting,
        first_ship_seats=tuple(p for p in setup.players if p.seat in first_ship.seats) if not game.started else (),
        buy_seat=buy_seat,
        first_ship_for=next(
            (
                p
                for p in sorted(setup.players, key=lambda p: p.seat != seat)
                if p.seat in first_ship.seats
                and not any(s.station.level for s in game.console(p.seat).sectors.values())
            ),
            None,
        )
        if not game.started
        else None,
        known_first_ships=known_cards(viewer, rules.FIRST_SHIP, (1, 2) if rules.light_speed(setup) else (1,)),
        known_ships=known_ships,
        ships_now=ships_now,
        ships_later=tuple(k for k in known_ships if k not in ships_now),
        buyer_credits=game.console(buy_seat).credits if buy_seat is not None else 0,
        sectors=rules.SECTORS,
        reward_kinds=tuple((kind, rules.REWARD_NAMES[kind]) for kind in rules.REWARD_KINDS),
        reward_names=dict(rules.REWARD_NAMES),
        card_picks=card_picks(rules.light_speed(setup) and not game.started),
        charge_picks=charge_picks(),
        how_picks=how_picks(paying),
        ability_names=dict(rules.ABILITY_NAMES),
        choice_names=dict(rules.CHOICE_NAMES),
        direction_names=dict(rules.DIRECTION_NAMES),
        charged=mine,
        dice_before=roll.before if roll is not None else (),
        set_dice=game.set_dice,
        guesses=tuple(option.label for option in rules.guesses_used(setup)),
        end_turn_label=end_turn_label(viewer, setup.player(game.active)) if game.active is not None else None,
    )
