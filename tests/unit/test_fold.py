"""The fold: tallies, undo and redo as voids, dice from the seed, seats."""

from __future__ import annotations

import pytest

from companion.games.contract import TALLY_LIMIT, Event, Player, Setup
from companion.games.mechanics.randomness import roll, seed_hash, shuffled
from companion.games.registry import get_game
from companion.games.table import decide, extend, fold, score
from companion.games.table_state import TableState
from companion.games.words import RuleError

GAME = get_game("score-pad")
SETUP = Setup(
    "score-pad",
    (Player(1, "Aki", "#E69F00"), Player(2, "Ben", "#56B4E9")),
    {"entries": "own-seat"},
    "secret-seed",
)


def ev(seq: int, kind: str, author: int | None = 1, by_host: bool = False, **payload: object) -> Event:
    return Event(seq, kind, payload, author=author, by_host=by_host)


def replay(*events: Event) -> TableState:
    return fold(GAME, SETUP, events)


def test_tally_adds_and_sets_per_player_and_category() -> None:
    state = replay(
        ev(1, "tally.add", seat=1, category="vp", delta=5),
        ev(2, "tally.add", seat=1, category="vp", delta=3),
        ev(3, "tally.set", author=2, seat=2, category="vp", value=12),
    )
    assert state.tally.count(1, "vp") == 8
    assert state.tally.count(2, "vp") == 12
    board = score(GAME, state)
    assert [(p.name, p.total, p.rank) for p in board.players] == [("Ben", 12, 1), ("Aki", 8, 2)]


def test_a_tally_holds_a_trading_games_money_and_refuses_to_run_past_its_limit() -> None:
    rich = replay(ev(1, "tally.set", seat=1, category="vp", value=TALLY_LIMIT))
    assert rich.tally.count(1, "vp") == 999_999
    assert score(GAME, rich).players[0].total == 999_999
    with pytest.raises(RuleError, match="Victory points must stay between 0 and 999999"):
        decide(GAME, rich, ev(2, "tally.add", seat=1, category="vp", delta=1))


def test_undo_voids_an_entry_and_redo_voids_the_void() -> None:
    add = ev(1, "tally.add", seat=1, category="vp", delta=5)
    undo = ev(2, "void", target=1)
    redo = ev(3, "void", target=2)
    assert replay(add).tally.count(1, "vp") == 5
    assert replay(add, undo).tally.count(1, "vp") == 0
    assert replay(add, undo, redo).tally.count(1, "vp") == 5
    assert replay(add, undo, redo, ev(4, "void", target=3)).tally.count(1, "vp") == 0
    assert replay(add, undo).voided == {1}


def test_an_entry_that_no_longer_fits_after_an_undo_is_skipped_with_a_reason() -> None:
    state = replay(
        ev(1, "tally.add", seat=1, category="vp", delta=5),
        ev(2, "tally.add", seat=1, category="vp", delta=-5),
        ev(3, "void", target=1),
    )
    assert state.tally.count(1, "vp") == 0
    assert 2 in state.skipped  # VP cannot drop below 0


def test_a_void_must_target_an_existing_active_undoable_entry() -> None:
    state = replay(ev(1, "tally.add", seat=1, category="vp", delta=5), ev(2, "void", target=1))
    for target, reason in ((1, "Entry #1 is already undone."), (99, "There is no entry #99.")):
        with pytest.raises(RuleError, match=reason):
            decide(GAME, state, ev(3, "void", target=target))
    claimed = replay(ev(1, "seat.claim", seat=1, device="phone-a"))
    with pytest.raises(RuleError, match="Entry #1 cannot be undone"):
        decide(GAME, claimed, ev(2, "void", target=1))


def test_players_record_only_for_their_own_seat_unless_host_or_option() -> None:
    state = replay()
    with pytest.raises(RuleError, match="You can only record for your own seat"):
        decide(GAME, state, ev(1, "tally.add", author=2, seat=1, category="vp", delta=1))
    decide(GAME, state, ev(1, "tally.add", author=None, by_host=True, seat=1, category="vp", delta=1))
    open_table = fold(GAME, Setup(SETUP.game, SETUP.players, {"entries": "anyone"}, SETUP.seed), [])
    decide(GAME, open_table, ev(1, "tally.add", author=2, seat=1, category="vp", delta=1))


def test_app_dice_come_from_the_seed_and_the_number_of_app_rolls_before() -> None:
    state = replay(ev(7, "dice.roll", count=2, sides=6))
    assert state.rolls[0].values == roll(2, 6, "secret-seed", "dice", 0)
    second = replay(
        ev(3, "dice.roll", count=2, sides=6),
        ev(4, "dice.roll", count=2, sides=6, values=[1, 1]),  # real dice do not count as a draw
        ev(7, "dice.roll", count=2, sides=6),
    )
    assert second.rolls[2].values == roll(2, 6, "secret-seed", "dice", 1)
    assert replay(ev(7, "dice.roll", count=2, sides=6)).rolls == state.rolls
    other = fold(
        GAME,
        Setup(SETUP.game, SETUP.players, SETUP.options, "another-seed"),
        [ev(7, "dice.roll", count=2, sides=6)],
    )
    many = [
        fold(
            GAME,
            Setup(SETUP.game, SETUP.players, SETUP.options, f"s{i}"),
            [ev(1, "dice.roll", count=10, sides=6)],
        )
        for i in range(50)
    ]
    faces = {v for s in many for v in s.rolls[0].values}
    assert faces == {1, 2, 3, 4, 5, 6}
    assert other.rolls[0].seq == 7


