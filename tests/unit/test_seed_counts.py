"""The counts a player checks by hand, as the seeds (the original Japanese rules) state them.

Crafting the Cosmos is seed 004 (/work/shared/seeds/004_5f3f3503a42681be.txt), Andromeda seed 002
(/work/shared/seeds/002_ffd8554f7795dcb4.txt); each test cites the seed lines it states. The games
are driven only through their moves: a scenario folded by the pure core (Crafting the Cosmos), or
the moves a phone records (Andromeda).
"""

from __future__ import annotations

from collections import Counter
from statistics import pvariance
from typing import Any

import pytest

from companion.games.andromeda.board import PLANETS, Andromeda, hand_size
from companion.games.andromeda.rule_options import DRAW_IN_APP, SETUP_DRAW
from companion.games.andromeda.view import andromeda_view
from companion.games.contract import Event, Player, Setup
from companion.games.crafting_the_cosmos import rules as ctc
from companion.games.crafting_the_cosmos.view import cosmos_view
from companion.games.options import resolve_options
from companion.games.registry import get_game
from companion.games.scenario import replay
from companion.games.scores import Scoreboard
from companion.games.table import decide, new_table, score, viewer
from companion.games.table_moves import moves
from companion.games.table_state import TABLE_OPTIONS, TableState
from companion.games.words import RuleError

NAMES = ("Aki", "Ben", "Chika", "Dai", "Emi")
COSMOS = get_game(ctc.SLUG)
ANDROMEDA = get_game("andromeda")


# == Crafting the Cosmos =============================================================================


def cosmos(players: int, *entries: tuple[str, dict[str, Any]]) -> tuple[TableState, Scoreboard]:
    """Fold ``entries`` (move, payload) at a table of ``players``; every entry must be accepted."""
    state, board = replay(
        {
            "game": ctc.SLUG,
            "players": [{"name": name} for name in NAMES[:players]],
            "seed": "seed counts",
            "events": [{"kind": kind, "payload": payload} for kind, payload in entries],
        }
    )
    assert not state.skipped, {seq: m.render() for seq, m in state.skipped.items()}
    return state, board


def refusal(players: int, *entries: tuple[str, dict[str, Any]]) -> str:
    """Fold ``entries``: all but the last must be accepted; return why the last one was refused."""
    cosmos(players, *entries[:-1])
    state, _ = replay(
        {
            "game": ctc.SLUG,
            "players": [{"name": name} for name in NAMES[:players]],
            "seed": "seed counts",
            "events": [{"kind": kind, "payload": payload} for kind, payload in entries],
        }
    )
    assert list(state.skipped) == [len(entries)], "the last entry was accepted"
    return state.skipped[len(entries)].render()


def hand(seat: int, **cards: int) -> tuple[str, dict[str, Any]]:
    """The energy cards in ``seat``'s hand, entered by type (the app discards every 5 of one type)."""
    return ctc.ENERGY_CARDS, {"seat": seat, **cards}


def taken(seat: int, count: int) -> list[tuple[str, dict[str, Any]]]:
    """``seat``'s time chamber track reached space 6 ``count`` times: as many new crystals taken.

    One entry says at most 6 (a turn's gains): more are entered over several turns.
    """
    return [(ctc.CRYSTAL, {"seat": seat, "count": min(6, count - n)}) for n in range(0, count, 6)]


def end_phase() -> tuple[str, dict[str, Any]]:
    return ctc.END_PHASE, {}


def category(board: Scoreboard, seat: int, key: str) -> int:
    line = next(p for p in board.players if p.seat == seat)
    return next(c.points for c in line.categories if c.key == key)


def total(board: Scoreboard, seat: int) -> int:
    return next(p.total for p in board.players if p.seat == seat)


# -- Energy cards: 5 of one type for 6 points ------------------------------------------------------------
# Seed 004 line 386: 「プレイヤーは同種のエネルギーカードを5枚捨てて6ポイントを獲得できます。このアクションは、
# 同種のエネルギーカードが十分にある場合は、複数回実行できます。」 (line 388 repeats it). The types are the
# four controls' (lines 236-258, the power card decks of line 366): light, time, gravity, chemistry.

ENERGY_KINDS = ("light", "time", "gravity", "chemistry")


