"""Welcome to the Moon: the deck and its piles, missions, errors, the end, and all eight sheets."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.games.contract import Event, Player, Setup
from companion.games.options import resolve_options
from companion.games.scenario import replay
from companion.games.scores import Scoreboard
from companion.games.table import decide, describe, fold
from companion.games.table_state import TABLE_OPTIONS, TableState
from companion.games.welcome_to_the_moon import GAME as WTTM
from companion.games.welcome_to_the_moon import rules as wttm
from companion.games.welcome_to_the_moon.astra import (
    astra_bonuses_due,
    astra_launched,
    astra_next_milestone,
    astra_rockets,
    astra_score,
)
from companion.games.welcome_to_the_moon.cards import DECK, DECK_BY_NUMBER
from companion.games.welcome_to_the_moon.marks import infections_due
from companion.games.welcome_to_the_moon.rule_options import OPTIONS, mission_values
from companion.games.welcome_to_the_moon.sheets import ADVENTURES, STATION_MULTIPLIERS
from companion.games.welcome_to_the_moon.state import SLUG
from companion.games.words import RuleError

NAMES = ("Aki", "Ben", "Chika", "Dai")


def setup_of(players: int = 2, **options: Any) -> Setup:
    values = resolve_options((*TABLE_OPTIONS, *OPTIONS), {"entries": "anyone", **options})
    return Setup(SLUG, tuple(Player(i, NAMES[i - 1], "#000") for i in range(1, players + 1)), values, "moon-seed")


def play(setup: Setup, *events: tuple[str, dict[str, Any]]) -> TableState:
    ledger = [
        Event(seq, kind, payload, author=None, by_host=True) for seq, (kind, payload) in enumerate(events, start=1)
    ]
    state = fold(WTTM, setup, ledger)
    assert not state.skipped, {seq: m.render() for seq, m in state.skipped.items()}
    return state


def flips(count: int) -> list[tuple[str, dict[str, Any]]]:
    return [(wttm.FLIP, {})] * count


def sheet(seat: int, **values: int) -> list[tuple[str, dict[str, Any]]]:
    return [
        (wttm.SHEET, {"seat": seat, "field": key.replace("_", "-"), "value": value}) for key, value in values.items()
    ]


def board_of(setup: Setup, *events: tuple[str, dict[str, Any]]) -> Scoreboard:
    return WTTM.score(setup, play(setup, *events).game, None)  # type: ignore[arg-type]


def points(board: Scoreboard, name: str, key: str | None = None) -> int:
    line = next(p for p in board.players if p.name == name)
    return line.total if key is None else next(c.points for c in line.categories if c.key == key)


# -- The deck -------------------------------------------------------------------------------------


def test_the_deck_has_the_63_cards_of_the_digest() -> None:
    assert len(DECK) == 63
    assert Counter(c.number for c in DECK) == {n: len(a) for n, a in DECK_BY_NUMBER.items()}
    assert [Counter(c.number for c in DECK)[n] for n in range(1, 16)] == [2, 2, 3, 4, 5, 6, 6, 7, 6, 6, 5, 4, 3, 2, 2]
    actions = Counter(c.action for c in DECK)
    assert actions == {"robot": 14, "energy": 14, "plant": 14, "water": 7, "astronaut": 7, "planning": 7}
    for n in range(1, 8):  # symmetric around 8
        assert sorted(c.action for c in DECK if c.number == n) == sorted(c.action for c in DECK if c.number == 16 - n)


def test_three_piles_of_21_from_the_seed_with_every_card_once() -> None:
    state = play(setup_of()).game
    assert [len(p) for p in state.piles] == [21, 21, 21]
    assert sorted(c.id for p in state.piles for c in p) == list(range(1, 64))
    assert play(setup_of()).game.piles == state.piles
    other = fold(WTTM, Setup(SLUG, setup_of().players, setup_of().options, "another"), []).game
    assert other.piles != state.piles


def test_a_combo_is_the_new_top_number_with_the_action_of_the_card_just_flipped() -> None:
    before = play(setup_of()).game
    assert before.combos() == ()
    after = play(setup_of(), *flips(1)).game
    for i in range(3):
        assert after.flipped[i] == before.piles[i][0]
        assert after.combos()[i] == (before.piles[i][1].number, before.piles[i][0].action)
    assert [len(p) for p in after.piles] == [20, 20, 20]
    assert after.turn == 1


def test_a_pile_that_runs_out_is_reshuffled_from_its_discards() -> None:
    state = play(setup_of(), *flips(21)).game
    assert state.turn == 21 and state.reshuffles == 3
    assert [len(p) for p in state.piles] == [20, 20, 20]  # cards 1–20 of each pile; card 21 is face up
    everything = (
        [c.id for p in state.piles for c in p]
        + [c.id for c in state.flipped if c]
        + [c.id for d in state.discards for c in d]
    )
    assert sorted(everything) == list(range(1, 64))
    long = play(setup_of(), *flips(60)).game
    assert sorted(
        [c.id for p in long.piles for c in p]
        + [c.id for c in long.flipped if c]
        + [c.id for d in long.discards for c in d]
    ) == list(range(1, 64))


def test_undoing_a_flip_restores_the_previous_combos_exactly() -> None:
    setup = setup_of()
    ledger = [Event(1, wttm.FLIP, {}, by_host=True), Event(2, wttm.FLIP, {}, by_host=True)]
    two = fold(WTTM, setup, ledger).game
    undone = fold(WTTM, setup, [*ledger, Event(3, "void", {"target": 2}, by_host=True)]).game
    assert undone.combos() == play(setup, *flips(1)).game.combos() != two.combos()
    assert undone.turn == 1


def test_who_may_flip_is_an_option() -> None:
    setup = setup_of(flip="host")
    state = fold(WTTM, setup, [])
    with pytest.raises(RuleError, match="Only the host can do this"):
        decide(WTTM, state, Event(1, wttm.FLIP, {"turn": 0}, author=1))
    _event, after = decide(WTTM, state, Event(1, wttm.FLIP, {"turn": 0}, by_host=True))
    assert after.game.turn == 1 and after.last_seq == 1


# -- Missions -------------------------------------------------------------------------------------


def test_one_mission_per_letter_from_the_adventure() -> None:
    for adventure in range(1, 9):
        missions = play(setup_of(adventure=str(adventure))).game.missions
        assert [m.letter for m in missions] == ["A", "B", "C"]
        assert {m.adventure for m in missions} == {adventure}


def test_everyone_completing_on_the_first_turn_takes_the_first_value_later_turns_the_later() -> None:
    setup = setup_of(3, adventure="2")
    mission = play(setup).game.missions[0]
    board = board_of(
        setup,
        *flips(1),
        (wttm.MISSION, {"seat": 1, "letter": "A"}),
        (wttm.MISSION, {"seat": 2, "letter": "A"}),
        *flips(1),
        (wttm.MISSION, {"seat": 3, "letter": "A"}),
    )
    assert points(board, "Aki", "missions") == points(board, "Ben", "missions") == mission.first
    assert points(board, "Chika", "missions") == mission.later
    with pytest.raises(AssertionError):
        play(setup, *flips(1), (wttm.MISSION, {"seat": 1, "letter": "A"}), (wttm.MISSION, {"seat": 1, "letter": "A"}))


def test_adventure_1_missions_give_the_seeds_rockets_not_points() -> None:
    setup = setup_of(1, adventure="1")
    state = play(setup, *flips(1), (wttm.MISSION, {"seat": 1, "letter": "A"}))
    board = WTTM.score(setup, state.game, None)  # type: ignore[arg-type]
    first = mission_values(setup, state.game.missions[0])[0]
    assert first == 4  # both A cards give 4 rockets first (the seed's value for astronaut & water)
    assert board.players[0].total == 0
    assert "Aki: cross off the 4 rockets from missions, then enter the rocket track." in board.to_json()["details"]


def test_the_instruction_to_cross_off_mission_rockets_is_gone_once_done_and_said_as_what_happened() -> None:
    setup = setup_of(2, adventure="1")
    accomplished = (*flips(1), (wttm.MISSION, {"seat": 1, "letter": "A"}))
    before = board_of(setup, *accomplished).to_json()["details"]
    assert before == ["Aki: cross off the 4 rockets from missions, then enter the rocket track."]
    after = board_of(setup, *accomplished, *sheet(1, milestones=1)).to_json()["details"]
    assert after == ["Aki crossed off 4 rockets from missions"]  # the instruction is done: no longer asked
    stepped = [(wttm.SHEET_STEP, {"seat": 1, "field": "extra-rockets", "delta": 1})]
    assert board_of(setup, *accomplished, *stepped).to_json()["details"] == after  # a − / + tap counts as well
    later = board_of(setup, *accomplished, *sheet(1, milestones=1), (wttm.MISSION, {"seat": 1, "letter": "B"}))
    assert later.to_json()["details"] == [
        "Aki crossed off 4 rockets from missions",
        "Aki: cross off the 3 rockets from missions, then enter the rocket track.",
    ]  # only the rockets given since the track was last entered are still asked for
    others = board_of(setup, *accomplished, *sheet(2, milestones=1)).to_json()["details"]
    assert others == before  # Ben entering his track does not cross off Aki's rockets


# -- The log --------------------------------------------------------------------------------------


def log_of(setup: Setup, *events: tuple[str, dict[str, Any]]) -> list[str]:
    """The table's log as any phone reads it, one line an entry, in English."""
    state = play(setup, *events)
    return [describe(WTTM, state, event).render() for event in state.events]


