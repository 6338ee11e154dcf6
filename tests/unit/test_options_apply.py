"""Rule options say when they apply; results and `companion score` list only those."""

from __future__ import annotations

from companion.games.options import RuleOption, applied_options, relevant_options, when
from companion.games.registry import get_game
from companion.games.scenario import replay


def labels(slug: str, **values: str) -> set[str]:
    return {option.key for option in relevant_options(get_game(slug).options, values)}


def test_an_option_without_a_condition_always_applies() -> None:
    assert RuleOption("x", "X", 1).applies_to({})


def test_when_compares_the_table_values_of_the_named_options() -> None:
    test = when({"mode": "solo", "adventure": ("1", "2")})
    assert test({"mode": "solo", "adventure": "2"})
    assert not test({"mode": "multi", "adventure": "1"})
    assert not test({"mode": "solo", "adventure": "3"})


def test_moon_adventure_2_together_drops_the_solo_and_other_adventure_options() -> None:
    shown = labels("welcome-to-the-moon", adventure="2", mode="multi")
    assert "astra-level" not in shown and "adventure-6-areas" not in shown and "adventure-8-plants" not in shown
    assert "adventure-1-rockets" not in shown and "ranking" in shown


def test_moon_solo_adventure_1_shows_the_astra_level_and_its_rocket_track() -> None:
    shown = labels("welcome-to-the-moon", adventure="1", mode="solo")
    assert {"astra-level", "astra-1-start-rockets", "astra-1-track", "astra-1-sabotage", "adventure-1-rockets"} <= shown
    assert "astra-1-points" not in shown  # version 1's points every fifth rocket: read from older tables only


def test_red_planet_second_edition_drops_the_first_edition_box_contents() -> None:
    assert "token-mix-1st" not in labels("mission-red-planet", edition="2nd")
    assert "token-mix-1st" in labels("mission-red-planet", edition="1st")


def test_applied_options_and_the_score_json_list_only_relevant_options() -> None:
    game = get_game("welcome-to-the-moon")
    applied = dict(applied_options(game.options, {"adventure": "2", "mode": "multi"}))
    assert "ASTRA level (solo)" not in applied and "Adventure" in applied
    scenario = {
        "game": "welcome-to-the-moon",
        "players": [{"name": "Aki"}, {"name": "Ben"}],
        "options": {"adventure": "2"},
        "seed": "s",
        "events": [],
    }
    _state, board = replay(scenario)
    assert "ASTRA level (solo)" not in board.to_json()["options"]
    assert "Areas scored at the end (adventure 6)" not in board.to_json()["options"]
