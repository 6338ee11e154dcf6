"""Welcome to the Moon's printed material: the 63 starship cards and the 48 mission cards.

Sources: ../shared/rules/digest.md §1 (read from the Board Game Arena implementation), with the
seed's first values for adventure 1's missions (see ``mission_values`` in welcome_to_the_moon).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.words import N_

ROBOT, ENERGY, PLANT, WATER, ASTRONAUT, PLANNING = "robot", "energy", "plant", "water", "astronaut", "planning"
ACTIONS = (ROBOT, ENERGY, PLANT, WATER, ASTRONAUT, PLANNING)
ACTION_NAMES = {
    ROBOT: N_("Robot"),
    ENERGY: N_("Energy"),
    PLANT: N_("Plant"),
    WATER: N_("Water"),
    ASTRONAUT: N_("Astronaut"),
    PLANNING: N_("Planning"),
}

# Shown beside the action's name (emoji render on every phone; screen readers read the name).
ACTION_ICONS = {ROBOT: "🤖", ENERGY: "⚡", PLANT: "🌱", WATER: "💧", ASTRONAUT: "🧑‍🚀", PLANNING: "📝"}


@dataclass(frozen=True)
class Card:
    """A starship card: a number on one side, an action on the other (or a solo card A/B/C)."""

    id: int
    number: int
    action: str
    solo: str = ""  # "A", "B" or "C" for ASTRA's solo cards


# Number -> actions on the cards with that number (digest §1 (e)); 63 cards in all.
DECK_BY_NUMBER: dict[int, tuple[str, ...]] = {
    1: (ROBOT, ENERGY),
    2: (ROBOT, PLANT),
    3: (WATER, ASTRONAUT, PLANNING),
    4: (ENERGY, PLANT, ASTRONAUT, PLANNING),
    5: (ROBOT, ROBOT, ENERGY, ENERGY, PLANT),
    6: (ROBOT, ENERGY, PLANT, WATER, ASTRONAUT, PLANNING),
    7: (ROBOT, ENERGY, ENERGY, PLANT, PLANT, WATER),
    8: (ROBOT, ROBOT, PLANT, PLANT, WATER, ASTRONAUT, PLANNING),
    9: (ROBOT, ENERGY, ENERGY, PLANT, PLANT, WATER),
    10: (ROBOT, ENERGY, PLANT, WATER, ASTRONAUT, PLANNING),
    11: (ROBOT, ROBOT, ENERGY, ENERGY, PLANT),
    12: (ENERGY, PLANT, ASTRONAUT, PLANNING),
    13: (WATER, ASTRONAUT, PLANNING),
    14: (ROBOT, PLANT),
    15: (ROBOT, ENERGY),
}

DECK: tuple[Card, ...] = tuple(
    Card(index, number, action)
    for index, (number, action) in enumerate(
        ((number, action) for number, actions in DECK_BY_NUMBER.items() for action in actions), start=1
    )
)
SOLO_CARDS: tuple[Card, ...] = tuple(Card(100 + i, 0, "", letter) for i, letter in enumerate("ABC", start=1))


@dataclass(frozen=True)
class Mission:
    """A mission card: adventure, letter, its text, and the first / later rewards."""

    id: int
    adventure: int
    letter: str
    text: str
    first: int
    later: int


MISSIONS: tuple[Mission, ...] = (
    Mission(64, 1, "A", N_("Number the 3 Astronaut & Water floors completely."), 4, 2),
    Mission(65, 1, "A", N_("Number the 3 Robot & Planning floors completely."), 4, 2),
    Mission(66, 1, "B", N_("Number the Energy floor completely."), 3, 2),
    Mission(67, 1, "B", N_("Number the Plant and Wild floors completely."), 3, 2),
    Mission(68, 1, "C", N_("Write down 10 X with the Building effects."), 2, 1),
    Mission(69, 1, "C", N_("Have 5 System Error boxes circled and not crossed off."), 3, 2),
    Mission(70, 2, "A", N_("Circle a multiplier bonus for 3 different space stations with the robots."), 9, 5),
    Mission(71, 2, "A", N_("Circle all the plants for 2 space stations (not all the robots need be circled)."), 10, 5),
    Mission(72, 2, "B", N_("Using the energy, create on your trajectory 2 zones of 6 numbered spaces."), 11, 6),
    Mission(
        73,
        2,
        "B",
        N_("Using the energy, create on your trajectory 3 zones of numbered spaces: one of 6, one of 4, one of 2."),
        12,
        6,
    ),
    Mission(74, 2, "C", N_("Circle 6 water tanks."), 9, 5),
    Mission(75, 2, "C", N_("Circle 4 consecutive water tanks on your trajectory."), 11, 6),
    Mission(76, 3, "A", N_("Number all the buildings in 3 vertical columns."), 12, 6),
    Mission(77, 3, "A", N_("Number all the buildings in 3 horizontal rows."), 12, 5),
    Mission(
        78, 3, "B", N_("Using the robots, connect the tunnel network to the observatory in the top right corner."), 9, 4
    ),
    Mission(79, 3, "B", N_("Circle all the parabolic antennas in 2 quarters."), 9, 4),
    Mission(80, 3, "C", N_("Circle enough greenhouses to have 10 plants."), 8, 4),
    Mission(81, 3, "C", N_("Circle all the water tanks in 2 quarters."), 9, 5),
    Mission(82, 4, "A", N_("In the mine, complete 5 extraction columns."), 8, 4),
    Mission(83, 4, "A", N_("In the mine, complete 4 adjacent extraction columns."), 9, 4),
    Mission(84, 4, "B", N_("Activate the 5 secondary factories at the top of your sheet."), 11, 6),
    Mission(85, 4, "B", N_("Upgrade or activate a total of 6 factories, main or secondary."), 10, 4),
    Mission(86, 4, "C", N_("Circle 8 plants in the mine, extracted or not."), 8, 3),
    Mission(87, 4, "C", N_("Circle 5 waters in the mine, extracted or not."), 10, 4),
    Mission(88, 5, "A", N_("Number all the levels of one skyscraper."), 0, 0),
    Mission(89, 5, "A", N_("Number the last level at the top of 2 skyscrapers."), 0, 0),
    Mission(90, 5, "B", N_("In the plant & water tower, circle at least 2 symbols in 3 levels."), 0, 0),
    Mission(91, 5, "B", N_("In the plant & water tower, circle all 3 symbols in 2 levels."), 0, 0),
    Mission(92, 5, "C", N_("Build all sections of the dome."), 0, 0),
    Mission(93, 5, "C", N_("Write down an X in 4 levels with Planning actions."), 0, 0),
    Mission(94, 6, "A", N_("Evacuate 2 quarters (they may be partly or even fully infected)."), 8, 3),
    Mission(
        95, 6, "A", N_("Evacuate all the quarters of one floor (they may be partly or even fully infected)."), 8, 3
    ),
    Mission(96, 6, "B", N_("Quarantine 3 quarters by closing all the walkways to each of them."), 11, 4),
    Mission(
        97,
        6,
        "B",
        N_("Quarantine the quarters with the green virus and the blue virus by closing their walkways."),
        12,
        5,
    ),
    Mission(98, 6, "C", N_("Circle all the energies on 2 floors."), 10, 4),
    Mission(99, 6, "C", N_("Circle all the plants and all the water tanks on 2 floors."), 10, 4),
    Mission(100, 7, "A", N_("Number 3 greenhouses with their 3 circled plants."), 10, 5),
    Mission(101, 7, "A", N_("Number the greenhouse of the highest starship with its 3 circled plants."), 7, 3),
    Mission(102, 7, "B", N_("Number 7 modules completely."), 9, 4),
    Mission(103, 7, "B", N_("Number 3 starships completely."), 10, 5),
    Mission(104, 7, "C", N_("Circle all reactors of 3 starships."), 10, 5),
    Mission(105, 7, "C", N_("Circle all water tanks of 3 starships."), 10, 5),
    Mission(106, 8, "A", N_("Control 4 planets on the same sheet."), 12, 5),
    Mission(107, 8, "A", N_("Control 1 planet of each type on the same sheet."), 9, 4),
    Mission(108, 8, "B", N_("Using the robots, draw your insignia on 7 asteroids on the same sheet."), 9, 5),
    Mission(109, 8, "B", N_("Improve the value twice for each type of planet on the same sheet."), 11, 6),
    Mission(110, 8, "C", N_("Cross off 6 scoring boxes for the plants and 4 for the water on the same sheet."), 10, 4),
    Mission(
        111, 8, "C", N_("Using the Planning actions, draw your insignia on 4 different moons on the same sheet."), 10, 6
    ),
)

MISSIONS_BY_ID: dict[int, Mission] = {mission.id: mission for mission in MISSIONS}