@pytest.mark.parametrize("kind", ENERGY_KINDS)
@pytest.mark.parametrize(
    ("cards", "sets", "left"),
    [(4, 0, 4), (5, 1, 0), (6, 1, 1), (9, 1, 4), (10, 2, 0), (11, 2, 1), (14, 2, 4), (15, 3, 0)],
)
def test_every_five_cards_of_one_type_score_six_and_the_rest_stay_in_hand(
    kind: str, cards: int, sets: int, left: int
) -> None:
    state, board = cosmos(3, hand(2, **{kind: cards}))
    assert category(board, 2, "energy-sets") == 6 * sets
    assert total(board, 2) == 6 * sets
    assert state.game.galaxy(2).hand == left
    assert (total(board, 1), total(board, 3)) == (0, 0), "only the hand's owner scores"


def test_eleven_light_four_time_and_five_chemistry_score_eighteen_and_keep_one_light_and_four_time() -> None:
    # Light 11 = 2 sets + 1; time 4 = no set; chemistry 5 = 1 set + 0: 3 sets × 6 = 18, 5 cards left.
    state, board = cosmos(3, hand(1, light=11, time=4, chemistry=5))
    assert category(board, 1, "energy-sets") == 18 and total(board, 1) == 18
    assert state.game.galaxy(1).hand == 5
    (entry,) = state.game.galaxy(1).energy
    assert [(t.kind, t.cards, t.sets, t.points, t.left) for t in entry.types] == [
        ("light", 11, 2, 12, 1),
        ("time", 4, 0, 0, 4),
        ("chemistry", 5, 1, 6, 0),
    ]


def test_all_four_types_in_one_hand_are_counted_apart() -> None:
    # 5 → 1 set, 10 → 2 sets, 4 → none, 14 → 2 sets (4 left): 5 sets = 30 points, 0 + 0 + 4 + 4 = 8 left.
    state, board = cosmos(2, hand(1, light=5, time=10, gravity=4, chemistry=14))
    assert category(board, 1, "energy-sets") == 30
    assert state.game.galaxy(1).hand == 8


def test_a_type_with_no_card_adds_nothing_next_to_the_others() -> None:
    state, board = cosmos(2, hand(1, light=0, time=5, gravity=0, chemistry=0))
    assert category(board, 1, "energy-sets") == 6 and state.game.galaxy(1).hand == 0


def test_five_cards_of_different_types_are_not_a_set() -> None:
    # 「同種」: of one type. 4 light + 1 time is five cards but no set; so is 4 + 4 + 4 + 4.
    state, board = cosmos(2, hand(1, light=4, time=1), hand(2, light=4, time=4, gravity=4, chemistry=4))
    assert (category(board, 1, "energy-sets"), state.game.galaxy(1).hand) == (0, 5)
    assert (category(board, 2, "energy-sets"), state.game.galaxy(2).hand) == (0, 16)


def test_the_sets_repeat_turn_after_turn() -> None:
    # 「複数回実行できます」: 10 light this turn (2 sets), 7 gravity a later turn (1 set, 2 left): 18 points.
    state, board = cosmos(2, hand(1, light=10), end_phase(), hand(1, gravity=7))
    assert category(board, 1, "energy-sets") == 18
    assert state.game.galaxy(1).hand == 2


def test_a_hand_over_ten_is_cut_only_in_the_end_phase() -> None:
    # Line 211 / 358: at most 10 energy cards, checked in the end phase; line 442: step 5 of the end
    # phase discards down to 10. Sixteen cards left after the sets stay in hand until then.
    state, _ = cosmos(3, hand(1, light=4, time=4, gravity=4, chemistry=4))
    assert state.game.galaxy(1).hand == 16
    state, board = cosmos(3, hand(1, light=4, time=4, gravity=4, chemistry=4), end_phase())
    assert state.game.galaxy(1).hand == 10
    assert "Round 1: Aki discards 6 energy cards down to the hand limit of 10" in board.to_json()["details"]


def test_a_tie_goes_to_the_player_with_more_energy_cards_left_after_the_sets() -> None:
    # Line 470: 「同点の場合は、手札に最も多くのエネルギーカードが残っている人が勝者となります。」
    # Aki: 10 light → 12 points, 0 left. Ben: 14 time → 12 points, 4 left: Ben wins the tie.
    _, board = cosmos(2, hand(1, light=10), hand(2, time=14))
    assert (total(board, 1), total(board, 2)) == (12, 12)
    assert board.winners == (2,)


