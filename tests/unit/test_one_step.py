"""One step per intent: a burst of taps on a table-advancing move advances the table once.

The hold is decided when an entry is appended, from the times entries were stored; a stored ledger
replays as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from companion.games import kinds
from companion.games.contract import Event, Player, Setup
from companion.games.options import resolve_options
from companion.games.registry import get_game
from companion.games.table import HOLD, controls, decide, extend, fold, new_table, viewer
from companion.games.table_moves import TABLE_MOVES, moves
from companion.games.table_state import TABLE_OPTIONS, TableState
from companion.games.words import RuleError
from tests.unit import test_andromeda, test_space_base

START = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)
JUST_MOVED_ON = "The table has just moved on"


def make_table(slug: str, players: int = 3, **options: Any) -> TableState:
    game = get_game(slug)
    seats = tuple(Player(seat, name, "#000000") for seat, name in enumerate(("Aki", "Ben", "Chika", "Dai"), start=1))
    setup = Setup(slug, seats[:players], resolve_options((*TABLE_OPTIONS, *game.options), options), "seed")
    return new_table(game, setup)


def scope(kind: str, state: TableState) -> Any:
    """The state a move's guard reads: the table's for the table's own moves, else the game's."""
    return state if kind in {m.kind for m in TABLE_MOVES} else state.game


def tap(state: TableState, kind: str, seconds: float, author: int | None = None, **payload: Any) -> TableState:
    """Append a tap made ``seconds`` after START, carrying the guard value its board shows now."""
    game = get_game(state.setup.game)
    move = moves(game)[kind]
    if move.guard is not None:
        payload.setdefault(move.guard.field, move.guard.current(scope(kind, state)))
    at = START + timedelta(seconds=seconds)
    event = Event(state.last_seq + 1, kind, payload, author=author, by_host=author is None, at=at)
    return decide(game, state, event)[1]


def space_base_in_turn() -> TableState:
    table = test_space_base.started()
    table.move("sb.roll", values=[3, 4])
    for seat in table.setup.seats:
        table.move("sb.assign", seat=seat, choice="sum")
    return table.state


def andromeda_in_actions() -> TableState:
    return test_andromeda.in_actions().state


# (game, its advancing move, a table where it may be made, a payload, what the step reads)
ADVANCING: list[tuple[str, Callable[[], TableState], dict[str, Any], Callable[[Any], Any]]] = [
    ("wttm.flip", lambda: make_table("welcome-to-the-moon"), {}, lambda game: game.turn),
    ("mrp.end-round", lambda: make_table("mission-red-planet"), {}, lambda game: game.round),
    ("ctc.end-phase", lambda: make_table("crafting-the-cosmos"), {}, lambda game: game.round),
    ("sb.end-turn", space_base_in_turn, {}, lambda game: game.turn),
    ("andromeda.end-turn", andromeda_in_actions, {"seat": 1}, lambda game: game.turn),
]


def payload_now(kind: str, state: TableState, payload: dict[str, Any]) -> dict[str, Any]:
    """Andromeda's End the turn names the seat whose turn the board shows."""
    if kind == "andromeda.end-turn":
        return {"seat": state.game.turn}
    return dict(payload)


@pytest.mark.parametrize("gap", [0.1, 0.3, 0.6])
@pytest.mark.parametrize(("kind", "prepare", "payload", "step"), ADVANCING, ids=[a[0] for a in ADVANCING])
def test_a_second_tap_on_the_new_board_within_a_second_is_refused_as_already_done(
    kind: str, prepare: Callable[[], TableState], payload: dict[str, Any], step: Callable[[Any], Any], gap: float
) -> None:
    state = tap(prepare(), kind, 0.0, **payload)
    advanced = step(state.game)
    with pytest.raises(RuleError) as refused:
        tap(state, kind, gap, **payload_now(kind, state, payload))  # the new board's guard value: not stale
    assert refused.value.message.msgid.startswith(JUST_MOVED_ON)
    assert step(state.game) == advanced and state.last_seq == 1 + prepare().last_seq


@pytest.mark.parametrize(("kind", "prepare", "payload", "step"), ADVANCING, ids=[a[0] for a in ADVANCING])
def test_the_same_move_a_moment_later_is_a_new_intent_and_is_recorded(
    kind: str, prepare: Callable[[], TableState], payload: dict[str, Any], step: Callable[[Any], Any]
) -> None:
    first = tap(prepare(), kind, 0.0, **payload)
    later = HOLD.total_seconds() + 0.05
    if kind == "sb.end-turn":  # the next player rolls and takes their dice first
        first = tap(first, "sb.roll", 2.0, values=[1, 2])
        for seat in first.setup.seats:
            first = tap(first, "sb.assign", 2.0, seat=seat, choice="sum")
        later = 2.0
    second = tap(first, kind, later, **payload_now(kind, first, payload))
    assert step(second.game) != step(first.game)


def test_the_refusal_says_what_moved_the_table_on() -> None:
    state = tap(make_table("welcome-to-the-moon"), "wttm.flip", 0.0)
    with pytest.raises(RuleError) as refused:
        tap(state, "wttm.flip", 0.2)
    assert "Flipped the starship cards" in refused.value.message.render()


