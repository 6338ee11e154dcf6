"""Welcome to the Moon: what players mark that the whole table must know.

Missions accomplished (the first value to all who do it in the earliest turn), system errors
(one of one's own a turn; adventure 1 circles them and crosses them off), sabotages (adventure 1:
a system error for every other player), bonus spaces raced for (adventures 3 and 5), viruses and
infections (adventure 6), and the boxes of each score sheet, or a total scored on paper.
"""

from __future__ import annotations

from companion.games.contract import Event, Setup, evolve
from companion.games.welcome_to_the_moon.end_of_game import check_launch, check_playing, trigger_end
from companion.games.welcome_to_the_moon.rule_options import adventure_of, is_solo, mission_values
from companion.games.welcome_to_the_moon.sheets import VIRUS_AT_BOX, VIRUS_NAMES, VIRUS_OF_MISSION
from companion.games.welcome_to_the_moon.state import LETTERS, Activation, Completion, Moon
from companion.games.words import N_, NP_, Message, RuleError, msg, number

SABOTAGE_SPACES = 8  # adventure 1: the sabotage spaces of the sheet (BGA CrossOffSabotage: 8 slots)
RECENT_BOXES = 3  # sheet boxes a phone keeps at hand: the ones its seat entered last


def _message(text: str | Message) -> Message:
    return text if isinstance(text, Message) else msg(text)  # a message parameter is translated only as a Message


# A count set on the sheet, by the unit its boxes count in (docs/words.md: 「ユウが植物トラックを7マスにした」).
SET_COUNT = {
    "": N_("{name} set {field} to {value}"),
    "boxes": NP_("sheet boxes", "{name} set {field} to {value}"),
    "items": NP_("sheet items", "{name} set {field} to {value}"),
}


def sheet_line(setup: Setup, name: str, key: str, value: int) -> Message:
    """Return the log line of a box of ``name``'s sheet set to ``value``: a count, a yes/no box, or a choice."""
    spec = next((f for f in adventure_of(setup).fields if f.key == key), None)
    if spec is None:  # an entry the rules refused: its line says no more than the move
        return msg(N_("{name} set a box of their sheet"), name=name)
    field = _message(spec.log)
    if spec.flag:
        return msg(N_("{name} ticked {field}") if value else N_("{name} unticked {field}"), name=name, field=field)
    choice = next((label for v, label in spec.choices if v == value), None)
    if choice is not None:
        return msg(N_("{name} chose {choice} for {field}"), name=name, field=field, choice=_message(choice))
    return msg(SET_COUNT.get(spec.unit, SET_COUNT[""]), name=name, field=field, value=number(value))


def sheet_step_line(setup: Setup, name: str, key: str, delta: int) -> Message:
    """Return the log line of one tap of a box's − or +."""
    spec = next((f for f in adventure_of(setup).fields if f.key == key), None)
    if spec is None:
        return msg(N_("{name} set a box of their sheet"), name=name)
    field = _message(spec.log)
    if delta > 0:
        return msg(N_("{name} added {count} to {field}"), name=name, field=field, count=delta)
    if delta < 0:
        return msg(N_("{name} took {count} off {field}"), name=name, field=field, count=-delta)
    return msg(N_("{name} left {field} as it was"), name=name, field=field)


def bonus_label(setup: Setup, space: int) -> Message:
    """Return the name of a bonus space of the table's adventure."""
    spaces = adventure_of(setup).bonus_spaces
    label = spaces[space - 1].label if 1 <= space <= len(spaces) else str(space)
    return _message(label)


def accomplish_mission(setup: Setup, state: Moon, event: Event) -> Moon:
    """A mission accomplished: first value to all who do it in the earliest turn; all three end the game."""
    seat, letter = event.payload["seat"], event.payload["letter"]
    if state.turn == 0:
        raise RuleError(N_("Missions are accomplished after the first flip."))
    if not any(m.letter == letter for m in state.missions):
        raise RuleError(N_("Enter the card of mission {letter} first."), letter=letter)
    if state.end_turn is not None and state.turn > state.end_turn:
        check_playing(state)
    done = state.completions.get(letter, ())
    if any(c.seat == seat for c in done):
        raise RuleError(
            N_("{name} already accomplished mission {letter}."), name=setup.player(seat).name, letter=letter
        )
    first = all(c.turn == state.turn for c in done)
    if is_solo(setup):
        first = not done and state.solo_seen.get(letter, 0) < 2
    completion = Completion(seat, state.turn, first)
    state = evolve(state, completions={**state.completions, letter: (*done, completion)})
    if not done and adventure_of(setup).number == 6:
        state = _activate(state, VIRUS_OF_MISSION[letter], seat, "mission")
    if sum(1 for cs in state.completions.values() for c in cs if c.seat == seat) == len(LETTERS):
        state = trigger_end(state, msg(N_("{name} accomplished all three missions."), name=setup.player(seat).name))
    return state


