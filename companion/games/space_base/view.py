"""What each phone sees and may do on the Space Base panel: the dice, its choice, every console.

The ways to take the dice are in ``dice_options``; the forms that buy cards and use abilities in
``card_forms``.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

from companion.games.chips import Pick
from companion.games.contract import Player, Setup
from companion.games.mechanics.turns import end_turn_label
from companion.games.moves import Viewer
from companion.games.space_base import rules
from companion.games.space_base.card_forms import (
    ChargedCard,
    KnownCard,
    Tag,
    affordable,
    card_label,
    card_picks,
    charge_picks,
    charged,
    how_picks,
    known_cards,
    side_tags,
)
from companion.games.space_base.cards import (
    ABILITY_NAMES,
    BUY_ABILITY,
    CLAIM_ABILITY,
    DIRECTION_NAMES,
    OWN_TURN_ABILITIES,
    SECTORS,
)
from companion.games.space_base.dice_options import Option, SeatOptions, Waiting, may_choose, waits_on
from companion.games.space_base.dice_options import take_options as take_options  # the tests' way in
from companion.games.space_base.rewards import CHOICE_NAMES
from companion.games.space_base.start import guesses_used, light_speed
from companion.games.space_base.state import Sector, SpaceBase
from companion.games.words import N_, Message, msg, number, plural


@dataclass(frozen=True)
class CardLine:
    """One card of a console as its cardboard shows: what it is, and its side's reward, tokens and ability."""

    label: Message | str
    tags: tuple[Tag, ...]


@dataclass(frozen=True)
class SectorLine:
    """One sector of a console: the stationed card (blue side up) and the deployed ones (red side)."""

    sector: int
    station: CardLine
    deployed: tuple[CardLine, ...]


@dataclass(frozen=True)
class ConsoleLine:
    """One player's tracks and console."""

    player: Player
    tracks: Message  # "Aki: 5 credits, 0 income, 0 VP", one message
    sectors: tuple[SectorLine, ...]
    chosen: str | None  # this roll's choice, if made
    active: bool


def sector_line(number_: int, sector: Sector) -> SectorLine:
    """Return a sector as the console shows it: each card with its side's reward, charge tokens and ability."""
    station = sector.station
    shown = CardLine(card_label(station), () if station.is_colony else side_tags(station, False, sector.charges))
    deployed = tuple(
        CardLine(msg(N_("Deployed: {card}"), card=card_label(card)), side_tags(card, True, sector.tokens(place)))
        for place, card in enumerate(sector.deployed, start=1)
    )
    return SectorLine(number_, shown, deployed)


def tracks(name: str, credits: int, income: int, vp: int) -> Message:
    """Return a player's tracks as one message (docs/words.md): "Aki: 5 credits, 0 income, 0 VP".

    In Japanese the noun comes first: 「アキ：クレジット5、収入0、勝利点0」.
    """
    said = plural(
        credits,
        N_("{name}: {credits} credit, {income} income, {vp} VP"),
        N_("{name}: {credits} credits, {income} income, {vp} VP"),
    )
    return msg(said, name=name, credits=number(credits), income=number(income), vp=number(vp))


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
    # The new-card chips open at once when no card seen before is within the buyer's credits (nothing to tap first).
    new_card_open: bool
    dearer: Message | None  # "3 cards seen before cost more than 4 credits", over the folded ones
    sectors: tuple[int, ...]
    card_picks: tuple[Pick, ...]  # a new card: sector, cost, rewards
    charge_picks: tuple[Pick, ...]  # its charge slots and ability
    own_turn_abilities: tuple[str, ...]  # abilities that say when they are used: the frame chips grey out for them
    how_picks: tuple[Pick, ...]  # purchase, ability Buy or Claim, and whose tokens
    ability_names: dict[str, str]
    choice_names: dict[str, str]
    direction_names: dict[str, str]
    charged: tuple[ChargedCard, ...]  # this phone's cards holding tokens
    dice_before: tuple[tuple[int, int], ...]  # the dice before each reroll of this turn
    set_dice: tuple[int, ...]
    guesses: tuple[str, ...]  # labels of the options still at the app's guess
    end_turn_label: Message | None  # "End Aki's turn" on the host's phone: whose turn the tap ends
    reroll_pending: Player | None = None  # the active player, while the roll waits on their after-roll ability