def test_physical_dice_are_recorded_as_typed_and_checked() -> None:
    state = replay(ev(1, "dice.roll", count=2, sides=6, values=[6, 6]))
    assert state.rolls[0].values == (6, 6) and not state.rolls[0].in_app
    with pytest.raises(RuleError, match="Enter 2 values from 1 to 6"):
        decide(GAME, replay(), ev(1, "dice.roll", count=2, sides=6, values=[7, 1]))
    with pytest.raises(RuleError, match="Enter 3 values from 1 to 6"):
        decide(GAME, replay(), ev(1, "dice.roll", count=3, sides=6, values=[1, 2]))


def test_a_seat_belongs_to_one_phone_and_a_phone_to_one_seat() -> None:
    state = replay(ev(1, "seat.claim", seat=1, device="phone-a"))
    with pytest.raises(RuleError, match="This seat is already taken by another phone"):
        decide(GAME, state, ev(2, "seat.claim", author=1, seat=1, device="phone-b"), joining=True)
    with pytest.raises(RuleError, match="This phone already holds another seat"):
        decide(GAME, state, ev(2, "seat.claim", author=2, seat=2, device="phone-a"), joining=True)
    with pytest.raises(RuleError, match="Take a seat through the table's join link"):
        decide(GAME, state, ev(2, "seat.claim", author=2, seat=2, device="phone-c"))
    assert state.seat_of("phone-a") == 1


def test_an_ended_table_takes_no_more_entries() -> None:
    state = replay(ev(1, "table.end", author=None, by_host=True))
    assert state.ended
    with pytest.raises(RuleError, match="This table has ended"):
        decide(GAME, state, ev(2, "tally.add", seat=1, category="vp", delta=1))
    with pytest.raises(RuleError, match="Only the host can do this"):
        decide(GAME, replay(), ev(1, "table.end", author=1))  # players cannot end it


def test_seeded_shuffles_are_reproducible_and_the_hash_commits_to_the_seed() -> None:
    assert shuffled(range(63), "s", "deck") == shuffled(range(63), "s", "deck")
    assert shuffled(range(63), "s", "deck") != shuffled(range(63), "t", "deck")
    assert sorted(shuffled(range(63), "s", "deck")) == list(range(63))
    assert seed_hash("s") != seed_hash("t") and len(seed_hash("s")) == 64


def test_user_named_categories_join_the_sheet() -> None:
    state = replay(ev(1, "tally.category", name="Bonus"), ev(2, "tally.add", seat=1, category="c2", delta=4))
    assert [c.label for c in state.tally.categories][-1] == "Bonus"
    assert score(GAME, state).players[0].total == 4
    with pytest.raises(RuleError, match="There is already a category called “bonus”"):
        decide(GAME, state, ev(3, "tally.category", name="bonus"))


def test_undoing_a_roll_and_rolling_again_shows_the_same_dice() -> None:
    first = replay(ev(1, "dice.roll", count=10, sides=20))
    _event, undone = decide(GAME, first, ev(2, "void", target=1))
    _event, rerolled = decide(GAME, undone, ev(3, "dice.roll", count=10, sides=20))
    assert [r.values for r in rerolled.rolls] == [first.rolls[0].values]
    assert rerolled.rolls[0].seq == 3


def test_an_undo_says_what_it_undid_so_everyone_sees_a_draw_taken_back() -> None:
    from companion.games.table import describe

    state = replay(ev(1, "dice.roll", count=2, sides=6), ev(2, "void", target=1))
    values = ", ".join(str(v) for v in roll(2, 6, "secret-seed", "dice", 0))
    assert describe(GAME, state, state.events[1]).render() == f"Undid entry #1: Rolled 2d6 in the app: {values}"


def test_an_undo_after_a_fresh_seed_folds_the_earlier_dice_from_the_first_seed_again() -> None:
    rolls = [ev(1, "dice.roll", count=3, sides=6), ev(2, "dice.roll", count=3, sides=6)]
    reseeded = [
        *rolls,
        ev(3, "table.reseed", author=None, by_host=True, seed="fresh"),
        ev(4, "dice.roll", count=3, sides=6),
    ]
    undo = ev(5, "void", target=2)
    undone = extend(GAME, replay(*reseeded), (undo,))
    assert undone.rolls == replay(*reseeded, undo).rolls
    assert undone.rolls[0].values == roll(3, 6, "secret-seed", "dice", 0)
    assert undone.rolls[1].values == roll(3, 6, "fresh", "dice", 1)
