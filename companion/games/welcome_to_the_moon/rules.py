"""Welcome to the Moon (seed 000; digest §1): the table's starship deck, missions, system errors,
the end of the game and the score sheets of all eight adventures, with ASTRA for solo play.

The deck: 63 cards shuffled from the table seed into three piles of 21, number side up. A flip
turns the top card of each pile; each pile's combo is the number now on top of the pile with the
action of the card just flipped. When a pile runs out, its discards are shuffled into a new pile.
Solo: one deck with the three solo cards shuffled into its last third; each turn three cards are
drawn and any card's number goes with any other card's action; the third card goes to ASTRA.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.randomness import rng_for, shuffled
from companion.games.mechanics.ranking import COMPETITION, DENSE, TieBreaker, ladder_awards, ladder_ranks, standings
from companion.games.moves import ANYONE, HOST, Field, Guard, Move
from companion.games.options import Choice, RuleOption, applied_options, option_value, when
from companion.games.scores import CategoryScore, Scoreboard, Verdict
from companion.games.welcome_to_the_moon.cards import (
    ACTION_ICONS,
    ACTION_NAMES,
    ACTIONS,
    DECK,
    DECK_BY_NUMBER,
    MISSIONS,
    MISSIONS_BY_ID,
    SOLO_CARDS,
    Card,
    Mission,
)
from companion.games.welcome_to_the_moon.sheets import (
    ADVENTURES,
    VIRUS_AT_BOX,
    VIRUS_NAMES,
    VIRUS_OF_MISSION,
    Adventure,
)
from companion.games.words import N_, Message, RuleError, listing, msg

SLUG = "welcome-to-the-moon"
PILES = 3
PILE_SIZE = 21
LETTERS = ("A", "B", "C")
MAJORITY_PRIZES = (20, 10, 5)
ASTRA = 0  # ASTRA's seat number in majorities

ADVENTURE, MODE, ASTRA_LEVEL, FLIPPER, RANKING = "adventure", "mode", "astra-level", "flip", "ranking"
ADVENTURE_6_AREAS, ADVENTURE_1_ROCKETS = "adventure-6-areas", "adventure-1-rockets"
LAUNCH_WINS = "adventure-1-launch"
COMPONENTS = "components"
APP_DRAWS, OWN_COMPONENTS = "app", "own"
ASTRA_1_START, ASTRA_1_POINTS = "astra-1-start-rockets", "astra-1-points"
ASTRA_1_TRACK, ASTRA_1_LAUNCH, ASTRA_1_SABOTAGE = "astra-1-track", "astra-1-launch-rockets", "astra-1-sabotage"
EVERY_DRAW, FIRST_DRAW = "every", "first"
ASTRA_1_STEP = 5  # before version 2, ASTRA's points (option astra-1-points) came every five rockets
SABOTAGE_SPACES = 8  # adventure 1: the sabotage spaces of the sheet (BGA CrossOffSabotage: 8 slots)
RECENT_BOXES = 3  # sheet boxes a phone keeps at hand: the ones its seat entered last
ADVENTURE_8_PLANTS, ADVENTURE_8_WATER, ADVENTURE_8_PLANNING = (
    "adventure-8-plants",
    "adventure-8-water",
    "adventure-8-planning",
)
MULTI, SOLO = "multi", "solo"

# ASTRA (digest §1, from the Board Game Arena implementation).
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

OPTIONS = (
    RuleOption(
        COMPONENTS,
        N_("Missions and starship cards"),
        APP_DRAWS,
        (
            Choice(APP_DRAWS, N_("the app deals the missions and flips the deck")),
            Choice(OWN_COMPONENTS, N_("our own components: we enter the missions and the cards we turn")),
        ),
    ),
    RuleOption(ADVENTURE, N_("Adventure"), "1", tuple(Choice(str(n), a.name) for n, a in ADVENTURES.items())),
    RuleOption(
        MODE, N_("Mode"), MULTI, (Choice(MULTI, N_("players together")), Choice(SOLO, N_("solo against ASTRA")))
    ),
    RuleOption(ASTRA_LEVEL, N_("ASTRA level (solo)"), 1, minimum=1, maximum=8, applies=when({MODE: SOLO})),
    RuleOption(
        FLIPPER,
        N_("Who flips the cards"),
        "anyone",
        (Choice("anyone", N_("anyone")), Choice("host", N_("the host only"))),
    ),
    RuleOption(
        RANKING,
        N_("Ranking for the 20 / 10 / 5 awards"),
        DENSE,
        (Choice(DENSE, N_("dense: 1, 1, 2 (as on Board Game Arena)")), Choice(COMPETITION, N_("standard: 1, 1, 3"))),
    ),
    RuleOption(
        ADVENTURE_6_AREAS,
        N_("Adventure 6: areas scored at the end"),
        "all",
        (
            Choice("all", N_("all areas, finished or not (the seed)")),
            Choice("evacuated", N_("evacuated areas only (Board Game Arena)")),
        ),
        applies=when({ADVENTURE: "6"}),
    ),
    RuleOption(
        LAUNCH_WINS,
        N_("Adventure 1: launching the rocket (every rocket crossed, no open system error)"),
        "yes",
        (
            Choice("yes", N_("wins at once (the seed)")),
            Choice("no", N_("only ends the game; points decide (Board Game Arena)")),
        ),
        applies=when({ADVENTURE: "1"}),
    ),
    RuleOption(
        ADVENTURE_1_ROCKETS,
        N_("Adventure 1 mission rockets: first and later value of cards A1, A2, B1, B2, C1, C2"),
        (4, 2, 4, 2, 3, 2, 3, 2, 2, 1, 3, 2),
        minimum=0,
        maximum=20,
        note=N_("The seed's first values (4 / 3 / 2 for its three missions); the rest from the digest."),
        applies=when({ADVENTURE: "1"}),
    ),
    RuleOption(
        ASTRA_1_START,
        N_("Solo, adventure 1: rockets ASTRA has crossed at the start, levels 1–8"),
        (15, 12, 10, 8, 6, 4, 2, 0),
        minimum=0,
        maximum=300,
        note=N_("The seed is silent on solo; after Board Game Arena (Astra1.php, commit 667343e)."),
        applies=when({ADVENTURE: "1", MODE: SOLO}),
    ),
    RuleOption(
        ASTRA_1_TRACK,
        N_("Solo, adventure 1: ASTRA's points below the first threshold, then each threshold's rockets and points"),
        (10, *(n for step in range(14) for n in (16 + 5 * step, 20 + 10 * step))),
        minimum=0,
        maximum=300,
        note=N_(
            "10 points below 16 rockets, 20 from 16, 30 from 21 … 150 from 81 (Board Game Arena, commit 667343e; "
            "before it: 15 … 80). Any thresholds: the points, then pairs of rockets and points."
        ),
        applies=when({ADVENTURE: "1", MODE: SOLO}),
        counts=(1, 61),
    ),
    RuleOption(
        ASTRA_1_LAUNCH,
        N_("Solo, adventure 1: rockets on ASTRA's track (all crossed: ASTRA launches and the game ends)"),
        81,
        minimum=1,
        maximum=300,
        applies=when({ADVENTURE: "1", MODE: SOLO}),
    ),
    RuleOption(
        ASTRA_1_SABOTAGE,
        N_("Solo, adventure 1: ASTRA crosses off one of your sabotage spaces (and circles a system error)"),
        EVERY_DRAW,
        (
            Choice(EVERY_DRAW, N_("on every solo card drawn (Board Game Arena since 667343e)")),
            Choice(FIRST_DRAW, N_("on the first draw of each solo card only (earlier versions)")),
        ),
        applies=when({ADVENTURE: "1", MODE: SOLO}),
    ),
    RuleOption(  # before version 2: read only where a table set its own (see astra_track)
        ASTRA_1_POINTS,
        N_("Solo, adventure 1: ASTRA's points at the start and at every fifth rocket"),
        (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150),
        minimum=0,
        maximum=300,
        note=N_("Rule version 1, replaced by astra-1-track: read only where a table set its own and no track."),
        applies=lambda values: False,
    ),
    RuleOption(
        ADVENTURE_8_PLANTS,
        N_("Adventure 8: points for 0–12 plant boxes crossed"),
        (0, 1, 2, 4, 6, 9, 12, 16, 20, 25, 30, 36, 42),
        minimum=0,
        maximum=200,
        note=N_("Not transcribed in our rules: copy the values printed on your sheet."),
        applies=when({ADVENTURE: "8"}),
    ),
    RuleOption(
        ADVENTURE_8_WATER,
        N_("Adventure 8: points for 0–12 water boxes crossed"),
        (0, 2, 4, 7, 10, 14, 18, 23, 28, 34, 40, 47, 54),
        minimum=0,
        maximum=200,
        note=N_("Not transcribed in our rules: copy the values printed on your sheet."),
        applies=when({ADVENTURE: "8"}),
    ),
    RuleOption(
        ADVENTURE_8_PLANNING,
        N_("Adventure 8: penalty for 0–12 planning marks"),
        (0, 1, 3, 6, 9, 12, 16, 20, 24, 28, 32, 36, 40),
        minimum=0,
        maximum=200,
        note=N_("Not transcribed in our rules: copy the values printed on your sheet."),
        applies=when({ADVENTURE: "8"}),
    ),
)

SHEET_STEP, PAPER_TOTAL = "wttm.sheet-step", "wttm.paper-total"
MISSION_CARD, COMBOS, HAND, SOLO_CARD, ASTRA_CARD = (
    "wttm.mission-card",
    "wttm.combos",
    "wttm.hand",
    "wttm.solo-card",
    "wttm.astra-card",
)
SABOTAGE, BONUS, VIRUS, INFECT = "wttm.sabotage", "wttm.bonus", "wttm.virus", "wttm.infect"
ASTRA_BONUS = "wttm.astra-bonus"
# Solo: the solo cards whose draw makes ASTRA cross off a first bonus (BGA Astra3: A and B; Astra5: every one).
ASTRA_BONUS_CARDS = {3: ("A", "B"), 5: LETTERS}
FLIP, SOLO_CHOICE, MISSION, ERROR, ERROR_CROSS, SHEET, SHEET_FULL = (
    "wttm.flip",
    "wttm.solo-choice",
    "wttm.mission",
    "wttm.error",
    "wttm.error-cross",
    "wttm.sheet",
    "wttm.sheet-full",
)


@dataclass(frozen=True)
class Completion:
    """A player accomplishing a mission on a turn, for the first or the later value."""

    seat: int
    turn: int
    first: bool


@dataclass(frozen=True)
class Activation:
    """Adventure 6: a virus activated for the whole table, by whom (None: recorded by the table) and why."""

    virus: str
    turn: int
    seat: int | None
    cause: str  # "mission", a sheet box key (plant-boxes, water-boxes), or "table"


@dataclass(frozen=True)
class Moon:
    """The table's deck, the missions in play, and every player's errors and sheet."""

    turn: int = 0
    piles: tuple[tuple[Card, ...], ...] = ()
    flipped: tuple[Card | None, ...] = ()
    discards: tuple[tuple[Card, ...], ...] = ()
    reshuffles: int = 0
    missions: tuple[Mission, ...] = ()
    completions: Mapping[str, tuple[Completion, ...]] = field(default_factory=dict)
    errors: Mapping[int, int] = field(default_factory=dict)
    crossed: Mapping[int, int] = field(default_factory=dict)  # adventure 1: circled errors crossed off
    sheets: Mapping[tuple[int, str], int] = field(default_factory=dict)
    full: frozenset[int] = frozenset()
    end_turn: int | None = None
    end_reasons: tuple[Message, ...] = ()
    # Solo
    deck: tuple[Card, ...] = ()
    hand: tuple[Card, ...] = ()
    chosen: bool = True
    set_aside: tuple[Card, ...] = ()
    solo_seen: Mapping[str, int] = field(default_factory=dict)
    astra: Mapping[str, int] = field(default_factory=dict)
    # Our own components: the combos entered for this turn, and every card identified as turned.
    entered: tuple[tuple[int, str], ...] = ()
    paper_totals: Mapping[int, int] = field(default_factory=dict)  # seat -> total scored on paper
    turned: tuple[tuple[int, int, str], ...] = ()  # (turn, number, action)
    # Table-wide events (version 2)
    sabotages: Mapping[int, int] = field(default_factory=dict)  # adventure 1: sabotage spaces used, by seat
    astra_sabotages: int = 0  # adventure 1 solo: sabotage spaces ASTRA crossed off
    bonuses: Mapping[int, tuple[Completion, ...]] = field(default_factory=dict)  # bonus space -> who reached it
    viruses: tuple[Activation, ...] = ()  # adventure 6, in order of activation
    infections: Mapping[int, int] = field(default_factory=dict)  # seat -> activations it has infected for
    astra_bonuses: tuple[int, ...] = ()  # solo, adventures 3 and 5: bonus spaces whose first value ASTRA crossed off
    # Once per turn (entries that say their turn): the turns of each seat's own system errors and sabotages
    error_turns: Mapping[int, frozenset[int]] = field(default_factory=dict)
    sabotage_turns: Mapping[int, frozenset[int]] = field(default_factory=dict)
    recent: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # seat -> sheet boxes it entered last

    def combos(self) -> tuple[tuple[int, str], ...]:
        """The three (number, action) combos now on the table (none before the first flip)."""
        if self.entered:
            return self.entered
        if self.turn == 0 or not self.piles:
            return ()
        return tuple((pile[0].number, card.action) for pile, card in zip(self.piles, self.flipped, strict=True) if card)


def adventure_of(setup: Setup) -> Adventure:
    """Return the table's adventure."""
    return ADVENTURES[int(setup.options.get(ADVENTURE, "1"))]