DEARER = {
    (True, True): N_("{count} card seen before costs more than {credits} credit"),
    (True, False): N_("{count} card seen before costs more than {credits} credits"),
    (False, True): N_("{count} cards seen before cost more than {credits} credit"),
    (False, False): N_("{count} cards seen before cost more than {credits} credits"),
}


def dearer(count: int, credits: int) -> Message | None:
    """Return the heading of the cards seen before that cost more than the buyer has, each number agreeing."""
    return msg(DEARER[count == 1, credits == 1], count=count, credits=credits) if count else None


def space_base_view(setup: Setup, game: SpaceBase, viewer: Viewer) -> SpaceBaseView:
    """Return the panel for ``viewer``."""
    roll = game.roll
    assign = viewer.control(rules.ASSIGN)
    players = game.extra_players if game.extra_round else (game.order or setup.seats)
    seat = viewer.seat
    waiting = tuple(setup.player(s) for s in players if roll is not None and s not in roll.choices)

    def options_for(chooser: int) -> tuple[Option, ...]:
        if roll is None or chooser not in assign.seats or not may_choose(game, chooser):
            return ()
        return take_options(game.console(chooser), roll.dice, chooser == roll.seat)

    mine_to_choose = seat is not None and any(p.seat == seat for p in waiting)
    buy = viewer.control(rules.BUY)
    first_ship = viewer.control(rules.FIRST_SHIP)
    mine = charged(game, seat, viewer)
    buy_seat = game.active if game.active is not None and game.active in buy.seats and game.started else None
    known_ships = known_cards(viewer, rules.BUY, (1, 2, 3))
    ships_now = affordable(known_ships, game.console(buy_seat) if buy_seat is not None else None)
    paying = tuple(c for c in mine if c.card.ability is None or c.card.ability.kind in (BUY_ABILITY, CLAIM_ABILITY))
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
                tracks=tracks(
                    p.name, game.console(p.seat).credits, game.console(p.seat).income, game.console(p.seat).vp
                ),
                sectors=tuple(sector_line(n, s) for n, s in sorted(game.console(p.seat).sectors.items())),
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
        known_first_ships=known_cards(viewer, rules.FIRST_SHIP, (1, 2) if light_speed(setup) else (1,)),
        known_ships=known_ships,
        ships_now=ships_now,
        ships_later=tuple(k for k in known_ships if k not in ships_now),
        buyer_credits=game.console(buy_seat).credits if buy_seat is not None else 0,
        new_card_open=buy_seat is not None and not ships_now and not game.console(buy_seat).bought_this_turn,
        dearer=dearer(len(known_ships) - len(ships_now), game.console(buy_seat).credits if buy_seat is not None else 0),
        sectors=SECTORS,
        card_picks=card_picks(3 if game.started else 2 if light_speed(setup) else 1),
        charge_picks=charge_picks(),
        own_turn_abilities=OWN_TURN_ABILITIES,
        how_picks=how_picks(paying),
        ability_names=dict(ABILITY_NAMES),
        choice_names=dict(CHOICE_NAMES),
        direction_names=dict(DIRECTION_NAMES),
        charged=mine,
        dice_before=roll.before if roll is not None else (),
        set_dice=game.set_dice,
        guesses=tuple(option.label for option in guesses_used(setup)),
        end_turn_label=end_turn_label(viewer, setup.player(game.active)) if game.active is not None else None,
        reroll_pending=setup.player(pending) if (pending := waits_on(game)) is not None else None,
    )
