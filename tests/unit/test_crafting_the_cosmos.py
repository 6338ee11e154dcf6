"""Crafting the Cosmos: goal track and awards, time chamber, energy sets, end, secret advanced life."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.contract import Event
from companion.games.crafting_the_cosmos import GAME as COSMOS
from companion.games.crafting_the_cosmos import rules as ctc
from companion.games.moves import Control, Viewer
from companion.games.scenario import replay
from companion.games.scores import Scoreboard
from companion.games.table import decide, describe, fold
from companion.games.table import viewer as phone_of
from companion.games.table_moves import moves
from companion.games.table_state import TableState
from companion.games.words import RuleError

NAMES = ("Aki", "Ben", "Chika", "Dai", "Emi")


def seat(name: str) -> int:
    return NAMES.index(name) + 1


class Game:
    """A scenario written like a game night: points are recorded, end phases are played."""

    def __init__(self, players: int = 3, seed: str = "cosmos", **options: Any) -> None:
        self.players = [{"name": name} for name in NAMES[:players]]
        self.seed = seed
        self.options = options
        self.events: list[dict[str, Any]] = []

    def add(self, move: str, /, **payload: Any) -> Game:
        self.events.append({"kind": move, "payload": payload})
        return self

    def counts(self, **counts: int) -> Game:
        for name, count in counts.items():
            self.add(ctc.GOAL_COUNT, seat=seat(name), count=count)
        return self

    def end_phase(self) -> Game:
        return self.add(ctc.END_PHASE)

    def rounds_without_scoring(self, count: int = 2) -> Game:
        """Rounds 1 and 2: no goal is at the bottom yet."""
        for _ in range(count):
            self.end_phase()
        return self

    def score_goal(self, **counts: int) -> Game:
        return self.counts(**{name: counts.get(name, 0) for name in NAMES[: len(self.players)]}).end_phase()

    def nebula(self, name: str, points: int, size: int = 2) -> Game:
        return self.add(ctc.NEBULA, seat=seat(name), size=size, points=points)

    def life(self, name: str) -> Game:
        return self.add(ctc.ADVANCED_LIFE, seat=seat(name))

    def scenario(self) -> dict[str, Any]:
        return {
            "game": ctc.SLUG,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "events": self.events,
        }

    def play(self) -> tuple[TableState, Scoreboard]:
        state, board = replay(self.scenario())
        assert not state.skipped, {seq: m.render() for seq, m in state.skipped.items()}
        return state, board

    def refused(self, move: str, /, **payload: Any) -> str:
        """Play the game so far, then return why one more move is skipped."""
        self.add(move, **payload)
        state, _ = replay(self.scenario())
        self.events.pop()
        last = len(self.events) + 1
        assert last in state.skipped, "the move was accepted"
        return state.skipped[last].render()


def points(board: Scoreboard, name: str, category: str | None = None) -> int:
    line = next(p for p in board.players if p.name == name)
    if category is None:
        return line.total
    return next(c.points for c in line.categories if c.key == category)


# -- Set-up ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "supply"), [(2, 6), (3, 9), (4, 11)])
def test_the_crystal_supply_follows_the_player_count(players: int, supply: int) -> None:
    state, _ = Game(players).play()
    assert state.game.supply == supply


@pytest.mark.parametrize("players", [1, 5])
def test_the_game_is_for_two_to_four_players(players: int) -> None:
    with pytest.raises(RuleError):
        Game(players).play()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_advanced_life_stack_is_group_2_under_two_group_1_tokens_per_player(players: int) -> None:
    stack = ctc.life_stack("any seed", players)
    on_top, below = stack[: 2 * players], stack[2 * players :]
    assert Counter(below) == Counter(ctc.GROUP_2)
    assert sorted(ctc.GROUP_2) == [4] * 4 + [5] * 5 + [6] * 5 + [7] * 2
    assert sum(ctc.GROUP_1) == 59 and len(ctc.GROUP_1) == 8
    assert not Counter(on_top) - Counter(ctc.GROUP_1)  # drawn from group 1
    assert len({ctc.life_stack(f"seed {n}", players) for n in range(20)}) > 1  # shuffled by the seed


def test_the_first_goal_starts_on_the_top_space_and_hands_hold_four_cards() -> None:
    state, _ = Game().play()
    assert state.game.track == (1, None, None, None)
    assert all(galaxy.hand == 4 for galaxy in state.game.galaxies.values())


def test_the_first_player_is_chosen_or_drawn_from_the_seed() -> None:
    state, _ = Game().add(ctc.FIRST_PLAYER, seat=2).play()
    assert state.game.first_player == 2
    drawn = {Game(seed=f"s{n}").add(ctc.FIRST_PLAYER).play()[0].game.first_player for n in range(30)}
    assert drawn == {1, 2, 3}
    again = Game(seed="s1").add(ctc.FIRST_PLAYER).play()[0].game.first_player
    assert again == Game(seed="s1").add(ctc.FIRST_PLAYER).play()[0].game.first_player


def test_the_host_names_a_drawn_goal_with_a_kind_and_the_printed_name() -> None:
    _, board = (
        Game()
        .add(ctc.GOAL, goal=1, goal_kind="proto-life", name="Primordial soup")
        .rounds_without_scoring()
        .score_goal(Aki=7, Ben=7, Chika=3)
        .play()
    )
    assert "Round 3, goal 1: Primordial soup: Aki 7, Ben 7, Chika 3: Aki +6, Ben +6" in board.to_json()["details"]
    assert Game().refused(ctc.GOAL, goal=2, goal_kind="carbon") == "Goal 2 has not been drawn yet."


# -- The goal track ---------------------------------------------------------------------------------


def test_a_goal_scores_when_it_reaches_the_fourth_space_two_end_phases_later() -> None:
    game = Game().end_phase()
    assert game.play()[0].game.track == (2, 1, None, None)
    game.end_phase()
    assert game.play()[0].game.track == (3, 2, 1, None)
    assert game.refused(ctc.END_PHASE) == "Enter every player's count for goal 1 first (missing: Aki, Ben, Chika)."
    state, _ = game.score_goal(Aki=1).play()
    assert state.game.track == (4, 3, 2, None)
    assert [p.scoring.goal for p in state.game.end_phases if p.scoring] == [1]


def test_no_count_is_taken_before_a_goal_reaches_the_bottom() -> None:
    refusal = Game().end_phase().refused(ctc.GOAL_COUNT, seat=1, count=3)
    assert refusal == "No universal goal reaches the bottom of the track at the end of this round."


GOAL_CASES = [
    # players, counts, awards
    (3, (5, 3, 1), (6, 3, 0)),  # sole first, sole second
    (3, (5, 5, 1), (6, 6, 0)),  # tied firsts: nobody takes 2nd
    (3, (5, 2, 2), (6, 3, 3)),  # tied seconds all take 3
    (3, (4, 4, 4), (6, 6, 6)),  # everyone tied first
    (3, (2, 0, 0), (6, 0, 0)),  # at least one is needed, even for 2nd
    (3, (0, 0, 0), (0, 0, 0)),  # nobody has any: discarded
    (4, (3, 1, 1, 1), (6, 3, 3, 3)),
    (4, (3, 3, 3, 1), (6, 6, 6, 0)),
    (4, (3, 3, 0, 0), (6, 6, 0, 0)),
    (4, (1, 2, 3, 4), (0, 0, 3, 6)),
    (2, (5, 3), (6, 0)),  # 2 players: no 2nd place
    (2, (3, 3), (6, 6)),
    (2, (0, 1), (0, 6)),
]


@pytest.mark.parametrize(("players", "counts", "awards"), GOAL_CASES)
def test_goal_awards_follow_the_seed_for_every_tie_and_player_count(
    players: int, counts: tuple[int, ...], awards: tuple[int, ...]
) -> None:
    game = Game(players).rounds_without_scoring()
    _, board = game.score_goal(**dict(zip(NAMES, counts, strict=False))).play()
    assert tuple(points(board, name, "goals") for name in NAMES[:players]) == awards


def test_a_goal_nobody_can_score_is_discarded() -> None:
    _, board = Game().rounds_without_scoring().score_goal().play()
    assert board.to_json()["details"] == [
        "Round 3, goal 1: Aki 0, Ben 0, Chika 0: nobody has any, the goal is discarded"
    ]


def test_the_last_goal_scores_after_round_8_and_ends_the_game() -> None:
    game = Game().rounds_without_scoring()
    for _ in range(5):
        game.score_goal(Aki=1)
    state, _ = game.play()
    assert not state.game.over and state.game.round == 8 and state.game.scoring_goal == 6
    state, board = game.score_goal(Ben=2).play()
    assert state.game.over and state.game.ended_by == (ctc.LAST_GOAL,)
    assert points(board, "Aki", "goals") == 5 * 6 and points(board, "Ben", "goals") == 6
    assert "Round 8: the game ends because the last universal goal was scored" in board.to_json()["details"]
    game.add(ctc.NEBULA, seat=1, size=1, points=3)
    assert "The game is over" in replay_skipped(game)


def replay_skipped(game: Game) -> str:
    state, _ = replay(game.scenario())
    return " ".join(m.render() for m in state.skipped.values())


# -- Points during the game --------------------------------------------------------------------------


def test_time_chamber_releases_score_3_6_10_15_21_then_a_star_only() -> None:
    game = Game().add(ctc.CRYSTAL, seat=1, count=6).add(ctc.CRYSTAL, seat=1, count=1)
    earned = []
    for _ in range(7):
        before = points(game.play()[1], "Aki", "time-chamber")
        game.add(ctc.RELEASE, seat=1)
        earned.append(points(game.play()[1], "Aki", "time-chamber") - before)
    assert earned == [3, 6, 10, 15, 21, 0, 0]
    state, _ = game.play()
    assert state.game.supply == 9 - 7 and state.game.from_box == 0


def test_a_release_needs_a_crystal_that_reached_space_6() -> None:
    refusal = Game().refused(ctc.RELEASE, seat=1)
    assert refusal.startswith("A release needs a time crystal on space 6")
    state, _ = Game().add(ctc.CRYSTAL, seat=1).add(ctc.RELEASE, seat=1).play()
    assert len(state.game.galaxy(1).releases) == 1


def test_an_old_entry_of_sets_of_five_same_energy_cards_still_scores_six_each() -> None:
    state, board = Game().add(ctc.ENERGY_SET, seat=2).add(ctc.ENERGY_SET, seat=2, sets=2).play()
    assert points(board, "Ben", "energy-sets") == 18
    assert (
        describe(COSMOS, state, state.events[-1]).render() == "Ben discarded 2 sets of 5 same energy cards: 12 points"
    )
    assert describe(COSMOS, state, state.events[0]).render() == "Ben discarded 1 set of 5 same energy cards: 6 points"


def energy(game: Game, name: str, **cards: int | bool) -> Game:
    """The player enters the energy cards in their hand by type."""
    return game.add(ctc.ENERGY_CARDS, seat=seat(name), **cards)


def test_eleven_light_four_time_and_five_chemistry_make_three_sets_eighteen_points_and_five_cards_left() -> None:
    game = energy(Game(), "Aki", light=11, time=4, chemistry=5)
    state, board = game.play()
    assert points(board, "Aki", "energy-sets") == 18 and points(board, "Aki") == 18
    assert state.game.galaxy(1).hand == 5  # 1 light and 4 time stay in the hand
    assert not any("Light" in line for line in board.to_json()["details"])  # a hand's types are its own until the end
    log = describe(COSMOS, state, state.events[-1]).render()
    assert log == "Aki discarded 3 sets of 5 same energy cards: 18 points, 5 left in hand"

    state, board = game.add(ctc.CRYSTAL, seat=2, count=6).add(ctc.CRYSTAL, seat=3, count=3).end_phase().play()
    assert state.game.over and points(board, "Aki") == 18
    details = board.to_json()["details"]
    assert "Aki's Light 11 cards: 2 sets (12 points), 1 left" in details
    assert "Aki's Time 4 cards: no set, 4 left" in details
    assert "Aki's Chemistry 5 cards: 1 set (6 points), 0 left" in details


def test_energy_cards_of_different_types_never_make_a_set_together() -> None:
    state, board = energy(Game(), "Ben", light=4, time=4, gravity=4, chemistry=4).play()
    assert points(board, "Ben", "energy-sets") == 0 and state.game.galaxy(2).hand == 16
    assert describe(COSMOS, state, state.events[-1]).render() == "Ben had no 5 same energy cards: 16 left in hand"


def test_the_sets_of_five_repeat_as_often_as_a_type_holds_them() -> None:
    state, board = energy(Game(), "Chika", gravity=15).play()
    assert points(board, "Chika", "energy-sets") == 18 and state.game.galaxy(3).hand == 0
    state, board = energy(energy(Game(), "Chika", gravity=5), "Chika", light=6).play()  # two turns
    assert points(board, "Chika", "energy-sets") == 12 and state.game.galaxy(3).hand == 1


def test_a_type_kept_in_hand_gives_no_set_and_stays_whole_in_the_hand() -> None:
    """Discarding is a choice (seed 004: 「…6ポイントを獲得できます」): Aki keeps her 5 lights for a card."""
    state, board = energy(Game(), "Aki", light=5, time=11, keep_light=True).play()
    assert points(board, "Aki", "energy-sets") == 12 and state.game.galaxy(1).hand == 5 + 1
    assert describe(COSMOS, state, state.events[-1]).render() == (
        "Aki discarded 2 sets of 5 same energy cards: 12 points, 6 left in hand"
    )
    form = next(form for form in panel_for(state, 1).forms if form.player.seat == 1)
    assert [line.render() for line in form.last_energy] == [
        "Light 5 cards: kept in hand",
        "Time 11 cards: 2 sets (12 points), 1 left",
    ]


def test_a_hand_whose_every_set_is_kept_scores_nothing_and_says_so() -> None:
    state, board = energy(Game(), "Ben", gravity=10, chemistry=2, keep_gravity=True).play()
    assert points(board, "Ben", "energy-sets") == 0 and state.game.galaxy(2).hand == 12
    assert describe(COSMOS, state, state.events[-1]).render() == (
        "Ben kept the energy cards in hand, no set discarded: 12 in hand"
    )


def test_a_type_kept_with_fewer_than_five_cards_is_no_set_kept() -> None:
    state, _ = energy(Game(), "Aki", light=3, time=2, keep_light=True).play()
    assert describe(COSMOS, state, state.events[-1]).render() == "Aki had no 5 same energy cards: 5 left in hand"


def test_an_energy_entry_with_no_card_is_refused() -> None:
    assert Game().refused(ctc.ENERGY_CARDS, seat=1) == "Enter how many energy cards of each type are in the hand."
    assert (
        Game().refused(ctc.ENERGY_CARDS, seat=1, light=0) == "Enter how many energy cards of each type are in the hand."
    )


def test_the_energy_form_says_how_the_last_hand_was_split_into_sets() -> None:
    state, _ = energy(Game(), "Aki", light=11, time=4).play()
    form = next(form for form in panel_for(state, 1).forms if form.player.seat == 1)
    assert [label for _field, label in form.energy_types] == [
        "energy type\x04Light",
        "energy type\x04Time",
        "energy type\x04Gravity",
        "energy type\x04Chemistry",
    ]
    assert [line.render() for line in form.last_energy] == [
        "Light 11 cards: 2 sets (12 points), 1 left",
        "Time 4 cards: no set, 4 left",
    ]


@pytest.mark.parametrize(("players", "supply", "total"), [(2, 6, 8), (3, 9, 12), (4, 11, 15)])
def test_each_board_starts_with_its_own_crystal_besides_the_supply(players: int, supply: int, total: int) -> None:
    state, _ = Game(players).play()
    panel = panel_for(state, 1)
    assert [row.crystals for row in panel.rows] == [1] * players  # set aside at set-up, not from the supply
    assert (panel.supply, panel.crystals_on_boards, panel.crystals_total) == (supply, players, total)
    state, _ = Game(players).add(ctc.CRYSTAL, seat=1, count=2).play()  # the track reached 6 twice
    panel = panel_for(state, 2)
    assert [row.crystals for row in panel.rows] == [3] + [1] * (players - 1)
    assert (panel.supply, panel.crystals_on_boards, panel.crystals_total) == (supply - 2, players + 2, total)


def test_crystals_from_the_game_box_add_to_the_crystals_in_play() -> None:
    state, _ = Game(2).add(ctc.CRYSTAL, seat=1, count=6).add(ctc.CRYSTAL, seat=2, count=2).play()
    panel = panel_for(state, 1)
    assert (panel.supply, panel.from_box, [row.crystals for row in panel.rows]) == (0, 2, [7, 3])
    assert panel.crystals_total == 8 + 2


def test_points_by_source_add_up_to_the_total() -> None:
    _, board = (
        Game()
        .nebula("Aki", 10, size=3)
        .nebula("Aki", 4, size=1)
        .add(ctc.POWER, seat=1, points=5, card="Relativity")
        .add(ctc.POINTS, seat=1, points=-2, reason="scored twice by mistake")
        .add(ctc.ENERGY_SET, seat=1)
        .play()
    )
    categories = {c.key: c.points for c in next(p for p in board.players if p.name == "Aki").categories}
    assert categories == {
        "nebulae": 14,
        "time-chamber": 0,
        "energy-sets": 6,
        "power": 5,
        "goals": 0,
        "advanced-life": 0,
        "other": -2,
    }
    assert points(board, "Aki") == 23


# -- End of the game ---------------------------------------------------------------------------------


def test_an_empty_crystal_supply_ends_the_game_after_that_end_phase() -> None:
    game = Game(2).add(ctc.CRYSTAL, seat=1, count=6)
    state, _ = game.play()
    assert state.game.supply == 0 and not state.game.over
    state, board = game.add(ctc.CRYSTAL, seat=2, count=2).end_phase().play()
    assert state.game.from_box == 2
    assert state.game.over and state.game.ended_by == (ctc.CRYSTALS_OUT,) and state.game.round == 1
    assert "Round 1: the game ends because the time crystal supply ran out" in board.to_json()["details"]


def test_a_crystal_supply_with_crystals_left_does_not_end_the_game() -> None:
    state, _ = Game(2).add(ctc.CRYSTAL, seat=1, count=5).end_phase().play()
    assert not state.game.over and state.game.round == 2


def test_the_hand_limit_cuts_hands_to_ten_in_the_end_phase() -> None:
    state, board = Game().add(ctc.HAND, seat=2, count=13).add(ctc.HAND, seat=3, count=10).end_phase().play()
    assert state.game.galaxy(2).hand == 10 and state.game.galaxy(3).hand == 10
    assert "Round 1: Ben discards 3 energy cards down to the hand limit of 10" in board.to_json()["details"]


@pytest.mark.parametrize(("option", "hand"), [("checked", 10), ("skipped", 12)])
def test_the_last_end_phase_checks_the_hand_limit_unless_the_option_skips_it(option: str, hand: int) -> None:
    game = Game(2, **{ctc.FINAL_HAND_LIMIT: option}).add(ctc.CRYSTAL, seat=1, count=6).add(ctc.HAND, seat=1, count=12)
    state, board = game.end_phase().play()
    assert state.game.over and state.game.galaxy(1).hand == hand
    assert board.to_json()["options"]["Hand limit in the last end phase"].startswith(option)


def test_a_tie_goes_to_more_energy_cards_in_hand_then_is_shared() -> None:
    game = Game().nebula("Aki", 6).nebula("Ben", 6).add(ctc.HAND, seat=1, count=3).add(ctc.HAND, seat=2, count=7)
    _, board = game.play()
    assert [p.name for p in board.players][:2] == ["Ben", "Aki"] and board.winners == (2,)
    _, board = game.add(ctc.HAND, seat=1, count=7).play()
    assert board.winners == (1, 2)
    assert "energy cards in hand" in board.to_json()["tie_break"][0]  # the tie-break was looked at, and settled nothing


@pytest.mark.parametrize(("players", "after"), [(3, [2, 3, 1, 2]), (2, [1, 1, 1, 1])])
def test_the_first_player_token_passes_left_except_with_two_players(players: int, after: list[int]) -> None:
    game = Game(players).add(ctc.FIRST_PLAYER, seat=1)
    seen = []
    for round_ in range(1, 5):
        if round_ < 3:
            game.end_phase()
        else:
            game.score_goal(Aki=1)
        seen.append(game.play()[0].game.first_player)
    assert seen == after


# -- Advanced life, in secret ------------------------------------------------------------------------


def viewer(seat: int | None, host: bool = False) -> Viewer:
    return Viewer(seat, host, {move.kind: Control(move.kind, True, (1, 2, 3)) for move in moves(COSMOS).values()})


def test_an_advanced_life_needs_a_completed_nebula_without_one() -> None:
    assert Game().refused(ctc.ADVANCED_LIFE, seat=1).startswith("An advanced life needs a completed nebula")
    assert Game().nebula("Aki", 5).life("Aki").refused(ctc.ADVANCED_LIFE, seat=1).startswith("An advanced life")


def test_advanced_life_tokens_come_off_the_stack_in_order() -> None:
    game = Game(seed="stack").nebula("Aki", 5).nebula("Ben", 5).nebula("Aki", 5)
    state, _ = game.life("Aki").life("Ben").life("Aki").play()
    stack = ctc.life_stack("stack", 3)
    assert [life.value for life in state.game.galaxy(1).lives] == [stack[0], stack[2]]
    assert [life.value for life in state.game.galaxy(2).lives] == [stack[1]]


class Table:
    """A table played as the phones play it: every entry decided by the rules as it is recorded."""

    def __init__(self, players: int = 3, seed: str = "undo") -> None:
        self.state = replay(Game(players, seed=seed).scenario())[0]

    def record(self, kind: str, author: int | None, by_host: bool = False, **payload: Any) -> Table:
        _, self.state = decide(
            COSMOS, self.state, Event(self.state.last_seq + 1, kind, payload, author, by_host=by_host)
        )
        return self

    def undo_last(self, author: int | None, by_host: bool = False) -> Table:
        return self.record("void", author, by_host, target=self.state.last_seq)

    def places(self, name: str) -> list[int]:
        return [life.draw for life in self.state.game.galaxy(seat(name)).lives]


def test_an_undone_advanced_life_is_held_for_its_player_and_never_dealt_to_another() -> None:
    table = Table().record(ctc.NEBULA, 1, seat=1, size=2, points=5).record(ctc.NEBULA, 3, seat=3, size=2, points=5)
    table.record(ctc.ADVANCED_LIFE, 3, seat=3)
    seen = table.places("Chika")
    table.undo_last(3).record(ctc.ADVANCED_LIFE, 1, seat=1)
    assert table.places("Aki") != seen  # Aki draws the first token nobody has seen
    table.record(ctc.ADVANCED_LIFE, 3, seat=3)
    assert table.places("Chika") == seen  # Chika drawing again gets hers back
    assert fold(COSMOS, table.state.setup, table.state.events).game == table.state.game  # the ledger replays alike


def test_the_hosts_undo_of_a_draw_holds_the_token_for_the_seat_it_was_drawn_for() -> None:
    table = Table().record(ctc.NEBULA, 1, seat=1, size=2, points=5).record(ctc.NEBULA, 3, seat=3, size=2, points=5)
    seen = table.record(ctc.ADVANCED_LIFE, 3, seat=3).places("Chika")
    table.undo_last(1, by_host=True).record(ctc.ADVANCED_LIFE, 1, by_host=True, seat=1)
    assert table.places("Aki") != seen


def test_a_draw_left_out_when_its_nebula_is_undone_keeps_its_token_with_its_player() -> None:
    table = Table().record(ctc.NEBULA, 3, seat=3, size=2, points=5)
    nebula = table.state.last_seq
    seen = table.record(ctc.ADVANCED_LIFE, 3, seat=3).places("Chika")
    table.record("void", 3, target=nebula)
    assert table.places("Chika") == [] and table.state.game.draws == 1
    table.record(ctc.NEBULA, 1, seat=1, size=2, points=5).record(ctc.ADVANCED_LIFE, 1, seat=1)
    assert table.places("Aki") != seen
    table.record(ctc.NEBULA, 3, seat=3, size=2, points=5).record(ctc.ADVANCED_LIFE, 3, seat=3)
    assert table.places("Chika") == seen


def test_a_draw_kept_after_later_draws_were_undone_keeps_the_token_it_showed() -> None:
    table = Table().record(ctc.NEBULA, 3, seat=3, size=2, points=5).record(ctc.NEBULA, 3, seat=3, size=2, points=5)
    table.record(ctc.ADVANCED_LIFE, 3, seat=3)
    first = table.state.last_seq
    table.record(ctc.ADVANCED_LIFE, 3, seat=3)
    shown = table.places("Chika")
    table.record("void", 3, target=first)
    assert table.places("Chika") == shown[1:]  # the second draw still shows what it showed


def test_advanced_life_values_are_hidden_from_other_seats_and_the_score_until_the_end() -> None:
    game = Game(2, seed="secret").nebula("Aki", 5).life("Aki")
    state, board = game.play()
    value = state.game.galaxy(1).lives[0].value
    own = COSMOS.view(state.setup, state.game, viewer(1))
    other = COSMOS.view(state.setup, state.game, viewer(2))
    host = COSMOS.view(state.setup, state.game, viewer(None, host=True))
    assert own.my_lives == (value,) and own.rows[0].life_values == (value,)
    assert other.rows[0].life_values is None and other.rows[0].lives == 1 and other.my_lives == ()
    assert host.rows[0].life_values is None and host.my_lives is None
    assert points(board, "Aki", "advanced-life") == 0 and points(board, "Aki") == 5
    assert str(value) not in " ".join(board.to_json()["details"] + board.to_json()["notes"])
    log = describe(COSMOS, state, state.events[-1]).render()
    assert log == "Aki created an advanced life (token face down)"

    state, board = game.add(ctc.CRYSTAL, seat=2, count=6).end_phase().play()
    other = COSMOS.view(state.setup, state.game, viewer(2))
    assert other.rows[0].life_values == (value,)
    assert points(board, "Aki", "advanced-life") == value and points(board, "Aki") == 5 + value


def test_the_advanced_life_stack_can_run_out() -> None:
    game = Game(2)
    for _ in range(20):  # 2 group-1 tokens per player on the 16 of group 2
        game.nebula("Aki", 1).life("Aki")
    assert game.play()[0].game.draws == 20
    assert game.nebula("Aki", 1).refused(ctc.ADVANCED_LIFE, seat=1) == "The advanced life stack is empty."


def test_undoing_an_end_phase_puts_the_goals_counts_and_first_player_back() -> None:
    game = Game().add(ctc.FIRST_PLAYER, seat=3).rounds_without_scoring().counts(Aki=2, Ben=1, Chika=0)
    before, _ = game.play()
    game.end_phase()
    after, _ = game.play()
    assert before.game.first_player == 2 and after.game.first_player == 3  # Chika, Aki, Ben, Chika
    assert after.game.track == (4, 3, 2, None)
    assert describe(COSMOS, after, after.events[-1]).render() == "End phase of round 3"
    undone, board = game.add("void", target=len(game.events)).play()
    assert undone.game.track == before.game.track and undone.game.counts == before.game.counts
    assert undone.game.first_player == before.game.first_player and points(board, "Aki", "goals") == 0


# -- The round's goal on every phone ---------------------------------------------------------------


def panel_for(state: TableState, seat_number: int | None, host: bool = False) -> Any:
    from companion.games.crafting_the_cosmos.view import cosmos_view

    return cosmos_view(state.setup, state.game, phone_of(COSMOS, state, seat_number, host))


def test_the_galaxies_points_add_up_to_the_standings_once_advanced_life_is_revealed() -> None:
    game = Game(2, seed="secret").nebula("Aki", 10).life("Aki").nebula("Aki", 5).life("Aki")
    game = energy(game.add(ctc.CRYSTAL, seat=1).add(ctc.RELEASE, seat=1), "Aki", light=5)
    game.add(ctc.POINTS, seat=1, points=-2, reason="a slip")
    state, board = game.play()
    lives = [life.value for life in state.game.galaxy(1).lives]
    row = panel_for(state, 2).rows[0]
    assert row.points == str(10 + 5 + 3 + 6 - 2)  # before the end: the face-down tokens count 0
    assert dict(row.sources) == {
        "Nebulae": "15",
        "Time chamber": "3",
        "5 same energy cards": "6",
        "Power cards": "0",
        "Goals": "0",
        "Other": "\u22122",
    }
    state, board = game.add(ctc.CRYSTAL, seat=2, count=5).end_phase().play()  # the supply is empty: the end
    row = panel_for(state, 2).rows[0]
    assert row.points == str(points(board, "Aki")) == str(22 + sum(lives))
    shown = sum(int(value.replace("\u2212", "-")) for _label, value in row.sources) + sum(row.life_values)
    assert shown == points(board, "Aki")


def test_a_signed_entry_of_other_points_agrees_in_number() -> None:
    state, _ = (
        Game().add(ctc.POINTS, seat=1, points=-2, reason="a slip").add(ctc.POINTS, seat=2, points=1, reason="x").play()
    )
    assert describe(COSMOS, state, state.events[0]).render() == "Aki: \u22122 points (a slip)"
    assert describe(COSMOS, state, state.events[1]).render() == "Ben: +1 point (x)"


def test_the_first_goal_can_be_picked_when_the_table_is_created() -> None:
    state, board = Game(**{ctc.FIRST_GOAL: "carbon"}).rounds_without_scoring().score_goal(Aki=2, Ben=1).play()
    assert state.game.goals[1] == ctc.GoalCard("carbon")
    assert "Round 3, goal 1: Most carbon (C) stars: Aki 2, Ben 1, Chika 0: Aki +6, Ben +3" in board.to_json()["details"]
    assert ("The first universal goal, revealed at set-up", "Most carbon (C) stars") in board.options
    state, _ = Game().play()
    assert state.game.goals == {}  # by default it is named on the board once revealed


def test_every_phone_names_the_goal_scoring_this_round_and_says_what_to_count() -> None:
    game = Game(**{ctc.FIRST_GOAL: "hydrogen"})
    state, _ = game.play()
    for phone in (panel_for(state, 1), panel_for(state, 3), panel_for(state, None, host=True)):
        assert phone.scoring_goal is None and phone.next_goal_round == 3
        assert phone.next_goal.render() == "goal 1: Most hydrogen (H) stars"
    state, _ = game.rounds_without_scoring().play()
    for phone in (panel_for(state, 2), panel_for(state, None, host=True)):
        assert phone.scoring_goal.render() == "goal 1: Most hydrogen (H) stars"
        assert phone.goal_hint.render() == "Count your hydrogen (H) stars on your board; supernovas do not count."
    assert [form.player.name for form in panel_for(state, 2).forms] == ["Ben"]  # its own count, at the top
    assert [form.player.name for form in panel_for(state, None, host=True).forms] == ["Aki", "Ben", "Chika"]


def test_a_goal_of_another_kind_tells_every_phone_to_count_what_its_card_names() -> None:
    state, _ = Game().add(ctc.GOAL, goal=1, goal_kind="other", name="Most gravitons").rounds_without_scoring().play()
    assert panel_for(state, 1).goal_hint.render() == "Count what the card names: Most gravitons."
    state, _ = Game().add(ctc.GOAL, goal=1, goal_kind="other").play()  # an entry from before names were asked
    assert panel_for(state, 1).next_goal_hint.render().startswith("Count what the goal card names")


def test_a_goal_card_turned_up_is_asked_for_on_every_phone_until_anyone_names_it() -> None:
    state, _ = Game().end_phase().play()
    ben = panel_for(state, 2)
    assert [number for number, _label in ben.unnamed_goals] == [1, 2]
    assert phone_of(COSMOS, state, 2, False).control(ctc.GOAL).allowed
    state, _ = Game().end_phase().add(ctc.GOAL, goal=2, goal_kind="oxygen").play()  # from any seated phone
    assert [number for number, _label in panel_for(state, 3).unnamed_goals] == [1]


def test_the_goal_naming_form_offers_first_the_goal_scoring_this_round_not_the_newest_card() -> None:
    state, _ = Game().rounds_without_scoring().add(ctc.GOAL, goal=1, goal_kind="oxygen").score_goal(Aki=1).play()
    panel = panel_for(state, 2)  # round 4: goal 2 scores; goals 3 and 4 are face up too
    assert state.game.scoring_goal == 2 and [number for number, _label in panel.unnamed_goals] == [2, 3, 4]
    assert panel.goal_to_name == 2


def test_a_fresh_seed_after_an_import_reshuffles_the_tokens_left_in_the_stack_and_no_others() -> None:
    game = Game().nebula("Aki", 3).life("Aki").nebula("Ben", 3).life("Ben")
    stack = ctc.life_stack("cosmos", 3)
    game.add("table.reseed", seed="server-fresh")
    after, _ = game.play()
    assert after.game.stack[:2] == stack[:2]  # drawn tokens stay drawn
    assert Counter(after.game.stack) == Counter(stack)  # the same tokens, none added or lost
    assert after.game.stack[2:] != stack[2:]
    game.nebula("Chika", 3).life("Chika")
    drawn, _ = game.play()
    assert drawn.game.galaxy(3).lives[0].value == after.game.stack[2]


steps = st.lists(
    st.tuples(st.sampled_from(["nebula", "draw", "undo", "redo"]), st.integers(1, 3), st.integers(0, 30)),
    max_size=40,
)


@settings(max_examples=150, derandomize=True, database=None, deadline=None)
@given(steps=steps)
def test_whatever_is_drawn_undone_and_redone_no_token_is_ever_dealt_to_two_seats(
    steps: list[tuple[str, int, int]],
) -> None:
    table = Table(seed="property")
    dealt: dict[int, int] = {}  # place -> the seat it was first dealt to
    for action, seat_, pick in steps:
        state = table.state
        try:
            if action == "nebula":
                table.record(ctc.NEBULA, seat_, seat=seat_, size=2, points=1)
            elif action == "draw":
                table.record(ctc.ADVANCED_LIFE, None, by_host=True, seat=seat_)
                event = table.state.events[-1]
                assert dealt.setdefault(event.payload["draw"], seat_) == seat_
            else:
                targets = [
                    e.seq
                    for e in state.events
                    if (e.kind == "void") == (action == "redo") and e.seq not in state.voided and e.kind != "seat.claim"
                ]
                if targets:
                    table.record("void", None, by_host=True, target=targets[pick % len(targets)])
        except RuleError:
            table.state = state
    for galaxy_seat, galaxy in table.state.game.galaxies.items():
        assert all(dealt[life.draw] == galaxy_seat for life in galaxy.lives)