def test_a_sheet_entry_reads_as_a_log_line_not_as_the_forms_label() -> None:
    setup = setup_of(2, adventure="6")
    lines = log_of(
        setup,
        *flips(1),
        *sheet(2, plant_boxes=7),
        (wttm.SHEET_STEP, {"seat": 2, "field": "plant-boxes", "delta": 1}),
        (wttm.SHEET_STEP, {"seat": 2, "field": "plant-boxes", "delta": -1}),
        *sheet(1, quarter_3_evacuated=1),
        *sheet(1, quarter_3_evacuated=0),
        *sheet(1, quarter_3_energy=4),
    )
    assert lines[1:] == [
        "Ben set the plant track to 7",
        "Ben added 1 to the plant track",
        "Ben took 1 off the plant track",
        "Aki ticked the evacuation of quarter 3",
        "Aki unticked the evacuation of quarter 3",
        "Aki set the energy value of quarter 3 to 4",
    ]
    assert not any("boxes marked" in line or "rows of" in line for line in lines)  # the form's label stays on the form


@pytest.mark.parametrize("number", sorted(ADVENTURES))
def test_every_box_of_every_sheet_has_a_log_name_of_its_own_apart_from_its_label(number: int) -> None:
    fields = ADVENTURES[number].fields
    logs = [f.log.render() if hasattr(f.log, "render") else f.log for f in fields]
    labels = [f.label.render() if hasattr(f.label, "render") else f.label for f in fields]
    assert "a box of the sheet" not in logs  # the fallback is for an entry the rules refused
    assert len(set(logs)) == len(fields), "two boxes would read alike in the log"
    assert not set(logs) & set(labels)
    assert not any(":" in log for log in logs)  # a name inside a sentence, not a label with its value


def test_the_journeys_multipliers_and_water_tanks_show_the_values_printed_on_the_sheet() -> None:
    fields = {f.key: f for f in ADVENTURES[2].fields}
    for station, (big, small) in enumerate(STATION_MULTIPLIERS, start=1):
        names = [
            name.render() if hasattr(name, "render") else name
            for _v, name in fields[f"station-{station}-multiplier"].choices
        ]
        assert names == ["none", f"×{big}", f"×{small}"]
    assert fields["tank-3"].label.render() == "Water tank 3 circled (5 points)"  # type: ignore[union-attr]
    setup = setup_of(1, adventure="2")
    lines = log_of(setup, *flips(1), *sheet(1, station_2_multiplier=1, tank_3=1, station_2_plants=4))
    assert lines[1:] == [
        "Aki chose ×9 for the multiplier of station 2",
        "Aki ticked water tank 3 (5 points)",
        "Aki set the circled plants of station 2 to 4",
    ]
    assert points(board_of(setup, *flips(1), *sheet(1, station_2_multiplier=1, station_2_plants=4)), "Aki") == 36


def test_log_lines_say_what_happened_in_the_past_and_counts_agree_with_their_noun() -> None:
    setup = setup_of(2, adventure="6")
    lines = log_of(
        setup,
        *flips(1),
        (wttm.MISSION, {"seat": 1, "letter": "A"}),
        (wttm.INFECT, {"seat": 2, "spaces": 1}),
        (wttm.INFECT, {"seat": 1, "spaces": 2}),
        (wttm.ERROR, {"seat": 2}),
        (wttm.PAPER_TOTAL, {"seat": 1, "total": 1}),
        (wttm.PAPER_TOTAL, {"seat": 1, "total": -4}),
        (wttm.PAPER_TOTAL, {"seat": 1}),
    )
    assert lines[1:] == [
        "Aki accomplished mission A",
        "Ben infected 1 space",
        "Aki infected 2 spaces",
        "Ben marked a system error",
        "Aki entered 1 point from the paper sheet",
        "Aki entered \u22124 points from the paper sheet",
        "Aki went back to the sheet",
    ]
    assert not any(line.endswith(".") for line in lines)


def test_adventure_5_missions_score_through_the_first_and_second_tracks() -> None:
    setup = setup_of(2, adventure="5")
    board = board_of(
        setup,
        *flips(1),
        (wttm.MISSION, {"seat": 1, "letter": "A"}),
        *flips(1),
        (wttm.MISSION, {"seat": 2, "letter": "A"}),
        (wttm.MISSION, {"seat": 2, "letter": "B"}),
        *sheet(1, mission_first_track=2),
        *sheet(2, mission_first_track=4, mission_second_track=1),
    )
    assert points(board, "Aki", "missions") == 12  # one first × 12 (two boxes crossed)
    assert points(board, "Ben", "missions") == 18 + 6  # B first on its turn × 18 (full), A second × 6


# -- Errors and the end ---------------------------------------------------------------------------


