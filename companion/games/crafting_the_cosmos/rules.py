"""Crafting the Cosmos (seed 004), kept the way the rulebook keeps it.

Set-up: 2–4 players; the time crystal supply for the player count (2 players 6, 3 players 9,
4 players 11); six universal goal cards, the first revealed on the top space of the four-space goal
track; the advanced life stack: group 2 shuffled, with two random group-1 tokens per player on
top; a first player.

During the game each player's points come from their own moves: completed nebulae (the printed
value), time chamber releases (the n-th release scores 3 / 6 / 10 / 15 / 21, later releases only
give a star), 5 same energy cards discarded for 6 points (entered as the hand by energy type: the
app finds every set of 5 of one type, repeatable, seed 004 「同種のエネルギーカードを5枚捨てて6ポイント」),
power cards, and manual entries with a reason. Creating an advanced life draws the next token of
the stack: its value is shown only to its owner until the game ends. A token once seen is never
dealt to anyone else: an undone draw holds its token for the player it was drawn for, who gets it
back on their next draw.

End phase of each round:

1. every goal card moves one space down the track;
2. the goal reaching the bottom (fourth) space is scored from each player's count: 1st 6, 2nd 3;
   tied firsts all take 6 and nobody takes 2nd; tied seconds all take 3; in a 2-player game 2nd
   scores nothing; a player needs at least one of the resource to score;
3. a new goal is drawn to the top space while the deck lasts;
4. the game ends after this end phase if the crystal supply is empty or the last goal was scored;
5. hands over 10 energy cards are cut to 10;
6. the first player token passes to the left (not in a 2-player game).

At the end every advanced life token is revealed and added. Ties: most energy cards in hand,
then a shared victory.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.randomness import rng_for, shuffled
from companion.games.mechanics.ranking import COMPETITION, TieBreaker, ladder_awards, standings
from companion.games.mechanics.sheet import check_player_count
from companion.games.moves import ANYONE, HOST, Field, Guard, Move
from companion.games.options import Choice, RuleOption, applied_options, option_value
from companion.games.scores import CategoryScore, Scoreboard
from companion.games.words import N_, NP_, Message, RuleError, listing, msg, plural, signed

SLUG = "crafting-the-cosmos"
Handler = Callable[[Setup, "Cosmos", Event], "Cosmos"]

MIN_PLAYERS, MAX_PLAYERS = 2, 4
CRYSTAL_SUPPLY: Mapping[int, int] = {2: 6, 3: 9, 4: 11}  # by player count
STARTING_HAND = 4  # set-up step I: four energy cards
HAND_LIMIT = 10

GOAL_CARDS = 6
TRACK_SPACES = 4  # a goal scores when it reaches the fourth (bottom) space
GOAL_PRIZES = (6, 3)  # 1st, 2nd
NEBULA_SIZES = (1, 2, 3)
CHAMBER_POINTS = (3, 6, 10, 15, 21)  # release 1..5; later releases give a star only
ENERGY_SET_SIZE, ENERGY_SET_POINTS = 5, 6
# The energy card types: one per control of the main board, as the power card decks (seed 004:
# 「光コントロール」「時間コントロール」「重力コントロール」「化学コントロール」; the digest: Light, Time,
# Gravity, Chemistry).
ENERGY_TYPES: Mapping[str, str] = {
    "light": NP_("energy type", "Light"),
    "time": NP_("energy type", "Time"),
    "gravity": NP_("energy type", "Gravity"),
    "chemistry": NP_("energy type", "Chemistry"),
}

# Advanced life tokens by value: group 1 (green edge) and group 2 (no edge).
GROUP_1 = (8,) * 4 + (7,) * 3 + (6,) * 1
GROUP_2 = (7,) * 2 + (6,) * 5 + (5,) * 5 + (4,) * 4
GROUP_1_PER_PLAYER = 2

# The goal kinds the rules mention; the printed card list is not in our sources, so the host
# picks the nearest kind and may type the card's name.
GOAL_KINDS: Mapping[str, str] = {
    "proto-life": N_("Most proto life tokens"),
    "star-stream": N_("Longest continuous stream of stars (a supernova counts as a star)"),
    "hydrogen": N_("Most hydrogen (H) stars"),
    "helium": N_("Most helium (He) stars"),
    "carbon": N_("Most carbon (C) stars"),
    "oxygen": N_("Most oxygen (O) stars"),
    "supernova": N_("Most supernovas (a supernova counts only as a supernova)"),
    "other": N_("Another goal (type its name)"),
}
# A goal's kind as the log and the board name it (the form's "type its name" is not a name).
GOAL_KIND_NAMES: Mapping[str, str] = {**GOAL_KINDS, "other": N_("another goal")}

OTHER_GOAL = "other"
# What each phone is told to count at the end phase in which a goal of that kind scores (the
# seed: the most of the resource the card names; a supernova counts only as a supernova).
GOAL_HINTS: Mapping[str, str] = {
    "proto-life": N_("Count your proto life tokens (purple side up)."),
    "star-stream": N_(
        "Count the stars in your longest continuous stream of stars on your board; a supernova counts as a star."
    ),
    "hydrogen": N_("Count your hydrogen (H) stars on your board; supernovas do not count."),
    "helium": N_("Count your helium (He) stars on your board; supernovas do not count."),
    "carbon": N_("Count your carbon (C) stars on your board; supernovas do not count."),
    "oxygen": N_("Count your oxygen (O) stars on your board; supernovas do not count."),
    "supernova": N_("Count your supernovas (each counts only as a supernova)."),
    OTHER_GOAL: N_("Count what the card names: {name}."),
}
UNNAMED = "unnamed"

CRYSTALS_OUT, LAST_GOAL = "crystals", "last-goal"
END_REASONS: Mapping[str, str] = {
    CRYSTALS_OUT: N_("the time crystal supply ran out"),
    LAST_GOAL: N_("the last universal goal was scored"),
}

FINAL_HAND_LIMIT = "final-hand-limit"
FIRST_GOAL = "first-goal"
# Who plays the end phase. The seed names nobody: the end phase is the table's, shared (seeds/
# 004_5f3f3503a42681be.txt:121), once the player before the first player token has ended their craft
# phase (:427) and so every player has (:432). Anyone seated by default, as before; or the host only.
END_PHASE_BY, ENDS_ANYONE, ENDS_HOST = "end-phase-by", "anyone", "host"
OPTIONS = (
    RuleOption(
        FIRST_GOAL,
        N_("The first universal goal, revealed at set-up"),
        UNNAMED,
        (
            Choice(UNNAMED, N_("named on the board once revealed")),
            *(Choice(kind, label) for kind, label in GOAL_KINDS.items() if kind != OTHER_GOAL),
        ),
        note=N_("Every phone names the goal and says what to count for it; a goal can also be named on the board."),
    ),
    RuleOption(
        FINAL_HAND_LIMIT,
        N_("Hand limit in the last end phase"),
        "checked",
        (
            Choice("checked", N_("checked (the game ends after the whole end phase)")),
            Choice("skipped", N_("skipped (the game ends as soon as the end is detected)")),
        ),
        note=N_(
            "The rules say the game ends after the end phase in which the end is detected, and the "
            "hand limit is its fifth step; this matters for the energy-card tie-break."
        ),
    ),
    RuleOption(
        END_PHASE_BY,
        N_("Who plays the end phase"),
        ENDS_ANYONE,
        (
            Choice(ENDS_ANYONE, N_("anyone seated (the rules share it among the table)")),
            Choice(ENDS_HOST, N_("the host only")),
        ),
        note=N_(
            "The rules name nobody: the end phase follows once every player has ended their craft phase. "
            "With the host only, no other phone can end it while someone is still playing their turn."
        ),
    ),
)

FIRST_PLAYER, GOAL = "ctc.first-player", "ctc.goal"
NEBULA, RELEASE, CRYSTAL = "ctc.nebula", "ctc.release", "ctc.crystal"
ENERGY_SET, POWER, POINTS = "ctc.energy-set", "ctc.power", "ctc.points"  # energy-set: the old entry, by count
ENERGY_CARDS = "ctc.energy-cards"  # the hand by energy type: the app finds the sets of 5
HAND, ADVANCED_LIFE = "ctc.hand", "ctc.advanced-life"
GOAL_COUNT, END_PHASE = "ctc.goal-count", "ctc.end-phase"


@dataclass(frozen=True)
class Entry:
    """Points from one power card or one manual entry, with what it was."""

    seq: int
    points: int
    text: str = ""


@dataclass(frozen=True)
class EnergyType:
    """One energy type of a hand entered by type: its cards, the sets of 5 found, the cards left.

    Discarding is the player's choice (seed 004: 「…捨てて6ポイントを獲得できます」): a type ``kept``
    stays whole in the hand (5 lights kept for a card that costs them), no set discarded.
    """

    kind: str
    cards: int
    kept: bool = False

    @property
    def sets(self) -> int:
        return 0 if self.kept else self.cards // ENERGY_SET_SIZE

    @property
    def points(self) -> int:
        return ENERGY_SET_POINTS * self.sets

    @property
    def left(self) -> int:
        return self.cards - ENERGY_SET_SIZE * self.sets


@dataclass(frozen=True)
class EnergyDiscard:
    """One entry of energy cards: by type (a hand entered by type), or an old count of sets."""

    seq: int
    sets: int
    types: tuple[EnergyType, ...] = ()  # empty for an old ``ctc.energy-set`` entry

    @property
    def points(self) -> int:
        return ENERGY_SET_POINTS * self.sets

    @property
    def left(self) -> int:
        return sum(t.left for t in self.types)


def keep_field(kind: str) -> str:
    """The ``ctc.energy-cards`` field that keeps every card of energy type ``kind`` in the hand."""
    return f"keep_{kind}"


def energy_types(payload: Mapping[str, int | bool]) -> tuple[EnergyType, ...]:
    """Return the types a ``ctc.energy-cards`` payload holds cards of, in the board's order."""
    return tuple(
        EnergyType(kind, int(payload[kind]), bool(payload.get(keep_field(kind))))
        for kind in ENERGY_TYPES
        if payload.get(kind)
    )


