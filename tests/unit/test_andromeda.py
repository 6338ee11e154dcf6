"""Andromeda: setup, actions, the planet ring, bonus cards, the trade phase, the end and the score."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from companion.games.andromeda.actions import ring_draw
from companion.games.andromeda.board import (
    ACTIONS,
    BONUS_KINDS,
    MOVEMENT,
    PLANETS,
    SETUP,
    STATIONS,
    TRADE,
    Andromeda,
    RingDraw,
    Trade,
    card_name,
    hand_size,
)
from companion.games.andromeda.phases import HOME, OUT, setup_draws
from companion.games.andromeda.rule_options import DRAW_IN_APP, SETUP_DRAW, SHIP_THIRD_COST, center_values
from companion.games.contract import Event, Player, Setup, evolve
from companion.games.options import resolve_options
from companion.games.registry import get_game
from companion.games.table import decide, describe, fold, new_table, score, skip_reason, viewer
from companion.games.table_moves import moves
from companion.games.table_state import TABLE_OPTIONS, TableState
from companion.games.words import N_, RuleError, msg

GAME = get_game("andromeda")
NAMES = ("Aki", "Ben", "Chika", "Dai", "Emi")


def make_setup(players: int = 3, seed: str = "seed", **options: Any) -> Setup:
    seats = tuple(Player(seat, NAMES[seat - 1], "#000000") for seat in range(1, players + 1))
    return Setup("andromeda", seats, resolve_options((*TABLE_OPTIONS, *GAME.options), options), seed)


class Table:
    """A table driven through the moves' records, as the phones drive it."""

    def __init__(self, setup: Setup, game: Andromeda | None = None) -> None:
        self.setup = setup
        self.state: TableState = new_table(GAME, setup)
        if game is not None:
            self.state = evolve(self.state, game=game)
        self.events: list[Event] = []

    @property
    def game(self) -> Andromeda:
        return self.state.game  # type: ignore[no-any-return]

    def play(self, kind: str, **payload: Any) -> Event:
        """Record a move as the phone would, sending its guard's value as the screen shows it."""
        move = moves(GAME)[f"andromeda.{kind}"]
        if move.guard is not None and move.guard.field not in payload:
            payload[move.guard.field] = move.guard.current(self.state.game)
        event = Event(self.state.last_seq + 1, f"andromeda.{kind}", payload, author=None, by_host=True)
        checked, self.state = decide(GAME, self.state, event)
        self.events.append(checked)
        return checked

    def refused(self, kind: str, **payload: Any) -> str:
        with pytest.raises(RuleError) as error:
            self.play(kind, **payload)
        return error.value.message.msgid


def placed(players: int = 3, **options: Any) -> Table:
    """A table whose setup stations are placed (each player drew only planet 1 cards)."""
    table = Table(make_setup(players, **options))
    for seat in table.setup.seats:
        table.play("setup", seat=seat, planet_1=setup_draws(table.setup))
    return table


def in_actions(players: int = 3, **changes: Any) -> Table:
    """A table in the action phase of round 1, the first seat to act."""
    table = placed(players)
    game = evolve(table.game, **{"phase": ACTIONS, "turn": 1, "actions_left": 3, **changes})
    return Table(table.setup, game)


# -- Setup ---------------------------------------------------------------------------------------


# The seed, lines 31-57: 26 stations each; 4 on Earth and 1 on each track; then by player count
# 2 per planet and 6 drawn (3 players), 1 and 9 (4 players, 4 back to the box), 1 and 6 (5 players, 7 back).
SEED_SETUP = [(3, 2, 6, 0), (4, 1, 9, 4), (5, 1, 6, 7)]


@pytest.mark.parametrize(("players", "per_planet", "drawn", "back_in_box"), SEED_SETUP)
def test_before_the_draw_each_player_has_4_on_earth_1_on_each_track_the_planets_share_and_the_rest_boxed(
    players: int, per_planet: int, drawn: int, back_in_box: int
) -> None:
    table = Table(make_setup(players))
    assert table.game.phase == SETUP
    for seat in table.setup.seats:
        stations = table.game.where(seat)
        assert (stations.earth, stations.tracks, stations.centers) == (4, 2, 0)
        assert stations.planets == (per_planet,) * 7
        assert (stations.to_place, stations.box) == (drawn, back_in_box)
        assert stations.total == STATIONS == 26


