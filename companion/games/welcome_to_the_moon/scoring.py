"""Welcome to the Moon: the score at the end (digest §1 (b)).

Each sheet scores by its adventure (sheets.py); the table adds the missions, the system errors,
the 20 / 10 / 5 majority awards across the table (ASTRA takes part in solo), and the tie-break on
unused system error boxes. Launching the rocket in adventure 1 wins at once (an option); in solo
the player's score is compared with ASTRA's. The details say what each entry did to the table.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.contract import Setup
from companion.games.mechanics.ranking import DENSE, TieBreaker, ladder_awards, ladder_ranks, standings
from companion.games.options import applied_options, option_value
from companion.games.scores import CategoryScore, Scoreboard, Verdict
from companion.games.welcome_to_the_moon.astra import (
    ASTRA_NAMES,
    astra_launch,
    astra_launched,
    astra_rockets,
    astra_score,
)
from companion.games.welcome_to_the_moon.end_of_game import launched_seats
from companion.games.welcome_to_the_moon.marks import bonus_label, mission_rockets, rockets_to_cross
from companion.games.welcome_to_the_moon.rule_options import (
    ADVENTURE_6_AREAS,
    ADVENTURE_8_PLANNING,
    ADVENTURE_8_PLANTS,
    ADVENTURE_8_WATER,
    ASTRA_LEVEL,
    LAUNCH_WINS,
    OPTIONS,
    RANKING,
    adventure_of,
    is_solo,
    mission_values,
)
from companion.games.welcome_to_the_moon.score_sheet import Adventure
from companion.games.welcome_to_the_moon.sheets import VIRUS_NAMES
from companion.games.welcome_to_the_moon.state import Activation, Moon
from companion.games.words import N_, Message, listing, msg, number, plural, signed

MAJORITY_PRIZES = (20, 10, 5)
ASTRA = 0  # ASTRA's seat number in majorities


def score_moon(setup: Setup, state: Moon) -> Scoreboard:
    """Per-player breakdown, majority awards, ranks and the tie-break on unused error boxes."""
    adventure = adventure_of(setup)
    policy = str(setup.options.get(RANKING, DENSE))
    sheets = {seat: {k: v for (s, k), v in state.sheets.items() if s == seat} for seat in setup.seats}
    solo = is_solo(setup)
    awards: dict[int, int] = {}
    ranks: dict[int, int] = {}
    details: list[Message] = []
    if adventure.majority:
        counts = {seat: sheets[seat].get(adventure.majority, 0) for seat in setup.seats}
        if solo:
            counts[ASTRA] = (
                state.astra.get("energy", 0) // 2 if adventure.number == 2 else state.astra.get("astronaut", 0)
            )
        if adventure.number == 5:
            ranks = ladder_ranks(counts, policy)
        else:
            awards = ladder_awards(counts, MAJORITY_PRIZES, policy)
        details.append(_majority_line(setup, adventure, counts, awards, ranks))
    context_common: dict[str, object] = {
        "score_unfinished": setup.options.get(ADVENTURE_6_AREAS, "all") == "all",
        "plant_ladder": option_value(setup, OPTIONS, ADVENTURE_8_PLANTS),
        "water_ladder": option_value(setup, OPTIONS, ADVENTURE_8_WATER),
        "planning_ladder": option_value(setup, OPTIONS, ADVENTURE_8_PLANNING),
    }
    breakdowns: dict[int, tuple[CategoryScore, ...]] = {}
    for seat in setup.seats:
        mine = [(letter, c) for letter, cs in state.completions.items() for c in cs if c.seat == seat]
        values = {m.letter: mission_values(setup, m) for m in state.missions}
        mission_points = sum(values[letter][0 if c.first else 1] for letter, c in mine if letter in values)
        context = {
            **context_common,
            "award": awards.get(seat, 0),
            "rank": ranks.get(seat, 0),
            "missions_first": sum(1 for _l, c in mine if c.first),
            "missions_second": sum(1 for _l, c in mine if not c.first),
            "open_errors": state.errors.get(seat, 0) - state.crossed.get(seat, 0),
            "bonuses": bonuses_of(state, seat),
        }
        errors = 0 if adventure.number == 1 else state.errors.get(seat, 0)
        lines = adventure.score(sheets[seat], 0 if adventure.number in (1, 5) else mission_points, errors, context)
        if seat in state.paper_totals:  # scored on paper: the total stands for the whole sheet
            paper = N_("Total scored on the paper sheet (missions, errors and awards included)")
            lines = [CategoryScore("paper-total", paper, state.paper_totals[seat])]
        if solo:
            lines.append(CategoryScore("astra", N_("ASTRA (subtracted in solo)"), -astra_score(setup, state)))
        breakdowns[seat] = tuple(lines)
    unused = {seat: adventure.error_boxes - state.errors.get(seat, 0) for seat in setup.seats}
    launched = launched_seats(setup, state) if setup.options.get(LAUNCH_WINS, "yes") == "yes" else set()
    players, explanation = standings(
        setup, breakdowns, [TieBreaker(N_("unused system error boxes"), unused)], winners=launched
    )
    if solo:
        explanation = ()  # one player: no tie to settle; the verdict against ASTRA says who won
    for seat in sorted(launched):
        explanation = (
            msg(N_("{name} launched the rocket: an immediate victory."), name=setup.player(seat).name),
            *explanation,
        )
    if adventure.number == 1:
        details.extend(_mission_rocket_lines(setup, state))
    details.extend(_table_event_lines(setup, state))
    verdict = None
    if solo:
        own = sum(c.points for c in breakdowns[setup.seats[0]] if c.key != "astra")
        astra = astra_score(setup, state)
        level = int(setup.options.get(ASTRA_LEVEL, 1))
        # One verdict, by the rule: launching the rocket is an immediate victory (the seed), whatever ASTRA scores;
        # ASTRA's launch only ends the game (Board Game Arena): the points decide, ASTRA taking a tie.
        wins = bool(launched) or own > astra
        if launched:
            said = msg(N_("you launched the rocket: an immediate victory"))
        elif astra_launched(setup, state):
            said = msg(N_("ASTRA launched, the points decide: you win")) if wins else msg(N_("ASTRA launched and wins"))
        else:
            said = msg(N_("you win")) if wins else msg(N_("ASTRA wins"))
        explanation_line = msg(
            N_("ASTRA ({astra_name}, level {level}) scores {astra}; your {own} − {astra} = {result}: {verdict}"),
            astra_name=msg(ASTRA_NAMES[level]),
            level=level,
            astra=astra,
            own=number(own),
            result=signed(own - astra),
            verdict=said,
        )
        details.append(explanation_line)
        verdict = Verdict("ASTRA", own, astra, wins, explanation_line)
    notes = [msg(N_("Turn {turn}."), turn=state.turn)]
    if state.end_turn is not None:
        notes.append(msg(N_("The game ends with turn {turn}."), turn=state.end_turn))
        notes.extend(state.end_reasons)
    return Scoreboard(
        players, explanation, applied_options(OPTIONS, setup.options), tuple(notes), tuple(details), verdict
    )


def _mission_rocket_lines(setup: Setup, state: Moon) -> list[Message]:
    """Adventure 1: the rockets each player's missions gave: crossed off (a line of what happened), or still to do."""
    lines: list[Message] = []
    for seat in setup.seats:
        name = setup.player(seat).name
        due = rockets_to_cross(setup, state, seat)
        done = mission_rockets(setup, state, seat) - due
        if done:
            lines.append(
                msg(
                    plural(
                        done,
                        N_("{name} crossed off {count} rocket from missions"),
                        N_("{name} crossed off {count} rockets from missions"),
                    ),
                    name=name,
                    count=done,
                )
            )
        if due:  # an instruction, shown only until the player enters the rocket track again
            lines.append(
                msg(
                    plural(
                        due,
                        N_("{name}: cross off the {count} rocket from missions, then enter the rocket track."),
                        N_("{name}: cross off the {count} rockets from missions, then enter the rocket track."),
                    ),
                    name=name,
                    count=due,
                )
            )
    return lines


