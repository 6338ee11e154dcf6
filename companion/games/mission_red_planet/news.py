"""What is news in Mission: Red Planet: a scoring round, and a character called (the table adds the end and undos)."""

from __future__ import annotations

from collections.abc import Iterator

from companion.games.contract import Setup
from companion.games.mission_red_planet.rounds import character_name, next_to_act
from companion.games.mission_red_planet.state import RedPlanet
from companion.games.news import SCORING, TURN, News
from companion.games.words import N_, msg

Call = tuple[int, int, int]  # (round, characters done before it, seat): one call of one character


def red_planet_news(setup: Setup, before: RedPlanet, after: RedPlanet) -> Iterator[News]:
    """Say that a round was scored, and tell the phone of the seat whose character is called now.

    Every call is news, not only a change of seat: the same player acting first in two rounds in a
    row (or again after an undo) is two calls, told twice. The last round's scoring is the end of
    the game: the table says that.
    """
    if len(after.scorings) > len(before.scorings):
        yield News(SCORING, msg(N_("Round {round} has been scored."), round=after.scorings[-1].round))
    call = called_now(setup, after)
    if call is not None and call != called_now(setup, before):
        _round, _done, seat = call
        yield News(
            TURN,
            msg(
                N_("Your character is called, {name}: {character} acts now."),
                name=setup.player(seat).name,
                character=character_name(setup, after.characters[seat]),
            ),
            seat=seat,
        )


def called_now(setup: Setup, state: RedPlanet) -> Call | None:
    """Return the call under way (whose character acts now, in which round, after how many), or None."""
    if state.over:
        return None
    seat = next_to_act(setup, state)
    return None if seat is None else (state.round, len(state.acted), seat)


def is_over(state: RedPlanet) -> bool:
    """True once round 10 has been scored."""
    return state.over
