"""What each phone sees and may do on the Crafting the Cosmos panel.

Advanced life tokens are secret: a phone sees the values of its own seat's tokens and, for every
other seat, only how many lie face down, until the game ends and all are revealed.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

from companion.games.contract import Player, Setup
from companion.games.crafting_the_cosmos import rules
from companion.games.moves import HOST, Viewer
from companion.games.words import N_, Message, msg, number

# The sources of points as a galaxy's line names them (the results name them in full).
SOURCES: dict[str, str] = {
    "nebulae": N_("Nebulae"),
    "time-chamber": N_("Time chamber"),
    "energy-sets": N_("5 same energy cards"),
    "power": N_("Power cards"),
    "goals": N_("Goals"),
    "other": N_("Other"),
}


@dataclass(frozen=True)
class GalaxyRow:
    """One player's line on the panel."""

    player: Player
    points: str  # the standings' total, as printed: every source, advanced life once revealed at the end
    # (short label, points as printed) by source: with the advanced life, they add up to ``points``
    sources: tuple[tuple[str, str], ...]
    nebulae: int
    releases: int
    crystals: int  # on this board: its own from set-up, and those taken from the supply since
    energy_sets: int
    power: int
    goals: int
    other: int
    hand: int
    over_limit: bool  # more energy cards than the hand limit: the end phase will cut them
    lives: int
    life_values: tuple[int, ...] | None  # only for the phone's own seat, or for all once over
    goal_count: int | None


@dataclass(frozen=True)
class TrackSpace:
    """One space of the goal track, top first."""

    space: int
    goal: int | None
    label: Message | None
    scores_now: bool


@dataclass(frozen=True)
class SeatForms:
    """The moves one phone may record for one seat, with what the buttons should say."""

    player: Player
    next_release: int
    can_release: bool
    can_create_life: bool
    goal_count: int | None
    energy_types: tuple[tuple[str, str], ...]  # (field, label) of each energy type, the board's order
    keep_types: tuple[tuple[str, str], ...]  # (field, label): keep every card of that type in the hand
    last_energy: tuple[Message, ...]  # how this seat's last hand entered by type was split into sets of 5


@dataclass(frozen=True)
class CosmosView:
    """The Crafting the Cosmos panel for one phone."""

    kinds: ClassVar[ModuleType] = rules  # its move kinds: a template asks ``viewer.control(panel.kinds.FLIP)``

    round: int
    over: bool
    ended_by: tuple[Message, ...]
    first_player: str | None
    first_player_passes: bool
    supply: int
    supply_start: int
    from_box: int
    crystals_on_boards: int  # one per board from set-up (not from the supply), and those taken since
    crystals_total: int  # the supply and the boards
    track: tuple[TrackSpace, ...]
    goals_in_deck: int
    scoring_goal: Message | None
    goal_hint: Message | None  # what each phone counts for the goal scoring this round, once it is named
    goal_prizes: Message
    next_goal: Message | None  # when no goal scores this round: the next one to score
    next_goal_round: int | None
    next_goal_hint: Message | None
    unnamed_goals: tuple[tuple[int, Message], ...]  # drawn, not scored, not named yet: the board asks
    goal_to_name: (
        int | None
    )  # the one the form offers first: the goal scoring now, else the next to score, else the oldest
    waiting_for: tuple[str, ...]
    announcements: tuple[Message, ...]
    unscored_goals: tuple[tuple[int, Message], ...]
    goal_kinds: tuple[tuple[str, str], ...]
    stack_left: int
    rows: tuple[GalaxyRow, ...]
    my_lives: tuple[int, ...] | None
    forms: tuple[SeatForms, ...]
    end_phase_lines: tuple[tuple[int, tuple[Message, ...]], ...]
    end_phase_note: Message | None  # who plays the end phase, when the table's option keeps it to the host