@pytest.mark.parametrize(("players", "per_planet", "drawn", "back_in_box"), SEED_SETUP)
def test_each_drawn_planet_card_places_one_station_on_its_planet_for_each_player_count(
    players: int, per_planet: int, drawn: int, back_in_box: int
) -> None:
    table = Table(make_setup(players))
    assert setup_draws(table.setup) == drawn
    for seat in table.setup.seats:
        table.play("setup", seat=seat, planet_2=drawn - 1, planet_5=1)
    for seat in table.setup.seats:
        stations = table.game.where(seat)
        assert (
            stations.planets
            == (per_planet, per_planet + drawn - 1, per_planet, per_planet, per_planet + 1) + (per_planet,) * 2
        )
        assert (stations.earth, stations.tracks, stations.to_place, stations.box) == (4, 2, 0, back_in_box)
        assert stations.total == 26
    assert table.game.phase == MOVEMENT
    assert all(hand_size(table.game, seat) == 9 for seat in table.setup.seats)


@pytest.mark.parametrize(("players", "per_planet", "drawn", "back_in_box"), SEED_SETUP)
def test_a_player_draws_the_setup_cards_with_one_tap_and_the_same_seed_draws_the_same_cards(
    players: int, per_planet: int, drawn: int, back_in_box: int
) -> None:
    table = Table(make_setup(players))
    table.play("setup-draw", seat=1)
    cards = table.game.setup_cards[1]
    assert len(cards) == drawn and all(card in PLANETS for card in cards)
    stations = table.game.where(1)
    assert stations.planets == tuple(per_planet + cards.count(p) for p in PLANETS)
    assert (stations.earth, stations.to_place, stations.box, stations.total) == (4, 0, back_in_box, 26)
    assert table.game.phase == SETUP, "the others have not drawn yet"
    assert table.refused("setup-draw", seat=1) == "{name} has already placed the setup stations."
    again = Table(make_setup(players))
    again.play("setup-draw", seat=1)
    assert again.game.setup_cards[1] == cards
    for seat in table.setup.seats[1:]:
        table.play("setup-draw", seat=seat)
    assert table.game.phase == MOVEMENT


def test_the_log_says_which_planets_the_drawn_setup_cards_put_stations_on_with_units() -> None:
    table = Table(make_setup(3))
    entered = table.play("setup", seat=1, planet_1=2, planet_4=4)
    assert describe(GAME, table.state, entered).render() == (
        "Aki placed 6 stations for the planet cards drawn at the table: 2 on Planet 1, 4 on Planet 4"
    )
    drawn = table.play("setup-draw", seat=2)
    line = describe(GAME, table.state, drawn).render()
    assert line.startswith("Ben drew 6 planet cards in the app and placed a station for each: ")
    assert "×" not in line and " on Planet " in line


def test_setup_refuses_a_wrong_number_of_drawn_cards() -> None:
    table = Table(make_setup(3))
    assert table.refused("setup", seat=1, planet_1=5) == "Enter the {count} planet cards drawn: {given} were entered."


def test_the_app_can_draw_every_players_setup_cards_when_the_table_is_made() -> None:
    setup = make_setup(4, **{SETUP_DRAW: DRAW_IN_APP})
    game = GAME.initial_state(setup)
    assert game.phase == MOVEMENT
    for seat in setup.seats:
        assert sum(game.on_planet(p, seat) for p in PLANETS) == 7 + 9
        assert (game.where(seat).box, game.where(seat).total) == (4, 26)
    assert GAME.initial_state(setup) == game, "the same seed draws the same cards"


@pytest.mark.parametrize(("players", "per_planet", "drawn", "back_in_box"), SEED_SETUP)
def test_the_app_drawing_everyones_cards_at_once_leaves_each_player_26_stations_where_the_seed_puts_them(
    players: int, per_planet: int, drawn: int, back_in_box: int
) -> None:
    game = GAME.initial_state(make_setup(players, **{SETUP_DRAW: DRAW_IN_APP}))
    for seat in range(1, players + 1):
        stations = game.where(seat)
        assert (stations.earth, stations.tracks, stations.to_place, stations.box) == (4, 2, 0, back_in_box)
        assert sum(stations.planets) == per_planet * 7 + drawn
        assert stations.total == 26


def test_no_setup_draw_once_the_setup_is_over() -> None:
    table = placed(3)
    assert table.refused("setup-draw", seat=1) == "The setup is over."


