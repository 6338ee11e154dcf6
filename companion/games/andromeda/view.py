"""What each phone sees and may do on the Andromeda panel.

Face-down trade offers are secret until every offer for the leader's card is in: a phone sees its
own seat's face-down card and, for the others, only whether they have offered.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

from companion.games.andromeda import rule_options, rules
from companion.games.andromeda import trade as andromeda_trade
from companion.games.andromeda.actions import CHALLENGE, MOVE_STATIONS, SHIP, TECH
from companion.games.andromeda.board import (
    ACTIONS,
    BONUS_KINDS,
    BONUS_NAMES,
    CARDS,
    CENTERS,
    EXCHANGE_CARDS,
    FULL_PLANETS_TO_END,
    MIN_TRADE_CARDS,
    MOVEMENT,
    MOVEMENT_CARDS,
    PHASE_NAMES,
    PLANETS,
    SETUP,
    TECH_COSTS,
    TECH_ROUND_UP,
    Andromeda,
    TradeLine,
    card_list,
    card_name,
    clockwise,
    exchange_limit,
    hand_size,
    planet_name,
    trade_limit,
)
from companion.games.andromeda.log import describe_challenge, gave_and_took, stations_on_planets
from companion.games.andromeda.phases import HOME, OUT, setup_draws
from companion.games.andromeda.rule_options import center_values
from companion.games.contract import Player, Setup
from companion.games.mechanics.turns import end_turn_label
from companion.games.moves import Viewer
from companion.games.words import N_, Message, listing, msg

# The two effects of a movement card.
MOVEMENT_EFFECTS = (
    (OUT, N_("up to 2 stations from Earth")),
    (HOME, N_("all stations back to Earth")),
)

# The actions that spend a set of same planet cards, in the order the panel shows them.
SET_ACTIONS = (
    (MOVE_STATIONS, N_("Move stations from Earth")),
    (CHALLENGE, N_("Challenge")),
    (SHIP, N_("Ship track")),
    (TECH, N_("Technology track")),
)


@dataclass(frozen=True)
class CenterCell:
    """One economic center: its printed value and who founded it."""

    value: int
    owner: Player | None


@dataclass(frozen=True)
class PlanetRow:
    """One planet (or Earth, planet 0) on the panel: stations per player and the centers."""

    planet: int
    name: Message
    stations: tuple[int, ...]
    centers: tuple[CenterCell, ...]
    full: bool


@dataclass(frozen=True)
class PlayerRow:
    """One player's tracks, bonus cards and movement cards."""

    player: Player
    ship: int
    hand: int
    next_ship_cost: int | None
    tech: int
    next_tech_cost: int | None
    bonus: Message
    movement_cards: int
    is_start: bool


@dataclass(frozen=True)
class FollowerRow:
    """One follower in the trade: revealed offers and whether a face-down card is waiting."""

    player: Player
    revealed: Message
    status: str  # "owes", "offered", "out", "ready"
    my_secret: Message | None  # the phone's own face-down card, never another seat's


@dataclass(frozen=True)
class TradeView:
    """The trade phase as this phone may see it."""

    leader: Player
    shown: Message
    limit: int
    followers: tuple[FollowerRow, ...]
    closed: bool
    sets: tuple[tuple[Player, Message], ...]
    decider: Player | None
    lead_seat: int | None  # the leader's seat, when this phone may act for it now
    can_lay: bool
    can_stop: bool
    offer_seats: tuple[Player, ...]  # seats this phone may offer for now
    offer_cards: tuple[tuple[str, Message], ...]  # cards that differ from every card shown
    lay_cards: tuple[tuple[str, Message], ...]
    decide_seat: int | None  # the deciding seat, when this phone may act for it
    may_keep: bool
    swap_targets: tuple[Player, ...]