def is_solo(setup: Setup) -> bool:
    """True when one player plays against ASTRA."""
    return setup.options.get(MODE) == SOLO


def mission_values(setup: Setup, mission: Mission) -> tuple[int, int]:
    """Return a mission's (first, later) reward; adventure 1's come from the option table."""
    if mission.adventure != 1:
        return mission.first, mission.later
    table = option_value(setup, OPTIONS, ADVENTURE_1_ROCKETS)
    index = (mission.id - 64) * 2
    return int(table[index]), int(table[index + 1])


def own_components(setup: Setup) -> bool:
    """True when the table enters its own missions and cards instead of the app dealing them."""
    return bool(setup.options.get(COMPONENTS, APP_DRAWS) == OWN_COMPONENTS)


def initial_state(setup: Setup) -> Moon:
    """Deal the adventure's missions (one of two per letter) and shuffle the deck (not with our own components)."""
    if own_components(setup):
        return Moon()
    adventure = adventure_of(setup).number
    rng = rng_for(setup.seed, SLUG, "missions")
    missions = tuple(
        rng.choice([m for m in MISSIONS if m.adventure == adventure and m.letter == letter]) for letter in LETTERS
    )
    deck = shuffled(DECK, setup.seed, SLUG, "deck")
    if is_solo(setup):
        last_third = shuffled((*deck[-PILE_SIZE:], *SOLO_CARDS), setup.seed, SLUG, "solo-cards")
        return Moon(missions=missions, deck=(*deck[:-PILE_SIZE], *last_third))
    piles = tuple(deck[i * PILE_SIZE : (i + 1) * PILE_SIZE] for i in range(PILES))
    return Moon(missions=missions, piles=piles, flipped=(None,) * PILES, discards=((),) * PILES)