# -- Time crystals: the supply by player count, and each board's own ---------------------------------------
# Seed 004 lines 30-36: 2人用 6, 3人用 9, 4人用 11 in the supply; 「プレイヤー1人につきタイムクリスタルを1つ、
# プレイヤーボードに使用するため追加で用意します」. Lines 85 and 99: each board's crystal starts on space 0
# 「メインボードのセットアップ中に取っておいたものから、サプライからではなく」. Line 203: a new crystal
# comes from the supply only when the track reaches space 6.

CRYSTALS = [(2, 6, 8), (3, 9, 12), (4, 11, 15)]  # players, supply, supply + one per board


def panel(state: TableState) -> Any:
    return cosmos_view(state.setup, state.game, viewer(COSMOS, state, 1, False))


@pytest.mark.parametrize(("players", "supply", "in_play"), CRYSTALS)
def test_the_supply_follows_the_player_count_and_each_board_has_its_own_crystal_besides(
    players: int, supply: int, in_play: int
) -> None:
    state, _ = cosmos(players)
    assert state.game.supply == supply, "the boards' crystals are not taken from the supply"
    assert [state.game.galaxy(seat).board_crystals for seat in range(1, players + 1)] == [1] * players
    shown = panel(state)
    assert (shown.supply_start, shown.supply, shown.crystals_on_boards) == (supply, supply, players)
    assert shown.crystals_total == in_play == supply + players


@pytest.mark.parametrize(("players", "supply", "in_play"), CRYSTALS)
def test_a_board_holds_one_crystal_plus_those_taken_when_its_track_reached_six(
    players: int, supply: int, in_play: int
) -> None:
    state, _ = cosmos(players, *taken(1, 2), *taken(2, 1), *taken(1, 1))
    boards = [state.game.galaxy(seat).board_crystals for seat in range(1, players + 1)]
    assert boards == [1 + 3, 1 + 1] + [1] * (players - 2)
    assert state.game.supply == supply - 4
    assert panel(state).crystals_total == in_play, "taking a crystal moves it from the supply to a board"


@pytest.mark.parametrize(("players", "supply", "in_play"), CRYSTALS)
def test_the_game_ends_after_the_end_phase_in_which_the_supply_runs_out(
    players: int, supply: int, in_play: int
) -> None:
    # Line 468: 「サプライのタイムクリスタルトークンがなくなった場合…その終了フェーズ後にゲームは終了します」.
    state, _ = cosmos(players, *taken(1, supply - 1), end_phase())
    assert not state.game.over and state.game.supply == 1
    state, _ = cosmos(players, *taken(1, supply - 1), *taken(2, 1))
    assert state.game.supply == 0 and not state.game.over, "the round is played out"
    state, _ = cosmos(players, *taken(1, supply - 1), *taken(2, 1), end_phase())
    assert state.game.over and state.game.ended_by == (ctc.CRYSTALS_OUT,)


@pytest.mark.parametrize(("players", "supply", "in_play"), CRYSTALS)
def test_once_the_supply_is_empty_crystals_come_from_the_box_and_still_go_on_the_board(
    players: int, supply: int, in_play: int
) -> None:
    # Line 234: the one resource that never runs short: 「ゲームボックスから追加のトークンを取り」.
    state, _ = cosmos(players, *taken(1, supply), *taken(2, 2))
    assert (state.game.supply, state.game.from_box) == (0, 2)
    assert state.game.galaxy(2).board_crystals == 3
    assert panel(state).crystals_total == in_play + 2


def test_a_board_releases_its_chamber_only_as_often_as_its_track_reached_six() -> None:
    # Line 336: a release needs a crystal on space 6; line 340: releases score 3 / 6 / 10 / 15 / 21.
    _, board = cosmos(2, *taken(1, 2), (ctc.RELEASE, {"seat": 1}), (ctc.RELEASE, {"seat": 1}))
    assert category(board, 1, "time-chamber") == 3 + 6
    third = refusal(2, *taken(1, 2), *[(ctc.RELEASE, {"seat": 1})] * 3)
    assert third.startswith("A release needs a time crystal on space 6"), "two crystals taken: two releases"