def cosmos_view(setup: Setup, game: rules.Cosmos, viewer: Viewer) -> CosmosView:
    """Return the panel for ``viewer``: the track, the galaxies, its own advanced life values only."""
    scoring = game.scoring_goal
    scored = {phase.scoring.goal for phase in game.end_phases if phase.scoring}
    seat_moves = viewer.control(rules.NEBULA)
    # With no goal scoring this round, the phones name the next one down the track.
    upcoming = next((goal for goal in reversed(game.track) if goal is not None), None) if scoring is None else None
    unnamed = tuple(
        (goal, rules.goal_label(game, goal))
        for goal in range(1, game.drawn + 1)
        if goal not in scored and goal not in game.goals
    )
    return CosmosView(
        round=game.round,
        over=game.over,
        ended_by=tuple(msg(rules.END_REASONS[reason]) for reason in game.ended_by),
        first_player=setup.player(game.first_player).name if game.first_player is not None else None,
        first_player_passes=len(setup.players) > 2,
        supply=game.supply,
        supply_start=rules.crystal_supply(len(setup.players)),
        from_box=game.from_box,
        crystals_on_boards=sum(galaxy.board_crystals for galaxy in game.galaxies.values()),
        crystals_total=rules.crystals_in_play(game),
        track=tuple(
            TrackSpace(
                space=index + 1,
                goal=goal,
                label=rules.goal_label(game, goal) if goal is not None else None,
                scores_now=index == rules.TRACK_SPACES - 2 and goal is not None,
            )
            for index, goal in enumerate(game.track)
        ),
        goals_in_deck=rules.GOAL_CARDS - game.drawn,
        scoring_goal=rules.goal_label(game, scoring) if scoring is not None else None,
        goal_hint=rules.goal_hint(game, scoring) if scoring is not None else None,
        goal_prizes=msg(N_("1st {first} points, 2nd {second}"), first=rules.GOAL_PRIZES[0], second=rules.GOAL_PRIZES[1])
        if len(setup.players) > 2
        else msg(N_("1st {first} points; with 2 players 2nd scores nothing"), first=rules.GOAL_PRIZES[0]),
        next_goal=rules.goal_label(game, upcoming) if upcoming is not None else None,
        next_goal_round=rules.scoring_round(game, upcoming) if upcoming is not None else None,
        next_goal_hint=rules.goal_hint(game, upcoming) if upcoming is not None else None,
        unnamed_goals=unnamed,
        goal_to_name=next(
            (goal for goal in (scoring, upcoming) if goal in dict(unnamed)), unnamed[0][0] if unnamed else None
        ),
        waiting_for=rules.missing_counts(setup, game),
        announcements=_announcements(game),
        unscored_goals=tuple(
            (goal, rules.goal_label(game, goal)) for goal in range(1, game.drawn + 1) if goal not in scored
        ),
        goal_kinds=tuple(rules.GOAL_KINDS.items()),
        stack_left=len(rules.stack_of(setup, game)) - game.draws,
        rows=tuple(_row(game, player, viewer) for player in setup.players),
        my_lives=_values(game, viewer.seat) if viewer.seat is not None else None,
        forms=()
        if game.over
        else tuple(
            _forms(game, player, player.seat == viewer.seat)
            for player in sorted(setup.players, key=lambda p: p.seat != viewer.seat)  # this phone's seat first
            if player.seat in seat_moves.seats
        ),
        end_phase_lines=tuple(
            (phase.round, tuple(rules.explain_end_phase(setup, game, phase))) for phase in reversed(game.end_phases)
        ),
        end_phase_note=_end_phase_note(setup, viewer),
    )


def _end_phase_note(setup: Setup, viewer: Viewer) -> Message | None:
    """Say who plays the end phase where its button is (or would be), when the table keeps it to the host."""
    if rules.end_phase_by(setup) != HOST:
        return None
    if viewer.host:
        return msg(N_("Only the host plays the end phase at this table (rule option)."))
    return msg(N_("The host plays the end phase at this table (rule option)."))


def _values(game: rules.Cosmos, seat: int) -> tuple[int, ...]:
    return tuple(life.value for life in game.galaxy(seat).lives)


def _row(game: rules.Cosmos, player: Player, viewer: Viewer) -> GalaxyRow:
    """One galaxy as ``viewer`` may see it: advanced life values only its owner's, until the end."""
    galaxy = game.galaxy(player.seat)
    sees_values = game.over or player.seat == viewer.seat
    return GalaxyRow(
        player=player,
        points=number(rules.public_points(game, player.seat)),
        sources=tuple(
            (SOURCES[category.key], number(category.points))
            for category in rules.breakdown(game, player.seat)
            if category.key in SOURCES
        ),
        nebulae=len(galaxy.nebulae),
        releases=len(galaxy.releases),
        crystals=galaxy.board_crystals,
        energy_sets=galaxy.energy_sets,
        power=sum(p.points for p in galaxy.power),
        goals=rules.goal_points(game, player.seat),
        other=sum(m.points for m in galaxy.manual),
        hand=galaxy.hand,
        over_limit=galaxy.hand > rules.HAND_LIMIT,
        lives=len(galaxy.lives),
        life_values=_values(game, player.seat) if sees_values else None,
        goal_count=game.counts.get(player.seat),
    )


def _forms(game: rules.Cosmos, player: Player, own: bool) -> SeatForms:
    """The record card of ``player``'s seat; the split of its hand by type only on its own phone (a hand is secret)."""
    galaxy = game.galaxy(player.seat)
    by_type = [discard for discard in galaxy.energy if discard.types]
    return SeatForms(
        player=player,
        next_release=rules.chamber_points(len(galaxy.releases) + 1),
        can_release=len(galaxy.releases) < galaxy.crystals,
        can_create_life=len(galaxy.lives) < len(galaxy.nebulae),
        goal_count=game.counts.get(player.seat),
        energy_types=tuple(rules.ENERGY_TYPES.items()),
        keep_types=tuple((rules.keep_field(kind), label) for kind, label in rules.ENERGY_TYPES.items()),
        last_energy=tuple(rules.explain_energy_type(t) for t in by_type[-1].types) if by_type and own else (),
    )


def _announcements(game: rules.Cosmos) -> tuple[Message, ...]:
    """Say what the coming end phase will do to the game's end."""
    if game.over:
        return ()
    lines = []
    if game.supply == 0:
        lines.append(msg(N_("The time crystal supply is empty: the game ends after this round's end phase.")))
    if game.scoring_goal == rules.GOAL_CARDS:
        lines.append(msg(N_("The last universal goal scores in this end phase: the game ends after it.")))
    return tuple(lines)