def sheet_label(setup: Setup, key: str) -> Message:
    """Return the label of a sheet field of the table's adventure (the key if unknown)."""
    label = next((f.label for f in adventure_of(setup).fields if f.key == key), key)
    return label if isinstance(label, Message) else msg(label)  # a message parameter is translated only as a Message


# -- The deck ------------------------------------------------------------------------------------


def redraw_hidden(before: Setup, setup: Setup, state: Moon) -> Moon:
    """Shuffle the cards nobody has seen yet from ``setup``'s (fresh) seed, as after an import.

    Together: every pile keeps its length and its top card, whose number already shows; the cards
    under them are shuffled and dealt back. Solo: the deck still to draw is shuffled.
    """
    if state.deck:
        return evolve(state, deck=shuffled(state.deck, setup.seed, SLUG, "redraw", "deck"))
    if not state.piles:
        return state
    hidden = shuffled(tuple(card for pile in state.piles for card in pile[1:]), setup.seed, SLUG, "redraw", "piles")
    piles, start = [], 0
    for pile in state.piles:
        piles.append(pile[:1] + hidden[start : start + len(pile) - 1])
        start += max(len(pile) - 1, 0)
    return evolve(state, piles=tuple(piles))


def _check_playing(state: Moon) -> None:
    if state.end_turn is not None:
        raise RuleError(N_("The game ended on turn {turn}: finish the turn and score."), turn=state.end_turn)


