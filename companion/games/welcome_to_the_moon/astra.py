"""Welcome to the Moon: ASTRA, the opponent of a solo game (digest §1, from Board Game Arena).

Each turn the card whose number and action the player did not take goes to ASTRA. At the end
ASTRA scores its cards by action times its level's multipliers, plus the adventure's bonus; in
adventure 1 it races on a rocket track instead, and its launch ends the game. Some solo cards
make ASTRA cross off one of the player's sabotage spaces (adventure 1) or a first bonus
(adventures 3 and 5).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from companion.games.contract import Event, Setup, evolve
from companion.games.options import option_value
from companion.games.welcome_to_the_moon.cards import ACTIONS
from companion.games.welcome_to_the_moon.end_of_game import trigger_end
from companion.games.welcome_to_the_moon.marks import SABOTAGE_SPACES, circle_error
from companion.games.welcome_to_the_moon.rule_options import (
    ASTRA_1_LAUNCH,
    ASTRA_1_POINTS,
    ASTRA_1_SABOTAGE,
    ASTRA_1_START,
    ASTRA_1_STEP,
    ASTRA_1_TRACK,
    ASTRA_LEVEL,
    EVERY_DRAW,
    FIRST_DRAW,
    OPTIONS,
    adventure_of,
    is_solo,
)
from companion.games.welcome_to_the_moon.state import LETTERS, Moon
from companion.games.words import N_, RuleError, msg

# Level -> multiplier per action, in ACTIONS order (robot, energy, plant, water, astronaut, planning).
ASTRA_MULTIPLIERS = {
    1: (2, 3, 2, 3, 1, 4),
    2: (2, 3, 3, 2, 4, 3),
    3: (5, 4, 2, 2, 2, 3),
    4: (2, 6, 4, 3, 3, 2),
    5: (4, 4, 4, 4, 4, 3),
    6: (6, 2, 4, 5, 4, 4),
    7: (5, 4, 3, 6, 5, 4),
    8: (5, 3, 6, 3, 6, 6),
}
ASTRA_NAMES = {  # the ASTRA cards' names, in katakana in Japanese
    1: N_("Katherine"),
    2: N_("Alexei"),
    3: N_("Margaret"),
    4: N_("Franklin"),
    5: N_("Sergei"),
    6: N_("Stephanie"),
    7: N_("Thomas"),
    8: N_("Peggy"),
}
ASTRA_ADVENTURE = {1: (0, 0), 2: (5, 1), 3: (10, 3), 4: (5, 2), 5: (10, 2), 6: (5, 4), 7: (15, 1), 8: (20, 3)}
# Solo: the solo cards whose draw makes ASTRA cross off a first bonus (BGA Astra3: A and B; Astra5: every one).
ASTRA_BONUS_CARDS = {3: ("A", "B"), 5: LETTERS}


def give_astra(setup: Setup, state: Moon, action: str) -> Moon:
    """A card for ASTRA; in adventure 1 its rockets, and its launch once every rocket is crossed."""
    before = astra_rockets(setup, state)
    state = evolve(state, astra={**state.astra, action: state.astra.get(action, 0) + 1})
    if adventure_of(setup).number == 1 and before < astra_launch(setup) <= astra_rockets(setup, state):
        state = trigger_end(state, msg(N_("ASTRA crossed its last rocket and launched.")))
    return state


def astra_sabotage(setup: Setup, state: Moon, times: int) -> Moon:
    """Adventure 1 solo, a solo card drawn: ASTRA crosses off one of your sabotage spaces and circles a system error.

    On every draw, or on a card's first draw only (option ``astra-1-sabotage``); nothing once no space is free.
    """
    if adventure_of(setup).number != 1:
        return state
    if setup.options.get(ASTRA_1_SABOTAGE, EVERY_DRAW) == FIRST_DRAW and times > 1:
        return state
    seat = setup.seats[0]
    if state.sabotages.get(seat, 0) >= SABOTAGE_SPACES:
        return state
    state = evolve(
        state,
        sabotages={**state.sabotages, seat: state.sabotages.get(seat, 0) + 1},
        astra_sabotages=state.astra_sabotages + 1,
    )
    return circle_error(setup, state, seat)


def astra_bonuses_due(setup: Setup, state: Moon) -> int:
    """Solo, adventures 3 and 5: the first bonuses ASTRA has still to cross off for the solo cards drawn.

    As Board Game Arena has it (``Astra3``: solo cards A and B; ``Astra5``: every solo card); the
    player chooses which, among the spaces they have not reached.
    """
    letters = ASTRA_BONUS_CARDS.get(adventure_of(setup).number, ())
    if not is_solo(setup) or not letters:
        return 0
    free = (
        len(adventure_of(setup).bonus_spaces)
        - len(state.astra_bonuses)
        - len(set(state.bonuses) - set(state.astra_bonuses))
    )
    owed = sum(state.solo_seen.get(letter, 0) for letter in letters) - len(state.astra_bonuses)
    return max(0, min(owed, free))


def astra_crosses_bonus(setup: Setup, state: Moon, event: Event) -> Moon:
    """Solo, adventures 3 and 5: ASTRA crosses off the first value of a bonus space the player chose."""
    space = event.payload["space"]
    if astra_bonuses_due(setup, state) <= 0:
        raise RuleError(N_("No solo card asks ASTRA to cross off a bonus now."))
    if not 1 <= space <= len(adventure_of(setup).bonus_spaces):
        raise RuleError(N_("This adventure's sheet has no bonus space {space}."), space=space)
    if space in state.astra_bonuses or space in state.bonuses:
        raise RuleError(N_("ASTRA crosses off a first bonus nobody has taken yet."))
    return evolve(state, astra_bonuses=(*state.astra_bonuses, space))


def astra_rockets(setup: Setup, state: Moon) -> int:
    """Adventure 1 solo: the rockets ASTRA has crossed, its level's start plus each card's multiplier (at most all)."""
    level = int(setup.options.get(ASTRA_LEVEL, 1))
    start = option_value(setup, OPTIONS, ASTRA_1_START)[level - 1]
    multipliers = dict(zip(ACTIONS, ASTRA_MULTIPLIERS[level], strict=True))
    crossed = int(start) + sum(state.astra.get(action, 0) * multipliers[action] for action in ACTIONS)
    return min(crossed, astra_launch(setup))


def astra_launch(setup: Setup) -> int:
    """Adventure 1 solo: the rockets on ASTRA's track; all crossed, ASTRA launches and the game ends."""
    return int(setup.options.get(ASTRA_1_LAUNCH, 81))