# == Andromeda ========================================================================================
# Seed 002 line 29: 26 pieces per player. Line 31: 4 on Earth, 1 on the ship track, 1 on the tech
# track. Lines 47-57, stations on every planet, then one per planet card drawn, the rest to the box:
#   3 players (line 49): 2 on each of the 7 planets, 6 cards;  6 + 14 + 6 = 26, none left;
#   4 players (line 53): 1 on each, 9 cards, 「各プレイヤー4個余りますがそれは箱に戻します」;
#   5 players (line 57): 1 on each, 6 cards, 「各プレイヤー7個余りますがそれは箱に戻します」.
# Line 71: 「それ以外にステーションの追加はありません」. Line 73: each station on Earth scores 1 at the end.

# players, per planet, cards drawn, to the box, stations in play (Earth + planets) after setup
SEED_002 = [(3, 2, 6, 0, 24), (4, 1, 9, 4, 20), (5, 1, 6, 7, 17)]


def andromeda_setup(players: int, **options: Any) -> Setup:
    seats = tuple(Player(seat, NAMES[seat - 1], "#000000") for seat in range(1, players + 1))
    return Setup("andromeda", seats, resolve_options((*TABLE_OPTIONS, *ANDROMEDA.options), options), "seed counts")


class Table:
    """An Andromeda table driven by the moves the phones record."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.state = new_table(ANDROMEDA, setup)

    @property
    def game(self) -> Andromeda:
        game: Andromeda = self.state.game
        return game

    def play(self, kind: str, **payload: Any) -> None:
        move = moves(ANDROMEDA)[f"andromeda.{kind}"]
        if move.guard is not None:
            payload.setdefault(move.guard.field, move.guard.current(self.game))
        event = Event(self.state.last_seq + 1, f"andromeda.{kind}", payload, author=None, by_host=True)
        _, self.state = decide(ANDROMEDA, self.state, event)

    def in_play(self, seat: int) -> int:
        """Return ``seat``'s stations on Earth, on the planets and on economic centers."""
        where = self.game.where(seat)
        return where.earth + sum(where.planets) + where.centers


def drawn_by_every_seat(players: int) -> Table:
    table = Table(andromeda_setup(players))
    for seat in table.setup.seats:
        table.play("setup-draw", seat=seat)
    return table


@pytest.mark.parametrize(("players", "per_planet", "cards", "boxed", "in_play"), SEED_002)
def test_before_the_draw_every_player_has_the_seeds_stations_and_the_rest_in_the_box(
    players: int, per_planet: int, cards: int, boxed: int, in_play: int
) -> None:
    table = Table(andromeda_setup(players))
    for seat in table.setup.seats:
        where = table.game.where(seat)
        assert (where.earth, where.tracks, where.centers) == (4, 2, 0)
        assert where.planets == (per_planet,) * 7
        assert (where.to_place, where.box) == (cards, boxed)
        assert 4 + 2 + 7 * per_planet + cards + boxed == where.total == 26


@pytest.mark.parametrize(("players", "per_planet", "cards", "boxed", "in_play"), SEED_002)
def test_the_setup_draw_places_one_station_per_card_and_leaves_the_seeds_count_in_play(
    players: int, per_planet: int, cards: int, boxed: int, in_play: int
) -> None:
    table = drawn_by_every_seat(players)
    for seat in table.setup.seats:
        drawn = table.game.setup_cards[seat]
        assert len(drawn) == cards
        where = table.game.where(seat)
        assert where.planets == tuple(per_planet + drawn.count(p) for p in PLANETS)
        assert (where.earth, where.to_place, where.box) == (4, 0, boxed)
        assert table.in_play(seat) == in_play
        assert hand_size(table.game, seat) == 9  # line 62: then 9 cards each
    shown = andromeda_view(table.setup, table.game, viewer(ANDROMEDA, table.state, 1, False))
    assert shown.setup_draws == cards
    assert shown.box_row == ((boxed,) * players if boxed else None)
    assert [sum(row.stations) for row in shown.rows] == [4 * players] + [
        per_planet * players + sum(table.game.setup_cards[s].count(p) for s in table.setup.seats) for p in PLANETS
    ]