def test_three_missions_the_last_error_box_or_a_full_sheet_end_the_game_after_the_turn() -> None:
    setup = setup_of(2, adventure="3")
    state = play(setup, *flips(1), *[(wttm.MISSION, {"seat": 1, "letter": x}) for x in "ABC"]).game
    assert state.end_turn == 1 and "three missions" in state.end_reasons[0].render()
    with pytest.raises(AssertionError):
        play(setup, *flips(1), *[(wttm.MISSION, {"seat": 1, "letter": x}) for x in "ABC"], *flips(1))
    # the turn is finished by everyone: Ben still completes A on the same turn, for the first value
    play(
        setup,
        *flips(1),
        *[(wttm.MISSION, {"seat": 1, "letter": x}) for x in "ABC"],
        (wttm.MISSION, {"seat": 2, "letter": "A"}),
    )
    errors = play(setup, *flips(2), *[(wttm.ERROR, {"seat": 2})] * 3).game
    assert errors.end_turn == 2
    assert play(setup, *flips(3), (wttm.SHEET_FULL, {"seat": 1})).game.end_turn == 3
    with pytest.raises(AssertionError):
        play(setup, *[(wttm.ERROR, {"seat": 2})] * 4)


def test_adventure_1_ends_when_the_rocket_launches_with_no_open_error() -> None:
    setup = setup_of(1, adventure="1")
    state = play(setup, *flips(1), (wttm.ERROR, {"seat": 1}), *sheet(1, milestones=10)).game
    assert state.end_turn is None
    assert (
        play(
            setup, *flips(1), (wttm.ERROR, {"seat": 1}), *sheet(1, milestones=10), (wttm.ERROR_CROSS, {"seat": 1})
        ).game.end_turn
        == 1
    )


# -- The eight sheets -----------------------------------------------------------------------------


def test_adventure_1_launch() -> None:
    setup = setup_of(1, adventure="1")
    assert points(board_of(setup, *sheet(1, milestones=6, extra_rockets=3)), "Aki") == 90 + 15
    penalised = board_of(
        setup,
        *flips(1),
        (wttm.ERROR, {"seat": 1}),
        (wttm.ERROR, {"seat": 1}),
        (wttm.ERROR_CROSS, {"seat": 1}),
        *sheet(1, milestones=6, extra_rockets=3),
    )
    assert points(penalised, "Aki") == 90 - 5  # one circled error still open: no extra rockets


def test_adventure_2_journey() -> None:
    setup = setup_of(3, adventure="2")
    board = board_of(
        setup,
        *flips(1),
        (wttm.ERROR, {"seat": 1}),
        *sheet(
            1,
            station_1_plants=3,
            station_1_multiplier=1,
            station_4_plants=2,
            station_4_multiplier=2,
            tank_1=1,
            tank_6=1,
            tank_7=1,
            longest_zone=8,
            completed_zones=5,
        ),
        *sheet(2, completed_zones=5, longest_zone=6),
        *sheet(3, completed_zones=2),
    )
    assert points(board, "Aki", "stations") == 3 * 6 + 2 * 7
    assert points(board, "Aki", "water") == 4 + 8 + 8
    assert points(board, "Aki", "longest-zone") == 8
    assert points(board, "Aki", "zones-award") == points(board, "Ben", "zones-award") == 20
    assert points(board, "Chika", "zones-award") == 10  # dense ranking: 1, 1, 2
    assert points(board, "Aki", "system-errors") == -5
    competition = board_of(
        setup_of(3, adventure="2", ranking="competition"),
        *sheet(1, completed_zones=5),
        *sheet(2, completed_zones=5),
        *sheet(3, completed_zones=2),
    )
    assert points(competition, "Chika", "zones-award") == 5  # 1, 1, 3
    nobody = board_of(setup, *sheet(1, completed_zones=0))
    assert points(nobody, "Aki", "zones-award") == 0  # no zone, no award


def test_adventure_3_colony() -> None:
    setup = setup_of(2, adventure="3")
    board = board_of(
        setup,
        *sheet(
            1,
            plants=10,
            plant_track=3,
            water=4,
            water_track=2,
            antennas=5,
            antenna_track=4,
            quarters_first=1,
            quarters_later=2,
            astronauts=7,
            planning=3,
        ),
        *sheet(2, astronauts=7),
    )
    assert points(board, "Aki", "plants") == 30 and points(board, "Aki", "water") == 16
    assert points(board, "Aki", "antennas") == 30 and points(board, "Aki", "quarters") == 25
    assert points(board, "Aki", "astronaut-award") == 20 == points(board, "Ben", "astronaut-award")
    assert points(board, "Aki", "planning") == -6


def test_adventure_4_mine() -> None:
    setup = setup_of(1, adventure="4")
    board = board_of(
        setup,
        *sheet(
            1,
            plant_items=5,
            plant_upgraded=1,
            plant_bonus=1,
            water_items=3,
            ruby_items=2,
            ruby_bonus=1,
            astronaut_items=4,
            planning=2,
        ),
    )
    assert points(board, "Aki", "plant") == 5 * 4 + 8
    assert points(board, "Aki", "water") == 9
    assert points(board, "Aki", "ruby") == 4 + 12
    assert points(board, "Aki", "astronaut") == 0  # ×0 until upgraded
    assert points(board, "Aki", "planning") == -6
    assert points(board_of(setup, *sheet(1, planning=2, planning_factory=1)), "Aki", "planning") == 0


def test_adventure_5_dome() -> None:
    setup = setup_of(2, adventure="5")
    board = board_of(
        setup,
        *sheet(
            1,
            levels_1=2,
            levels_1_track=4,
            levels_2=1,
            levels_3=1,
            levels_3_track=3,
            skyscraper_2=1,
            skyscraper_5=2,
            astronauts=6,
            astronaut_first_track=2,
            unbuilt_dome=3,
            dome_track=1,
        ),
        *sheet(2, astronauts=4, astronaut_second_track=3),
    )
    assert points(board, "Aki", "levels") == 2 * 4 + 5 + 15
    assert points(board, "Aki", "skyscrapers") == 20 + 12
    assert points(board, "Aki", "astronauts") == 10  # rank 1: the "first" track, two boxes crossed
    assert points(board, "Ben", "astronauts") == 7  # rank 2: the "second" track, three boxes crossed
    assert points(board, "Aki", "dome") == -15


def test_adventure_6_virus_scores_unfinished_areas_as_the_seed_says_unless_the_option() -> None:
    values = sheet(
        1,
        plant_threshold=3,
        water_threshold=2,
        quarter_1_spaces=4,
        quarter_1_energy=3,
        quarter_1_evacuated=1,
        quarter_2_spaces=3,
        quarter_2_energy=6,
        infected=4,
    )
    board = board_of(setup_of(1, adventure="6"), *values)
    assert points(board, "Aki", "plants") == 20 and points(board, "Aki", "water") == 20
    assert points(board, "Aki", "quarters") == 12 + 15  # 3 × 6 = 18 is capped at 15
    assert points(board, "Aki", "infected") == -4
    bga = board_of(setup_of(1, adventure="6", **{"adventure-6-areas": "evacuated"}), *values)
    assert points(bga, "Aki", "quarters") == 12


def test_adventure_7_escape() -> None:
    board = board_of(
        setup_of(1, adventure="7"),
        *sheet(
            1, greenhouses_3=2, greenhouses_3_doubled=1, greenhouses_1=1, modules_2=1, modules_2_doubled=1, planning=2
        ),
    )
    assert points(board, "Aki", "greenhouses") == 7 * 3 + 2
    assert points(board, "Aki", "starships") == 8
    assert points(board, "Aki", "planning") == -3