def _table_event_lines(setup: Setup, state: Moon) -> list[Message]:
    """What one player's entries did to the whole table: bonus races, sabotages, viruses, ASTRA's track."""
    names = {p.seat: p.name for p in setup.players}
    lines: list[Message] = []
    for space, done in sorted(state.bonuses.items()):
        who = listing(msg(N_("{name} ({turn})"), name=names[c.seat], turn=c.turn) for c in done)
        first = listing(names[c.seat] for c in done if c.first)
        lines.append(
            msg(
                N_("{space}: first {first}; reached (turn) {who}"),
                space=bonus_label(setup, space),
                first=first,
                who=who,
            )
        )
    for space in state.astra_bonuses:
        lines.append(msg(N_("ASTRA crossed off the first bonus of {space}"), space=bonus_label(setup, space)))
    for seat, used in sorted(state.sabotages.items()):
        if seat == setup.seats[0] and state.astra_sabotages:
            lines.append(msg(N_("ASTRA crossed off {count} of your sabotage spaces"), count=state.astra_sabotages))
            used -= state.astra_sabotages
        if used:
            lines.append(
                msg(
                    plural(used, N_("{name} used {count} sabotage space"), N_("{name} used {count} sabotage spaces")),
                    name=names[seat],
                    count=used,
                )
            )
    for activation in state.viruses:
        lines.append(
            msg(
                N_("{virus} activated on turn {turn} by {cause}"),
                virus=msg(VIRUS_NAMES[activation.virus]),
                turn=activation.turn,
                cause=cause_of(setup, activation),
            )
        )
    if is_solo(setup) and adventure_of(setup).number == 1:
        lines.append(
            msg(
                N_("ASTRA's rockets: {rockets} of {launch} crossed"),
                rockets=astra_rockets(setup, state),
                launch=astra_launch(setup),
            )
        )
    return lines