@dataclass(frozen=True)
class AdvancedLife:
    """One advanced life token: face down until the end; ``draw`` is its place in the stack."""

    seq: int
    draw: int
    value: int


@dataclass(frozen=True)
class Galaxy:
    """One player's board as far as points go."""

    nebulae: tuple[Entry, ...] = ()  # completed nebulae: points and size ("1", "2", "3")
    releases: tuple[int, ...] = ()  # seqs of time chamber releases, in order
    crystals: int = 0  # time crystals taken (supply or box) when the chamber track reached 6
    energy: tuple[EnergyDiscard, ...] = ()
    power: tuple[Entry, ...] = ()
    manual: tuple[Entry, ...] = ()
    lives: tuple[AdvancedLife, ...] = ()
    hand: int = STARTING_HAND

    @property
    def energy_sets(self) -> int:
        """Sets of 5 same energy cards discarded, 6 points each."""
        return sum(discard.sets for discard in self.energy)

    @property
    def board_crystals(self) -> int:
        """Time crystals on this player's board: its own from set-up (not from the supply), and those taken since."""
        return 1 + self.crystals


@dataclass(frozen=True)
class GoalCard:
    """A universal goal as the host named it."""

    kind: str
    name: str = ""


@dataclass(frozen=True)
class GoalScoring:
    """How one goal was scored at the bottom of the track."""

    goal: int
    counts: Mapping[int, int]
    awards: Mapping[int, int]