def test_adventure_8_battle_adds_both_half_sheets_with_the_editable_thresholds() -> None:
    setup = setup_of(3, adventure="8")
    board = board_of(
        setup, *sheet(1, left_plants=3, left_green=2, right_water=2, right_grey=1, right_grey_value=6, right_planning=2)
    )
    assert points(board, "Aki", "half-left") == 4 + 2 * 2
    assert points(board, "Aki", "half-right") == 4 + 6 - 3
    custom = board_of(
        setup_of(3, adventure="8", **{"adventure-8-plants": "0 10 20 30 40 50 60 70 80 90 100 110 120"}),
        *sheet(1, left_plants=3),
    )
    assert points(custom, "Aki", "half-left") == 30


def test_sheet_boxes_are_checked() -> None:
    setup = setup_of(1, adventure="3")
    for bad in (
        sheet(1, plant_track=5),
        sheet(1, plants=-1),
        [(wttm.SHEET, {"seat": 1, "field": "rubies", "value": 1})],
    ):
        with pytest.raises(AssertionError):
            play(setup, *bad)


def test_ties_go_to_fewer_system_errors_then_are_shared() -> None:
    setup = setup_of(3, adventure="4")
    board = board_of(
        setup,
        *flips(1),
        (wttm.ERROR, {"seat": 1}),
        *sheet(1, water_items=5),
        *sheet(2, water_items=3, plant_items=1),
        *sheet(3, water_items=3, plant_items=1),
    )
    # Aki 15 − 5 = 10, Ben 9 + 2 = 11, Chika 11: Ben and Chika share first
    assert [(p.name, p.rank) for p in board.players] == [("Ben", 1), ("Chika", 1), ("Aki", 3)]
    tie = board_of(
        setup,
        *flips(1),
        (wttm.ERROR, {"seat": 1}),
        *sheet(1, water_items=5),
        *sheet(2, water_items=3, plant_items=1),
        *sheet(3, water_items=3, plant_items=3),
    )
    assert [p.name for p in tie.players][:1] == ["Chika"]
    settled = board_of(
        setup,
        *flips(1),
        (wttm.ERROR, {"seat": 1}),
        *sheet(1, water_items=5, plant_items=2),
        *sheet(2, water_items=4, plant_items=1),
    )
    assert [(p.name, p.rank) for p in settled.players][:2] == [("Ben", 1), ("Aki", 2)]
    assert "settled by unused system error boxes" in settled.to_json()["tie_break"][0]


# -- Solo against ASTRA ---------------------------------------------------------------------------


def solo(level: int = 3, adventure: str = "2") -> Setup:
    return setup_of(1, mode="solo", adventure=adventure, **{"astra-level": level})


def test_the_solo_deck_has_the_three_solo_cards_in_its_last_third() -> None:
    deck = play(solo()).game.deck
    assert len(deck) == 66
    assert all(not c.solo for c in deck[:42]) and sorted(c.solo for c in deck[42:] if c.solo) == ["A", "B", "C"]


def test_solo_turns_draw_three_cards_and_give_the_third_to_astra() -> None:
    state = play(solo(), *flips(1)).game
    assert len(state.hand) == 3
    given = state.hand[2]
    after = play(solo(), *flips(1), (wttm.SOLO_CHOICE, {"number_card": 1, "action_card": 2})).game
    assert after.astra == {given.action: 1}
    with pytest.raises(AssertionError):
        play(solo(), *flips(2))  # choose before the next flip
    with pytest.raises(AssertionError):
        play(solo(), *flips(1), (wttm.SOLO_CHOICE, {"number_card": 2, "action_card": 2}))


def test_astra_scores_by_level_and_adventure_and_the_result_is_player_minus_astra() -> None:
    setup = solo(level=3, adventure="2")
    events = []
    for _ in range(30):
        events += [*flips(1), (wttm.SOLO_CHOICE, {"number_card": 1, "action_card": 2})]
    state = play(setup, *events).game
    multipliers = dict(
        zip(("robot", "energy", "plant", "water", "astronaut", "planning"), (5, 4, 2, 2, 2, 3), strict=True)
    )
    expected = sum(n * multipliers[a] for a, n in state.astra.items()) + 5 + 3 * 1
    assert astra_score(setup, state) == expected
    assert sum(state.astra.values()) == 30
    board = WTTM.score(setup, state, None)  # type: ignore[arg-type]
    assert points(board, "Aki", "astra") == -expected
    assert any("ASTRA (Margaret, level 3)" in line for line in board.to_json()["details"])
    assert sum(state.solo_seen.values()) >= 3  # 30 turns reach the last third


def test_a_solo_card_drawn_twice_leaves_only_the_later_value() -> None:
    setup = solo(adventure="3")
    events: list[tuple[str, dict[str, Any]]] = []
    state = play(setup).game
    while True:
        events += [*flips(1), (wttm.SOLO_CHOICE, {"number_card": 1, "action_card": 2})]
        state = play(setup, *events).game
        letters = [k for k, v in state.solo_seen.items() if v >= 2]
        if letters:
            break
        assert state.turn < 80
    letter = letters[0]
    board = board_of(setup, *events, (wttm.MISSION, {"seat": 1, "letter": letter}))
    mission = next(m for m in state.missions if m.letter == letter)
    assert points(board, "Aki", "missions") == mission.later


def test_scenarios_replay_through_the_cli_engine() -> None:
    state, board = replay(
        {
            "game": SLUG,
            "players": [{"name": "Aki"}, {"name": "Ben"}],
            "options": {"adventure": "3"},
            "seed": "s",
            "events": [
                {"kind": "wttm.flip", "payload": {}},
                {"kind": "wttm.sheet", "payload": {"seat": 1, "field": "plants", "value": 5}},
                {"kind": "wttm.sheet", "payload": {"seat": 1, "field": "plant-track", "value": 2}},
            ],
        }
    )
    assert not state.skipped and points(board, "Aki", "plants") == 10


def test_launching_the_rocket_in_adventure_1_is_an_immediate_victory_as_the_seed_says() -> None:
    events = [*flips(1), *sheet(1, milestones=10), *sheet(2, milestones=9, extra_rockets=8)]
    # Ben: 135 + 40 = 175 points, Aki: 150 — but Aki launched the rocket.
    board = board_of(setup_of(2, adventure="1"), *events)
    assert [(p.name, p.rank) for p in board.players] == [("Aki", 1), ("Ben", 2)]
    assert "Aki launched the rocket: an immediate victory." in board.to_json()["tie_break"]
    points_only = board_of(setup_of(2, adventure="1", **{"adventure-1-launch": "no"}), *events)
    assert [p.name for p in points_only.players] == ["Ben", "Aki"]
    assert play(setup_of(2, adventure="1"), *events).game.end_turn == 1


def test_astra_takes_part_in_the_majorities_in_solo() -> None:
    setup = solo(level=1, adventure="3")
    events: list[tuple[str, dict[str, Any]]] = []
    state = play(setup).game
    while state.astra.get("astronaut", 0) < 2:
        events += [*flips(1), (wttm.SOLO_CHOICE, {"number_card": 1, "action_card": 2})]
        state = play(setup, *events).game
    astra = state.astra["astronaut"]
    beaten = board_of(setup, *events, *sheet(1, astronauts=astra + 1))
    assert points(beaten, "Aki", "astronaut-award") == 20
    second = board_of(setup, *events, *sheet(1, astronauts=astra - 1))
    assert points(second, "Aki", "astronaut-award") == 10
    assert any(line.startswith("Most astronauts: ASTRA") for line in second.to_json()["details"])