def cause_of(setup: Setup, activation: Activation) -> Message:
    """Say why a virus was activated."""
    name = setup.player(activation.seat).name if activation.seat is not None else ""
    causes = {
        "mission": N_("{name}'s mission, accomplished first"),
        "plant-boxes": N_("{name}'s plant track"),
        "water-boxes": N_("{name}'s water track"),
    }
    return msg(causes.get(activation.cause, N_("the table")), name=name)


def bonuses_of(state: Moon, seat: int) -> dict[int, bool]:
    """Each bonus space ``seat`` reached, and whether it was in the earliest turn anyone reached it."""
    return {
        space: any(c.first for c in done if c.seat == seat)
        for space, done in state.bonuses.items()
        if any(c.seat == seat for c in done)
    }


def _majority_line(
    setup: Setup, adventure: Adventure, counts: Mapping[int, int], awards: Mapping[int, int], ranks: Mapping[int, int]
) -> Message:
    names = {p.seat: p.name for p in setup.players} | {ASTRA: "ASTRA"}
    ordered = sorted(counts, key=lambda s: (-counts[s], s))
    if adventure.number == 5:
        parts = listing(
            msg(N_("{name} {count} (rank {rank})"), name=names[s], count=counts[s], rank=ranks[s])
            if s in ranks
            else msg(N_("{name} {count}"), name=names[s], count=counts[s])
            for s in ordered
        )
        return msg(N_("Astronauts by rank: {parts}"), parts=parts)
    label = N_("Most completed zones") if adventure.number == 2 else N_("Most astronauts")
    counted = [s for s in ordered if counts[s]]  # a player with none takes nothing: no "Aki 0 → 0"
    if not counted:
        return msg(N_("{label}: nobody has any yet, so nobody scores."), label=msg(label))
    parts = listing(
        msg(
            plural(awards.get(s, 0), N_("{name} {count} ({points} point)"), N_("{name} {count} ({points} points)")),
            name=names[s],
            count=counts[s],
            points=awards.get(s, 0),
        )
        for s in counted
    )
    return msg(N_("{label}: {parts}"), label=msg(label), parts=parts)
