"""Mission: Red Planet: zone majorities after rounds 5, 8 and 10, carry-over, splits, ice, cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from companion.games import kinds
from companion.games.contract import Event, Setup
from companion.games.mission_red_planet import GAME as MRP
from companion.games.mission_red_planet import cards
from companion.games.mission_red_planet import rules as mrp
from companion.games.mission_red_planet.rounds import calling_order, character_name, hand, next_to_act
from companion.games.mission_red_planet.rule_options import (
    BONUS_TIE,
    CENTRAL_ZONES,
    EMPTY_ZONES,
    OPTIONS,
    RECRUITER_RETURNS_ITSELF,
    RESOURCE_TOKEN_WORTH,
    RULE_VERSION,
    RULES_CALLS_END_ROUND,
    SUPPLY_1ST,
    TIE_BREAK,
    TOKEN_MIX_1ST,
)
from companion.games.mission_red_planet.state import SLUG
from companion.games.scenario import replay
from companion.games.scores import Scoreboard
from companion.games.table import describe, extend, viewer
from companion.games.table_state import TableState
from companion.games.words import RuleError

NAMES = ("Aki", "Ben", "Chika", "Dai", "Emi", "Fumi", "Gin")


class Game:
    """A scenario written like a game night: crew land, rounds end, and the board is scored."""

    def __init__(self, players: int = 3, **options: Any) -> None:
        self.players = [{"name": name} for name in NAMES[:players]]
        self.options = options
        self.events: list[dict[str, Any]] = []

    def add(self, kind: str, **payload: Any) -> Game:
        self.events.append({"kind": kind, "payload": payload})
        return self

    def zone(self, zone: int, resource: str) -> Game:
        return self.add(mrp.RESOURCE, zone=zone, resource=resource)

    def crew(self, zone: int, **counts: int) -> Game:
        for name, count in counts.items():
            self.add(mrp.SET_CREW, seat=NAMES.index(name) + 1, zone=zone, count=count)
        return self

    def rounds(self, count: int) -> Game:
        for _ in range(count):
            self.add(mrp.END_ROUND)
        return self

    def play(self) -> tuple[TableState, Scoreboard]:
        state, board = replay(
            {
                "game": SLUG,
                "players": self.players,
                "options": self.options,
                "seed": "mars",
                "events": self.events,
            }
        )
        assert not state.skipped, {seq: m.render() for seq, m in state.skipped.items()}
        return state, board


def points(board: Scoreboard, name: str, category: str | None = None) -> int:
    line = next(p for p in board.players if p.name == name)
    if category is None:
        return line.total
    return next(c.points for c in line.categories if c.key == category)


def tokens(state: TableState, name: str, colour: str) -> int:
    return int(state.game.tokens.get((NAMES.index(name) + 1, colour), 0))


def test_round_5_sole_majority_takes_the_single_token() -> None:
    state, board = Game().zone(1, "celerium").crew(1, Aki=2, Ben=1).rounds(5).play()
    assert tokens(state, "Aki", "celerium") == 1 and tokens(state, "Ben", "celerium") == 0
    assert points(board, "Aki") == 3
    assert "Round 5, Zone 1: Aki 2, Ben 1: Aki takes 1 celerium" in board.to_json()["details"]


def test_round_5_tie_leaves_the_token_for_round_8_where_the_sole_majority_takes_three() -> None:
    game = Game().zone(4, "ice").crew(4, Aki=3, Ben=3).rounds(5)
    state, board = game.play()
    assert state.game.pots[4] == 1 and tokens(state, "Aki", "ice") == 0
    assert "Round 5, Zone 4: Aki 3, Ben 3: tie, 1 ice carried over to round 8" in board.to_json()["details"]
    state, _ = game.crew(4, Ben=4).rounds(3).play()
    assert tokens(state, "Ben", "ice") == 3 and state.game.pots[4] == 0


def test_round_8_tie_splits_evenly_and_the_remainder_waits_for_round_10() -> None:
    game = Game().zone(2, "sylvanite").crew(2, Aki=2, Ben=2).rounds(8)
    state, board = game.play()
    # round 5: 1 stays; round 8: 1 + 2 = 3 split between two: 1 each, 1 stays
    assert tokens(state, "Aki", "sylvanite") == 1 and tokens(state, "Ben", "sylvanite") == 1
    assert state.game.pots[2] == 1
    assert (
        "Round 8, Zone 2: Aki 2, Ben 2: tie, 1 sylvanite each, 1 carried over to round 10" in board.to_json()["details"]
    )
    state, _ = game.crew(2, Chika=5).rounds(2).play()
    assert tokens(state, "Chika", "sylvanite") == 4  # 1 left from round 8 + 3 new
    assert state.game.resource_tokens[(3, "sylvanite")] == 1


def test_round_8_three_way_tie_on_two_tokens_keeps_them_all() -> None:
    state, _ = Game().zone(3, "ice").rounds(5).crew(3, Aki=1, Ben=1, Chika=1).rounds(3).play()
    # round 5: nobody there, 1 stays; round 8: 3 tokens for three tied players: 1 each
    assert [tokens(state, n, "ice") for n in ("Aki", "Ben", "Chika")] == [1, 1, 1]
    state, _ = Game().zone(3, "ice").crew(3, Aki=1, Ben=1, Chika=1).rounds(8).play()
    # round 5 tie keeps 1; round 8: 3 tokens, 1 each, nothing left
    assert state.game.pots[3] == 0


def test_round_10_tie_splits_and_discards_the_remainder_and_nobody_takes_the_resource_token() -> None:
    state, board = Game().zone(5, "celerium").rounds(8).crew(5, Aki=2, Ben=2).rounds(2).play()
    # rounds 5 and 8 with nobody: 1 + 2 = 3 stay; round 10: 3 + 3 = 6, split 3 each
    assert tokens(state, "Aki", "celerium") == 3 and tokens(state, "Ben", "celerium") == 3
    state, board = Game().zone(5, "celerium").rounds(8).crew(5, Aki=2, Ben=2, Chika=2).rounds(2).play()
    assert [tokens(state, n, "celerium") for n in ("Aki", "Ben", "Chika")] == [2, 2, 2]
    state, board = Game().zone(5, "ice").crew(5, Aki=1, Ben=1).rounds(10).play()
    # r5 tie keeps 1; r8: 3 split 1 each, 1 stays; r10: 1 + 3 = 4 split 2 each
    assert tokens(state, "Aki", "ice") == 3
    state, board = Game().zone(6, "ice").crew(6, Aki=1, Ben=1, Chika=1).rounds(10).play()
    # r5: 1 stays; r8: 3 → 1 each; r10: 3 → 1 each
    assert tokens(state, "Aki", "ice") == 2 and state.game.pots[6] == 0
    assert not state.game.resource_tokens
    state, board = Game(4).zone(6, "ice").rounds(8).crew(6, Aki=1, Ben=1, Chika=1, Dai=1).rounds(2).play()
    # r10 pot 1 + 2 + 3 = 6 among four: 1 each, 2 discarded
    assert "Round 10, Zone 6: Aki 1, Ben 1, Chika 1, Dai 1: tie, 1 ice each, 2 discarded" in board.to_json()["details"]


def test_a_sole_final_majority_takes_the_resource_token_worth_three_score_tokens() -> None:
    state, board = Game().zone(1, "sylvanite").crew(1, Aki=1).rounds(10).play()
    assert tokens(state, "Aki", "sylvanite") == 6
    assert points(board, "Aki", "sylvanite") == 12
    assert points(board, "Aki", "resource-tokens") == 6
    _, board = Game(**{RESOURCE_TOKEN_WORTH: "three-points"}).zone(1, "sylvanite").crew(1, Aki=1).rounds(10).play()
    assert points(board, "Aki", "resource-tokens") == 3


def test_empty_zones_keep_their_tokens_unless_the_option_discards_them() -> None:
    state, _ = Game().zone(7, "ice").rounds(8).play()
    assert state.game.pots[7] == 3
    state, _ = Game(**{EMPTY_ZONES: "discard"}).zone(7, "ice").rounds(8).play()
    assert state.game.pots[7] == 0


def test_unmapped_zones_produce_nothing() -> None:
    state, _ = Game().rounds(10).play()
    assert not state.game.pots and not state.game.tokens


def test_the_score_token_supply_running_out_is_reported_and_points_still_count() -> None:
    game = Game(**{SUPPLY_1ST: (1, 20, 20)}).zone(1, "ice").zone(2, "ice").crew(1, Aki=1).crew(2, Ben=1)
    state, board = game.rounds(8).play()
    # round 5: Aki 1 (supply now 0), Ben 1 from stand-ins; round 8: 2 each from stand-ins
    assert tokens(state, "Aki", "ice") == 3 and tokens(state, "Ben", "ice") == 3
    details = board.to_json()["details"]
    assert "The ice score tokens ran out: resource tokens stand in for 1 of them." in details
    assert "The ice score tokens ran out: resource tokens stand in for 4 of them." in details


@pytest.mark.parametrize(("tied", "each"), [(1, 9), (2, 4), (3, 3), (4, 2)])
def test_most_ice_gets_nine_split_rounded_down_among_tied_players(tied: int, each: int) -> None:
    game = Game(5)
    for zone, name in zip(range(1, tied + 1), NAMES, strict=False):
        game.zone(zone, "ice").crew(zone, **{name: 1})
    _, board = game.rounds(10).play()
    for name in NAMES[:tied]:
        assert points(board, name, "ice-bonus") == each
    assert points(board, "Emi", "ice-bonus") == 0


def test_nobody_with_ice_gets_no_ice_bonus() -> None:
    _, board = Game().zone(1, "celerium").crew(1, Aki=1).rounds(10).play()
    assert all(points(board, n, "ice-bonus") == 0 for n in ("Aki", "Ben", "Chika"))


def test_bonus_cards_stay_secret_until_the_end_then_count() -> None:
    game = Game().add(mrp.BONUS, seat=1, points=5).add(mrp.BONUS, seat=1, points=2)
    _, board = game.rounds(9).play()
    assert "bonus" not in board.to_json()["players"][0]["categories"]
    _, board = game.rounds(1).play()
    assert points(board, "Aki", "bonus") == 7


def test_the_log_says_which_round_ended() -> None:
    state, _ = Game().add(mrp.END_ROUND, round=1).add(mrp.END_ROUND, round=2).play()
    assert [describe(MRP, state, event).render() for event in state.events] == ["Round 1 ended", "Round 2 ended"]


def test_a_bonus_card_is_in_its_owners_log_only_until_the_end() -> None:
    state, _ = Game().add(mrp.BONUS, seat=1, points=5, name="Scout").play()
    bonus = state.events[0]
    assert describe(MRP, state, bonus, seat=1).render() == "Aki noted a bonus card: “Scout”: 5 points"
    for other in (2, None):  # another player, the host or a watcher
        assert describe(MRP, state, bonus, seat=other).render() == "Aki noted a bonus card (secret until the end)"
    ended = extend(MRP, state, (Event(2, kinds.TABLE_END, {}, by_host=True),))
    assert "Scout" in describe(MRP, ended, bonus, seat=2).render()


def test_a_discovery_cards_effect_is_in_its_placers_log_until_it_is_turned_up() -> None:
    game = Game().add(mrp.DISCOVERY, seat=2, zone=1, effect=cards.BARREN)
    state, _ = game.play()
    placed = state.events[0]
    assert "scores nothing" in describe(MRP, state, placed, seat=2).render()
    assert describe(MRP, state, placed, seat=1).render().endswith("placed a discovery card face down on Zone 1")
    state, _ = game.rounds(10).add(mrp.REVEAL, zone=1, effect=cards.BARREN).play()
    assert "scores nothing" in describe(MRP, state, placed, seat=1).render()


def test_discovery_cards_one_per_outer_zone_seven_at_most_scored_when_revealed() -> None:
    game = Game()
    for zone in range(1, 8):
        game.add(mrp.DISCOVERY, seat=1, zone=zone)
    game.play()
    for bad in (
        Game().add(mrp.DISCOVERY, seat=1, zone=9),
        Game().add(mrp.DISCOVERY, seat=1, zone=1).add(mrp.DISCOVERY, seat=2, zone=1),
        Game().add(mrp.DISCOVERY, seat=1, zone=1).add(mrp.DISCOVERY_POINTS, zone=1, seat=1, points=3),
    ):
        with pytest.raises(AssertionError):
            bad.play()
    central = Game(**{CENTRAL_ZONES: (1, 2, 3)}).add(mrp.DISCOVERY, seat=1, zone=9)
    central.play()
    _, board = (
        Game().add(mrp.DISCOVERY, seat=2, zone=1).rounds(10).add(mrp.DISCOVERY_POINTS, zone=1, seat=3, points=4).play()
    )
    assert points(board, "Chika", "discovery") == 4


def test_an_eighth_discovery_card_is_refused() -> None:
    game = Game(**{CENTRAL_ZONES: (10, 10, 10)})
    for zone in range(1, 9):
        game.add(mrp.DISCOVERY, seat=1, zone=zone)
    with pytest.raises(AssertionError, match="Seven"):
        game.play()


def test_recording_landings_and_moves_gives_the_same_result_as_entering_counts() -> None:
    by_moves = (
        Game()
        .zone(1, "ice")
        .zone(2, "celerium")
        .add(mrp.LAND, seat=1, zone=1, count=3)
        .add(mrp.LAND, seat=2, zone=1, count=2)
        .add(mrp.MOVE, seat=1, from_zone=1, to_zone=2, count=2)
        .add(mrp.LAND, seat=3, zone=2, count=1)
        .add(mrp.REMOVE, seat=2, zone=1, count=1)
        .rounds(5)
    )
    by_counts = Game().zone(1, "ice").zone(2, "celerium").crew(1, Aki=1, Ben=1).crew(2, Aki=2, Chika=1).rounds(5)
    (state_a, board_a), (state_b, board_b) = by_moves.play(), by_counts.play()
    assert board_a.to_json()["players"] == board_b.to_json()["players"]
    assert state_a.game.pots == state_b.game.pots


def test_crew_cannot_go_below_zero_or_beyond_twenty_two() -> None:
    with pytest.raises(AssertionError):
        Game().add(mrp.REMOVE, seat=1, zone=1, count=1).play()
    with pytest.raises(AssertionError):
        Game().crew(1, Aki=20).crew(2, Aki=3).play()


def test_a_zone_first_reached_draws_its_resource_from_the_seed_within_the_mix() -> None:
    game = Game(**{TOKEN_MIX_1ST: (0, 0, 14)})
    state, _ = game.crew(1, Aki=1).play()
    assert state.game.resources == {1: "celerium"}
    drawn = [
        replay(
            {
                "game": SLUG,
                "players": [{"name": n} for n in NAMES[:3]],
                "seed": f"s{i}",
                "events": [{"kind": mrp.SET_CREW, "payload": {"seat": 1, "zone": z, "count": 1}} for z in range(1, 11)],
            }
        )[0]
        for i in range(3)
    ]
    for state in drawn:
        values = list(state.game.resources.values())
        assert len(values) == 10 and values.count("ice") <= 6 and values.count("sylvanite") <= 4
    with pytest.raises(AssertionError):
        Game(**{TOKEN_MIX_1ST: (0, 14, 0)}).zone(1, "ice").play()


def test_editions_guard_player_counts_and_name_the_zones() -> None:
    for players, edition in ((2, "1st"), (6, "1st"), (7, "2nd")):
        with pytest.raises((RuleError, AssertionError)):
            Game(players, edition=edition).play()
    Game(2, edition="2nd").play()
    Game(6, edition="2nd").play()
    _, board = Game(2, edition="2nd").zone(10, "ice").crew(10, Aki=1).rounds(5).play()
    assert "Round 5, Phobos: Aki 1: Aki takes 1 ice" in board.to_json()["details"]
    with pytest.raises(AssertionError):  # the 2nd edition has 5 ice, 3 sylvanite, 3 celerium tokens
        g = Game(2, edition="2nd")
        for zone in range(1, 5):
            g.zone(zone, "celerium")
        g.play()


def test_nothing_is_recorded_after_round_10_but_the_discovery_reveal() -> None:
    with pytest.raises(AssertionError):
        Game().rounds(10).crew(1, Aki=1).play()


def test_a_final_tie_is_shared_unless_the_option_counts_crew() -> None:
    _, board = Game().zone(1, "ice").zone(2, "ice").crew(1, Aki=1).crew(2, Ben=2).rounds(10).play()
    aki, ben = (next(p for p in board.players if p.name == n) for n in ("Aki", "Ben"))
    assert aki.total == ben.total and aki.rank == ben.rank == 1
    assert "share rank 1" in board.to_json()["tie_break"][0] or "shared rank 1" in board.to_json()["tie_break"][0]
    _, board = Game(**{TIE_BREAK: "crew"}).zone(1, "ice").zone(2, "ice").crew(1, Aki=1).crew(2, Ben=2).rounds(10).play()
    assert [p.name for p in board.players][:2] == ["Ben", "Aki"]
    assert board.players[0].rank == 1 and board.players[1].rank == 2


def test_undoing_a_landing_and_landing_again_draws_the_same_resource_token() -> None:
    from companion.games.contract import Event, Player, Setup
    from companion.games.options import resolve_options
    from companion.games.table import decide, fold
    from companion.games.table_state import TABLE_OPTIONS

    players = tuple(Player(seat, name, "#000000") for seat, name in enumerate(NAMES[:3], start=1))
    setup = Setup(SLUG, players, resolve_options((*TABLE_OPTIONS, *MRP.options), {}), "seed")
    landed = fold(MRP, setup, [Event(1, mrp.LAND, {"seat": 1, "zone": 4, "count": 1}, author=1)])
    drawn = landed.game.resources[4]
    _event, undone = decide(MRP, landed, Event(2, "void", {"target": 1}, author=1))
    assert 4 not in undone.game.resources
    _event, again = decide(MRP, undone, Event(3, mrp.LAND, {"seat": 1, "zone": 4, "count": 1}, author=1))
    assert again.game.resources[4] == drawn


def test_with_our_own_components_the_app_never_draws_and_tokens_come_when_revealed() -> None:
    game = Game(components="own").add(mrp.LAND, seat=1, zone=4, count=2).add(mrp.LAND, seat=2, zone=5, count=1)
    game.zone(4, "celerium")  # revealed after the landing: accepted
    state, _board = game.play()
    assert state.game.resources == {4: "celerium"}
    game.rounds(5)
    state, _board = replay(
        {"game": SLUG, "players": game.players, "options": game.options, "seed": "mars", "events": game.events}
    )
    assert state.game.round == 5  # the end of round 5 waits for zone 5's token
    assert "Enter the resource tokens of zones 5" in next(iter(state.skipped.values())).render()
    state, board = Game(components="own").add(mrp.LAND, seat=1, zone=4, count=2).zone(4, "ice").rounds(5).play()
    assert points(board, "Aki", "ice") == 1


def test_the_final_resource_token_can_be_switched_off() -> None:
    state, board = Game(**{"final-resource-token": False}).zone(1, "celerium").crew(1, Aki=3, Ben=1).rounds(10).play()
    assert not state.game.resource_tokens and points(board, "Aki", "resource-tokens") == 0
    assert ("After round 10, a sole majority also takes the zone's resource token", "no") in board.options


def test_whether_an_ice_resource_token_counts_for_the_ice_bonus_is_an_option() -> None:
    def ice_bonus(counts: bool) -> tuple[int, int]:
        game = Game(**{"ice-resource-token": counts}).zone(1, "ice").zone(2, "ice").zone(3, "ice")
        game.crew(1, Aki=3).crew(2, Ben=2).crew(3, Ben=2).rounds(8)
        _state, board = game.crew(2, Chika=2).crew(3, Chika=2).rounds(2).play()  # round 10 ties in zones 2, 3
        return points(board, "Aki", "ice-bonus"), points(board, "Ben", "ice-bonus")

    # Aki: 6 ice score tokens and zone 1's ice resource token; Ben: 3 + 3 + 1 + 1 = 8 ice tokens.
    assert ice_bonus(True) == (9, 0)  # 6 + 3 = 9 beats 8
    assert ice_bonus(False) == (0, 9)  # 6 against 8


def test_the_ice_bonus_is_explained_on_the_results() -> None:
    _state, board = Game().zone(1, "ice").zone(2, "ice").crew(1, Aki=3).crew(2, Ben=2).rounds(10).play()
    lines = [m.render() for m in board.details]
    assert "Most ice (a resource token counts as three): Aki 9, Ben 9, Chika 0 → Aki +4, Ben +4" in lines


# -- Bonus cards by what they do -------------------------------------------------------------------


def bonus_lines(board: Scoreboard) -> list[str]:
    return [m.render() for m in board.details if m.render().startswith("Bonus card")]


def test_a_bonus_card_naming_a_zone_scores_only_for_the_most_crew_there() -> None:
    card = {"counts": "crew-in-zone", "condition": "most", "zone": 4, "points": 6, "name": "Olympus"}
    game = Game().zone(4, "ice").add(mrp.BONUS, seat=1, **card).add(mrp.BONUS, seat=2, **card)
    _, board = game.crew(4, Aki=3, Ben=2).rounds(10).play()
    assert (points(board, "Aki", "bonus"), points(board, "Ben", "bonus")) == (6, 0)
    assert bonus_lines(board) == [
        "Bonus card of Aki (“Olympus”: 6 points for the most crew in Zone 4): 3, the most: met, +6",
        "Bonus card of Ben (“Olympus”: 6 points for the most crew in Zone 4): 2, but Aki 3: not met, 0",
    ]


@pytest.mark.parametrize(("option", "each"), [("not-most", 0), ("most", 5)])
def test_a_tie_for_the_most_meets_a_bonus_card_only_if_the_option_says_so(option: str, each: int) -> None:
    card = {"counts": "crew-on-mars", "points": 5}  # the condition defaults to "the most"
    game = Game(**{BONUS_TIE: option}).zone(1, "ice").zone(2, "ice")
    game.add(mrp.BONUS, seat=1, **card).add(mrp.BONUS, seat=2, **card).crew(1, Aki=2).crew(2, Ben=2, Chika=1)
    _, board = game.rounds(10).play()
    assert (points(board, "Aki", "bonus"), points(board, "Ben", "bonus")) == (each, each)
    assert "tied for the most with Ben" in bonus_lines(board)[0]


def test_a_bonus_card_can_pay_for_each_token_or_need_at_least_a_count() -> None:
    game = Game().zone(1, "celerium").zone(2, "sylvanite").zone(3, "ice").crew(1, Aki=2).crew(2, Aki=1).crew(3, Aki=1)
    game.add(mrp.BONUS, seat=1, counts="tokens", condition="each", resource="celerium", points=1)
    game.add(mrp.BONUS, seat=1, counts="zones-with-crew", condition="at-least", at_least=3, points=4)
    game.add(mrp.BONUS, seat=1, counts="majorities", condition="at-least", at_least=4, points=9)
    _, board = game.rounds(10).play()
    # Zone 1 gives Aki 1 + 2 + 3 celerium tokens and its resource token (three more).
    assert bonus_lines(board) == [
        "Bonus card of Aki (1 point for each of your celerium score tokens (a resource token counts as three)): "
        "9 × 1 = 9",
        "Bonus card of Aki (4 points for at least 3 zones with crew): 3, at least 3: met, +4",
        "Bonus card of Aki (9 points for at least 4 zones where you alone have the most crew): "
        "3, fewer than 4: not met, 0",
    ]
    assert points(board, "Aki", "bonus") == 13


def test_a_bonus_card_that_does_not_hold_together_is_refused() -> None:
    for card in (
        {"counts": "crew-in-zone", "points": 3},  # which zone?
        {"counts": "crew-on-mars", "condition": "at-least", "points": 3},  # at least how many?
        {"counts": "none", "condition": "most", "points": 3},
        {"counts": "crew-on-mars", "resource": "ice", "points": 3},
    ):
        with pytest.raises(AssertionError):
            Game().add(mrp.BONUS, seat=1, **card).play()


def test_a_bonus_card_can_be_entered_when_it_is_turned_up_at_the_end() -> None:
    game = Game().zone(1, "ice").crew(1, Ben=1).rounds(10).add(mrp.BONUS, seat=2, counts="crew-on-mars", points=4)
    _, board = game.play()
    assert points(board, "Ben", "bonus") == 4


def test_a_bonus_card_stays_on_its_owners_phone_until_the_end() -> None:
    from companion.games.mission_red_planet.view import red_planet_view

    card = {"counts": "crew-in-zone", "zone": 4, "points": 6}
    state, _ = Game().add(mrp.BONUS, seat=1, **card).rounds(9).play()
    own, other = (red_planet_view(state.setup, state.game, viewer_for(state, seat)) for seat in (1, 2))
    assert [m.render() for m in own.my_bonus or ()] == ["6 points for the most crew in Zone 4"]
    assert other.my_bonus == () and other.bonus_lines == ()
    state, _ = Game().add(mrp.BONUS, seat=1, **card).rounds(10).play()
    other = red_planet_view(state.setup, state.game, viewer_for(state, 2))
    assert [m.render() for m in other.bonus_lines] == ["Aki (6 points for the most crew in Zone 4): none: not met, 0"]


def viewer_for(state: TableState, seat: int | None, host: bool = False) -> Any:
    from companion.games.table import viewer

    return viewer(MRP, state, seat, host)


# -- Discovery cards by what they do ---------------------------------------------------------------


def zone_line(board: Scoreboard, round: int, zone: int) -> str:
    return next(m.render() for m in board.details if m.render().startswith(f"Round {round}, Zone {zone}:"))


@pytest.mark.parametrize(
    ("card", "aki", "line"),
    [
        (
            {"effect": "resource", "resource": "celerium"},
            {"ice": 1 + 2, "celerium": 3 * 3, "resource-tokens": 9},
            "Aki takes 3 celerium and the resource token (discovery card: the zone yields celerium instead)",
        ),
        (
            {"effect": "more-tokens", "amount": 2},
            {"ice": 1 + 2 + 5, "resource-tokens": 3},
            "Aki takes 5 ice and the resource token (discovery card: +2 score tokens in the final scoring)",
        ),
        (
            {"effect": "more-tokens", "amount": -3},
            {"ice": 1 + 2, "resource-tokens": 3},
            "Aki takes the resource token (discovery card: \u22123 score tokens in the final scoring)",
        ),
        (
            {"effect": "multiply", "amount": 2},
            {"ice": 1 + 2 + 6, "resource-tokens": 3},
            "Aki takes 6 ice and the resource token (discovery card: the final pot × 2)",
        ),
        (
            {"effect": "barren"},
            {"ice": 1 + 2, "resource-tokens": 0},
            "nothing scored, 3 discarded (discovery card: the zone scores nothing: its tokens are discarded)",
        ),
        (
            {"effect": "majority-points", "points": 5},
            {"ice": 1 + 2 + 3, "discovery": 5},
            "Aki takes 3 ice and the resource token; the card's points: Aki +5 "
            "(discovery card: 5 points for the zone's final majority)",
        ),
    ],
)
def test_a_discovery_card_turned_up_changes_its_zones_final_result_and_the_zone_line_says_how(
    card: dict[str, Any], aki: dict[str, int], line: str
) -> None:
    # Zone 2 is Aki's alone: 3 crew, ice; the card is turned up in round 10, before the scoring.
    game = Game().zone(2, "ice").crew(2, Aki=3).add(mrp.DISCOVERY, seat=2, zone=2).rounds(9)
    _, board = game.add(mrp.REVEAL, zone=2, **card).rounds(1).play()
    for category, expected in aki.items():
        assert points(board, "Aki", category) == expected, category
    assert zone_line(board, 10, 2) == f"Round 10, Zone 2: Aki 3: {line}"


def test_a_discovery_card_can_pay_the_player_who_placed_it() -> None:
    game = Game().add(mrp.DISCOVERY, seat=2, zone=3).rounds(9).add(mrp.REVEAL, zone=3, effect="placer-points", points=4)
    _, board = game.rounds(1).play()
    assert points(board, "Ben", "discovery") == 4
    assert "Discovery card on Zone 3 (4 points for the player who placed it): Ben placed it, +4" in [
        m.render() for m in board.details
    ]


def test_a_discovery_card_turned_up_after_round_10_scores_its_zone_again_as_if_turned_up_before() -> None:
    def played(after: bool) -> Scoreboard:
        game = Game().zone(2, "ice").crew(2, Aki=3, Ben=1).add(mrp.DISCOVERY, seat=2, zone=2).rounds(9)
        reveal = {"zone": 2, "effect": "resource", "resource": "sylvanite"}
        if after:
            return game.rounds(1).add(mrp.REVEAL, **reveal).play()[1]
        return game.add(mrp.REVEAL, **reveal).rounds(1).play()[1]

    before, after = played(False), played(True)
    assert before.to_json() == after.to_json()
    assert points(after, "Aki", "sylvanite") == 2 * 3


def test_a_discovery_card_entered_by_its_placer_counts_unless_turned_up_otherwise_and_stays_secret() -> None:
    from companion.games.mission_red_planet.view import red_planet_view

    game = Game().zone(2, "ice").crew(2, Aki=3).add(mrp.DISCOVERY, seat=2, zone=2, effect="multiply", amount=0)
    state, _ = game.rounds(9).play()
    ben, aki, host = (red_planet_view(state.setup, state.game, viewer_for(state, s, s is None)) for s in (2, 1, None))
    assert ben.zones[1].discovery_card is not None and ben.zones[1].discovery_card.render() == "the final pot × 0"
    assert aki.zones[1].discovery and aki.zones[1].discovery_card is None
    assert host.zones[1].discovery_card is None
    _, board = game.rounds(1).play()
    assert points(board, "Aki", "ice") == 1 + 2  # × 0 at round 10: the placer's card counted
    _, board = game.add(mrp.REVEAL, zone=2, effect="more-tokens", amount=1).play()
    assert points(board, "Aki", "ice") == 1 + 2 + 4  # the card as turned up wins over what was entered


def test_a_discovery_card_not_turned_up_is_noted_on_the_results() -> None:
    _, board = Game().add(mrp.DISCOVERY, seat=1, zone=5).rounds(10).play()
    assert "Discovery cards not turned up yet on 5" in " ".join(m.render() for m in board.notes)


def test_discovery_cards_are_turned_up_only_at_the_end_of_round_10() -> None:
    with pytest.raises(AssertionError, match="end of round 10"):
        Game().add(mrp.DISCOVERY, seat=1, zone=5).rounds(8).add(mrp.REVEAL, zone=5, effect="barren").play()
    with pytest.raises(AssertionError, match="no discovery card"):
        Game().rounds(9).add(mrp.REVEAL, zone=5, effect="barren").play()


# -- Characters and the calling order --------------------------------------------------------------


def picks(game: Game, **characters: int) -> Game:
    for name, character in characters.items():
        game.add(mrp.CHARACTER, seat=NAMES.index(name) + 1, character=character)
    return game


def test_characters_act_from_1_to_9_and_the_same_character_clockwise_from_the_first_player() -> None:
    game = picks(Game().rounds(1).add(mrp.END_ROUND, first_player=2), Aki=5, Ben=7, Chika=5)
    state, _ = game.play()
    assert calling_order(state.setup, state.game) == (3, 1, 2)  # Ben is first: clockwise Ben, Chika, Aki
    assert next_to_act(state.setup, state.game) == 3
    with pytest.raises(AssertionError, match="Chika's character that acts now"):
        game.add(mrp.ACTED, seat=1).play()
    game.events.pop()
    with pytest.raises(AssertionError, match="picks of this round are made"):  # everyone picked: calls began
        picks(game, Aki=6).play()


def test_the_second_edition_counts_down_from_9() -> None:
    state, _ = picks(Game(edition="2nd"), Aki=2, Ben=9, Chika=4).play()
    assert calling_order(state.setup, state.game) == (2, 3, 1)
    assert character_name(state.setup, 9).render() == "Recruiter (9)"


def test_whoever_acts_last_takes_the_first_player_token() -> None:
    game = picks(Game(), Aki=3, Ben=8, Chika=1)
    for seat in (3, 1, 2):
        game.add(mrp.ACTED, seat=seat)
    state, _ = game.rounds(1).play()
    assert state.game.first_player == 2 and state.game.round == 2 and not state.game.characters


def test_a_used_character_comes_back_only_with_the_recruiter() -> None:
    def round_of(game: Game, aki: int, others: int) -> Game:
        picks(game, Aki=aki, Ben=others, Chika=others)
        state, _ = game.play()
        for seat in calling_order(state.setup, state.game):
            game.add(mrp.ACTED, seat=seat)
        return game.rounds(1)

    game = round_of(Game(), 5, 2)
    state, _ = game.play()
    assert hand(state.setup, state.game, 1) == (1, 2, 3, 4, 6, 7, 8, 9)
    with pytest.raises(AssertionError, match="Aki has already used character 5"):
        picks(round_of(Game(), 5, 2), Aki=5).play()
    game = round_of(round_of(Game(), 5, 2), 1, 3)  # the Recruiter: every used character comes back
    state, _ = game.play()
    assert hand(state.setup, state.game, 1) == tuple(range(1, 10))
    state, _ = round_of(round_of(Game(**{RECRUITER_RETURNS_ITSELF: False}), 5, 2), 1, 3).play()
    assert hand(state.setup, state.game, 1) == tuple(range(2, 10))


def test_a_character_is_face_down_on_other_phones_until_it_is_called() -> None:
    from companion.games.mission_red_planet.view import red_planet_view

    state, _ = picks(Game(), Aki=2, Ben=6, Chika=2).add(mrp.ACTED, seat=1).play()
    ben = red_planet_view(state.setup, state.game, viewer_for(state, 2))
    shown = {line.player.name: line.character.render() if line.character else None for line in ben.characters}
    assert shown == {"Aki": "character 2", "Chika": "character 2", "Ben": "character 6"}
    aki = red_planet_view(state.setup, state.game, viewer_for(state, 1))
    assert {line.player.name: line.character for line in aki.characters}["Ben"] is None
    assert aki.acting is not None and aki.acting.player.name == "Chika"
    state, _ = picks(Game(), Aki=2).play()
    ben = red_planet_view(state.setup, state.game, viewer_for(state, 2))
    assert all(line.character is None for line in ben.characters) and ben.still_picking == ("Ben", "Chika")


def test_every_phone_is_offered_the_same_remembered_cards_whatever_the_seats_hold() -> None:
    """The server's list holds only revealed cards: leaving out one another seat took would say who holds it."""
    typed = {"points": 5, "name": "Scout"}
    state, _ = Game().add(mrp.BONUS, seat=1, **typed).play()
    remembered = {mrp.BONUS: (typed, {"points": 3, "name": "Pilot"})}  # revealed at ended tables
    for seat, host in ((2, False), (3, False), (None, True), (1, False)):
        assert viewer(MRP, state, seat, host, remembered).remembered == remembered