def test_adventure_5_astronaut_ranks_follow_the_ranking_option() -> None:
    values = (
        *sheet(1, astronauts=5, astronaut_first_track=4),
        *sheet(2, astronauts=5, astronaut_first_track=1),
        *sheet(3, astronauts=2, astronaut_second_track=2, astronaut_first_track=4),
    )
    dense = board_of(setup_of(3, adventure="5"), *values)
    assert points(dense, "Aki", "astronauts") == 30 and points(dense, "Ben", "astronauts") == 0
    assert points(dense, "Chika", "astronauts") == 4  # rank 2: the "second" track
    competition = board_of(setup_of(3, adventure="5", ranking="competition"), *values)
    assert points(competition, "Chika", "astronauts") == 4  # rank 3 still takes the "second" track


# -- Our own components -----------------------------------------------------------------------------


def own(players: int = 2, **options: Any) -> Setup:
    return setup_of(players, components="own", **options)


def combos(*cards: tuple[int, str]) -> tuple[str, dict[str, Any]]:
    payload: dict[str, Any] = {}
    for i, (number, action) in enumerate(cards, start=1):
        payload[f"number_{i}"], payload[f"action_{i}"] = number, action
    return (wttm.COMBOS, payload)


def test_a_table_names_its_own_missions_from_the_48_and_scores_them() -> None:
    setup = own(adventure="2")
    named = [(wttm.MISSION_CARD, {"letter": "A", "mission": 71}), (wttm.MISSION_CARD, {"letter": "C", "mission": 110})]
    state = play(setup, *named, combos((3, "water"), (8, "robot"), (12, "plant")))
    assert [(m.letter, m.id) for m in state.game.missions] == [("A", 71), ("C", 110)]  # any adventure's card
    with pytest.raises(RuleError, match="Enter the card of mission B first"):
        decide(WTTM, state, Event(9, wttm.MISSION, {"seat": 1, "letter": "B"}, by_host=True))
    _event, done = decide(WTTM, state, Event(9, wttm.MISSION, {"seat": 1, "letter": "A"}, by_host=True))
    first = wttm.MISSIONS_BY_ID[71].first
    assert points(WTTM.score(setup, done.game, None), "Aki", "missions") == first
    with pytest.raises(RuleError, match="Mission A is already accomplished"):
        decide(WTTM, done, Event(10, wttm.MISSION_CARD, {"letter": "A", "mission": 70}, by_host=True))
    with pytest.raises(RuleError, match="Mission card 71 is not a mission B"):
        decide(WTTM, state, Event(9, wttm.MISSION_CARD, {"letter": "B", "mission": 71}, by_host=True))


def test_the_combos_of_our_own_cards_are_entered_each_turn_and_checked_against_the_deck() -> None:
    setup = own()
    state = play(setup, combos((3, "water"), (8, "robot"), (12, "plant")))
    assert state.game.turn == 1 and state.game.combos() == ((3, "water"), (8, "robot"), (12, "plant"))
    with pytest.raises(RuleError, match="This table turns its own cards"):
        decide(WTTM, state, Event(2, wttm.FLIP, {"turn": 1}, by_host=True))
    # The card just turned on pile 1 showed 3 before: there is no card 3 / robot.
    wrong = combos((5, "robot"), (8, "energy"), (1, "plant"))
    with pytest.raises(RuleError, match="No card has 3 on one side and Robot on the other"):
        decide(WTTM, state, Event(2, wrong[0], {**wrong[1], "turn": 1}, by_host=True))
    stale = combos((5, "water"), (8, "energy"), (1, "plant"))
    with pytest.raises(RuleError, match="the table is on turn 1"):
        decide(WTTM, state, Event(2, stale[0], {**stale[1], "turn": 0}, by_host=True))


def test_a_card_cannot_be_turned_more_often_than_the_deck_has_it() -> None:
    setup = own()
    # Number 1 exists only as 1 / robot and 1 / energy: three piles cannot turn two 1 / robot cards.
    state = play(setup, combos((1, "water"), (1, "water"), (3, "water")))
    with pytest.raises(RuleError) as refused:
        decide(
            WTTM,
            state,
            Event(2, wttm.COMBOS, {**combos((5, "robot"), (6, "robot"), (7, "water"))[1], "turn": 1}, by_host=True),
        )
    said = refused.value.message.render()
    assert said == "The deck has 1 card 1 / Robot: it has been turned in this pass."  # one card: the noun agrees


def test_solo_with_our_own_deck_enters_the_cards_drawn_the_solo_cards_and_astra_cards() -> None:
    setup = own(1, mode="solo", adventure="2", **{"astra-level": 3})
    hand = combos((3, "water"), (8, "robot"), (12, "plant"))
    state = play(
        setup,
        (wttm.HAND, hand[1]),
        (wttm.SOLO_CHOICE, {"number_card": 1, "action_card": 2}),
        (wttm.SOLO_CARD, {"letter": "B"}),
        (wttm.ASTRA_CARD, {"action": "energy"}),
    )
    assert dict(state.game.astra) == {"plant": 1, "energy": 1}  # the third card, then one entered by hand
    assert dict(state.game.solo_seen) == {"B": 1}


def test_astra_starts_adventure_1_with_the_rockets_of_its_level_as_board_game_arena() -> None:
    starts = [astra_rockets(s, play(s).game) for s in (solo(level, "1") for level in range(1, 9))]
    assert starts == [15, 12, 10, 8, 6, 4, 2, 0]


def test_astra_scores_10_below_16_rockets_then_20_at_16_and_10_more_every_5_up_to_150_at_81() -> None:
    options = {"astra-level": 8, "adventure": "1", "components": "own"}
    expected = {0: 10, 15: 10, 16: 20, 20: 20, 21: 30, 25: 30, 26: 40, 75: 130, 76: 140, 80: 140, 81: 150}
    for start, points in expected.items():
        setup = setup_of(1, mode="solo", **options, **{"astra-1-start-rockets": f"0 0 0 0 0 0 0 {start}"})
        state = play(setup).game
        assert astra_rockets(setup, state) == start
        assert astra_score(setup, state) == points, start


def test_astra_crosses_its_cards_multipliers_and_its_next_threshold_is_shown() -> None:
    options = {"astra-level": 8, "astra-1-start-rockets": "0 0 0 0 0 0 0 12", "adventure": "1"}
    setup = own(1, mode="solo", **options)
    # Level 8 multipliers: robot 5, energy 3. One card each: 12 + 5 + 3 = 20 rockets → 20 points.
    state = play(setup, (wttm.ASTRA_CARD, {"action": "robot"}), (wttm.ASTRA_CARD, {"action": "energy"}))
    assert astra_rockets(setup, state.game) == 20 and astra_score(setup, state.game) == 20
    assert astra_next_milestone(setup, state.game) == 21
    assert points(WTTM.score(setup, state.game, None), "Aki", "astra") == -20