@dataclass(frozen=True)
class AndromedaView:
    """The Andromeda panel for one phone."""

    kinds: ClassVar[ModuleType] = rules  # its move kinds: a template asks ``viewer.control(panel.kinds.FLIP)``

    round: int
    phase: str
    phase_name: str
    over: bool
    start: Player
    turn: Player | None
    actions_left: int
    end_triggered: bool
    rows: tuple[PlanetRow, ...]
    players: tuple[PlayerRow, ...]
    supply: Message
    planets: tuple[tuple[int, Message], ...]
    setup_seats: tuple[Player, ...]
    setup_draws: int
    setup_placed: tuple[Message, ...]  # where each player's setup stations went (setup and round 1's movement)
    box_row: tuple[int, ...] | None  # stations back in the box per player (None: none are)
    movement_seats: tuple[Player, ...]
    movement_effects: tuple[tuple[str, str], ...]
    trade: TradeView | None
    trade_log: tuple[Message, ...]
    action_seat: int | None  # the seat whose turn it is, when this phone may act for it
    exchange_limit: int
    rounds_up: bool
    last_challenge: Message | None
    bonus_kinds: tuple[tuple[str, str], ...]
    set_actions: tuple[tuple[str, str, bool], ...]  # title, move kind, asks how many stations
    end_turn_label: Message | None  # "End Aki's turn" on the host's phone: whose turn the tap ends
    card_phase: bool


def andromeda_view(setup: Setup, game: Andromeda, viewer: Viewer) -> AndromedaView:
    """Return the panel for ``viewer``: the board, the tracks, the trade and what it may record now."""
    may = set(viewer.control(rules.ACTION_KINDS[MOVE_STATIONS]).seats)
    values = center_values(setup)
    rows = [PlanetRow(0, msg(N_("Earth")), tuple(game.earth.get(p.seat, 0) for p in setup.players), (), False)]
    for planet in PLANETS:
        taken = game.centers.get(planet, {})
        centers = sorted(
            (CenterCell(values[planet][i], setup.player(taken[i]) if i in taken else None) for i in range(CENTERS)),
            key=lambda cell: -cell.value,
        )
        rows.append(
            PlanetRow(
                planet,
                planet_name(planet),
                tuple(game.on_planet(planet, p.seat) for p in setup.players),
                tuple(centers),
                planet in game.full_planets(),
            )
        )
    ship_costs = rule_options.ship_costs(setup)
    players = tuple(
        PlayerRow(
            player=p,
            ship=game.ship.get(p.seat, 0),
            hand=hand_size(game, p.seat),
            next_ship_cost=ship_costs[game.ship.get(p.seat, 0)] if game.ship.get(p.seat, 0) < len(ship_costs) else None,
            tech=game.tech.get(p.seat, 0),
            next_tech_cost=TECH_COSTS[game.tech.get(p.seat, 0)] if game.tech.get(p.seat, 0) < len(TECH_COSTS) else None,
            bonus=card_list([k for k in BONUS_KINDS for _ in range(game.held(p.seat, k))]),
            movement_cards=MOVEMENT_CARDS - game.movement_used.get(p.seat, 0),
            is_start=p.seat == game.start,
        )
        for p in setup.players
    )
    playing = not game.over
    turn = game.turn if game.phase == ACTIONS else None
    last = max(game.challenges) if game.challenges else None
    return AndromedaView(
        round=game.round,
        phase=game.phase,
        phase_name=PHASE_NAMES[game.phase],
        over=game.over,
        start=setup.player(game.start),
        turn=setup.player(turn) if turn is not None else None,
        actions_left=game.actions_left,
        end_triggered=len(game.full_planets()) >= FULL_PLANETS_TO_END,
        rows=tuple(rows),
        players=players,
        supply=msg(
            N_("Bonus cards in the supply: {cards}"),
            cards=listing(
                msg(N_("{count} {kind}"), kind=msg(BONUS_NAMES[k]), count=game.supply.get(k, 0)) for k in BONUS_KINDS
            ),
        ),
        planets=tuple((p, planet_name(p)) for p in PLANETS),
        setup_seats=tuple(p for p in setup.players if p.seat in may and p.seat not in game.placed)
        if game.phase == SETUP
        else (),
        setup_draws=setup_draws(setup),
        setup_placed=tuple(
            msg(N_("{name}: {planets}"), name=p.name, planets=stations_on_planets(game.setup_cards[p.seat]))
            for p in setup.players
            if p.seat in game.setup_cards
        )
        if game.phase == SETUP or (game.round == 1 and game.phase == MOVEMENT)
        else (),
        box_row=tuple(game.box.get(p.seat, 0) for p in setup.players) if any(game.box.values()) else None,
        movement_seats=tuple(
            p for p in setup.players if p.seat in may and game.movement_used.get(p.seat, 0) < MOVEMENT_CARDS
        )
        if game.phase == MOVEMENT
        else (),
        movement_effects=MOVEMENT_EFFECTS,
        trade=_trade_view(setup, game, viewer, may) if game.trade is not None and playing else None,
        trade_log=tuple(_trade_line(setup, line) for line in game.trade_log if line.round == game.round),
        action_seat=turn if turn is not None and turn in may else None,
        exchange_limit=exchange_limit(game, turn) if turn is not None else EXCHANGE_CARDS,
        rounds_up=turn is not None and game.tech.get(turn, 0) >= TECH_ROUND_UP,
        last_challenge=describe_challenge(setup, game.challenges[last]) if last is not None else None,
        bonus_kinds=tuple((k, BONUS_NAMES[k]) for k in BONUS_KINDS),
        set_actions=tuple(
            (title, rules.ACTION_KINDS[action], action == MOVE_STATIONS) for action, title in SET_ACTIONS
        ),
        end_turn_label=end_turn_label(viewer, setup.player(turn)) if turn is not None else None,
        card_phase=game.phase == MOVEMENT,
    )