# -- One intent per tap: a character acts once a round, a round ends after every call ---------------


def called_through(game: Game, count: int) -> Game:
    """Say "done" for the characters called this round until ``count`` of them have acted."""
    state, _ = game.play()
    for seat in calling_order(state.setup, state.game)[len(state.game.acted) : count]:
        game.add(mrp.ACTED, seat=seat)
    return game


def refusal(game: Game, kind: str, **payload: Any) -> str:
    """The reason the rules give for refusing one more entry (the entry is left out of the table)."""
    state, _ = game.play()
    with pytest.raises(RuleError) as refused:
        decide_on(state, kind, **payload)
    return refused.value.message.render()


def decide_on(state: TableState, kind: str, **payload: Any) -> TableState:
    from companion.games.table import decide

    return decide(MRP, state, Event(state.last_seq + 1, kind, payload, by_host=True))[1]


def test_a_characters_done_counts_once_a_round_and_a_second_tap_says_so() -> None:
    game = called_through(picks(Game(), Aki=2, Ben=6, Chika=4), 1)  # Aki (2) is done; Chika (4) acts now
    assert refusal(game, mrp.ACTED, seat=1) == (
        "Aki's character has already acted this round: one character a round. Nothing was recorded."
    )
    state, _ = called_through(game, 3).play()  # everyone has acted: still no second "done"
    assert state.game.acted == (1, 3, 2)
    assert "Ben's character has already acted this round" in refusal(game, mrp.ACTED, seat=2)