def test_astra_track_holds_any_thresholds_and_the_first_published_ones() -> None:
    older = {
        "astra-1-track": "10 15 20 20 30 25 40 30 50 35 60 40 70 45 80 50 90 55 100 60 110 65 120 70 130 75 140 80 150"
    }
    setup = own(
        1, mode="solo", adventure="1", **{"astra-level": 8, "astra-1-start-rockets": "0 0 0 0 0 0 0 15"}, **older
    )
    assert astra_score(setup, play(setup).game) == 20  # 15 rockets reached the first threshold of 15
    custom = own(1, mode="solo", adventure="1", **{"astra-level": 1, "astra-1-track": "5 10 50"})
    assert astra_score(custom, play(custom).game) == 50  # level 1 starts with 15 ≥ 10
    with pytest.raises(RuleError, match="between 1 and 61 numbers"):
        own(1, mode="solo", adventure="1", **{"astra-1-track": list(range(62))})
    with pytest.raises(RuleError, match="pairs of rockets and points"):
        WTTM.check_setup(own(1, mode="solo", adventure="1", **{"astra-1-track": "10 16"}))
    with pytest.raises(RuleError, match="more rockets than the one before"):
        WTTM.check_setup(own(1, mode="solo", adventure="1", **{"astra-1-track": "10 21 30 16 20"}))


def test_a_table_that_set_its_own_points_every_fifth_rocket_in_version_1_keeps_them() -> None:
    values = {"astra-level": 8, "astra-1-start-rockets": "0 0 0 0 0 0 0 12"}
    own_points = {"astra-1-points": "0 5 11 15 20 25 30 35 40 45 50 55 60 65 70"}
    setup = own(1, mode="solo", adventure="1", **values, **own_points)
    assert astra_score(setup, play(setup).game) == 11  # 12 rockets: the points set for 10
    stored = Setup(setup.game, setup.players, {k: v for k, v in setup.options.items() if k != "astra-1-track"}, "s")
    assert astra_score(stored, play(stored).game) == 11  # as the app stored it, without the new option
    default = own(1, mode="solo", adventure="1", **values)
    assert astra_score(default, play(default).game) == 10  # the default points: the new track (below 16)


def test_astra_crossing_its_last_rocket_launches_and_ends_the_game_then_the_points_decide() -> None:
    options = {"astra-level": 8, "astra-1-start-rockets": "0 0 0 0 0 0 0 76", "adventure": "1"}
    setup = own(1, mode="solo", **options)
    hand = combos((3, "water"), (8, "robot"), (12, "plant"))  # the third card, a plant, goes to ASTRA: 6 rockets
    state = play(setup, (wttm.HAND, hand[1]), (wttm.SOLO_CHOICE, {"number_card": 1, "action_card": 2}))
    assert astra_rockets(setup, state.game) == 81 and astra_launched(setup, state.game)
    assert state.game.end_turn == 1 and "ASTRA crossed its last rocket" in state.game.end_reasons[0].render()
    lost = WTTM.score(setup, state.game, None)
    assert lost.verdict is not None and not lost.verdict.player_wins and lost.winners == ()
    assert "ASTRA launched and wins" in lost.verdict.explanation.render()
    better = play(setup, (wttm.HAND, hand[1]), (wttm.SOLO_CHOICE, {"number_card": 1, "action_card": 2}),
                  *sheet(1, milestones=10, extra_rockets=1))  # fmt: skip
    # 150 + 5 > 150, but the player's own rocket launched too: one verdict, the immediate victory
    board = WTTM.score(setup, better.game, None)
    assert board.verdict is not None and board.verdict.player_wins and board.winners == (1,)
    assert "immediate victory" in board.verdict.explanation.render()


def test_a_solo_launch_on_150_against_astras_150_is_one_verdict_the_immediate_victory() -> None:
    options = {"astra-level": 8, "astra-1-start-rockets": "0 0 0 0 0 0 0 81", "adventure": "1"}
    setup = setup_of(1, mode="solo", **options)
    state = play(setup, *sheet(1, milestones=10))
    board = WTTM.score(setup, state.game, None)
    assert astra_score(setup, state.game) == 150
    assert board.verdict is not None and board.verdict.player_wins and board.winners == (1,)
    assert "you launched the rocket: an immediate victory" in board.verdict.explanation.render()
    assert "ASTRA wins" not in " ".join(m.render() for m in (*board.details, *board.tie_break))
    no_launch_win = setup_of(1, mode="solo", **options, **{"adventure-1-launch": "no"})
    tie = WTTM.score(no_launch_win, play(no_launch_win, *sheet(1, milestones=10)).game, None)
    assert tie.verdict is not None and not tie.verdict.player_wins  # 150 against 150: ASTRA takes the tie
    assert "ASTRA launched and wins" in tie.verdict.explanation.render()


def test_astra_crosses_off_a_sabotage_space_and_circles_an_error_on_every_solo_card_drawn() -> None:
    every = own(1, mode="solo", adventure="1")
    drawn = [(wttm.SOLO_CARD, {"letter": "A"}), (wttm.SOLO_CARD, {"letter": "A"}), (wttm.SOLO_CARD, {"letter": "B"})]
    state = play(every, *drawn).game
    assert state.errors == {1: 3} and state.sabotages == {1: 3} and state.astra_sabotages == 3
    first_only = own(1, mode="solo", adventure="1", **{"astra-1-sabotage": "first"})
    state = play(first_only, *drawn).game
    assert state.errors == {1: 2} and state.astra_sabotages == 2  # A's second draw crosses nothing
    board = WTTM.score(first_only, state, None)
    assert points(board, "Aki", "open-errors") == -10
    assert "ASTRA crosses off one of your sabotage spaces" in " ".join(label for label, _v in board.options)
    nine = play(every, *[(wttm.SOLO_CARD, {"letter": "C"})] * 9).game
    assert nine.astra_sabotages == 8 and nine.errors == {1: 8}  # eight spaces: the ninth draw crosses nothing
    dealt = solo(adventure="1")
    events: list[tuple[str, dict[str, Any]]] = []
    state = play(dealt).game
    while not state.solo_seen:
        events += [*flips(1), (wttm.SOLO_CHOICE, {"number_card": 1, "action_card": 2})]
        state = play(dealt, *events).game
    assert state.errors == {1: sum(state.solo_seen.values())}  # the app's own deck draws them the same way


# -- What one player does to the whole table -------------------------------------------------------


def test_a_sabotage_recorded_once_by_the_saboteur_circles_an_error_for_every_other_player() -> None:
    setup = setup_of(3, adventure="1")
    state = play(setup, *flips(1), (wttm.SABOTAGE, {"seat": 2})).game
    assert state.errors == {1: 1, 3: 1} and state.sabotages == {2: 1}
    board = WTTM.score(setup, state, None)
    assert points(board, "Aki", "open-errors") == points(board, "Chika", "open-errors") == -5
    assert points(board, "Ben", "open-errors") == 0
    assert "Ben used 1 sabotage space" in board.to_json()["details"]  # one space: the noun agrees
    with pytest.raises(AssertionError):
        play(setup_of(3, adventure="2"), *flips(1), (wttm.SABOTAGE, {"seat": 2}))  # adventure 1 only
    with pytest.raises(AssertionError):
        play(setup, *flips(1), *[(wttm.SABOTAGE, {"seat": 2})] * 9)  # eight sabotage spaces


def test_a_sabotage_filling_anyones_last_error_box_ends_the_game() -> None:
    setup = setup_of(2, adventure="1")
    state = play(setup, *flips(1), *[(wttm.ERROR, {"seat": 1})] * 7, *flips(1), (wttm.SABOTAGE, {"seat": 2})).game
    assert state.errors == {1: 8} and state.end_turn == 2