def _flip(setup: Setup, state: Moon, event: Event) -> Moon:
    _check_playing(state)
    if own_components(setup):
        raise RuleError(N_("This table turns its own cards: enter what they show."))
    if is_solo(setup):
        return _solo_draw(setup, state)
    piles, flipped, discards = list(state.piles), list(state.flipped), list(state.discards)
    reshuffles = state.reshuffles
    for i in range(PILES):
        card, rest = piles[i][0], piles[i][1:]
        previous = flipped[i]
        used: tuple[Card, ...] = (*discards[i], previous) if previous is not None else discards[i]
        if not rest:
            # The pile ran out: its discards become a new pile (the card just flipped stays out).
            reshuffles += 1
            rest, used = shuffled(used, setup.seed, SLUG, "reshuffle", i, reshuffles), ()
        piles[i], flipped[i], discards[i] = rest, card, used
    return evolve(
        state,
        turn=state.turn + 1,
        piles=tuple(piles),
        flipped=tuple(flipped),
        discards=tuple(discards),
        reshuffles=reshuffles,
    )


def _solo_draw(setup: Setup, state: Moon) -> Moon:
    if not state.chosen:
        raise RuleError(N_("Choose your combination before the next flip."))
    deck, discards = list(state.deck), list(state.discards[0]) if state.discards else []
    discards += state.hand
    set_aside, seen, reshuffles = list(state.set_aside), dict(state.solo_seen), state.reshuffles
    hand: list[Card] = []
    drawn: list[int] = []  # each solo card drawn: how many times it has been drawn now
    while len(hand) < 3:
        if not deck:
            reshuffles += 1
            deck = list(shuffled((*discards, *set_aside), setup.seed, SLUG, "solo-reshuffle", reshuffles))
            discards, set_aside = [], []
        card = deck.pop(0)
        if card.solo:
            seen[card.solo] = seen.get(card.solo, 0) + 1
            set_aside.append(card)
            drawn.append(seen[card.solo])
        else:
            hand.append(card)
    state = evolve(
        state,
        turn=state.turn + 1,
        deck=tuple(deck),
        hand=tuple(hand),
        chosen=False,
        discards=(tuple(discards),),
        set_aside=tuple(set_aside),
        solo_seen=seen,
        reshuffles=reshuffles,
    )
    for times in drawn:
        state = _astra_sabotage(setup, state, times)
    return state