def test_a_ledger_of_entered_setup_stations_still_folds_to_the_same_board() -> None:
    table = placed(4)
    replayed = fold(GAME, table.setup, table.events)
    assert replayed.game == table.game
    assert all(replayed.game.where(seat).total == 26 for seat in table.setup.seats)


def test_player_count_is_three_to_five() -> None:
    for count in (3, 4, 5):
        GAME.check_setup(make_setup(count))
    with pytest.raises(RuleError):
        GAME.check_setup(Setup("andromeda", tuple(Player(s, NAMES[s - 1], "#000") for s in (1, 2)), {}, "s"))


# -- Rounds ----------------------------------------------------------------------------------------


def test_a_round_runs_movement_trade_then_actions_and_the_start_player_passes_clockwise() -> None:
    table = placed(3)
    table.play("trade-phase", step=table.game.step)
    assert table.game.phase == TRADE and table.game.trade == Trade(leader=1)
    table.play("lay", seat=1, card="1")
    table.play("offer", seat=2, card="2")
    table.play("offer", seat=3, card="3")
    table.play("lay", seat=1, card="1")
    table.play("offer", seat=2, card="4")
    table.play("offer", seat=3, card="5")
    table.play("stop", seat=1)
    table.play("swap", seat=1, other=2)
    table.play("keep", seat=2)
    assert table.game.phase == ACTIONS and table.game.turn == 1 and table.game.actions_left == 3
    table.play("end-turn", seat=1)
    assert table.game.turn == 2 and table.game.actions_left == 2
    assert table.refused("exchange", seat=3, cards=1) == "It is {name}'s turn."
    table.play("exchange", seat=2, cards=2)
    table.play("exchange", seat=2, cards=1)
    assert table.game.turn == 3
    table.play("end-turn", seat=3)
    assert (table.game.round, table.game.phase, table.game.start) == (2, MOVEMENT, 2)


def test_a_phase_button_from_a_stale_screen_is_refused() -> None:
    table = placed(3)
    step = table.game.step
    table.play("trade-phase", step=step)
    with pytest.raises(RuleError):
        table.play("trade-phase", step=step)


def test_movement_cards_are_two_single_use_cards_per_player() -> None:
    table = placed(3)
    table.play("movement-card", seat=1, planet=4, effect=OUT)
    assert (table.game.earth[1], table.game.on_planet(4, 1)) == (2, 4)
    table.play("movement-card", seat=1, planet=4, effect=HOME)
    assert (table.game.earth[1], table.game.on_planet(4, 1)) == (6, 0)
    assert table.refused("movement-card", seat=1, planet=3, effect=OUT) == "{name} has used both movement cards."


def test_the_log_says_how_many_stations_a_movement_card_moved() -> None:
    table = placed(3)
    one = table.play("movement-card", seat=1, planet=4, effect=OUT, stations=1)
    assert describe(GAME, table.state, one).render() == (
        "Aki played a movement card and moved 1 station from Earth to Planet 4"
    )
    home = table.play("movement-card", seat=1, planet=4, effect=HOME)
    assert describe(GAME, table.state, home).render() == (
        "Aki played a movement card and brought 3 stations on Planet 4 back to Earth"
    )


def test_stations_move_only_from_where_a_player_has_them() -> None:
    table = placed(3)
    table.play("movement-card", seat=1, planet=4, effect=OUT)
    table.play("movement-card", seat=1, planet=5, effect=OUT, stations=1)
    assert (table.game.earth[1], table.game.on_planet(4, 1), table.game.on_planet(5, 1)) == (1, 4, 3)
    table = Table(table.setup, evolve(table.game, phase=ACTIONS, turn=1, actions_left=3))
    assert table.refused("move", seat=1, planet=6, cards=4, stations=2) == "{name} has {count} station on Earth."
    assert table.game.on_planet(6, 1) == 2, "nothing moved"
    table.play("move", seat=1, planet=6, cards=2)
    assert (table.game.earth[1], table.game.on_planet(6, 1)) == (0, 3)
    assert table.refused("move", seat=1, planet=6, cards=2) == "{name} has {count} stations on Earth."
    assert table.game.where(1).total == 26


def test_a_challenge_moves_the_drawn_stations_and_every_player_keeps_26() -> None:
    table = placed(3)
    table = Table(table.setup, evolve(table.game, phase=ACTIONS, turn=1, actions_left=3))
    table.play("challenge", seat=1, planet=3, cards=6)
    for seat in table.setup.seats:
        assert table.game.where(seat).total == 26
    assert sum(table.game.where(seat).centers for seat in table.setup.seats) <= 1