def astra_track(setup: Setup) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Adventure 1 solo: ASTRA's points below the first threshold, and each (rockets, points) threshold.

    As Board Game Arena's ``Astra1.php`` (Syarwin/bga-welcometothemoon, commit 667343e of 2025-05-21)
    has it by default: 10 points below 16 rockets, then 20 at 16, 30 at 21, … 150 at 81. A table that
    set its own points in version 1 (``astra-1-points``, one value every five rockets) and no track
    keeps them, in the app and in its exported scenario alike.
    """
    old_points = tuple(int(p) for p in setup.options.get(ASTRA_1_POINTS, ()))
    if old_points and old_points != _default(ASTRA_1_POINTS) and _is_default(setup, ASTRA_1_TRACK):
        return old_points[0], tuple((i * ASTRA_1_STEP, points) for i, points in enumerate(old_points) if i)
    values = [int(n) for n in option_value(setup, OPTIONS, ASTRA_1_TRACK)]
    if len(values) % 2 == 0:
        raise RuleError(N_("ASTRA's track: the points below the first threshold, then pairs of rockets and points."))
    pairs = tuple(zip(values[1::2], values[2::2], strict=True))
    if any(later[0] <= earlier[0] for earlier, later in pairwise(pairs)):
        raise RuleError(N_("ASTRA's track: each threshold needs more rockets than the one before."))
    return values[0], pairs


def _default(key: str) -> Any:
    return next(option.default for option in OPTIONS if option.key == key)


def _is_default(setup: Setup, key: str) -> bool:
    return tuple(option_value(setup, OPTIONS, key)) == tuple(_default(key))


def astra_next_milestone(setup: Setup, state: Moon) -> int | None:
    """Adventure 1 solo: the rockets ASTRA needs for its next threshold (None past the last)."""
    rockets = astra_rockets(setup, state)
    return next((at for at, _points in astra_track(setup)[1] if at > rockets), None)


def astra_launched(setup: Setup, state: Moon) -> bool:
    """Adventure 1 solo: ASTRA crossed every rocket of its track."""
    return is_solo(setup) and adventure_of(setup).number == 1 and astra_rockets(setup, state) >= astra_launch(setup)


def astra_score(setup: Setup, state: Moon) -> int:
    """ASTRA's score: cards by action × the level's multipliers, plus the adventure's bonus.

    In adventure 1 ASTRA races on a rocket track instead (as Board Game Arena has it): its points
    are those of the last threshold its rockets reached (see :func:`astra_track`).
    """
    level = int(setup.options.get(ASTRA_LEVEL, 1))
    if adventure_of(setup).number == 1:
        points, thresholds = astra_track(setup)
        rockets = astra_rockets(setup, state)
        return next((p for at, p in reversed(thresholds) if rockets >= at), points)
    multipliers = dict(zip(ACTIONS, ASTRA_MULTIPLIERS[level], strict=True))
    fixed, per_level = ASTRA_ADVENTURE[adventure_of(setup).number]
    return sum(state.astra.get(action, 0) * multipliers[action] for action in ACTIONS) + fixed + level * per_level