def _solo_choice(setup: Setup, state: Moon, event: Event) -> Moon:
    if not is_solo(setup):
        raise RuleError(N_("This is for solo games."))
    if state.chosen or not state.hand:
        raise RuleError(N_("Flip first: there are no cards to choose from."))
    number, action = event.payload["number_card"], event.payload["action_card"]
    if number == action:
        raise RuleError(N_("The number and the action come from two different cards."))
    given = state.hand[({1, 2, 3} - {number, action}).pop() - 1]
    return _give_astra(setup, evolve(state, chosen=True), given.action)


def _give_astra(setup: Setup, state: Moon, action: str) -> Moon:
    """A card for ASTRA; in adventure 1 its rockets, and its launch once every rocket is crossed."""
    before = astra_rockets(setup, state)
    state = evolve(state, astra={**state.astra, action: state.astra.get(action, 0) + 1})
    if adventure_of(setup).number == 1 and before < astra_launch(setup) <= astra_rockets(setup, state):
        state = _trigger_end(state, msg(N_("ASTRA crossed its last rocket and launched.")))
    return state


def _astra_sabotage(setup: Setup, state: Moon, times: int) -> Moon:
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
    return _circle_error(setup, state, seat)


# -- Our own components ----------------------------------------------------------------------------


def _own_only(setup: Setup) -> None:
    if not own_components(setup):
        raise RuleError(N_("The app deals and turns the cards at this table."))


def _mission_card(setup: Setup, state: Moon, event: Event) -> Moon:
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


def _cards_of(payload: Mapping[str, Any]) -> tuple[tuple[int, str], ...]:
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
                N_("The deck has {count} card(s) {number} / {action}: they have all been turned in this pass."),
                count=exists,
                number=number,
                action=msg(ACTION_NAMES[action]),
            )


def _combos(setup: Setup, state: Moon, event: Event) -> Moon:
    """The three combos the table sees after turning its own cards."""
    _own_only(setup)
    _check_playing(state)
    if is_solo(setup):
        raise RuleError(N_("In solo, enter the three cards drawn."))
    combos = _cards_of(event.payload)
    for number, _action in combos:
        if number not in DECK_BY_NUMBER:
            raise RuleError(N_("No card has the number {number}."), number=number)
    # The card just turned on each pile showed, before it was turned, the number of the last combo.
    turned = [(before[0], now[1]) for before, now in zip(state.entered, combos, strict=True)] if state.entered else []
    _check_turned(state, turned)
    turn = state.turn + 1
    return evolve(state, turn=turn, entered=combos, turned=(*state.turned, *((turn, n, a) for n, a in turned)))


def _hand(setup: Setup, state: Moon, event: Event) -> Moon:
    """Solo: the three cards drawn from the table's own deck."""
    _own_only(setup)
    _check_playing(state)
    if not is_solo(setup):
        raise RuleError(N_("This is for solo games."))
    if not state.chosen:
        raise RuleError(N_("Choose your combination before the next flip."))
    cards = _cards_of(event.payload)
    _check_turned(state, list(cards))
    turn = state.turn + 1
    hand = tuple(Card(0, number, action) for number, action in cards)
    return evolve(state, turn=turn, hand=hand, chosen=False, turned=(*state.turned, *((turn, n, a) for n, a in cards)))


def _solo_card(setup: Setup, state: Moon, event: Event) -> Moon:
    """Solo: a solo card A, B or C came out of the table's own deck."""
    _own_only(setup)
    if not is_solo(setup):
        raise RuleError(N_("This is for solo games."))
    letter = event.payload["letter"]
    times = state.solo_seen.get(letter, 0) + 1
    return _astra_sabotage(setup, evolve(state, solo_seen={**state.solo_seen, letter: times}), times)


def _astra_card(setup: Setup, state: Moon, event: Event) -> Moon:
    """Solo: a card given to ASTRA, entered by hand."""
    _own_only(setup)
    if not is_solo(setup):
        raise RuleError(N_("This is for solo games."))
    return _give_astra(setup, state, event.payload["action"])


# -- Missions, errors, sheets ----------------------------------------------------------------------


def _mission(setup: Setup, state: Moon, event: Event) -> Moon:
    seat, letter = event.payload["seat"], event.payload["letter"]
    if state.turn == 0:
        raise RuleError(N_("Missions are accomplished after the first flip."))
    if not any(m.letter == letter for m in state.missions):
        raise RuleError(N_("Enter the card of mission {letter} first."), letter=letter)
    if state.end_turn is not None and state.turn > state.end_turn:
        _check_playing(state)
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
        state = _trigger_end(state, msg(N_("{name} accomplished all three missions."), name=setup.player(seat).name))
    return state


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


