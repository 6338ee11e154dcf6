"""What each phone sees and may do on the Space Base panel: the dice, its choice, every console."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.contract import Control, Player, Setup, Viewer
from companion.games.space_base import rules


@dataclass(frozen=True)
class SectorLine:
    """One sector of a console, as printed on the panel."""

    sector: int
    station: rules.Card
    deployed: tuple[rules.Card, ...]
    charges: int


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
    direction: str | None = None  # the way a two-way arrow points, when one is hit


def take_options(console: rules.Console, dice: tuple[int, int], own_turn: bool) -> tuple[Option, ...]:
    """Return every way to take ``dice``: both dice or the sum, each way of a two-way arrow apart."""
    options: list[Option] = []
    for choice in (rules.INDIVIDUAL, rules.SUM):
        sectors = rules.chosen_sectors(dice, choice)
        if rules.needs_direction(console, sectors, own_turn):
            options.extend(
                Option(choice, sectors, rules.gain_for(console, sectors, own_turn, step), way)
                for way, step in rules.DIRECTIONS.items()
            )
        else:
            options.append(Option(choice, sectors, rules.gain_for(console, sectors, own_turn)))
    return tuple(options)


@dataclass(frozen=True)
class KnownCard:
    """A card typed at one of this server's tables, offered for a one-tap re-entry."""

    card: rules.Card
    fields: tuple[tuple[str, object], ...]


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
class SpaceBaseView:
    """The Space Base panel for one phone."""

    started: bool
    over: bool
    turn: int
    active: Player | None
    dice: tuple[int, int] | None
    extra_round: int
    consoles: tuple[ConsoleLine, ...]
    my_seat: int | None
    my_options: tuple[Option, ...]  # empty unless this phone's seat still has to choose
    waiting: tuple[Player, ...]  # players still to choose for this roll
    first_ship_seats: tuple[Player, ...]  # seats this phone may enter a first ship for
    buy_seat: int | None  # the active seat, if this phone may buy for it
    known_first_ships: tuple[KnownCard, ...]
    first_ship_for: Player | None  # whom a one-tap first ship is for: this phone's seat, else the next without one
    known_ships: tuple[KnownCard, ...]
    sectors: tuple[int, ...]
    reward_kinds: tuple[tuple[str, str], ...]
    reward_names: dict[str, str]
    first_ship: Control
    start: Control
    roll: Control
    assign: Control
    buy: Control
    colony: Control
    charge: Control
    adjust: Control
    you_win: Control
    end_turn: Control


def space_base_view(setup: Setup, game: rules.SpaceBase, viewer: Viewer) -> SpaceBaseView:
    """Return the panel for ``viewer``."""
    roll = game.roll
    assign = viewer.control(rules.ASSIGN)
    players = game.extra_players if game.extra_round else (game.order or setup.seats)
    seat = viewer.seat
    options: tuple[Option, ...] = ()
    if roll is not None and seat in assign.seats and seat in players and seat not in roll.choices:
        options = take_options(game.console(seat), roll.dice, seat == roll.seat)
    buy = viewer.control(rules.BUY)
    first_ship = viewer.control(rules.FIRST_SHIP)
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
                    SectorLine(n, s.station, s.deployed, s.charges)
                    for n, s in sorted(game.console(p.seat).sectors.items())
                ),
                chosen=roll.choices.get(p.seat) if roll is not None else None,
                active=p.seat == game.active,
            )
            for p in setup.players
        ),
        my_seat=seat,
        my_options=options,
        waiting=tuple(setup.player(s) for s in players if roll is not None and s not in roll.choices),
        first_ship_seats=tuple(p for p in setup.players if p.seat in first_ship.seats) if not game.started else (),
        buy_seat=game.active if game.active is not None and game.active in buy.seats and game.started else None,
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
        known_ships=known_cards(viewer, rules.BUY, (1, 2, 3)),
        sectors=rules.SECTORS,
        reward_kinds=tuple((kind, rules.REWARD_NAMES[kind]) for kind in rules.REWARD_KINDS),
        reward_names=dict(rules.REWARD_NAMES),
        first_ship=first_ship,
        start=viewer.control(rules.START),
        roll=viewer.control(rules.ROLL),
        assign=assign,
        buy=buy,
        colony=viewer.control(rules.COLONY),
        charge=viewer.control(rules.CHARGE_SPENT),
        adjust=viewer.control(rules.ADJUST),
        you_win=viewer.control(rules.YOU_WIN),
        end_turn=viewer.control(rules.END_TURN),
    )