@dataclass(frozen=True)
class EndPhase:
    """What one end phase did."""

    seq: int
    round: int
    scoring: GoalScoring | None
    drawn: int | None  # the goal drawn to the top space, if any was left
    discards: Mapping[int, int]  # seat -> energy cards discarded down to the hand limit
    ended_by: tuple[str, ...]


@dataclass(frozen=True)
class Cosmos:
    """The game: round, crystal supply, goal track, the galaxies, the advanced life draws."""

    galaxies: Mapping[int, Galaxy]
    supply: int
    round: int = 1
    first_player: int | None = None
    from_box: int = 0  # crystals taken from the game box once the supply was empty
    track: tuple[int | None, ...] = (1, None, None, None)  # goal numbers, top space first
    drawn: int = 1  # goal cards revealed so far (the first at set-up)
    goals: Mapping[int, GoalCard] = field(default_factory=dict)
    counts: Mapping[int, int] = field(default_factory=dict)  # for the goal that scores this round
    seen: frozenset[int] = frozenset()  # places of the stack drawn by any entry, kept or undone
    held: Mapping[int, tuple[int, ...]] = field(default_factory=dict)  # seat -> places its undone draws showed it
    end_phases: tuple[EndPhase, ...] = ()
    stack: tuple[int, ...] = ()  # the stack as reshuffled after an import's fresh seed (else the seed's)

    @property
    def draws(self) -> int:
        """How many advanced life tokens have left the stack (on a nebula, or held after an undo)."""
        return len(self.seen)

    @property
    def on_nebulae(self) -> frozenset[int]:
        """The places of the stack whose tokens lie on a nebula now."""
        return frozenset(life.draw for galaxy in self.galaxies.values() for life in galaxy.lives)

    @property
    def over(self) -> bool:
        """True once an end phase has ended the game."""
        return bool(self.end_phases and self.end_phases[-1].ended_by)

    @property
    def ended_by(self) -> tuple[str, ...]:
        """Why the game ended (empty while it runs)."""
        return self.end_phases[-1].ended_by if self.over else ()

    @property
    def scoring_goal(self) -> int | None:
        """The goal that reaches the bottom space, and scores, at this round's end phase."""
        return self.track[TRACK_SPACES - 2]

    def galaxy(self, seat: int) -> Galaxy:
        """Return ``seat``'s galaxy."""
        return self.galaxies[seat]


def crystal_supply(player_count: int) -> int:
    """Return the time crystals in the supply at the start for ``player_count`` players."""
    return CRYSTAL_SUPPLY[player_count]


def crystals_in_play(state: Cosmos) -> int:
    """Return every time crystal in play: the supply's and every board's (one each from set-up, and those taken)."""
    return state.supply + sum(galaxy.board_crystals for galaxy in state.galaxies.values())


@lru_cache(maxsize=64)
def life_stack(seed: str, player_count: int) -> tuple[int, ...]:
    """Return the advanced life stack, top first: 2 random group-1 tokens per player on group 2.

    The stack is fixed by the table's seed and drawn from the top; a token that has left it (seen
    by the player it was drawn for) never goes back (:func:`deal_advanced_life`).
    """
    group_1 = shuffled(GROUP_1, seed, SLUG, "advanced-life", "group-1")[: GROUP_1_PER_PLAYER * player_count]
    group_2 = shuffled(GROUP_2, seed, SLUG, "advanced-life", "group-2")
    return (*group_1, *group_2)


def stack_of(setup: Setup, state: Cosmos) -> tuple[int, ...]:
    """Return the advanced life stack in play: the seed's, or the one reshuffled after an import."""
    return state.stack or life_stack(setup.seed, len(setup.players))


def redraw_hidden(before: Setup, after: Setup, state: Cosmos) -> Cosmos:
    """Shuffle the tokens still in the stack from ``after``'s (fresh) seed; those drawn stay drawn."""
    stack = list(stack_of(before, state))
    unseen = [place for place in range(len(stack)) if place not in state.seen]
    values = shuffled([stack[place] for place in unseen], after.seed, SLUG, "advanced-life", "redraw", state.draws)
    for place, value in zip(unseen, values, strict=True):
        stack[place] = value
    return evolve(state, stack=tuple(stack))


def drawn_first_player(setup: Setup) -> int:
    """Return the seat the app draws as first player (the seat of the last energy token drawn)."""
    return rng_for(setup.seed, SLUG, "first-player").choice(setup.seats)


