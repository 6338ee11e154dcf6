"""What is news in Crafting the Cosmos: a goal scored at an end phase (the table adds the end and undos)."""

from __future__ import annotations

from collections.abc import Iterator

from companion.games.contract import Setup
from companion.games.crafting_the_cosmos.rules import Cosmos, goal_label
from companion.games.news import SCORING, News
from companion.games.words import N_, msg


def cosmos_news(setup: Setup, before: Cosmos, after: Cosmos) -> Iterator[News]:
    """Say which goal an end phase scored."""
    new = after.end_phases[len(before.end_phases) :]
    scored = [phase for phase in new if phase.scoring is not None]
    if scored and len(after.end_phases) > len(before.end_phases):
        phase = scored[-1]
        assert phase.scoring is not None
        goal = goal_label(after, phase.scoring.goal)
        yield News(SCORING, msg(N_("Round {round}: {goal} has been scored."), round=phase.round, goal=goal))


def is_over(state: Cosmos) -> bool:
    """True once an end phase has ended the game."""
    return state.over
