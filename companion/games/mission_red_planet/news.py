"""What is news in Mission: Red Planet: a scoring round (the table adds the turn, the end and undos)."""

from __future__ import annotations

from collections.abc import Iterator

from companion.games.contract import Setup
from companion.games.mission_red_planet.rules import RedPlanet
from companion.games.news import SCORING, News
from companion.games.words import N_, msg


def red_planet_news(setup: Setup, before: RedPlanet, after: RedPlanet) -> Iterator[News]:
    """Say that a round was scored (the last one is the end of the game: the table says that)."""
    if len(after.scorings) > len(before.scorings):
        yield News(SCORING, msg(N_("Round {round} has been scored."), round=after.scorings[-1].round))


def is_over(state: RedPlanet) -> bool:
    """True once round 10 has been scored."""
    return state.over