def test_a_quarter_bonus_goes_first_to_everyone_completing_it_in_the_earliest_turn_per_quarter() -> None:
    setup = setup_of(3, adventure="3")
    board = board_of(
        setup,
        *flips(1),
        (wttm.BONUS, {"seat": 1, "space": 1}),
        (wttm.BONUS, {"seat": 2, "space": 1}),
        *flips(1),
        (wttm.BONUS, {"seat": 3, "space": 1}),
        (wttm.BONUS, {"seat": 3, "space": 2}),
        *flips(1),
        (wttm.BONUS, {"seat": 1, "space": 2}),
    )
    assert points(board, "Aki", "quarters") == 15 + 5
    assert points(board, "Ben", "quarters") == 15
    assert points(board, "Chika", "quarters") == 5 + 15  # later on the top-left, first on the top-right
    assert "Top-left quarter: first Aki, Ben; reached (turn) Aki (1), Ben (1), Chika (2)" in board.to_json()["details"]
    with pytest.raises(AssertionError):
        play(setup, *flips(1), (wttm.BONUS, {"seat": 1, "space": 1}), (wttm.BONUS, {"seat": 1, "space": 1}))
    with pytest.raises(AssertionError):
        play(setup, *flips(1), (wttm.BONUS, {"seat": 1, "space": 5}))  # four quarters


def test_a_skyscraper_bonus_is_raced_per_skyscraper_with_its_own_values() -> None:
    setup = setup_of(2, adventure="5")
    board = board_of(
        setup,
        *flips(2),
        (wttm.BONUS, {"seat": 2, "space": 5}),
        *flips(1),
        (wttm.BONUS, {"seat": 1, "space": 5}),
        (wttm.BONUS, {"seat": 1, "space": 2}),
    )
    assert points(board, "Ben", "skyscrapers") == 25
    assert points(board, "Aki", "skyscrapers") == 12 + 20
    solo_board = board_of(solo(adventure="5"), *flips(1), (wttm.BONUS, {"seat": 1, "space": 8}))
    assert points(solo_board, "Aki", "skyscrapers") == 15  # alone at the table: always first


def test_older_tables_keep_the_bonuses_they_typed_on_the_sheet() -> None:
    colony = board_of(setup_of(1, adventure="3"), *sheet(1, quarters_first=1, quarters_later=2))
    assert points(colony, "Aki", "quarters") == 25
    dome = board_of(setup_of(1, adventure="5"), *sheet(1, skyscraper_2=1, skyscraper_5=2))
    assert points(dome, "Aki", "skyscrapers") == 32


def test_adventure_6_plants_and_water_are_the_boxes_marked_scoring_the_last_full_row() -> None:
    setup = setup_of(1, adventure="6")
    for boxes, score in {0: 0, 1: 0, 2: 5, 4: 10, 6: 10, 7: 20, 10: 35, 12: 35, 13: 55, 16: 80}.items():
        assert points(board_of(setup, *sheet(1, plant_boxes=boxes)), "Aki", "plants") == score, boxes
    for boxes, score in {0: 0, 1: 0, 2: 10, 3: 10, 4: 20, 6: 35, 8: 55, 10: 80}.items():
        assert points(board_of(setup, *sheet(1, water_boxes=boxes)), "Aki", "water") == score, boxes
    old = board_of(setup, *sheet(1, plant_threshold=3, water_threshold=2))  # tables before version 2
    assert points(old, "Aki", "plants") == 20 and points(old, "Aki", "water") == 20


def test_a_virus_is_activated_by_a_first_mission_or_a_players_track_and_every_player_infects() -> None:
    setup = setup_of(3, adventure="6")
    state = play(
        setup,
        *flips(1),
        (wttm.MISSION, {"seat": 2, "letter": "B"}),
        (wttm.MISSION, {"seat": 3, "letter": "B"}),  # the same mission again: no second virus
        *flips(1),
        *sheet(1, plant_boxes=4),
        *sheet(1, plant_boxes=5),  # the 5th plant box: green
        *sheet(3, water_boxes=3),  # the 3rd water box: blue
        *sheet(2, plant_boxes=7),  # green is already active
    ).game
    assert [(a.virus, a.turn, a.seat, a.cause) for a in state.viruses] == [
        ("purple", 1, 2, "mission"),
        ("green", 2, 1, "plant-boxes"),
        ("blue", 2, 3, "water-boxes"),
    ]
    assert [infections_due(state, seat) for seat in (1, 2, 3)] == [3, 3, 3]
    after = play(
        setup,
        *flips(1),
        (wttm.MISSION, {"seat": 2, "letter": "B"}),
        (wttm.INFECT, {"seat": 1, "spaces": 1}),
        (wttm.INFECT, {"seat": 2, "spaces": 3}),
    ).game
    assert [infections_due(after, seat) for seat in (1, 2, 3)] == [0, 0, 1]
    board = WTTM.score(setup, after, None)
    assert points(board, "Aki", "infected") == -1 and points(board, "Ben", "infected") == -3
    assert "purple virus activated on turn 1 by Ben's mission, accomplished first" in board.to_json()["details"]
    with pytest.raises(AssertionError):
        play(setup, *flips(1), (wttm.INFECT, {"seat": 1, "spaces": 1}))  # no virus waits


def test_a_virus_the_app_cannot_see_is_recorded_with_one_tap_once() -> None:
    setup = setup_of(2, adventure="6")
    state = play(setup, *flips(1), (wttm.VIRUS, {"virus": "green"})).game
    assert [(a.virus, a.seat, a.cause) for a in state.viruses] == [("green", None, "table")]
    assert play(setup, *flips(1), (wttm.VIRUS, {"virus": "green"}), *sheet(1, plant_boxes=5)).game.viruses == (
        state.viruses
    )
    with pytest.raises(AssertionError):
        play(setup, *flips(1), (wttm.VIRUS, {"virus": "green"}), (wttm.VIRUS, {"virus": "green"}))
    with pytest.raises(AssertionError):
        play(setup_of(2, adventure="5"), *flips(1), (wttm.VIRUS, {"virus": "green"}))


def test_undoing_the_entry_that_activated_a_virus_withdraws_it() -> None:
    setup = setup_of(2, adventure="6")
    ledger = [
        Event(1, wttm.FLIP, {}, by_host=True),
        Event(2, wttm.SHEET, {"seat": 1, "field": "plant-boxes", "value": 5}, by_host=True),
    ]
    assert fold(WTTM, setup, ledger).game.viruses
    assert not fold(WTTM, setup, [*ledger, Event(3, "void", {"target": 2}, by_host=True)]).game.viruses


def test_the_adventure_5_astronaut_rule_is_explained_with_the_seeds_words() -> None:
    text = " ".join(ADVENTURES[5].notes)
    assert "スコアトラック×使用数" in text and "not multiplied" in text
    assert any("スコアトラック×使用数" in line for line in WTTM.reference())


# -- The worked examples of docs/welcome-to-the-moon.md -----------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs"


def documented_figures() -> list[tuple[str, str, str, str]]:
    """Every row (example, player, category, value) of the figure tables in docs/welcome-to-the-moon.md."""
    rows = []
    for line in (DOCS / "welcome-to-the-moon.md").read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].endswith(".json"):
            rows.append((cells[0], cells[1], cells[2], cells[3]))
    return rows


def test_the_worked_examples_name_every_example_file_of_this_game() -> None:
    named = {example for example, *_rest in documented_figures()}
    assert named == {path.name for path in (DOCS / "examples").glob("welcome-to-the-moon-*.json")} - {
        "welcome-to-the-moon-colony.json"
    }
    assert len(documented_figures()) >= 30