def _error(setup: Setup, state: Moon, event: Event) -> Moon:
    """A player's own system error: at most one a turn, for the turn its phone showed.

    Seed 000, line 30: each turn every player chooses one of the three combinations; line 236: a
    system error is marked when none of the three numbers can be written. One choice a turn, so one
    system error of one's own a turn: a second one for the same turn (a double tap) is refused. Errors
    another player's sabotage gives are not this move (:func:`_sabotage`). An error noted late, after
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
    return _circle_error(setup, state, seat)


def _circle_error(setup: Setup, state: Moon, seat: int) -> Moon:
    """One more system error for ``seat`` (none once every box is used); the last box ends the game."""
    boxes = adventure_of(setup).error_boxes
    count = state.errors.get(seat, 0) + 1
    if count > boxes:
        return state
    state = evolve(state, errors={**state.errors, seat: count})
    if count == boxes:
        state = _trigger_end(state, msg(N_("{name} filled the last system error box."), name=setup.player(seat).name))
    return _check_launch(setup, state, seat)


def _sabotage(setup: Setup, state: Moon, event: Event) -> Moon:
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
            state = _circle_error(setup, state, other)
    return state


def _bonus(setup: Setup, state: Moon, event: Event) -> Moon:
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


def _astra_bonus(setup: Setup, state: Moon, event: Event) -> Moon:
    """Solo, adventures 3 and 5: ASTRA crosses off the first value of a bonus space the player chose."""
    space = event.payload["space"]
    if astra_bonuses_due(setup, state) <= 0:
        raise RuleError(N_("No solo card asks ASTRA to cross off a bonus now."))
    if not 1 <= space <= len(adventure_of(setup).bonus_spaces):
        raise RuleError(N_("This adventure's sheet has no bonus space {space}."), space=space)
    if space in state.astra_bonuses or space in state.bonuses:
        raise RuleError(N_("ASTRA crosses off a first bonus nobody has taken yet."))
    return evolve(state, astra_bonuses=(*state.astra_bonuses, space))


def _activate(state: Moon, virus: str, seat: int | None, cause: str) -> Moon:
    if any(a.virus == virus for a in state.viruses):
        return state
    return evolve(state, viruses=(*state.viruses, Activation(virus, state.turn, seat, cause)))


def _virus(setup: Setup, state: Moon, event: Event) -> Moon:
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


def _infect(setup: Setup, state: Moon, event: Event) -> Moon:
    """Adventure 6: a player infected for the oldest virus waiting, adding the spaces infected to the sheet."""
    seat, spaces = event.payload["seat"], event.payload["spaces"]
    if infections_due(state, seat) <= 0:
        raise RuleError(N_("No virus is waiting for {name} to infect."), name=setup.player(seat).name)
    state = evolve(state, infections={**state.infections, seat: state.infections.get(seat, 0) + 1})
    return _set_box(setup, state, seat, "infected", state.sheets.get((seat, "infected"), 0) + spaces)


def _error_cross(setup: Setup, state: Moon, event: Event) -> Moon:
    seat = event.payload["seat"]
    if not adventure_of(setup).circles_errors:
        raise RuleError(N_("Only adventure 1 crosses off circled system errors."))
    if state.crossed.get(seat, 0) >= state.errors.get(seat, 0):
        raise RuleError(N_("There is no circled system error left to cross off."))
    state = evolve(state, crossed={**state.crossed, seat: state.crossed.get(seat, 0) + 1})
    return _check_launch(setup, state, seat)


def _sheet(setup: Setup, state: Moon, event: Event) -> Moon:
    seat, key, value = event.payload["seat"], event.payload["field"], event.payload["value"]
    return _entered(_set_box(setup, state, seat, key, value), seat, key)


def _sheet_step(setup: Setup, state: Moon, event: Event) -> Moon:
    """One tap of a box's − or +: the step commutes with what other phones do meanwhile."""
    seat, key = event.payload["seat"], event.payload["field"]
    return _entered(
        _set_box(setup, state, seat, key, state.sheets.get((seat, key), 0) + event.payload["delta"]), seat, key
    )


def _entered(state: Moon, seat: int, key: str) -> Moon:
    """Note the box ``seat`` entered last (its phone keeps its last few at hand, in this turn's controls)."""
    kept = (key, *(k for k in state.recent.get(seat, ()) if k != key))[:RECENT_BOXES]
    return evolve(state, recent={**state.recent, seat: kept})


def _paper_total(setup: Setup, state: Moon, event: Event) -> Moon:
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
    if key in VIRUS_AT_BOX and adventure_of(setup).number == 6:
        at, virus = VIRUS_AT_BOX[key]
        if value >= at:
            state = _activate(state, virus, seat, key)
    return _check_launch(setup, state, seat)


def _sheet_full(setup: Setup, state: Moon, event: Event) -> Moon:
    seat = event.payload["seat"]
    state = evolve(state, full=state.full | {seat})
    return _trigger_end(state, msg(N_("{name} filled every space of their sheet."), name=setup.player(seat).name))


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