def test_end_round_is_refused_while_characters_are_still_to_act_naming_them_in_seat_order() -> None:
    game = called_through(picks(Game(), Aki=2, Ben=6, Chika=4), 1)
    assert refusal(game, mrp.END_ROUND, round=1) == (
        "Round 1 is not over: still to act: Ben, Chika. End it once every character has acted."
    )
    state, _ = called_through(game, 3).add(mrp.END_ROUND).play()
    assert state.game.round == 2 and state.game.first_player == 2  # Ben acted last


def test_end_round_is_refused_while_someone_still_has_to_pick_a_character() -> None:
    game = picks(Game(), Aki=2)
    assert refusal(game, mrp.END_ROUND, round=1) == (
        "Round 1 is not over: still to pick a character: Ben, Chika. End it once every character has acted."
    )


def test_a_round_without_characters_ends_with_one_tap() -> None:
    state, _ = Game().rounds(3).play()  # characters are optional
    assert state.game.round == 4


def test_the_end_round_button_is_offered_only_once_every_character_has_acted() -> None:
    from companion.games.table import controls

    game = called_through(picks(Game(), Aki=2, Ben=6, Chika=4), 2)
    state, _ = game.play()
    assert not controls(MRP, state, None, True)[mrp.END_ROUND].allowed
    state, _ = called_through(game, 3).play()
    assert controls(MRP, state, None, True)[mrp.END_ROUND].allowed