# -- Moving stations and the tracks --------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "tech", "stations"), [(2, 0, 1), (3, 0, 1), (4, 0, 2), (5, 0, 2), (3, 3, 2), (1, 3, 1)]
)
def test_a_move_takes_half_the_cards_in_stations_rounded_down_or_up_at_tech_3(
    cards: int, tech: int, stations: int
) -> None:
    table = in_actions(tech={1: tech, 2: 0, 3: 0}, earth={1: 4, 2: 4, 3: 4})
    table.play("move", seat=1, planet=6, cards=cards)
    assert table.game.on_planet(6, 1) == 2 + stations
    assert table.game.earth[1] == 4 - stations


def test_a_single_card_moves_nothing_below_tech_3() -> None:
    table = in_actions()
    assert table.refused("move", seat=1, planet=6, cards=1) == "{cards} cards move no station: play at least 2."


def test_a_move_may_move_fewer_stations_but_not_more_than_the_cards_allow() -> None:
    table = in_actions()
    table.play("move", seat=1, planet=6, cards=4, stations=1)
    assert table.game.earth[1] == 3
    assert (
        table.refused("move", seat=1, planet=6, cards=4, stations=3) == "{cards} cards move at most {allowed} stations."
    )


def test_the_ship_track_reaches_level_4_and_a_hand_of_13() -> None:
    table = in_actions(actions_left=9)
    for cost in (3, 4, 5, 6):
        table.play("ship", seat=1, planet=2, cards=cost)
    assert table.game.ship[1] == 4
    assert hand_size(table.game, 1) == 13
    assert table.refused("ship", seat=1, planet=2, cards=6) == "This track is already at its last space."


def test_a_track_step_costs_exactly_its_cards_and_cannot_be_skipped() -> None:
    table = in_actions()
    assert table.refused("tech", seat=1, planet=2, cards=4) == "The next space costs {cost} same cards, not {cards}."
    table.play("tech", seat=1, planet=2, cards=3)
    table.play("tech", seat=1, planet=2, cards=4)
    assert table.game.tech[1] == 2


def test_the_third_ship_step_cost_is_a_rule_option() -> None:
    table = Table(make_setup(3, **{SHIP_THIRD_COST: 4}), evolve(in_actions().game, ship={1: 2, 2: 0, 3: 0}))
    table.play("ship", seat=1, planet=1, cards=4)
    assert table.game.ship[1] == 3


def test_exchange_takes_up_to_two_cards_and_three_at_tech_2() -> None:
    table = in_actions()
    assert table.refused("exchange", seat=1, cards=3) == "Exchange 1 to {limit} cards."
    table = in_actions(tech={1: 2, 2: 0, 3: 0})
    table.play("exchange", seat=1, cards=3)


# -- Bonus cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "kind"), [(4, "silver"), (5, "gold"), (6, "platinum"), (7, "diamond")])
def test_four_to_seven_same_cards_in_one_move_earn_a_bonus_card(cards: int, kind: str) -> None:
    table = in_actions(earth={1: 4, 2: 4, 3: 4})
    before = table.game.supply[kind]
    table.play("move", seat=1, planet=6, cards=cards)
    assert table.game.held(1, kind) == 1
    assert table.game.supply[kind] == before - 1


def test_no_bonus_card_when_the_supply_has_run_out() -> None:
    table = in_actions(supply={"silver": 0, "gold": 1, "platinum": 1, "diamond": 1})
    table.play("move", seat=1, planet=6, cards=4)
    assert table.game.held(1, "silver") == 0
    assert table.game.supply["silver"] == 0


def test_a_bonus_card_stands_in_for_a_planet_card_earns_nothing_and_returns_to_the_supply() -> None:
    table = in_actions(bonus={1: {"gold": 1}}, supply={"silver": 3, "gold": 0, "platinum": 1, "diamond": 1})
    table.play("move", seat=1, planet=6, cards=3, gold=1)
    assert table.game.on_planet(6, 1) == 4, "3 planet cards and a joker move 2 stations"
    assert table.game.held(1, "gold") == 0 and table.game.supply["gold"] == 1
    assert table.game.held(1, "silver") == 0, "a set with a bonus card earns no bonus card"