def _check_launch(setup: Setup, state: Moon, seat: int) -> Moon:
    """Adventure 1 also ends when a player's rocket launches."""
    if not has_launched(setup, state, seat):
        return state
    return _trigger_end(state, msg(N_("{name} launched the rocket."), name=setup.player(seat).name))


def _trigger_end(state: Moon, reason: Message) -> Moon:
    if state.end_turn is not None and state.end_turn != state.turn:
        return state
    return evolve(state, end_turn=state.turn, end_reasons=(*state.end_reasons, reason))


def flipper(setup: Setup) -> str:
    """Who may flip the cards at this table: anyone seated, or the host only (an option)."""
    return HOST if setup.options.get(FLIPPER) == "host" else ANYONE


_seat = Field("seat", "seat")
# The turn the phone showed (a move allowed once a turn): not a guard, so that one tapped just before
# a flip still counts for its own turn.
_turn_shown = Field("turn", "int", 0, 10**6, required=False)
_card_fields = tuple(
    spec
    for i in range(1, 4)
    for spec in (Field(f"number_{i}", "int", 0, 15), Field(f"action_{i}", "choice", choices=ACTIONS))
)


def _cards_text(payload: Mapping[str, Any]) -> Message:
    return listing(f"{n} {ACTION_ICONS.get(a, a)}" for n, a in _cards_of(payload))


_turn = Guard(
    "turn",
    lambda state: state.turn,
    N_("The cards were already flipped: the table is on turn {now}. Nothing was recorded."),
)
MOVES = (
    Move(
        FLIP,
        N_("Flip the starship cards"),
        (),
        _flip,
        lambda setup, state, e, who: msg(N_("Flipped the starship cards")),
        who=flipper,
        guard=_turn,
        advances=True,
    ),
    Move(
        SOLO_CHOICE,
        N_("Choose a solo combination"),
        (Field("number_card", "int", 1, 3), Field("action_card", "int", 1, 3)),
        _solo_choice,
        lambda setup, state, e, who: msg(
            N_("Solo: number of card {number}, action of card {action}"),
            number=e.payload["number_card"],
            action=e.payload["action_card"],
        ),
        who=ANYONE,
        guard=_turn,
    ),
    Move(
        MISSION_CARD,
        N_("Mission card named"),
        (Field("letter", "choice", choices=LETTERS), Field("mission", "int", 64, 111)),
        _mission_card,
        lambda setup, state, e, who: msg(
            N_("Mission {letter} is card {number}: {text}"),
            letter=e.payload["letter"],
            number=e.payload["mission"],
            text=msg(MISSIONS_BY_ID[e.payload["mission"]].text) if e.payload["mission"] in MISSIONS_BY_ID else "",
        ),
        who=ANYONE,
    ),
    Move(
        COMBOS,
        N_("Combos of our own cards"),
        _card_fields,
        _combos,
        lambda setup, state, e, who: msg(N_("Cards turned: {cards}"), cards=_cards_text(e.payload)),
        who=flipper,
        guard=_turn,
        advances=True,
    ),
    Move(
        HAND,
        N_("Solo: three cards drawn"),
        _card_fields,
        _hand,
        lambda setup, state, e, who: msg(N_("Cards drawn: {cards}"), cards=_cards_text(e.payload)),
        who=ANYONE,
        guard=_turn,
        advances=True,
    ),
    Move(
        SOLO_CARD,
        N_("Solo card drawn"),
        (Field("letter", "choice", choices=LETTERS),),
        _solo_card,
        lambda setup, state, e, who: msg(N_("Solo card {letter} drawn"), letter=e.payload["letter"]),
        who=ANYONE,
    ),
    Move(
        ASTRA_CARD,
        N_("A card for ASTRA"),
        (Field("action", "choice", choices=ACTIONS),),
        _astra_card,
        lambda setup, state, e, who: msg(
            N_("A {action} card for ASTRA"), action=msg(ACTION_NAMES[e.payload["action"]])
        ),
        who=ANYONE,
    ),
    Move(
        MISSION,
        N_("Mission accomplished"),
        (_seat, Field("letter", "choice", choices=LETTERS)),
        _mission,
        lambda setup, state, e, who: msg(
            N_("{name} accomplished mission {letter}"), name=who, letter=e.payload["letter"]
        ),
    ),
    Move(
        ERROR,
        N_("System error"),
        (_seat, _turn_shown),
        _error,
        lambda setup, state, e, who: msg(N_("{name}: system error"), name=who),
    ),
    Move(
        ERROR_CROSS,
        N_("System error crossed off (adventure 1)"),
        (_seat,),
        _error_cross,
        lambda setup, state, e, who: msg(N_("{name} crossed off a system error"), name=who),
    ),
    Move(
        SABOTAGE,
        N_("Sabotage (adventure 1): a system error for every other player"),
        (_seat, _turn_shown),
        _sabotage,
        lambda setup, state, e, who: msg(N_("{name} sabotaged: a system error for every other player"), name=who),
    ),
    Move(
        BONUS,
        N_("Bonus space reached (adventures 3 and 5)"),
        (_seat, Field("space", "int", 1, 8)),
        _bonus,
        lambda setup, state, e, who: msg(
            N_("{name} reached {space}"), name=who, space=bonus_label(setup, e.payload["space"])
        ),
    ),
    Move(
        ASTRA_BONUS,
        N_("Solo: ASTRA crosses off a first bonus (adventures 3 and 5)"),
        (Field("space", "int", 1, 8),),
        _astra_bonus,
        lambda setup, state, e, who: msg(
            N_("ASTRA crossed off the first bonus of {space}"), space=bonus_label(setup, e.payload["space"])
        ),
        who=ANYONE,
    ),
    Move(
        VIRUS,
        N_("Virus activated (adventure 6)"),
        (Field("virus", "choice", choices=tuple(VIRUS_NAMES)),),
        _virus,
        lambda setup, state, e, who: msg(
            N_("The {virus} is activated: every player infects"), virus=msg(VIRUS_NAMES[e.payload["virus"]])
        ),
        who=ANYONE,
    ),
    Move(
        INFECT,
        N_("Infected for a virus (adventure 6)"),
        (_seat, Field("spaces", "int", 0, 15)),
        _infect,
        lambda setup, state, e, who: msg(N_("{name} infected {spaces} space(s)"), name=who, spaces=e.payload["spaces"]),
    ),
    Move(
        SHEET,
        N_("Score sheet entry"),
        (_seat, Field("field", "text", max_length=40), Field("value", "int", -999, 999)),
        _sheet,
        lambda setup, state, e, who: msg(
            N_("{name}: {field} = {value}"),
            name=who,
            field=sheet_label(setup, e.payload["field"]),
            value=e.payload["value"],
        ),
    ),
    Move(
        SHEET_STEP,
        N_("Score sheet box stepped"),
        (_seat, Field("field", "text", max_length=40), Field("delta", "int", -1, 1)),
        _sheet_step,
        lambda setup, state, e, who: msg(
            N_("{name}: {field} {delta:+d}"),
            name=who,
            field=sheet_label(setup, e.payload["field"]),
            delta=e.payload["delta"],
        ),
    ),
    Move(
        PAPER_TOTAL,
        N_("Total scored on paper"),
        (_seat, Field("total", "int", -999, 999, required=False)),
        _paper_total,
        lambda setup, state, e, who: (
            msg(N_("{name} scored {total} on paper"), name=who, total=e.payload["total"])
            if "total" in e.payload
            else msg(N_("{name} uses the sheet again"), name=who)
        ),
    ),
    Move(
        SHEET_FULL,
        N_("Sheet filled"),
        (_seat,),
        _sheet_full,
        lambda setup, state, e, who: msg(N_("{name} filled their sheet"), name=who),
    ),
)