def test_a_table_started_before_the_rule_replays_its_round_ended_mid_calls_as_recorded() -> None:
    """A stored table has no rule version: its ledger folds as it was recorded (calls cut short)."""
    from companion.games.table import fold

    state, _ = called_through(picks(Game(), Aki=2, Ben=6, Chika=4), 1).play()
    older = Setup(state.setup.game, state.setup.players, without(state.setup.options, RULE_VERSION), "mars")
    events = [*state.events, Event(state.last_seq + 1, mrp.END_ROUND, {"round": 1}, by_host=True)]
    replayed = fold(MRP, older, events)
    assert not replayed.skipped and replayed.game.round == 2 and not replayed.game.characters
    assert fold(MRP, state.setup, events).skipped  # a table of this version refuses it


def without(options: Mapping[str, Any], key: str) -> dict[str, Any]:
    return {name: value for name, value in options.items() if name != key}


def test_the_rule_version_is_never_asked_and_a_new_table_takes_the_newest() -> None:
    from companion.games.options import relevant_options

    state, _ = Game().play()
    assert state.setup.options[RULE_VERSION] == RULES_CALLS_END_ROUND
    assert RULE_VERSION not in {o.key for o in relevant_options(OPTIONS, state.setup.options)}


def news_of(before: TableState, after: TableState) -> list[tuple[str, int | None, str]]:
    from companion.games.news import news_between

    return [(n.kind, n.seat, n.message.render()) for n in news_between(MRP, before, after)]