def test_bonus_cards_cannot_be_played_alone_or_without_holding_them() -> None:
    table = in_actions(bonus={1: {"gold": 2}})
    assert table.refused("move", seat=1, planet=6, cards=0, gold=2).startswith("Bonus cards cannot be played alone")
    assert table.refused("move", seat=1, planet=6, cards=2, silver=1) == "{name} holds {count} {kind} bonus cards."


def test_track_steps_earn_no_bonus_card() -> None:
    table = in_actions(ship={1: 3, 2: 0, 3: 0})
    table.play("ship", seat=1, planet=2, cards=6)
    assert all(table.game.held(1, kind) == 0 for kind in BONUS_KINDS)


# -- The planet ring -----------------------------------------------------------------------------


def test_a_challenge_needs_an_own_station_on_the_planet() -> None:
    table = in_actions()
    game = table.game
    stations = {**game.stations, 6: {1: 0, 2: 2, 3: 2}}
    table = Table(table.setup, evolve(game, stations=stations))
    assert (
        table.refused("challenge", seat=1, planet=6, cards=2) == "A challenge needs one of your stations on {planet}."
    )


@pytest.mark.parametrize(("cards", "tech", "draws"), [(2, 0, 1), (5, 0, 2), (5, 3, 3), (1, 3, 1), (7, 0, 3)])
def test_a_challenge_draws_half_the_cards_rounded_down_or_up_at_tech_3(cards: int, tech: int, draws: int) -> None:
    # Only other players' stations besides one of ours that can never found a center: all full.
    table = in_actions(tech={1: tech, 2: 0, 3: 0})
    game = table.game
    stations = {**game.stations, 6: {1: 1, 2: 5, 3: 5}}
    centers = {**game.centers, 6: {0: 2, 1: 2, 2: 3}}
    table = Table(table.setup, evolve(game, stations=stations, centers=centers))
    event = table.play("challenge", seat=1, planet=6, cards=cards)
    outcome = table.game.challenges[event.seq]
    assert outcome.draws_allowed == draws
    assert len(outcome.draws) == draws


def test_a_drawn_own_station_founds_the_highest_free_center_and_ends_the_challenge() -> None:
    table = in_actions()
    game = table.game
    stations = {**game.stations, 6: {1: 3, 2: 0, 3: 0}}
    centers = {**game.centers, 6: {0: 2}}
    table = Table(table.setup, evolve(game, stations=stations, centers=centers))
    event = table.play("challenge", seat=1, planet=6, cards=6)
    values = center_values(table.setup)[6]
    assert table.game.challenges[event.seq].draws == (RingDraw(1, values[1]),)
    assert table.game.centers[6] == {0: 2, 1: 1}
    assert table.game.on_planet(6, 1) == 2
    assert table.game.ring_draws == 1


def test_drawn_stations_of_other_players_go_back_to_their_owners_earth() -> None:
    table = in_actions()
    game = table.game
    stations = {**game.stations, 6: {1: 1, 2: 30, 3: 0}}
    table = Table(table.setup, evolve(game, stations=stations))
    event = table.play("challenge", seat=1, planet=6, cards=6)
    drawn = Counter(draw.seat for draw in table.game.challenges[event.seq].draws)
    assert drawn[2] >= 1, "with 30 of the 31 stations, the seeded draw finds Ben's"
    assert table.game.on_planet(6, 2) == 30 - drawn[2]
    assert table.game.earth[2] == game.earth[2] + drawn[2]


def test_on_a_full_planet_every_drawn_station_goes_back_to_earth_even_ones_own() -> None:
    table = in_actions()
    game = table.game
    stations = {**game.stations, 6: {1: 4, 2: 0, 3: 0}}
    centers = {**game.centers, 6: {0: 2, 1: 3, 2: 2}}
    table = Table(table.setup, evolve(game, stations=stations, centers=centers))
    event = table.play("challenge", seat=1, planet=6, cards=4)
    assert table.game.challenges[event.seq].draws == (RingDraw(1, None), RingDraw(1, None))
    assert table.game.on_planet(6, 1) == 2 and table.game.earth[1] == game.earth[1] + 2


