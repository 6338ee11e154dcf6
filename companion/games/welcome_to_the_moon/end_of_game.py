"""Welcome to the Moon: the end of the game.

The game ends with the turn in which someone accomplishes all three missions, fills the last
system error box or every space of their sheet, or, in adventure 1, launches the rocket (ASTRA's
launch too, in solo): that turn is played out, then the sheets are scored. Nothing that makes a
new turn is accepted after it.
"""

from __future__ import annotations

from companion.games.contract import Setup, evolve
from companion.games.welcome_to_the_moon.rule_options import adventure_of
from companion.games.welcome_to_the_moon.state import Moon
from companion.games.words import N_, Message, RuleError, msg


def check_playing(state: Moon) -> None:
    """Refuse a new turn once the end of the game is triggered."""
    if state.end_turn is not None:
        raise RuleError(N_("The game ended on turn {turn}: finish the turn and score."), turn=state.end_turn)


def trigger_end(state: Moon, reason: Message) -> Moon:
    """End the game with this turn, for ``reason`` (a later reason in the same turn is noted too)."""
    if state.end_turn is not None and state.end_turn != state.turn:
        return state
    return evolve(state, end_turn=state.turn, end_reasons=(*state.end_reasons, reason))


def has_launched(setup: Setup, state: Moon, seat: int) -> bool:
    """Adventure 1: every rocket (150 points) crossed off and no circled system error left open."""
    return (
        adventure_of(setup).number == 1
        and state.sheets.get((seat, "milestones"), 0) >= 10
        and state.errors.get(seat, 0) == state.crossed.get(seat, 0)
    )


def launched_seats(setup: Setup, state: Moon) -> set[int]:
    """Return the seats whose rocket launched."""
    return {seat for seat in setup.seats if has_launched(setup, state, seat)}


def check_launch(setup: Setup, state: Moon, seat: int) -> Moon:
    """Adventure 1 also ends when a player's rocket launches."""
    if not has_launched(setup, state, seat):
        return state
    return trigger_end(state, msg(N_("{name} launched the rocket."), name=setup.player(seat).name))