def goal_label(state: Cosmos, goal: int) -> Message:
    """Return how the table calls goal ``goal``: its kind and name, or its number until named."""
    card = state.goals.get(goal)
    if card is None:
        return msg(N_("goal {number}"), number=goal)
    if card.name:
        return msg(N_("goal {number}: {name}"), number=goal, name=card.name)
    return msg(N_("goal {number}: {kind}"), number=goal, kind=msg(GOAL_KIND_NAMES[card.kind]))


def chamber_points(release: int) -> int:
    """Return the points of the ``release``-th time chamber release (0 after the fifth)."""
    return CHAMBER_POINTS[release - 1] if release <= len(CHAMBER_POINTS) else 0


def goal_awards(counts: Mapping[int, int], player_count: int) -> dict[int, int]:
    """Return each seat's points for one goal: 6 / 3 with the seed's tie rules.

    Competition ranking gives the seed's ties: tied firsts all take 6 and the next place is
    skipped; tied seconds all take 3. Nobody with 0 scores; with 2 players 2nd takes nothing.
    """
    prizes = GOAL_PRIZES if player_count > 2 else GOAL_PRIZES[:1]
    return ladder_awards(counts, prizes, COMPETITION, exclude_zero=True)


def check_setup(setup: Setup) -> None:
    """Crafting the Cosmos is for 2–4 players."""
    check_player_count(MIN_PLAYERS, MAX_PLAYERS, len(setup.players))


def initial_state(setup: Setup) -> Cosmos:
    """The crystal supply for the player count, goal 1 on the top space (named if picked), every hand at 4."""
    first = str(setup.options.get(FIRST_GOAL, UNNAMED))
    return Cosmos(
        galaxies={seat: Galaxy() for seat in setup.seats},
        supply=crystal_supply(len(setup.players)),
        goals={1: GoalCard(first)} if first in GOAL_KINDS else {},
    )


def goal_hint(state: Cosmos, goal: int) -> Message | None:
    """Return what each player counts for goal ``goal``, or None until the goal is named."""
    card = state.goals.get(goal)
    if card is None:
        return None
    if card.kind == OTHER_GOAL and not card.name:
        return msg(N_("Count what the goal card names (type its name on the board so that every phone says it)."))
    return msg(GOAL_HINTS[card.kind], name=card.name)


def scoring_round(state: Cosmos, goal: int) -> int | None:
    """Return the round at whose end phase goal ``goal`` scores (None once scored or not on the track)."""
    if goal not in state.track:
        return None
    return state.round + (TRACK_SPACES - 2 - state.track.index(goal))


# -- Set-up ----------------------------------------------------------------------------------------