@pytest.mark.parametrize(("example", "player", "category", "value"), documented_figures())
def test_a_worked_example_replays_to_the_figure_the_document_gives(
    example: str, player: str, category: str, value: str
) -> None:
    state, board = replay(json.loads((DOCS / "examples" / example).read_text()))
    assert not state.skipped
    if category == "winners":
        assert ", ".join(p.name for p in board.players if p.seat in board.winners) == value
    elif category == "verdict":
        assert board.verdict is not None and ("player" if board.verdict.player_wins else "automa") == value
    else:
        assert points(board, player, None if category == "total" else category) == int(value)


def test_in_solo_a_solo_card_makes_astra_cross_off_a_first_bonus_the_player_chooses() -> None:
    colony = own(1, mode="solo", adventure="3")
    drawn = [(wttm.SOLO_CARD, {"letter": "A"}), (wttm.SOLO_CARD, {"letter": "C"})]
    state = play(colony, *drawn).game
    assert astra_bonuses_due(colony, state) == 1  # A asks, C does not (adventure 3)
    board = board_of(
        colony,
        *drawn,
        (wttm.ASTRA_BONUS, {"space": 2}),
        (wttm.BONUS, {"seat": 1, "space": 2}),
        (wttm.BONUS, {"seat": 1, "space": 3}),
    )
    assert points(board, "Aki", "quarters") == 5 + 15
    with pytest.raises(AssertionError):
        play(colony, *drawn, (wttm.ASTRA_BONUS, {"space": 2}), (wttm.ASTRA_BONUS, {"space": 3}))  # one owed
    with pytest.raises(AssertionError):
        play(colony, (wttm.BONUS, {"seat": 1, "space": 2}), *drawn, (wttm.ASTRA_BONUS, {"space": 2}))  # taken
    dome = own(1, mode="solo", adventure="5")
    assert astra_bonuses_due(dome, play(dome, *drawn).game) == 2  # every solo card (adventure 5)
    assert astra_bonuses_due(setup_of(2, adventure="5"), play(setup_of(2, adventure="5")).game) == 0


def test_a_fresh_seed_after_an_import_shuffles_the_cards_nobody_has_seen_and_keeps_the_tops() -> None:
    setup = setup_of()
    before = play(setup, *flips(3)).game
    after = play(setup, *flips(3), ("table.reseed", {"seed": "server-fresh"})).game
    assert [pile[0] for pile in after.piles] == [pile[0] for pile in before.piles]  # numbers already showing
    assert [len(pile) for pile in after.piles] == [len(pile) for pile in before.piles]
    hidden_before = Counter(card for pile in before.piles for card in pile[1:])
    assert Counter(card for pile in after.piles for card in pile[1:]) == hidden_before
    assert [pile[1:] for pile in after.piles] != [pile[1:] for pile in before.piles]
    predicted = play(setup, *flips(5)).game.combos()
    assert play(setup, *flips(3), ("table.reseed", {"seed": "server-fresh"}), *flips(2)).game.combos() != predicted


# -- One intent per tap: what the rules allow once a turn ------------------------------------------


def refusal(state: TableState, kind: str, **payload: Any) -> str:
    """The reason the rules give for refusing one more entry (nothing is recorded)."""
    with pytest.raises(RuleError) as refused:
        decide(WTTM, state, Event(state.last_seq + 1, kind, payload, by_host=True))
    return refused.value.message.render()


def test_a_second_system_error_on_the_same_turn_is_refused_and_the_next_turn_takes_one() -> None:
    setup = setup_of(2, adventure="2")
    state = play(setup, *flips(1), (wttm.ERROR, {"seat": 1, "turn": 1}))
    assert refusal(state, wttm.ERROR, seat=1, turn=1) == (
        "Aki already has a system error on turn 1: one a turn (none of its three numbers could be written)."
        " Nothing was recorded."
    )
    assert play(setup, *flips(1), *[(wttm.ERROR, {"seat": s, "turn": 1}) for s in (1, 2)]).game.errors == {1: 1, 2: 1}
    state = play(
        setup, *flips(1), (wttm.ERROR, {"seat": 1, "turn": 1}), *flips(1), (wttm.ERROR, {"seat": 1, "turn": 2})
    )
    assert state.game.errors == {1: 2}


def test_a_system_error_tapped_just_before_a_flip_counts_for_the_turn_it_was_tapped_on() -> None:
    setup = setup_of(2, adventure="2")
    state = play(setup, *flips(2), (wttm.ERROR, {"seat": 1, "turn": 1}), (wttm.ERROR, {"seat": 1, "turn": 2}))
    assert state.game.errors == {1: 2} and state.game.error_turns == {1: frozenset({1, 2})}
    assert refusal(state, wttm.ERROR, seat=1, turn=3) == "Turn 3 has not begun: the table is on turn 2."


def test_a_sabotage_counts_once_a_turn_for_its_saboteur() -> None:
    setup = setup_of(3, adventure="1")
    state = play(setup, *flips(1), (wttm.SABOTAGE, {"seat": 2, "turn": 1}))
    assert refusal(state, wttm.SABOTAGE, seat=2, turn=1) == (
        "Ben already sabotaged on turn 1: one sabotage a turn. Nothing was recorded."
    )
    assert state.game.errors == {1: 1, 3: 1}
    state = play(
        setup, *flips(1), (wttm.SABOTAGE, {"seat": 2, "turn": 1}), *flips(1), (wttm.SABOTAGE, {"seat": 2, "turn": 2})
    )
    assert state.game.errors == {1: 2, 3: 2} and state.game.sabotages == {2: 2}


def test_errors_from_another_players_sabotage_leave_a_player_their_own_error_of_the_turn() -> None:
    setup = setup_of(3, adventure="1")
    state = play(setup, *flips(1), (wttm.SABOTAGE, {"seat": 2, "turn": 1}), (wttm.SABOTAGE, {"seat": 3, "turn": 1}))
    state = play(setup, *[(e.kind, e.payload) for e in state.events], (wttm.ERROR, {"seat": 1, "turn": 1}))
    assert state.game.errors == {1: 3, 2: 1, 3: 1}


def test_entries_that_do_not_say_their_turn_count_each_as_they_were_recorded() -> None:
    """Stored ledgers (and files typed by hand) hold errors and sabotages without a turn: each counts."""
    setup = setup_of(3, adventure="1")
    state = play(setup, *flips(1), *[(wttm.ERROR, {"seat": 1})] * 2, *[(wttm.SABOTAGE, {"seat": 2})] * 2)
    assert state.game.errors == {1: 4, 3: 2} and state.game.sabotages == {2: 2}


def test_the_majority_line_gives_each_players_count_and_award_in_words_not_arrows() -> None:
    colony = board_of(setup_of(3, adventure="3"), *flips(1), *sheet(1, astronauts=5), *sheet(2, astronauts=3))
    assert colony.to_json()["details"] == ["Most astronauts: Aki 5 (20 points), Ben 3 (10 points)"]
    dome = board_of(setup_of(3, adventure="5"), *flips(1), *sheet(1, astronauts=5), *sheet(2, astronauts=3))
    assert dome.to_json()["details"] == ["Astronauts by rank: Aki 5 (rank 1), Ben 3 (rank 2), Chika 0"]