def mission_rockets(setup: Setup, state: Moon, seat: int) -> int:
    """Adventure 1: the rockets ``seat``'s missions gave, to cross off on its sheet's rocket track."""
    if adventure_of(setup).number != 1:
        return 0
    return sum(
        mission_values(setup, m)[0 if c.first else 1]
        for m in state.missions
        for c in state.completions.get(m.letter, ())
        if c.seat == seat
    )


ROCKET_TRACK = ("milestones", "extra-rockets")  # adventure 1: the boxes a player counts the rocket track in


def rockets_to_cross(setup: Setup, state: Moon, seat: int) -> int:
    """Adventure 1: the rockets ``seat``'s missions gave since it last entered its rocket track (still to cross off)."""
    return max(0, mission_rockets(setup, state, seat) - state.rockets_entered.get(seat, 0))


def turn_shown(state: Moon, event: Event) -> int | None:
    """Return the turn an entry was made on (the one its phone showed), or None if it does not say.

    An entry that does not say (recorded before the once-per-turn rules, or typed into a file)
    counts as one, as it always did: a stored ledger replays as it was recorded.
    """
    turn = event.payload.get("turn")
    if turn is None:
        return None
    if turn > state.turn:
        raise RuleError(N_("Turn {turn} has not begun: the table is on turn {now}."), turn=turn, now=state.turn)
    return int(turn)


def mark_error(setup: Setup, state: Moon, event: Event) -> Moon:
    """A player's own system error: at most one a turn, for the turn its phone showed.

    Seed 000, line 30: each turn every player chooses one of the three combinations; line 236: a
    system error is marked when none of the three numbers can be written. One choice a turn, so one
    system error of one's own a turn: a second one for the same turn (a double tap) is refused. Errors
    another player's sabotage gives are not this move (:func:`sabotage`). An error noted late, after
    the next flip, still counts for the turn it was tapped on.
    """
    seat = event.payload["seat"]
    turn = turn_shown(state, event)
    done = state.error_turns.get(seat, frozenset())
    if turn in done:
        raise RuleError(
            N_(
                "{name} already has a system error on turn {turn}: one a turn (none of its three numbers could be"
                " written). Nothing was recorded."
            ),
            name=setup.player(seat).name,
            turn=turn,
        )
    if state.errors.get(seat, 0) >= adventure_of(setup).error_boxes:
        raise RuleError(N_("Every system error box is already used."))
    if turn is not None:
        state = evolve(state, error_turns={**state.error_turns, seat: done | {turn}})
    return circle_error(setup, state, seat)


def circle_error(setup: Setup, state: Moon, seat: int) -> Moon:
    """One more system error for ``seat`` (none once every box is used); the last box ends the game."""
    boxes = adventure_of(setup).error_boxes
    count = state.errors.get(seat, 0) + 1
    if count > boxes:
        return state
    state = evolve(state, errors={**state.errors, seat: count})
    if count == boxes:
        state = trigger_end(state, msg(N_("{name} filled the last system error box."), name=setup.player(seat).name))
    return check_launch(setup, state, seat)


def cross_off_error(setup: Setup, state: Moon, event: Event) -> Moon:
    """Adventure 1: a circled system error crossed off (the rocket may launch once none is left open)."""
    seat = event.payload["seat"]
    if not adventure_of(setup).circles_errors:
        raise RuleError(N_("Only adventure 1 crosses off circled system errors."))
    if state.crossed.get(seat, 0) >= state.errors.get(seat, 0):
        raise RuleError(N_("There is no circled system error left to cross off."))
    state = evolve(state, crossed={**state.crossed, seat: state.crossed.get(seat, 0) + 1})
    return check_launch(setup, state, seat)


def sabotage(setup: Setup, state: Moon, event: Event) -> Moon:
    """Adventure 1: a sabotage space reached (妨害効果): every other player circles a system error, once.

    Seed 000, line 77: a sabotage gives the other players a system error, once (1回限り); lines
    30–31 and 68: a player writes one number a turn, and in adventure 1 the actions do nothing. The
    number completes one area at most, with one effect; only a construction effect (line 74) writes
    more, one X, which a sabotage never does: a turn brings its player one sabotage at most. A
    second one for the same turn (a double tap) is refused.
    """
    seat = event.payload["seat"]
    if adventure_of(setup).number != 1:
        raise RuleError(N_("Only adventure 1 has sabotage spaces."))
    turn = turn_shown(state, event)
    done = state.sabotage_turns.get(seat, frozenset())
    if turn in done:
        raise RuleError(
            N_("{name} already sabotaged on turn {turn}: one sabotage a turn. Nothing was recorded."),
            name=setup.player(seat).name,
            turn=turn,
        )
    if state.sabotages.get(seat, 0) >= SABOTAGE_SPACES:
        raise RuleError(N_("Every sabotage space of this sheet is already used."))
    if turn is not None:
        state = evolve(state, sabotage_turns={**state.sabotage_turns, seat: done | {turn}})
    state = evolve(state, sabotages={**state.sabotages, seat: state.sabotages.get(seat, 0) + 1})
    for other in setup.seats:
        if other != seat:
            state = circle_error(setup, state, other)
    return state