def _first_player(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    seat = event.payload.get("seat")
    return evolve(state, first_player=seat if seat is not None else drawn_first_player(setup))


def _goal(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    goal = event.payload["goal"]
    if goal > state.drawn:
        raise RuleError(N_("Goal {goal} has not been drawn yet."), goal=goal)
    if any(phase.scoring and phase.scoring.goal == goal for phase in state.end_phases):
        raise RuleError(N_("Goal {goal} has already been scored."), goal=goal)
    card = GoalCard(event.payload["goal_kind"], event.payload.get("name", ""))
    return evolve(state, goals={**state.goals, goal: card})


# -- Points during the game ----------------------------------------------------------------------


def _with_galaxy(state: Cosmos, seat: int, **changes: object) -> Cosmos:
    return evolve(state, galaxies={**state.galaxies, seat: evolve(state.galaxy(seat), **changes)})


def _nebula(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    seat = event.payload["seat"]
    nebula = Entry(event.seq, event.payload["points"], str(event.payload["size"]))
    return _with_galaxy(state, seat, nebulae=(*state.galaxy(seat).nebulae, nebula))


def _release(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    """A release needs a crystal on space 6, and a crystal reaching 6 takes a new one from the supply."""
    seat = event.payload["seat"]
    galaxy = state.galaxy(seat)
    if len(galaxy.releases) >= galaxy.crystals:
        raise RuleError(
            N_(
                "A release needs a time crystal on space 6 of the time chamber: record the crystal "
                "taken from the supply when the track reached 6 first."
            )
        )
    return _with_galaxy(state, seat, releases=(*galaxy.releases, event.seq))


def _crystal(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    """Take crystals from the supply; once it is empty they come from the game box."""
    seat, count = event.payload["seat"], event.payload.get("count", 1)
    from_supply = min(count, state.supply)
    state = evolve(state, supply=state.supply - from_supply, from_box=state.from_box + count - from_supply)
    return _with_galaxy(state, seat, crystals=state.galaxy(seat).crystals + count)


def _energy_set(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    """The old entry: a count of sets of 5 same energy cards (the hand was entered apart)."""
    seat = event.payload["seat"]
    discard = EnergyDiscard(event.seq, event.payload.get("sets", 1))
    return _with_galaxy(state, seat, energy=(*state.galaxy(seat).energy, discard))


def _energy_cards(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    """The hand by energy type: every 5 same cards are discarded for 6 points; the rest stays in hand."""
    seat = event.payload["seat"]
    types = energy_types(event.payload)
    if not types:
        raise RuleError(N_("Enter how many energy cards of each type are in the hand."))
    discard = EnergyDiscard(event.seq, sum(t.sets for t in types), types)
    galaxy = state.galaxy(seat)
    return _with_galaxy(state, seat, energy=(*galaxy.energy, discard), hand=discard.left)


def _power(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    seat = event.payload["seat"]
    entry = Entry(event.seq, event.payload["points"], event.payload.get("card", ""))
    return _with_galaxy(state, seat, power=(*state.galaxy(seat).power, entry))


def _points(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    seat = event.payload["seat"]
    entry = Entry(event.seq, event.payload["points"], event.payload["reason"])
    return _with_galaxy(state, seat, manual=(*state.galaxy(seat).manual, entry))


def _hand(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    return _with_galaxy(state, event.payload["seat"], hand=event.payload["count"])


def deal_advanced_life(setup: Setup, state: Cosmos, event: Event) -> dict[str, int]:
    """Return the place of the stack the app draws for a new advanced life of the entry's seat.

    A token is seen once it is drawn: an undone draw holds its token for the seat it was drawn
    for (drawing again gives it back), and anyone else draws the first token nobody has seen.
    """
    seat = event.payload["seat"]
    held = [place for place in state.held.get(seat, ()) if place not in state.on_nebulae]
    if held:
        return {"draw": held[0]}
    unseen = next((place for place in range(len(stack_of(setup, state))) if place not in state.seen), None)
    if unseen is None:
        raise RuleError(N_("The advanced life stack is empty."))
    return {"draw": unseen}


def _advanced_life(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    """Put the drawn token, face down, onto a completed nebula that has none.

    The entry names the place the app drew (an entry stored before it did: the first unseen).
    """
    seat = event.payload["seat"]
    galaxy = state.galaxy(seat)
    if len(galaxy.lives) >= len(galaxy.nebulae):
        raise RuleError(N_("An advanced life needs a completed nebula without one: record the completed nebula first."))
    stack = stack_of(setup, state)
    place = event.payload.get("draw")
    if place is None:
        place = deal_advanced_life(setup, evolve(state, held={}), event)["draw"]
    if (
        place >= len(stack)
        or place in state.on_nebulae
        or (place in state.seen and place not in state.held.get(seat, ()))
    ):
        raise RuleError(N_("That advanced life token was drawn for another player."))
    token = AdvancedLife(event.seq, place, stack[place])
    held = {**state.held, seat: tuple(p for p in state.held.get(seat, ()) if p != place)}
    return evolve(_with_galaxy(state, seat, lives=(*galaxy.lives, token)), seen=state.seen | {place}, held=held)


def _advanced_life_left_out(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    """An undone (or no longer fitting) draw: its token stays out of the stack, held for its seat."""
    seat, place = event.payload["seat"], event.payload.get("draw")
    if place is None or place >= len(stack_of(setup, state)):
        return state  # stored before draws were written down: the token went back, as it then did
    held = state.held.get(seat, ())
    if place in state.on_nebulae or place in held:
        return evolve(state, seen=state.seen | {place})
    return evolve(state, seen=state.seen | {place}, held={**state.held, seat: (*held, place)})


# -- The end phase ---------------------------------------------------------------------------------


def _goal_count(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    if state.scoring_goal is None:
        raise RuleError(N_("No universal goal reaches the bottom of the track at the end of this round."))
    return evolve(state, counts={**state.counts, event.payload["seat"]: event.payload["count"]})


def missing_counts(setup: Setup, state: Cosmos) -> tuple[str, ...]:
    """Return the names of players whose count for the scoring goal is not entered yet."""
    if state.scoring_goal is None:
        return ()
    return tuple(p.name for p in setup.players if p.seat not in state.counts)


def _end_phase(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
    """Move the goals down, score the one at the bottom, draw, check the end, the hands, pass."""
    missing = missing_counts(setup, state)
    if missing:
        raise RuleError(
            N_("Enter every player's count for {goal} first (missing: {names})."),
            goal=goal_label(state, state.scoring_goal or 0),
            names=listing(missing),
        )
    track = (None, *state.track[: TRACK_SPACES - 1])  # 1. every goal one space down
    scoring = None
    bottom = track[TRACK_SPACES - 1]
    if bottom is not None:  # 2. the goal on the bottom space is scored, then discarded
        counts = {seat: state.counts[seat] for seat in setup.seats}
        scoring = GoalScoring(bottom, counts, goal_awards(counts, len(setup.players)))
        track = (*track[: TRACK_SPACES - 1], None)
    drawn = None
    if state.drawn < GOAL_CARDS:  # 3. a new goal on the top space
        drawn = state.drawn + 1
        track = (drawn, *track[1:])
    ended_by = tuple(  # 4. the end of the game
        reason
        for reason, happened in (
            (CRYSTALS_OUT, state.supply == 0),
            (LAST_GOAL, scoring is not None and scoring.goal == GOAL_CARDS),
        )
        if happened
    )
    galaxies = dict(state.galaxies)
    discards: dict[int, int] = {}
    if not ended_by or setup.options.get(FINAL_HAND_LIMIT, "checked") == "checked":  # 5. hand limit
        for seat, galaxy in state.galaxies.items():
            if galaxy.hand > HAND_LIMIT:
                discards[seat] = galaxy.hand - HAND_LIMIT
                galaxies[seat] = evolve(galaxy, hand=HAND_LIMIT)
    first_player = state.first_player
    if first_player is not None and len(setup.players) > 2 and not ended_by:  # 6. pass to the left
        seats = setup.seats
        first_player = seats[(seats.index(first_player) + 1) % len(seats)]
    phase = EndPhase(event.seq, state.round, scoring, drawn, discards, ended_by)
    return evolve(
        state,
        track=track,
        drawn=drawn or state.drawn,
        galaxies=galaxies,
        first_player=first_player,
        counts={},
        round=state.round if ended_by else state.round + 1,
        end_phases=(*state.end_phases, phase),
    )


def end_phase_by(setup: Setup) -> str:
    """Who may play the end phase at this table: anyone seated, or the host only (an option; the seed names nobody)."""
    return HOST if option_value(setup, OPTIONS, END_PHASE_BY) == ENDS_HOST else ANYONE


def _while_playing(handler: Handler) -> Handler:
    """Refuse a move once the game is over."""

    def checked(setup: Setup, state: Cosmos, event: Event) -> Cosmos:
        if state.over:
            raise RuleError(N_("The game is over: every advanced life has been revealed."))
        return handler(setup, state, event)

    return checked


# -- Words for the log (never an advanced life's value) ---------------------------------------------


def _describe_release(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    releases = state.galaxies[event.payload["seat"]].releases if event.payload.get("seat") in state.galaxies else ()
    if event.seq in releases:
        number = releases.index(event.seq) + 1
        return msg(
            N_("{name} released the time chamber (release {number}: {points} points)"),
            name=who,
            number=number,
            points=chamber_points(number),
        )
    return msg(N_("{name} released the time chamber"), name=who)


def _describe_nebula(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    points = event.payload["points"]
    return msg(
        plural(
            points,
            N_("{name} completed a size {size} nebula: 1 point"),
            N_("{name} completed a size {size} nebula: {points} points"),
        ),
        name=who,
        size=event.payload["size"],
        points=points,
    )


def _describe_crystal(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    count = event.payload.get("count", 1)
    return msg(
        plural(
            count,
            N_("{name} took 1 time crystal from the supply"),
            N_("{name} took {count} time crystals from the supply"),
        ),
        name=who,
        count=count,
    )


def _describe_energy_set(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    """The old entry: sets of 5 same energy cards, by count."""
    sets = event.payload.get("sets", 1)
    return msg(
        plural(
            sets,
            N_("{name} discarded 1 set of 5 same energy cards: {points} points"),
            N_("{name} discarded {sets} sets of 5 same energy cards: {points} points"),
        ),
        name=who,
        sets=sets,
        points=ENERGY_SET_POINTS * sets,
    )


def _describe_energy_cards(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    """How many sets of 5 same energy cards the hand entered by type held, and the cards left in hand."""
    types = energy_types(event.payload)
    sets, left = sum(t.sets for t in types), sum(t.left for t in types)
    if not sets and any(t.kept and t.cards >= ENERGY_SET_SIZE for t in types):
        return msg(N_("{name} kept the energy cards in hand, no set discarded: {left} in hand"), name=who, left=left)
    if not sets:
        return msg(N_("{name} had no 5 same energy cards: {left} left in hand"), name=who, left=left)
    return msg(
        plural(
            sets,
            N_("{name} discarded 1 set of 5 same energy cards: {points} points, {left} left in hand"),
            N_("{name} discarded {sets} sets of 5 same energy cards: {points} points, {left} left in hand"),
        ),
        name=who,
        sets=sets,
        points=ENERGY_SET_POINTS * sets,
        left=left,
    )


def _describe_power(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    points, card = event.payload["points"], event.payload.get("card")
    if card:
        return msg(
            plural(
                points,
                N_("{name} scored 1 point with a power card ({card})"),
                N_("{name} scored {points} points with a power card ({card})"),
            ),
            name=who,
            points=points,
            card=card,
        )
    return msg(
        plural(
            points, N_("{name} scored 1 point with a power card"), N_("{name} scored {points} points with a power card")
        ),
        name=who,
        points=points,
    )


def _describe_points(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    points = event.payload["points"]
    return msg(
        plural(abs(points), N_("{name}: {points} point ({reason})"), N_("{name}: {points} points ({reason})")),
        name=who,
        points=signed(points),
        reason=event.payload["reason"],
    )


def _describe_hand(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    count = event.payload["count"]
    return msg(
        plural(count, N_("{name} has 1 energy card in hand"), N_("{name} has {count} energy cards in hand")),
        name=who,
        count=count,
    )


def _describe_end_phase(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    phase = next((p for p in state.end_phases if p.seq == event.seq), None)
    if phase is None:
        return msg(N_("End phase of a round"))
    if phase.ended_by:
        return msg(N_("End phase of round {round}: the game is over"), round=phase.round)
    return msg(N_("End phase of round {round}"), round=phase.round)


def _describe_first_player(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    if event.payload.get("seat") is not None:
        return msg(N_("{name} is the first player"), name=who)
    return msg(N_("The app drew the first player: {name}"), name=setup.player(drawn_first_player(setup)).name)


def _describe_goal(setup: Setup, state: Cosmos, event: Event, who: str) -> Message:
    card = GoalCard(event.payload["goal_kind"], event.payload.get("name", ""))
    kind = msg(GOAL_KIND_NAMES.get(card.kind, card.kind))
    if card.name:
        return msg(N_("Goal {number} named: {kind} ({name})"), number=event.payload["goal"], kind=kind, name=card.name)
    return msg(N_("Goal {number} named: {kind}"), number=event.payload["goal"], kind=kind)


_seat = Field("seat", "seat")
MOVES = (
    Move(
        FIRST_PLAYER,
        N_("First player (leave empty to let the app draw)"),
        (Field("seat", "seat", required=False),),
        _while_playing(_first_player),
        _describe_first_player,
        who=ANYONE,
    ),
    Move(
        GOAL,
        N_("Name a universal goal"),
        (
            Field("goal", "int", 1, GOAL_CARDS),
            Field("goal_kind", "choice", choices=tuple(GOAL_KINDS)),
            Field("name", "text", required=False),
        ),
        _while_playing(_goal),
        _describe_goal,
        who=ANYONE,  # the goal card lies face up: whoever reads it out names it
    ),
    Move(
        NEBULA,
        N_("Nebula completed"),
        (_seat, Field("size", "int", 1, 3), Field("points", "int", 0, 30)),
        _while_playing(_nebula),
        _describe_nebula,
    ),
    Move(
        RELEASE,
        N_("Time chamber release"),
        (_seat,),
        _while_playing(_release),
        _describe_release,
    ),
    Move(
        CRYSTAL,
        N_("Time crystals taken from the supply"),
        (_seat, Field("count", "int", 1, 6, required=False)),
        _while_playing(_crystal),
        _describe_crystal,
    ),
    Move(
        ENERGY_CARDS,
        N_("Energy cards in hand by type (every 5 same energy cards discarded for 6 points, unless kept)"),
        (
            _seat,
            *(Field(kind, "int", 0, 60, required=False) for kind in ENERGY_TYPES),
            *(Field(keep_field(kind), "bool", required=False) for kind in ENERGY_TYPES),
        ),
        _while_playing(_energy_cards),
        _describe_energy_cards,
    ),
    Move(  # the old entry, by a count of sets: kept so that the ledgers that hold it still fold
        ENERGY_SET,
        N_("5 same energy cards discarded, by number of sets (the old entry)"),
        (_seat, Field("sets", "int", 1, 4, required=False)),
        _while_playing(_energy_set),
        _describe_energy_set,
    ),
    Move(
        POWER,
        N_("Power card points"),
        (_seat, Field("points", "int", 1, 50), Field("card", "text", required=False)),
        _while_playing(_power),
        _describe_power,
    ),
    Move(
        POINTS,
        N_("Other points, with a reason"),
        (_seat, Field("points", "int", -50, 50), Field("reason", "text")),
        _while_playing(_points),
        _describe_points,
    ),
    Move(
        HAND,
        N_("Energy cards in hand"),
        (_seat, Field("count", "int", 0, 60)),
        _while_playing(_hand),
        _describe_hand,
    ),
    Move(
        ADVANCED_LIFE,
        N_("Create an advanced life (the app draws a token, face down)"),
        (_seat, Field("draw", "int", 0, 99, required=False)),  # the place drawn, written by the app (deal)
        _while_playing(_advanced_life),
        # Never the token's value: it stays secret until the end, on every phone but its owner's.
        lambda setup, state, e, who: msg(N_("{name} created an advanced life (token face down)"), name=who),
        deal=deal_advanced_life,
        left_out=_advanced_life_left_out,
    ),
    Move(
        GOAL_COUNT,
        N_("Count for the goal scored this round"),
        (_seat, Field("count", "int", 0, 99)),
        _while_playing(_goal_count),
        lambda setup, state, e, who: msg(
            N_("{name} counted {count} for the universal goal"), name=who, count=e.payload["count"]
        ),
    ),
    Move(
        END_PHASE,
        N_("End phase"),
        (),
        _while_playing(_end_phase),
        _describe_end_phase,
        who=end_phase_by,  # seeds/004_5f3f3503a42681be.txt:432 "全員がクラフトフェーズを完了したら…" names nobody
        guard=Guard(
            "round",
            lambda state: state.round,
            N_("That end phase has already been played: the table is in round {now}. Nothing was recorded."),
        ),
        advances=True,
    ),
)


# -- Scores ----------------------------------------------------------------------------------------


def goal_points(state: Cosmos, seat: int) -> int:
    """Return ``seat``'s points from the universal goals scored so far."""
    return sum(phase.scoring.awards.get(seat, 0) for phase in state.end_phases if phase.scoring)


def public_points(state: Cosmos, seat: int) -> int:
    """Return ``seat``'s points as the whole table sees them: all its sources, advanced life once revealed.

    The same sum as the standings' total: until the end the face-down advanced life counts 0.
    """
    return sum(category.points for category in breakdown(state, seat))


def breakdown(state: Cosmos, seat: int) -> tuple[CategoryScore, ...]:
    """Return ``seat``'s points by source; advanced life counts (and shows values) only once over."""
    galaxy = state.galaxy(seat)
    releases = len(galaxy.releases)
    lives = tuple(life.value for life in galaxy.lives)
    return (
        CategoryScore(
            "nebulae",
            N_("Completed nebulae"),
            sum(n.points for n in galaxy.nebulae),
            msg(plural(len(galaxy.nebulae), N_("1 nebula"), N_("{count} nebulae")), count=len(galaxy.nebulae)),
        ),
        CategoryScore(
            "time-chamber",
            N_("Time chamber releases (3 / 6 / 10 / 15 / 21)"),
            sum(chamber_points(n) for n in range(1, releases + 1)),
            msg(plural(releases, N_("1 release"), N_("{count} releases")), count=releases),
        ),
        CategoryScore(
            "energy-sets",
            N_("5 same energy cards (6 points each)"),
            ENERGY_SET_POINTS * galaxy.energy_sets,
            msg(plural(galaxy.energy_sets, N_("1 set × 6"), N_("{count} sets × 6")), count=galaxy.energy_sets),
        ),
        CategoryScore(
            "power",
            N_("Power cards"),
            sum(p.points for p in galaxy.power),
            msg(plural(len(galaxy.power), N_("1 entry"), N_("{count} entries")), count=len(galaxy.power)),
        ),
        CategoryScore("goals", N_("Universal goals"), goal_points(state, seat)),
        CategoryScore(
            "advanced-life",
            N_("Advanced life tokens"),
            sum(lives) if state.over else 0,
            msg(N_("revealed: {values}"), values=" + ".join(str(v) for v in lives) or "—")
            if state.over
            else msg(N_("{count} face down"), count=len(lives)),
        ),
        CategoryScore(
            "other",
            N_("Other points, with a reason"),
            sum(m.points for m in galaxy.manual),
            msg(plural(len(galaxy.manual), N_("1 entry"), N_("{count} entries")), count=len(galaxy.manual)),
        ),
    )


def score_cosmos(setup: Setup, state: Cosmos) -> Scoreboard:
    """Return points by source, ranked; ties go to most energy cards in hand, then shared."""
    categories = {seat: breakdown(state, seat) for seat in setup.seats}
    hands = {seat: state.galaxy(seat).hand for seat in setup.seats}
    players, explanation = standings(setup, categories, [TieBreaker(N_("energy cards in hand"), hands)])
    notes = []
    if state.over:
        notes.append(msg(N_("The game ended after the end phase of round {round}."), round=state.round))
        notes.append(msg(N_("Every advanced life token is revealed and counted.")))
    else:
        notes.append(msg(N_("Round {round}."), round=state.round))
        notes.append(msg(N_("Advanced life tokens stay face down until the game ends.")))
    return Scoreboard(
        players,
        explanation,
        applied_options(OPTIONS, setup.options),
        tuple(notes),
        (
            *(line for phase in state.end_phases for line in explain_end_phase(setup, state, phase)),
            *(  # the types left in a hand are its own until the end; the log says the sets and the count
                line
                for seat in setup.seats
                for discard in (state.galaxy(seat).energy if state.over else ())
                for line in explain_energy(setup.player(seat).name, discard)
            ),
        ),
    )


def explain_energy_type(energy: EnergyType) -> Message:
    """Return how one type's sets were found: 「光11枚：2セット（12ポイント）、残り1枚」."""
    cards = msg(plural(energy.cards, N_("1 card"), N_("{count} cards")), count=energy.cards)
    if energy.kept:
        return msg(N_("{kind} {cards}: kept in hand"), kind=msg(ENERGY_TYPES[energy.kind]), cards=cards)
    if energy.sets:
        sets = msg(
            plural(energy.sets, N_("1 set ({points} points)"), N_("{count} sets ({points} points)")),
            count=energy.sets,
            points=energy.points,
        )
    else:
        sets = msg(N_("no set"))
    return msg(
        N_("{kind} {cards}: {sets}, {left} left"),
        kind=msg(ENERGY_TYPES[energy.kind]),
        cards=cards,
        sets=sets,
        left=energy.left,
    )


def explain_energy(name: str, discard: EnergyDiscard) -> tuple[Message, ...]:
    """Return one hand entered by type, a line a type: 「アキの光11枚：2セット（12ポイント）、残り1枚」."""
    return tuple(msg(N_("{name}'s {type}"), name=name, type=explain_energy_type(t)) for t in discard.types)


def explain_end_phase(setup: Setup, state: Cosmos, phase: EndPhase) -> list[Message]:
    """Return the lines of one end phase: the goal scored, the hand limit, the end."""
    names = {p.seat: p.name for p in setup.players}
    lines = []
    if phase.scoring is not None:
        counts = listing(
            msg(NP_("goal count", "{name} {count}"), name=names[s], count=n)
            for s, n in _most_first(phase.scoring.counts)
        )
        awarded = [
            msg(NP_("goal award", "{name} {points}"), name=names[s], points=signed(p))
            for s, p in _most_first(phase.scoring.awards)
            if p
        ]
        lines.append(
            msg(
                N_("Round {round}, {goal}: {counts}: {awards}"),
                round=phase.round,
                goal=goal_label(state, phase.scoring.goal),
                counts=counts,
                awards=listing(awarded) if awarded else msg(N_("nobody has any, the goal is discarded")),
            )
        )
    for seat, count in sorted(phase.discards.items()):
        lines.append(
            msg(
                N_("Round {round}: {name} discards {count} energy cards down to the hand limit of 10"),
                round=phase.round,
                name=names[seat],
                count=count,
            )
        )
    for reason in phase.ended_by:
        lines.append(
            msg(N_("Round {round}: the game ends because {reason}"), round=phase.round, reason=msg(END_REASONS[reason]))
        )
    return lines


def _most_first(values: Mapping[int, int]) -> list[tuple[int, int]]:
    return sorted(values.items(), key=lambda item: (-item[1], item[0]))