# -- Scoring --------------------------------------------------------------------------------------


def bonus_label(setup: Setup, space: int) -> Message:
    """Return the name of a bonus space of the table's adventure."""
    spaces = adventure_of(setup).bonus_spaces
    label = spaces[space - 1].label if 1 <= space <= len(spaces) else str(space)
    return label if isinstance(label, Message) else msg(label)


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
        for seat in setup.seats:
            rockets = mission_rockets(setup, state, seat)
            if rockets:
                details.append(
                    msg(
                        N_("{name}: {count} rockets from missions to cross off"),
                        name=setup.player(seat).name,
                        count=rockets,
                    )
                )
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
            own=own,
            result=own - astra,
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
            lines.append(msg(N_("{name} used {count} sabotage space(s)"), name=names[seat], count=used))
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
            msg(N_("{name} {count} (#{rank})"), name=names[s], count=counts[s], rank=ranks[s])
            if s in ranks
            else f"{names[s]} {counts[s]}"
            for s in ordered
        )
        return msg(N_("Astronauts by rank: {parts}"), parts=parts)
    label = N_("Most completed zones") if adventure.number == 2 else N_("Most astronauts")
    counted = [s for s in ordered if counts[s]]  # a player with none takes nothing: no "Aki 0 → 0"
    if not counted:
        return msg(N_("{label}: nobody has any yet, so nobody scores."), label=msg(label))
    parts = listing(f"{names[s]} {counts[s]} → {awards.get(s, 0)}" for s in counted)
    return msg(N_("{label}: {parts}"), label=msg(label), parts=parts)


def combos_view(state: Moon) -> list[dict[str, Any]]:
    """The combos now showing, for the panel: number, action and its name."""
    return [{"number": n, "action": a, "name": ACTION_NAMES[a], "icon": ACTION_ICONS[a]} for n, a in state.combos()]