def _trade_view(setup: Setup, game: Andromeda, viewer: Viewer, may: set[int]) -> TradeView:
    trade = game.trade
    assert trade is not None
    owing = andromeda_trade.owing(setup, trade)
    all_in = not owing and not trade.pending
    rows = []
    for seat in clockwise(setup, trade.leader)[1:]:
        if seat in trade.out:
            status = "out"
        elif seat in trade.pending:
            status = "offered"
        elif seat in owing:
            status = "owes"
        else:
            status = "ready"
        # The secret stays with its own phone: another seat's face-down card is never put in the view.
        mine = trade.pending.get(seat) if seat == viewer.seat else None
        rows.append(
            FollowerRow(
                setup.player(seat),
                card_list(trade.offers.get(seat, ())),
                status,
                card_name(mine[1]) if mine is not None else None,
            )
        )
    leader_here = trade.leader in may
    limit = trade_limit(game, trade.leader)
    decider = trade.decider if trade.closed else None
    return TradeView(
        leader=setup.player(trade.leader),
        shown=card_list(trade.shown),
        limit=limit,
        followers=tuple(rows),
        closed=trade.closed,
        sets=tuple((setup.player(s), card_list(cards)) for s, cards in trade.sets.items()),
        decider=setup.player(decider) if decider is not None else None,
        lead_seat=trade.leader if leader_here and not trade.closed else None,
        can_lay=all_in and len(trade.shown) < limit,
        can_stop=all_in and len(trade.shown) >= MIN_TRADE_CARDS,
        offer_seats=tuple(setup.player(s) for s in owing if s in may) if trade.shown else (),
        offer_cards=tuple((c, card_name(c)) for c in CARDS if c not in trade.shown),
        lay_cards=tuple((c, card_name(c)) for c in CARDS),
        decide_seat=decider if decider is not None and decider in may else None,
        may_keep=decider is not None and (decider != trade.leader or len(trade.sets) <= 1),
        swap_targets=tuple(setup.player(s) for s in trade.sets if s != decider),
    )


def _trade_line(setup: Setup, line: TradeLine) -> Message:
    name = setup.player(line.seat).name
    if line.other is None:
        return msg(N_("{name} took {taken} into hand"), name=name, taken=card_list(line.taken))
    return gave_and_took(name, setup.player(line.other).name, line.given, line.taken)
