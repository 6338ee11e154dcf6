"""Welcome to the Moon: a table that plays with its own components.

The table deals its own missions and turns its own cards; the app is told what they show (the
mission card of each letter, the three combos of each turn, or in solo the three cards drawn,
the solo cards that came out and the cards given to ASTRA) and checks that the deck has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.contract import Event, Setup, evolve
from companion.games.welcome_to_the_moon.astra import astra_sabotage, give_astra
from companion.games.welcome_to_the_moon.cards import ACTION_NAMES, DECK_BY_NUMBER, MISSIONS_BY_ID, Card
from companion.games.welcome_to_the_moon.end_of_game import check_playing
from companion.games.welcome_to_the_moon.rule_options import is_solo, own_components
from companion.games.welcome_to_the_moon.state import PILE_SIZE, Moon
from companion.games.words import N_, RuleError, msg, plural


def _own_only(setup: Setup) -> None:
    if not own_components(setup):
        raise RuleError(N_("The app deals and turns the cards at this table."))


def name_mission_card(setup: Setup, state: Moon, event: Event) -> Moon:
    """Name the real mission card of a letter (any of the 48)."""
    _own_only(setup)
    letter, number = event.payload["letter"], event.payload["mission"]
    mission = MISSIONS_BY_ID.get(number)
    if mission is None or mission.letter != letter:
        raise RuleError(N_("Mission card {number} is not a mission {letter}."), number=number, letter=letter)
    if state.completions.get(letter):
        raise RuleError(N_("Mission {letter} is already accomplished: its card cannot change now."), letter=letter)
    missions = tuple(sorted((*(m for m in state.missions if m.letter != letter), mission), key=lambda m: m.letter))
    return evolve(state, missions=missions)


def cards_of(payload: Mapping[str, Any]) -> tuple[tuple[int, str], ...]:
    """Return the three (number, action) cards of an entry."""
    return tuple((int(payload[f"number_{i}"]), str(payload[f"action_{i}"])) for i in range(1, 4))


def _check_turned(state: Moon, turned: list[tuple[int, str]]) -> None:
    """A card cannot be turned more often than it exists in one pass of the deck (21 turns)."""
    for number, action in turned:
        if action not in DECK_BY_NUMBER.get(number, ()):
            raise RuleError(
                N_("No card has {number} on one side and {action} on the other."),
                number=number,
                action=msg(ACTION_NAMES[action]),
            )
    this_pass = state.turn // PILE_SIZE
    seen = [(n, a) for turn, n, a in state.turned if (turn - 1) // PILE_SIZE == this_pass] + turned
    for number, action in set(turned):
        exists = DECK_BY_NUMBER[number].count(action)
        if seen.count((number, action)) > exists:
            raise RuleError(
                plural(
                    exists,
                    N_("The deck has {count} card {number} / {action}: it has been turned in this pass."),
                    N_("The deck has {count} cards {number} / {action}: they have all been turned in this pass."),
                ),
                count=exists,
                number=number,
                action=msg(ACTION_NAMES[action]),
            )


def enter_combos(setup: Setup, state: Moon, event: Event) -> Moon:
    """The three combos the table sees after turning its own cards."""
    _own_only(setup)
    check_playing(state)
    if is_solo(setup):
        raise RuleError(N_("In solo, enter the three cards drawn."))
    combos = cards_of(event.payload)
    for number, _action in combos:
        if number not in DECK_BY_NUMBER:
            raise RuleError(N_("No card has the number {number}."), number=number)
    # The card just turned on each pile showed, before it was turned, the number of the last combo.
    turned = [(before[0], now[1]) for before, now in zip(state.entered, combos, strict=True)] if state.entered else []
    _check_turned(state, turned)
    turn = state.turn + 1
    return evolve(state, turn=turn, entered=combos, turned=(*state.turned, *((turn, n, a) for n, a in turned)))


def enter_hand(setup: Setup, state: Moon, event: Event) -> Moon:
    """Solo: the three cards drawn from the table's own deck."""
    _own_only(setup)
    check_playing(state)
    if not is_solo(setup):
        raise RuleError(N_("This is for solo games."))
    if not state.chosen:
        raise RuleError(N_("Choose your combination before the next flip."))
    cards = cards_of(event.payload)
    _check_turned(state, list(cards))
    turn = state.turn + 1
    hand = tuple(Card(0, number, action) for number, action in cards)
    return evolve(state, turn=turn, hand=hand, chosen=False, turned=(*state.turned, *((turn, n, a) for n, a in cards)))


def draw_solo_card(setup: Setup, state: Moon, event: Event) -> Moon:
    """Solo: a solo card A, B or C came out of the table's own deck."""
    _own_only(setup)
    if not is_solo(setup):
        raise RuleError(N_("This is for solo games."))
    letter = event.payload["letter"]
    times = state.solo_seen.get(letter, 0) + 1
    return astra_sabotage(setup, evolve(state, solo_seen={**state.solo_seen, letter: times}), times)


def give_astra_card(setup: Setup, state: Moon, event: Event) -> Moon:
    """Solo: a card given to ASTRA, entered by hand."""
    _own_only(setup)
    if not is_solo(setup):
        raise RuleError(N_("This is for solo games."))
    return give_astra(setup, state, event.payload["action"])
