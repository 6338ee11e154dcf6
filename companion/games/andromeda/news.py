"""What is news in Andromeda: whose turn it is (the table adds the end and undos)."""

from __future__ import annotations

from collections.abc import Iterator

from companion.games.andromeda.board import Andromeda
from companion.games.contract import Setup
from companion.games.news import News, your_turn


def andromeda_news(setup: Setup, before: Andromeda, after: Andromeda) -> Iterator[News]:
    """Tell the player whose turn has just come."""
    if after.turn is not None and after.turn != before.turn:
        yield your_turn(setup, after.turn)


def is_over(state: Andromeda) -> bool:
    """True once the round in which three planets filled up has ended."""
    return state.over