def test_every_station_in_the_ring_is_equally_likely_chi_square_over_fixed_seeds() -> None:
    ring = {1: 3, 2: 5, 3: 2}  # ten stations, drawn by their position in the ring
    positions = [seat for seat in sorted(ring) for _ in range(ring[seat])]
    draws = 20_000
    per_seat = Counter(ring_draw("fairness-seed", n, ring) for n in range(draws))
    expected = {seat: draws * count / len(positions) for seat, count in ring.items()}
    chi_square = sum((per_seat[seat] - expected[seat]) ** 2 / expected[seat] for seat in ring)
    # 2 degrees of freedom: 13.8 is the 0.1 % critical value. The seeds are fixed, so it cannot flake.
    assert chi_square < 13.8, (per_seat, chi_square)
    for seed in ("a", "b", "c"):
        counts = Counter(ring_draw(seed, n, {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}) for n in range(5_000))
        statistic = sum((counts[s] - 1_000) ** 2 / 1_000 for s in range(1, 6))
        assert statistic < 18.5, (seed, counts)  # 4 degrees of freedom, 0.1 %


def test_undoing_a_challenge_and_making_it_again_draws_the_same_stations() -> None:
    table = trading()
    for card in ("2", "2"):
        table.play("lay", seat=1, card=card)
        table.play("offer", seat=2, card="3")
        table.play("offer", seat=3, card="3")
    table.play("stop", seat=1)
    table.play("swap", seat=1, other=2)
    table.play("keep", seat=2)
    first = table.play("challenge", seat=1, planet=1, cards=6)
    drawn = table.game.challenges[first.seq].draws
    undo = Event(first.seq + 1, "void", {"target": first.seq}, by_host=True)
    _, table.state = decide(GAME, table.state, undo)
    assert table.game.ring_draws == 0
    again = table.play("challenge", seat=1, planet=1, cards=6)
    assert table.game.challenges[again.seq].draws == drawn


# -- The trade phase -----------------------------------------------------------------------------


def trading(players: int = 3, **changes: Any) -> Table:
    table = placed(players)
    if changes:
        table = Table(table.setup, evolve(table.game, **changes))
    table.play("trade-phase", step=table.game.step)
    return table


def test_an_offer_must_differ_from_every_card_the_leader_has_shown() -> None:
    table = trading()
    table.play("lay", seat=1, card="3")
    must_not = "Must not follow: offer a card different from every card the leader has shown."
    assert table.refused("offer", seat=2, card="3") == must_not
    table.play("offer", seat=2, card="4")
    table.play("offer", seat=3, card="4")
    table.play("lay", seat=1, card="5")
    assert table.refused("offer", seat=2, card="3") == must_not, "the first card still counts"
    assert table.refused("offer", seat=2, card="5") == must_not
    table.play("offer", seat=2, card="4")


def test_the_leader_waits_for_every_offer_and_lays_at_least_two_and_at_most_three_cards() -> None:
    table = trading()
    table.play("lay", seat=1, card="1")
    assert table.refused("lay", seat=1, card="2").startswith("Every other player must offer")
    table.play("offer", seat=2, card="2")
    table.play("offer", seat=3, card="2")
    assert table.refused("stop", seat=1) == "The leader lays out at least 2 cards."
    for card in ("1", "7"):
        table.play("lay", seat=1, card=card)
        table.play("offer", seat=2, card="2")
        table.play("offer", seat=3, card="2")
    assert table.game.trade is not None and table.game.trade.closed, "the third card ends the laying out"


def test_the_leader_lays_out_four_cards_at_tech_level_1() -> None:
    table = trading(tech={1: 1, 2: 0, 3: 0})
    for card in ("1", "1", "1", "1"):
        table.play("lay", seat=1, card=card)
        table.play("offer", seat=2, card="2")
        table.play("offer", seat=3, card="2")
    trade = table.game.trade
    assert trade is not None and trade.closed and len(trade.shown) == 4


def test_a_face_down_offer_is_secret_on_other_phones_and_in_the_log_until_all_are_in() -> None:
    table = trading()
    table.play("lay", seat=1, card="1")
    offer = table.play("offer", seat=2, card="6")
    others = GAME.view(table.setup, table.game, viewer(GAME, table.state, 3, False))
    assert others.trade is not None
    assert [row.my_secret for row in others.trade.followers] == [None, None]
    assert "'6'" not in repr((others.trade.followers, others.trade.sets, others.trade_log)), "nowhere in the view"
    own = GAME.view(table.setup, table.game, viewer(GAME, table.state, 2, False))
    assert own.trade is not None and own.trade.followers[0].my_secret == card_name("6")
    assert describe(GAME, table.state, offer).render() == "Ben offered a card face down"
    assert describe(GAME, table.state, offer, seat=3).render() == "Ben offered a card face down"
    assert describe(GAME, table.state, offer, seat=2).render() == "Ben offered Planet 6 face down", "its own log"
    table.play("offer", seat=3, card="2")
    assert describe(GAME, table.state, offer).render() == "Ben offered Planet 6 (revealed)"
    assert describe(GAME, table.state, offer, seat=3).render() == "Ben offered Planet 6 (revealed)"
    assert table.game.trade is not None and table.game.trade.offers == {2: ("6",), 3: ("2",)}


