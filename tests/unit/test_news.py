"""News between two states of a table: whose turn it is, a scoring round, the end, another phone's undo."""

from __future__ import annotations

from typing import Any

from companion.games.contract import Event
from companion.games.mission_red_planet import rules as mrp
from companion.games.mission_red_planet.state import SLUG as MRP_SLUG
from companion.games.news import END, SCORING, TURN, UNDO, News, news_between
from companion.games.registry import get_game
from companion.games.scenario import scenario_setup
from companion.games.space_base.state import SLUG as SB_SLUG
from companion.games.table import decide, fold
from companion.games.table_state import TableState
from tests.unit.test_space_base import sb, started

NAMES = ("Aki", "Ben", "Chika")


def table(slug: str, **options: Any) -> TableState:
    setup = scenario_setup({"game": slug, "players": [{"name": n} for n in NAMES], "options": options, "seed": "s"})
    return fold(get_game(setup.game), setup, [])


def move(state: TableState, kind: str, author: int | None = None, **payload: Any) -> TableState:
    game = get_game(state.setup.game)
    event = Event(state.last_seq + 1, kind, payload, author=author, by_host=author is None)
    return decide(game, state, event)[1]


def kinds_of(news: tuple[News, ...]) -> list[str]:
    return [item.kind for item in news]


def test_a_scoring_round_is_news_for_everyone_and_the_rounds_between_are_not() -> None:
    game = get_game(MRP_SLUG)
    state = table(MRP_SLUG)
    for _ in range(3):
        state = move(state, mrp.END_ROUND, round=state.game.round)
    before = state
    state = move(state, mrp.END_ROUND, round=state.game.round)  # round 4 ends: no scoring
    assert news_between(game, before, state) == ()
    before = state
    state = move(state, mrp.END_ROUND, round=state.game.round)  # round 5 is scored
    (news,) = news_between(game, before, state)
    assert news.kind == SCORING and news.message.render() == "Round 5 has been scored."
    assert news.for_phone(1, False) and news.for_phone(None, True) and news.for_phone(None, False)


def test_the_turn_is_news_for_the_seat_whose_turn_it_is_only() -> None:
    table_ = started()  # Space Base: the seat in the highest sector starts
    before = table_.state
    first = before.game.active
    table_.turn((3, 4), {1: sb.SUM, 2: sb.SUM, 3: sb.SUM}).move(sb.END_TURN)
    news = news_between(get_game(SB_SLUG), before, table_.state)
    (turn,) = [item for item in news if item.kind == TURN]
    now = table_.state.game.active
    assert now != first and turn.seat == now
    assert turn.for_phone(now, False) and not turn.for_phone(first, False) and not turn.for_phone(None, True)
    assert "Your turn" in turn.message.render()


def test_an_undo_is_news_for_every_phone_but_the_one_that_made_it() -> None:
    game = get_game("score-pad")
    state = move(table("score-pad"), "tally.add", author=1, seat=1, category="vp", delta=3)
    before = state
    state = move(state, "void", author=1, target=1)
    (news,) = news_between(game, before, state)
    assert news.kind == UNDO and news.message.render().startswith("Aki: Undid entry #1")
    assert not news.for_phone(1, False)  # Aki's phone made it
    assert news.for_phone(2, False) and news.for_phone(None, True)


def test_the_end_names_the_winner_and_says_nothing_else() -> None:
    game = get_game("score-pad")
    state = move(table("score-pad"), "tally.add", author=2, seat=2, category="vp", delta=5)
    before = state
    state = move(state, "table.end")
    assert kinds_of(news_between(game, before, state)) == [END]
    assert news_between(game, before, state)[0].message.render() == "The game is over. Ben wins!"
    assert news_between(game, state, state) == ()


def test_a_game_over_before_the_table_ends_is_the_end_and_the_table_end_is_not_said_again() -> None:
    game = get_game(MRP_SLUG)
    state = table(MRP_SLUG)
    for _ in range(9):
        state = move(state, mrp.END_ROUND, round=state.game.round)
    before = state
    state = move(state, mrp.END_ROUND, round=state.game.round)  # round 10: the final scoring ends the game
    assert kinds_of(news_between(game, before, state)) == [END]
    assert news_between(game, state, move(state, "table.end")) == ()