def test_a_stored_ledger_with_two_quick_flips_replays_as_it_is() -> None:
    table = make_table("welcome-to-the-moon")
    stored = [
        Event(1, "wttm.flip", {"turn": 0}, author=1, at=START),
        Event(2, "wttm.flip", {"turn": 1}, author=2, at=START + timedelta(milliseconds=120)),
    ]
    game = get_game("welcome-to-the-moon")
    assert fold(game, table.setup, stored).game.turn == 2
    assert extend(game, table, stored).game.turn == 2  # a kept state catching up stores nothing, refuses nothing
    assert not fold(game, table.setup, stored).skipped


def test_a_flip_stored_by_another_process_holds_the_next_flip_here_too() -> None:
    game = get_game("welcome-to-the-moon")
    kept = make_table("welcome-to-the-moon")
    caught_up = extend(game, kept, [Event(1, "wttm.flip", {"turn": 0}, author=1, at=START)])
    with pytest.raises(RuleError, match=JUST_MOVED_ON):
        tap(caught_up, "wttm.flip", 0.15)


def test_moves_that_do_not_advance_the_table_are_never_held() -> None:
    state = tap(make_table("welcome-to-the-moon"), "wttm.flip", 0.0)
    state = tap(state, "wttm.error", 0.05, seat=2)
    state = tap(state, "wttm.mission", 0.1, seat=1, letter="A")
    assert state.last_seq == 3


def test_andromeda_the_turn_passed_by_a_last_action_is_not_ended_again_by_a_quick_end_the_turn() -> None:
    state = test_andromeda.in_actions(actions_left=1).state
    state = tap(state, "andromeda.exchange", 0.0, seat=1, cards=1)
    assert state.game.turn == 2 and state.game.actions_left == 2
    with pytest.raises(RuleError, match=JUST_MOVED_ON):
        tap(state, "andromeda.end-turn", 0.4, seat=2)  # the host's End the turn, now on Ben's board
    assert state.game.turn == 2
    assert tap(state, "andromeda.end-turn", 3.0, seat=2).game.turn == 3  # Ben, later, meaning it


def test_the_end_of_the_table_waits_a_moment_after_the_table_moved_on() -> None:
    state = tap(make_table("mission-red-planet"), "mrp.end-round", 0.0)
    with pytest.raises(RuleError, match=JUST_MOVED_ON):
        tap(state, kinds.TABLE_END, 0.3)
    assert tap(state, kinds.TABLE_END, 1.5).ended


def test_an_advancing_button_is_marked_so_the_phone_holds_it_too() -> None:
    state = make_table("mission-red-planet")
    shown = controls(get_game("mission-red-planet"), state, None, True)
    assert shown["mrp.end-round"].advances and not shown["mrp.resource"].advances


@pytest.mark.parametrize("slug", ["andromeda", "space-base"])
def test_the_host_acting_for_a_seat_sees_whose_turn_the_button_ends(slug: str) -> None:
    state = andromeda_in_actions() if slug == "andromeda" else space_base_in_turn()
    game = get_game(slug)
    host = game.view(state.setup, state.game, viewer(game, state, None, True))
    own = game.view(state.setup, state.game, viewer(game, state, 1, False))
    assert host.end_turn_label.render() == "End Aki's turn"
    assert own.end_turn_label.render() == "End the turn"


def test_space_base_a_double_tap_on_end_the_turn_does_not_roll_for_the_next_player() -> None:
    state = tap(space_base_in_turn(), "sb.end-turn", 0.0)
    with pytest.raises(RuleError, match=JUST_MOVED_ON):
        tap(state, "sb.roll", 0.25)  # the host's second tap, on the Roll button that took End the turn's place
    assert tap(state, "sb.roll", 1.5).game.roll is not None


def test_andromeda_end_the_turn_right_after_ones_own_action_is_recorded() -> None:
    state = tap(andromeda_in_actions(), "andromeda.exchange", 0.0, author=1, seat=1, cards=1)
    assert state.game.turn == 1 and state.game.actions_left == 2
    assert tap(state, "andromeda.end-turn", 0.3, author=1, seat=1).game.turn == 2  # Aki's phone made that board


@pytest.mark.parametrize(
    ("author", "seat"),
    [(None, 1), (2, 1)],
    ids=["the host's phone, after Aki's", "another seat's phone"],
)
def test_andromeda_end_the_turn_right_after_another_hands_action_is_held(author: int | None, seat: int) -> None:
    state = tap(andromeda_in_actions(), "andromeda.exchange", 0.0, author=1, seat=1, cards=1)
    with pytest.raises(RuleError, match=JUST_MOVED_ON):
        tap(state, "andromeda.end-turn", 0.3, author=author, seat=seat)
    assert state.game.turn == 1


def test_space_base_a_roll_right_after_ones_own_start_is_still_held() -> None:
    """The start names no seat: a step of the whole table, whoever tapped it, so the roll waits its moment."""
    table = test_space_base.Table().first_ships(*(test_space_base.ship(12 - seat, 2) for seat in (1, 2, 3)))
    state = tap(table.state, "sb.start", 0.0, author=1)
    with pytest.raises(RuleError, match=JUST_MOVED_ON):
        tap(state, "sb.roll", 0.3, author=1, values=[3, 4])
    assert tap(state, "sb.roll", 1.5, author=1, values=[3, 4]).game.roll is not None