def test_a_secret_bonus_card_offer_does_not_show_in_the_public_bonus_count_before_the_reveal() -> None:
    table = trading(bonus={2: {"silver": 1}})
    table.play("lay", seat=1, card="1")
    table.play("offer", seat=2, card="silver")
    assert table.game.held(2, "silver") == 1
    table.play("offer", seat=3, card="4")
    assert table.game.held(2, "silver") == 0


def test_a_player_who_cannot_follow_takes_their_cards_back_and_leaves_the_trade() -> None:
    table = trading(bonus={3: {"gold": 1}})
    table.play("lay", seat=1, card="1")
    table.play("offer", seat=2, card="2")
    table.play("offer", seat=3, card="gold")
    table.play("lay", seat=1, card="2")
    table.play("offer", seat=2, card="3")
    table.play("cannot-follow", seat=3)
    assert table.game.held(3, "gold") == 1, "the offered gold card went back to the hand"
    table.play("stop", seat=1)
    table.play("swap", seat=1, other=2)
    assert table.game.phase == ACTIONS, "the last set left is taken into hand"
    lines = [(line.seat, line.other, line.given, line.taken) for line in table.game.trade_log]
    assert lines == [(3, None, (), ("gold",)), (1, 2, ("1", "2"), ("2", "3")), (2, None, (), ("1", "2"))]


def test_the_chain_of_exchanges_passes_the_leaders_set_along() -> None:
    table = trading(4)
    for card in ("1", "1"):
        table.play("lay", seat=1, card=card)
        table.play("offer", seat=2, card="2")
        table.play("offer", seat=3, card="3")
        table.play("offer", seat=4, card="4")
    table.play("stop", seat=1)
    assert table.refused("keep", seat=1) == "The leader must exchange with another player's set."
    table.play("swap", seat=1, other=3)  # the leader takes Chika's 3s; Chika now holds the leader's 1s
    table.play("swap", seat=3, other=4)  # Chika takes Dai's 4s; Dai holds the 1s
    table.play("keep", seat=4)
    trade = table.game.trade
    assert trade is None and table.game.phase == ACTIONS, "Ben's set was the last one left"
    lines = [(line.seat, line.other, line.taken) for line in table.game.trade_log]
    assert lines == [(1, 3, ("3", "3")), (3, 4, ("4", "4")), (4, None, ("1", "1")), (2, None, ("2", "2"))]


def test_bonus_cards_change_hands_with_the_sets() -> None:
    table = trading(bonus={1: {"diamond": 1}})
    table.play("lay", seat=1, card="diamond")
    assert table.game.held(1, "diamond") == 0
    table.play("offer", seat=2, card="2")
    table.play("offer", seat=3, card="3")
    table.play("lay", seat=1, card="1")
    table.play("offer", seat=2, card="2")
    table.play("offer", seat=3, card="3")
    table.play("stop", seat=1)
    table.play("swap", seat=1, other=2)
    table.play("keep", seat=2)
    assert table.game.held(2, "diamond") == 1


# -- End and score -------------------------------------------------------------------------------


def full() -> dict[int, dict[int, int]]:
    return {planet: {0: 1, 1: 2, 2: 3} for planet in (1, 2, 3)}


def test_three_full_planets_end_the_game_at_the_end_of_the_round_not_at_once() -> None:
    table = in_actions(centers=full())
    assert not table.game.over
    table.play("end-turn", seat=1)
    table.play("exchange", seat=2, cards=1)
    assert not table.game.over
    table.play("end-turn", seat=2)
    table.play("end-turn", seat=3)
    assert table.game.over and table.game.end_round == 1
    assert table.refused("trade-phase", step=table.game.step) == "The game is over."


def test_two_full_planets_do_not_end_the_game() -> None:
    table = in_actions(centers={1: {0: 1, 1: 2, 2: 3}, 2: {0: 1, 1: 2, 2: 3}, 3: {0: 1, 1: 2}})
    for seat in (1, 2, 3):
        table.play("end-turn", seat=seat)
    assert table.game.phase == MOVEMENT and table.game.round == 2