def reach_bonus(setup: Setup, state: Moon, event: Event) -> Moon:
    """A bonus space reached (区画ボーナス): the first value to all who reach it in the earliest turn anyone does."""
    seat, space = event.payload["seat"], event.payload["space"]
    spaces = adventure_of(setup).bonus_spaces
    if not 1 <= space <= len(spaces):
        raise RuleError(N_("This adventure's sheet has no bonus space {space}."), space=space)
    done = state.bonuses.get(space, ())
    if any(c.seat == seat for c in done):
        raise RuleError(N_("{name} already has this bonus."), name=setup.player(seat).name)
    # Alone at the table: first, unless ASTRA crossed that first value off.
    first = space not in state.astra_bonuses if is_solo(setup) else all(c.turn == state.turn for c in done)
    return evolve(state, bonuses={**state.bonuses, space: (*done, Completion(seat, state.turn, first))})


def _activate(state: Moon, virus: str, seat: int | None, cause: str) -> Moon:
    if any(a.virus == virus for a in state.viruses):
        return state
    return evolve(state, viruses=(*state.viruses, Activation(virus, state.turn, seat, cause)))


def activate_virus(setup: Setup, state: Moon, event: Event) -> Moon:
    """Adventure 6: a virus activated, recorded with one tap where the app could not see it happen."""
    if adventure_of(setup).number != 6:
        raise RuleError(N_("Only adventure 6 has viruses."))
    virus = event.payload["virus"]
    if any(a.virus == virus for a in state.viruses):
        raise RuleError(N_("The {virus} is already active."), virus=msg(VIRUS_NAMES[virus]))
    return _activate(state, virus, None, "table")


def infections_due(state: Moon, seat: int) -> int:
    """Adventure 6: the activated viruses ``seat`` has still to infect for."""
    return len(state.viruses) - state.infections.get(seat, 0)


def infect(setup: Setup, state: Moon, event: Event) -> Moon:
    """Adventure 6: a player infected for the oldest virus waiting, adding the spaces infected to the sheet."""
    seat, spaces = event.payload["seat"], event.payload["spaces"]
    if infections_due(state, seat) <= 0:
        raise RuleError(N_("No virus is waiting for {name} to infect."), name=setup.player(seat).name)
    state = evolve(state, infections={**state.infections, seat: state.infections.get(seat, 0) + 1})
    return _set_box(setup, state, seat, "infected", state.sheets.get((seat, "infected"), 0) + spaces)


def set_sheet_box(setup: Setup, state: Moon, event: Event) -> Moon:
    """A box of a player's sheet set to the value entered."""
    seat, key, value = event.payload["seat"], event.payload["field"], event.payload["value"]
    return _entered(_set_box(setup, state, seat, key, value), seat, key)


def step_sheet_box(setup: Setup, state: Moon, event: Event) -> Moon:
    """One tap of a box's − or +: the step commutes with what other phones do meanwhile."""
    seat, key = event.payload["seat"], event.payload["field"]
    return _entered(
        _set_box(setup, state, seat, key, state.sheets.get((seat, key), 0) + event.payload["delta"]), seat, key
    )


def _entered(state: Moon, seat: int, key: str) -> Moon:
    """Note the box ``seat`` entered last (its phone keeps its last few at hand, in this turn's controls)."""
    kept = (key, *(k for k in state.recent.get(seat, ()) if k != key))[:RECENT_BOXES]
    return evolve(state, recent={**state.recent, seat: kept})


def enter_paper_total(setup: Setup, state: Moon, event: Event) -> Moon:
    """A player who scored on paper enters the total only (or clears it to use the sheet again)."""
    seat, total = event.payload["seat"], event.payload.get("total")
    totals = {s: t for s, t in state.paper_totals.items() if s != seat}
    if total is not None:
        totals[seat] = total
    return evolve(state, paper_totals=totals)


def _set_box(setup: Setup, state: Moon, seat: int, key: str, value: int) -> Moon:
    spec = next((f for f in adventure_of(setup).fields if f.key == key), None)
    if spec is None:
        raise RuleError(N_("This adventure's sheet has no box “{field}”."), field=key)
    if not spec.minimum <= value <= spec.maximum:
        raise RuleError(
            N_("{label} must stay between {minimum} and {maximum}."),
            label=spec.label,
            minimum=spec.minimum,
            maximum=spec.maximum,
        )
    state = evolve(state, sheets={**state.sheets, (seat, key): value})
    if key in ROCKET_TRACK:  # the track is counted again: the missions' rockets so far are crossed off
        state = evolve(state, rockets_entered={**state.rockets_entered, seat: mission_rockets(setup, state, seat)})
    if key in VIRUS_AT_BOX and adventure_of(setup).number == 6:
        at, virus = VIRUS_AT_BOX[key]
        if value >= at:
            state = _activate(state, virus, seat, key)
    return check_launch(setup, state, seat)


def fill_sheet(setup: Setup, state: Moon, event: Event) -> Moon:
    """A player filled every space of their sheet: the game ends with this turn."""
    seat = event.payload["seat"]
    state = evolve(state, full=state.full | {seat})
    return trigger_end(state, msg(N_("{name} filled every space of their sheet."), name=setup.player(seat).name))