def test_the_phone_of_the_seat_whose_character_is_called_is_told_on_every_call() -> None:
    from companion.games.news import TURN

    game = picks(Game(), Aki=2, Ben=6)
    before, _ = game.play()
    after = decide_on(before, mrp.CHARACTER, seat=3, character=4)  # the last pick: Aki's 2 is called
    assert news_of(before, after) == [(TURN, 1, "Your character is called, Aki: character 2 acts now.")]
    following = decide_on(after, mrp.ACTED, seat=1)
    assert news_of(after, following) == [(TURN, 3, "Your character is called, Chika: character 4 acts now.")]
    assert news_of(following, following) == []


def test_the_same_player_called_first_in_two_rounds_is_told_both_times() -> None:
    from companion.games.news import TURN

    game = called_through(picks(Game(), Aki=1, Ben=6, Chika=4), 3).add(mrp.END_ROUND)
    first_round, _ = picks(Game(), Aki=1, Ben=6).play()
    first_round = decide_on(first_round, mrp.CHARACTER, seat=3, character=4)
    second, _ = picks(game, Aki=1, Ben=7, Chika=5).play()  # the Recruiter came back: Aki is called first again
    assert next_to_act(second.setup, second.game) == 1
    told = news_of(first_round, second)
    assert (TURN, 1, "Your character is called, Aki: Recruiter (1) acts now.") in told