def test_score_is_centers_plus_earth_stations_plus_tech_points_plus_bonus_cards_kept() -> None:
    setup = make_setup(3)
    values = center_values(setup)
    game = evolve(
        GAME.initial_state(setup),
        centers={7: {0: 1}, 1: {2: 1}},
        earth={1: 3, 2: 4, 3: 4},
        tech={1: 3, 2: 1, 3: 0},
        bonus={1: {"silver": 1, "diamond": 2}},
    )
    board = GAME.score(setup, game, None)
    aki = next(p for p in board.players if p.seat == 1)
    points = {c.key: c.points for c in aki.categories}
    assert points == {"centers": values[7][0] + values[1][2], "earth": 3, "tech": 6, "bonus": 2 + 5 + 5}
    assert aki.total == sum(points.values()) and aki.rank == 1


def test_ties_go_to_the_higher_technology_level_then_the_higher_ship_level() -> None:
    setup = make_setup(3)
    base = GAME.initial_state(setup)
    # Equal totals: Aki has tech 1 (1 point) and 3 on Earth; Ben tech 0 and 4 on Earth.
    game = evolve(base, earth={1: 3, 2: 4, 3: 0}, tech={1: 1, 2: 0, 3: 0}, ship={1: 0, 2: 4, 3: 0})
    board = GAME.score(setup, game, None)
    assert [(p.seat, p.rank) for p in board.players][:2] == [(1, 1), (2, 2)]
    assert "settled by" in board.tie_break[0].render()
    game = evolve(base, earth={1: 4, 2: 4, 3: 0}, tech={1: 1, 2: 1, 3: 0}, ship={1: 2, 2: 4, 3: 0})
    board = GAME.score(setup, game, None)
    assert [(p.seat, p.rank) for p in board.players][:2] == [(2, 1), (1, 2)]


def test_ship_level_4_settles_a_tie_that_level_3_would_share() -> None:
    setup = make_setup(3)
    game = evolve(GAME.initial_state(setup), ship={1: 3, 2: 4, 3: 0})
    board = GAME.score(setup, game, None)
    assert board.players[0].seat == 2 and board.players[0].rank == 1
    assert board.players[1].rank == 2


def test_the_scoreboard_names_its_options_and_explains_the_end() -> None:
    table = in_actions(centers=full())
    board = score(GAME, table.state)
    assert any("economic center" in label.lower() for label, _ in board.options)
    assert any("ends at the end of this round" in note.render() for note in board.notes)


def test_a_replayed_ledger_gives_the_same_board() -> None:
    table = placed(3)
    table.play("movement-card", seat=2, planet=5, effect=OUT)
    table.play("trade-phase", step=table.game.step)
    again = fold(GAME, table.setup, table.state.events)
    assert again.game == table.game


def test_an_action_sent_again_from_a_stale_screen_is_refused_not_applied_twice() -> None:
    table = in_actions()
    shown = table.game.actions_taken
    table.play("move", seat=1, planet=6, cards=2, action=shown)
    with pytest.raises(RuleError) as error:
        table.play("move", seat=1, planet=6, cards=2, action=shown)
    assert error.value.message.msgid.startswith("Another action was recorded since this screen was shown")
    assert table.game.actions_left == 2


def test_a_bonus_card_can_be_offered_only_while_it_is_held() -> None:
    table = trading(bonus={2: {"silver": 2}})
    table.play("lay", seat=1, card="1")
    table.play("offer", seat=2, card="silver")
    table.play("offer", seat=3, card="4")
    table.play("lay", seat=1, card="2")
    table.play("offer", seat=2, card="silver")
    table.play("offer", seat=3, card="4")
    table.play("lay", seat=1, card="3")
    assert table.refused("offer", seat=2, card="silver") == "{name} holds no {kind} bonus card."


def test_why_a_face_down_offer_no_longer_applies_is_said_only_to_its_own_phone() -> None:
    table = trading(bonus={2: {"silver": 1}})
    table.play("lay", seat=1, card="1")
    offer = table.play("offer", seat=2, card="silver")
    reason = msg(N_("{name} holds no {kind} bonus card."), name="Ben", kind="silver")
    state = evolve(table.state, skipped={offer.seq: reason})  # as after an undo of how Ben got the card
    assert skip_reason(GAME, state, offer, 2) == reason
    for other in (3, None):
        assert "silver" not in skip_reason(GAME, state, offer, other).render()