@pytest.mark.parametrize(("players", "per_planet", "cards", "boxed", "in_play"), SEED_002)
def test_the_setup_cards_of_all_players_come_from_one_deck_of_84_with_12_of_each_planet(
    players: int, per_planet: int, cards: int, boxed: int, in_play: int
) -> None:
    # Line 27: 7 planets × 12 cards, shuffled; every player draws from that one deck (line 45: the
    # cards go back only once the stations are placed). So no planet is drawn more than 12 times in
    # all, and a planet's count over all players spreads like n cards dealt from one deck of 84
    # (hypergeometric), narrower than each player drawing from a deck of their own.
    seats = andromeda_setup(players).players
    options = resolve_options((*TABLE_OPTIONS, *ANDROMEDA.options), {SETUP_DRAW: DRAW_IN_APP})
    counts = []
    for n in range(300):
        game = ANDROMEDA.initial_state(Setup("andromeda", seats, options, f"deck {n}"))
        assert all(len(game.setup_cards[p.seat]) == cards for p in seats)
        everyone = Counter(planet for p in seats for planet in game.setup_cards[p.seat])
        counts += [everyone[planet] for planet in PLANETS]
    assert max(counts) <= 12
    dealt, share = players * cards, 1 / 7
    one_deck = dealt * share * (1 - share) * (84 - dealt) / 83
    own_decks = dealt * share * (1 - share) * (84 - cards) / 83
    spread = pvariance(counts)
    assert abs(spread - one_deck) < abs(spread - own_decks), (spread, one_deck, own_decks)


@pytest.mark.parametrize(("players", "per_planet", "cards", "boxed", "in_play"), SEED_002)
def test_one_tap_per_seat_and_the_app_drawing_for_all_at_once_deal_the_same_cards(
    players: int, per_planet: int, cards: int, boxed: int, in_play: int
) -> None:
    at_once = ANDROMEDA.initial_state(andromeda_setup(players, **{SETUP_DRAW: DRAW_IN_APP}))
    tapped = drawn_by_every_seat(players).game
    assert at_once.setup_cards == tapped.setup_cards
    assert all(at_once.where(seat) == tapped.where(seat) for seat in range(1, players + 1))


@pytest.mark.parametrize(("players", "per_planet", "cards", "boxed", "in_play"), SEED_002)
def test_the_cards_entered_at_the_table_must_be_exactly_the_seeds_count(
    players: int, per_planet: int, cards: int, boxed: int, in_play: int
) -> None:
    table = Table(andromeda_setup(players))
    for wrong in (cards - 1, cards + 1):
        with pytest.raises(RuleError):
            table.play("setup", seat=1, planet_3=min(wrong, 9), planet_4=max(wrong - 9, 0))
    table.play("setup", seat=1, planet_3=cards)
    assert table.game.where(1).planets[2] == per_planet + cards and table.in_play(1) == in_play


@pytest.mark.parametrize(("players", "per_planet", "cards", "boxed", "in_play"), SEED_002)
def test_every_player_starts_with_4_points_for_the_4_stations_on_earth(
    players: int, per_planet: int, cards: int, boxed: int, in_play: int
) -> None:
    board = score(ANDROMEDA, drawn_by_every_seat(players).state)
    assert [(p.total, {c.key: c.points for c in p.categories}["earth"]) for p in board.players] == [(4, 4)] * players


@pytest.mark.parametrize(("players", "per_planet", "cards", "boxed", "in_play"), SEED_002)
def test_no_station_joins_or_leaves_the_game_after_setup(
    players: int, per_planet: int, cards: int, boxed: int, in_play: int
) -> None:
    table = drawn_by_every_seat(players)
    table.play("movement-card", seat=1, planet=5, effect="out")  # 2 from Earth to planet 5
    table.play("movement-card", seat=2, planet=5, effect="home")  # all of Ben's on planet 5 to Earth
    assert table.game.earth[1] == 2 and table.game.earth[2] > 4 and table.game.on_planet(5, 2) == 0
    table.play("trade-phase")
    table.play("lay", seat=1, card="1")
    for seat in table.setup.seats[1:]:
        table.play("cannot-follow", seat=seat)
    table.play("move", seat=1, planet=6, cards=2)  # 1 from Earth to planet 6
    table.play("challenge", seat=1, planet=5, cards=6)  # 3 draws: back to Earth, or a center
    (challenge,) = table.game.challenges.values()
    assert challenge.draws, "stations were drawn from the ring"
    table.play("end-turn", seat=1)
    for seat in table.setup.seats[1:]:
        table.play("end-turn", seat=seat)
    assert table.game.round == 2
    for seat in table.setup.seats:
        assert table.in_play(seat) == in_play
        assert table.game.where(seat).box == boxed
        assert table.game.where(seat).total == 26
