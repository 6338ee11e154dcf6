"""Welcome to the Moon: the end-of-game score sheet of each of the eight adventures.

Each adventure lists the boxes a player fills in (with bounds) and turns them into points by
category, as the digest (§1 (b), from the Board Game Arena implementation) describes. Majority
awards across the table (adventure 2's completed zones, 3's and 5's astronauts) are settled in
scoring.py, which passes each player's award in ``award``.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.scores import CategoryScore
from companion.games.welcome_to_the_moon.score_sheet import (
    Adventure,
    BonusSpace,
    SheetField,
    bonus_points,
    error_line,
    ladder,
    line,
    mission_line,
    track,
)
from companion.games.words import N_, NP_, msg

PLANNING_LADDER = (0, 1, 3, 6, 9, 12, 16, 20, 24, 28)  # penalty by planning marks (adventures 3 and 7)


# -- Adventure 1: The Launch -----------------------------------------------------------------------

LAUNCH = (
    SheetField(
        "milestones", N_("Rocket milestones reached (15 points each)"), 10, log=N_("the rocket milestones reached")
    ),
    SheetField(
        "extra-rockets",
        N_("Extra rockets crossed after the last milestone"),
        8,
        log=N_("the extra rockets crossed"),
        unit="items",
    ),
)


def score_launch(
    v: Mapping[str, int], missions: int, errors: int, context: Mapping[str, object]
) -> list[CategoryScore]:
    """Highest milestone ×15; −5 per circled error not crossed off; +5 per extra rocket if no penalty."""
    circled_open = int(str(context.get("open_errors", 0)))
    penalty = -5 * circled_open
    return [
        line("rockets", N_("Rocket track"), 15 * v.get("milestones", 0)),
        line(
            "open-errors",
            N_("Circled system errors not crossed off (−5 each)"),
            penalty,
            msg(N_("{count} open"), count=circled_open),
        ),
        line(
            "extra-rockets",
            N_("Extra rockets (+5 each, only without a penalty)"),
            5 * v.get("extra-rockets", 0) if penalty == 0 else 0,
        ),
    ]


# -- Adventure 2: The Journey ----------------------------------------------------------------------

STATION_MULTIPLIERS = ((6, 5), (9, 7), (8, 6), (10, 7))  # (big, small) per station
TANK_VALUES = (4, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 4)

JOURNEY = (
    *(
        field
        for station, (big, small) in enumerate(STATION_MULTIPLIERS, start=1)
        for field in (
            SheetField(
                f"station-{station}-plants",
                msg(N_("Station {n}: circled plants"), n=station),
                10,
                log=msg(N_("the circled plants of station {n}"), n=station),
                unit="items",
            ),
            SheetField(
                f"station-{station}-multiplier",
                msg(N_("Station {n}: multiplier circled"), n=station),
                2,
                # The two multipliers printed by the station (big, small), as the sheet shows them.
                choices=((0, N_("none")), *((i, msg(N_("×{value}"), value=m)) for i, m in enumerate((big, small), 1))),
                log=msg(N_("the multiplier of station {n}"), n=station),
            ),
        )
    ),
    *(
        SheetField(
            f"tank-{i}",
            msg(N_("Water tank {n} circled ({value} points)"), n=i, value=value),
            1,
            flag=True,
            log=msg(N_("water tank {n} ({value} points)"), n=i, value=value),
        )
        for i, value in enumerate(TANK_VALUES, start=1)
    ),
    SheetField(
        "longest-zone", N_("Size of the longest completed zone"), 36, log=N_("the longest completed zone"), unit="boxes"
    ),
    SheetField("completed-zones", N_("Number of completed zones"), 36, log=N_("the number of completed zones")),
)


def score_journey(
    v: Mapping[str, int], missions: int, errors: int, context: Mapping[str, object]
) -> list[CategoryScore]:
    """Stations (plants × circled multiplier), water tanks, longest zone, most-zones award."""
    stations = 0
    for station, (big, small) in enumerate(STATION_MULTIPLIERS, start=1):
        choice = v.get(f"station-{station}-multiplier", 0)
        multiplier = big if choice == 1 else small if choice == 2 else 0
        stations += v.get(f"station-{station}-plants", 0) * multiplier
    water = sum(value for i, value in enumerate(TANK_VALUES, start=1) if v.get(f"tank-{i}", 0))
    return [
        mission_line(missions),
        line("stations", N_("Space stations"), stations),
        line("water", N_("Water tanks"), water),
        line("longest-zone", N_("Longest completed zone"), v.get("longest-zone", 0)),
        line("zones-award", N_("Most completed zones (20 / 10 / 5)"), int(str(context.get("award", 0)))),
        error_line(errors),
    ]


# -- Adventure 3: The Colony -----------------------------------------------------------------------

COLONY = (
    SheetField("plants", N_("Plants"), 40, log=N_("the plants"), unit="items"),
    SheetField(
        "plant-track",
        N_("Plant multiplier boxes crossed (×1 / ×2 / ×3 / ×4)"),
        4,
        log=N_("the plant multiplier boxes crossed"),
    ),
    SheetField("water", N_("Water"), 40, log=N_("the water"), unit="items"),
    SheetField(
        "water-track",
        N_("Water multiplier boxes crossed (×2 / ×4 / ×6 / ×8)"),
        4,
        log=N_("the water multiplier boxes crossed"),
    ),
    SheetField("antennas", N_("Antennas"), 40, log=N_("the antennas"), unit="items"),
    SheetField(
        "antenna-track",
        N_("Antenna multiplier boxes crossed (×1 / ×2 / ×4 / ×6)"),
        4,
        log=N_("the antenna multiplier boxes crossed"),
    ),
    SheetField(
        "quarters-first",
        N_("Quarters completed first (15 each)"),
        12,
        legacy=True,
        log=N_("the quarters completed first"),
    ),
    SheetField(
        "quarters-later",
        N_("Quarters completed later (5 each)"),
        12,
        legacy=True,
        log=N_("the quarters completed later"),
    ),
    SheetField("astronauts", N_("Astronauts"), 60, log=N_("the astronauts")),
    SheetField("planning", N_("Planning marks"), 9, log=N_("the planning marks")),
)


QUARTER_BONUSES = tuple(
    BonusSpace(label, 15, 5)
    for label in (
        N_("Top-left quarter"),
        N_("Top-right quarter"),
        N_("Bottom-left quarter"),
        N_("Bottom-right quarter"),
    )
)


def score_colony(
    v: Mapping[str, int], missions: int, errors: int, context: Mapping[str, object]
) -> list[CategoryScore]:
    """Plants, water and antennas × their tracks; quarters 15/5; astronaut award; planning penalty."""
    quarters = sum(bonus_points(QUARTER_BONUSES, context).values())
    quarters += 15 * v.get("quarters-first", 0) + 5 * v.get("quarters-later", 0)  # entered by hand before version 2
    return [
        mission_line(missions),
        line("plants", N_("Plants"), v.get("plants", 0) * ladder((0, 1, 2, 3, 4), v.get("plant-track", 0))),
        line("water", N_("Water"), v.get("water", 0) * ladder((0, 2, 4, 6, 8), v.get("water-track", 0))),
        line("antennas", N_("Antennas"), v.get("antennas", 0) * ladder((0, 1, 2, 4, 6), v.get("antenna-track", 0))),
        line("quarters", N_("Quarters"), quarters),
        line("astronaut-award", N_("Most astronauts (20 / 10 / 5)"), int(str(context.get("award", 0)))),
        line("planning", N_("Planning penalty"), -ladder(PLANNING_LADDER, v.get("planning", 0))),
        error_line(errors),
    ]


# -- Adventure 4: The Mine -------------------------------------------------------------------------

# The mine's boxes of each resource as a log line names them: its items, its factory's upgrade, its bonus.
FACTORY_LOG = {
    "plant": (N_("the plants"), N_("the plant factory's upgrade"), N_("the plant factory's bonus")),
    "water": (N_("the water"), N_("the water factory's upgrade"), N_("the water factory's bonus")),
    "pearl": (N_("the pearls"), N_("the pearl factory's upgrade"), N_("the pearl factory's bonus")),
    "ruby": (N_("the rubies"), N_("the ruby factory's upgrade"), N_("the ruby factory's bonus")),
    "astronaut": (N_("the astronauts"), N_("the astronaut factory's upgrade"), N_("the astronaut factory's bonus")),
}
# (resource, label, multiplier, upgraded multiplier, bonus when circled)
FACTORIES = (
    ("plant", N_("Plants"), 2, 4, 8),
    ("water", N_("Water"), 3, 5, 10),
    ("pearl", N_("Pearls"), 2, 3, 8),
    ("ruby", N_("Rubies"), 2, 3, 12),
    ("astronaut", N_("Astronauts"), 0, 3, 0),
)

MINE = (
    *(
        field
        for key, label, _low, _high, bonus in FACTORIES
        for field in (
            SheetField(f"{key}-items", label, 40, log=FACTORY_LOG[key][0], unit="items"),
            SheetField(
                f"{key}-upgraded",
                msg(N_("{label}: factory upgraded"), label=msg(label)),
                1,
                flag=True,
                log=FACTORY_LOG[key][1],
            ),
            *(
                (
                    SheetField(
                        f"{key}-bonus",
                        msg(N_("{label}: bonus circled"), label=msg(label)),
                        1,
                        flag=True,
                        log=FACTORY_LOG[key][2],
                    ),
                )
                if bonus
                else ()
            ),
        )
    ),
    SheetField("planning", N_("Planning markers"), 20, log=N_("the planning markers"), unit="items"),
    SheetField(
        "planning-factory", N_("Planning factory activated"), 1, flag=True, log=N_("the planning control center")
    ),
)


def score_mine(v: Mapping[str, int], missions: int, errors: int, context: Mapping[str, object]) -> list[CategoryScore]:
    """Each factory: items × (upgraded ? high : low) + its bonus; planning −3 each until its factory runs."""
    lines = [mission_line(missions)]
    for key, label, low, high, bonus in FACTORIES:
        multiplier = high if v.get(f"{key}-upgraded", 0) else low
        points = v.get(f"{key}-items", 0) * multiplier + (bonus if v.get(f"{key}-bonus", 0) else 0)
        lines.append(
            line(key, label, points, msg(N_("{count} × {value}"), count=v.get(f"{key}-items", 0), value=multiplier))
        )
    planning = 0 if v.get("planning-factory", 0) else -3 * v.get("planning", 0)
    lines.append(line("planning", N_("Planning penalty"), planning))
    lines.append(error_line(errors))
    return lines


# -- Adventure 5: The Dome -------------------------------------------------------------------------

MISSION_FIRST_TRACK, MISSION_SECOND_TRACK = ((8, 10, 12, 15), 18), ((4, 6, 8, 9), 10)
LEVEL_TRACKS = (((2, 2, 3, 3), 4), ((5, 6, 7, 8), 10), ((9, 10, 12, 15), 18))
ASTRONAUT_FIRST_TRACK, ASTRONAUT_SECOND_TRACK = ((-10, 0, 10, 20), 30), ((0, 2, 4, 7), 10)
DOME_TRACK = ((6, 5, 4, 3), 2)
SKYSCRAPERS = ((6, 3), (20, 10), (20, 10), (10, 5), (25, 12), (6, 3), (10, 5), (15, 7))

SKYSCRAPER_BONUSES = tuple(
    BonusSpace(msg(N_("Skyscraper {n}"), n=i), first, later) for i, (first, later) in enumerate(SKYSCRAPERS, start=1)
)
# The seed's 「スコアトラック×使用数」 for astronauts is short for the sheet's rule, not a multiplication.
ASTRONAUT_RULE = N_(
    "Astronauts (the seed's 「スコアトラック×使用数」): the player who used the most astronauts scores the value "
    "reached on the track's column “1”, every other player who used any the value on column “2+”. "
    "The count only decides who is first; it is not multiplied."
)

DOME = (
    SheetField(
        "mission-first-track",
        N_("Mission track “first”: boxes crossed (8 / 10 / 12 / 15 → 18)"),
        4,
        log=N_("the boxes crossed on the mission track “first”"),
    ),
    SheetField(
        "mission-second-track",
        N_("Mission track “second”: boxes crossed (4 / 6 / 8 / 9 → 10)"),
        4,
        log=N_("the boxes crossed on the mission track “second”"),
    ),
    *(
        field
        for symbols in (1, 2, 3)
        for field in (
            SheetField(
                f"levels-{symbols}",
                msg(N_("Tower levels with {n} circled symbols"), n=symbols),
                12,
                log=msg(N_("the tower levels with {n} circled symbols"), n=symbols),
            ),
            SheetField(
                f"levels-{symbols}-track",
                msg(N_("Track for {n}-symbol levels: boxes crossed"), n=symbols),
                4,
                log=msg(N_("the boxes crossed on the track for {n}-symbol levels"), n=symbols),
            ),
        )
    ),
    *(
        SheetField(
            f"skyscraper-{i}",
            msg(N_("Skyscraper {n} bonus"), n=i),
            2,
            choices=((0, N_("none")), (1, N_("first")), (2, N_("second"))),
            legacy=True,
            log=msg(N_("the bonus of skyscraper {n}"), n=i),
        )
        for i in range(1, len(SKYSCRAPERS) + 1)
    ),
    SheetField("astronauts", N_("Astronauts"), 60, log=N_("the astronauts")),
    SheetField(
        "astronaut-first-track",
        N_("Astronaut track “first”: boxes crossed (−10 / 0 / 10 / 20 → 30)"),
        4,
        log=N_("the boxes crossed on the astronaut track “first”"),
    ),
    SheetField(
        "astronaut-second-track",
        N_("Astronaut track “second”: boxes crossed (0 / 2 / 4 / 7 → 10)"),
        4,
        log=N_("the boxes crossed on the astronaut track “second”"),
    ),
    SheetField("unbuilt-dome", N_("Unbuilt dome sections"), 30, log=N_("the unbuilt dome sections")),
    SheetField(
        "dome-track",
        N_("Dome track: boxes crossed (6 / 5 / 4 / 3 → 2)"),
        4,
        log=N_("the boxes crossed on the dome track"),
    ),
)


def score_dome(v: Mapping[str, int], missions: int, errors: int, context: Mapping[str, object]) -> list[CategoryScore]:
    """Missions by their tracks, tower levels, skyscraper bonuses, astronaut rank, dome penalty."""
    first, second = int(str(context.get("missions_first", 0))), int(str(context.get("missions_second", 0)))
    mission_points = first * track(*MISSION_FIRST_TRACK, v.get("mission-first-track", 0)) + second * track(
        *MISSION_SECOND_TRACK, v.get("mission-second-track", 0)
    )
    levels = sum(
        v.get(f"levels-{n}", 0) * track(*LEVEL_TRACKS[n - 1], v.get(f"levels-{n}-track", 0)) for n in (1, 2, 3)
    )
    raced = bonus_points(SKYSCRAPER_BONUSES, context)
    skyscrapers = sum(
        raced[i] if i in raced else pair[v.get(f"skyscraper-{i}", 0) - 1] if v.get(f"skyscraper-{i}", 0) else 0
        for i, pair in enumerate(SKYSCRAPERS, start=1)
    )
    rank = int(str(context.get("rank", 0)))
    if rank == 1:
        astronauts = track(*ASTRONAUT_FIRST_TRACK, v.get("astronaut-first-track", 0))
    elif rank > 1:
        astronauts = track(*ASTRONAUT_SECOND_TRACK, v.get("astronaut-second-track", 0))
    else:
        astronauts = 0
    dome = -v.get("unbuilt-dome", 0) * track(*DOME_TRACK, v.get("dome-track", 0))
    return [
        line(
            "missions",
            N_("Missions"),
            mission_points,
            msg(N_("{first} first, {second} second"), first=first, second=second),
        ),
        line("levels", N_("Plant & water tower"), levels),
        line("skyscrapers", N_("Skyscraper bonuses"), skyscrapers),
        line("astronauts", N_("Astronauts (by rank)"), astronauts, msg(N_("rank {rank}"), rank=rank or "—")),
        line("dome", N_("Unbuilt dome"), dome),
        error_line(errors),
    ]


# -- Adventure 6: The Virus ------------------------------------------------------------------------

QUARTERS = 11
PLANT_THRESHOLDS = (0, 5, 10, 20, 35, 55, 80)
WATER_THRESHOLDS = (0, 10, 20, 35, 55, 80)
# The paper's tracks: boxes in rows; a full row crosses off the points beside it (Board Game Arena's
# Scoresheet6 / CircleSymbol: plants in rows of 2, 2, 3, 3, 3, 3; water in rows of 2).
PLANT_ROWS = (2, 2, 3, 3, 3, 3)
WATER_ROWS = (2, 2, 2, 2, 2)
PLANT_BOXES, WATER_BOXES = "plant-boxes", "water-boxes"
# Viruses: the first completion of mission A / B / C activates red / purple / yellow; the 5th plant box
# marked activates green and the 3rd water box blue (BGA Scoresheet6 ``plantWaterViruses``, slots 172 and 186).
RED, PURPLE, YELLOW, GREEN, BLUE = "red", "purple", "yellow", "green", "blue"
VIRUS_NAMES = {
    RED: N_("red virus"),
    PURPLE: N_("purple virus"),
    YELLOW: N_("yellow virus"),
    GREEN: N_("green virus"),
    BLUE: N_("blue virus"),
}
VIRUS_OF_MISSION = {"A": RED, "B": PURPLE, "C": YELLOW}
VIRUS_RULE = N_(
    "感染: a virus is activated when a mission is first accomplished (A red, B purple, C yellow) or when anyone "
    "marks the 5th box of the plant track (green) or the 3rd of the water track (blue); each virus once. "
    "Then every player infects: one free space of that virus's area, or, if it is full, every area its open "
    "walkways reach. Each infected space is −1."
)
VIRUS_AT_BOX = {PLANT_BOXES: (5, GREEN), WATER_BOXES: (3, BLUE)}


def rows_value(rows: tuple[int, ...], values: tuple[int, ...], marked: int) -> tuple[int, int]:
    """Return (full rows, points) of a track of boxes in rows: the points beside the last full row."""
    full, boxes = 0, 0
    for size in rows:
        boxes += size
        if marked < boxes:
            break
        full += 1
    return full, values[full]


VIRUS = (
    SheetField(
        PLANT_BOXES,
        N_("Plant track: boxes marked (rows of 2, 2, 3, 3, 3, 3; a full row scores 5 / 10 / 20 / 35 / 55 / 80)"),
        sum(PLANT_ROWS),
        short=N_("Plant track: boxes marked"),
        log=N_("the plant track"),
        unit="boxes",
    ),
    SheetField(
        WATER_BOXES,
        N_("Water track: boxes marked (rows of 2; a full row scores 10 / 20 / 35 / 55 / 80)"),
        sum(WATER_ROWS),
        short=N_("Water track: boxes marked"),
        log=N_("the water track"),
        unit="boxes",
    ),
    SheetField(
        "plant-threshold",
        N_("Plant thresholds reached (5 / 10 / 20 / 35 / 55 / 80)"),
        6,
        legacy=True,
        log=N_("the plant thresholds reached"),
    ),
    SheetField(
        "water-threshold",
        N_("Water thresholds reached (10 / 20 / 35 / 55 / 80)"),
        5,
        legacy=True,
        log=N_("the water thresholds reached"),
    ),
    *(
        field
        for q in range(1, QUARTERS + 1)
        for field in (
            SheetField(
                f"quarter-{q}-spaces",
                msg(N_("Quarter {n}: numbers and X written"), n=q),
                15,
                log=msg(N_("the numbers and X written in quarter {n}"), n=q),
                unit="items",
            ),
            SheetField(
                f"quarter-{q}-energy",
                msg(N_("Quarter {n}: energy value"), n=q),
                15,
                log=msg(N_("the energy value of quarter {n}"), n=q),
            ),
            SheetField(
                f"quarter-{q}-evacuated",
                msg(N_("Quarter {n}: evacuated"), n=q),
                1,
                flag=True,
                log=msg(N_("the evacuation of quarter {n}"), n=q),
            ),
        )
    ),
    SheetField("infected", N_("Infected spaces"), 200, log=N_("the infected spaces"), unit="boxes"),
)


def _track_line(
    key: str, label: str, v: Mapping[str, int], boxes: str, rows: tuple[int, ...], values: tuple[int, ...], old: str
) -> CategoryScore:
    """A plant or water track: from the boxes marked, or (tables before version 2) the thresholds entered."""
    if boxes not in v and old in v:
        return line(key, label, ladder(values, v[old]))
    full, points = rows_value(rows, values, v.get(boxes, 0))
    return line(key, label, points, msg(N_("{boxes} boxes marked, {rows} full rows"), boxes=v.get(boxes, 0), rows=full))


def score_virus(v: Mapping[str, int], missions: int, errors: int, context: Mapping[str, object]) -> list[CategoryScore]:
    """Plant and water thresholds, quarters (spaces × energy, at most 15), −1 per infected space."""
    unfinished_too = context.get("score_unfinished", True)
    quarters = sum(
        min(15, v.get(f"quarter-{q}-spaces", 0) * v.get(f"quarter-{q}-energy", 0))
        for q in range(1, QUARTERS + 1)
        if unfinished_too or v.get(f"quarter-{q}-evacuated", 0)
    )
    return [
        mission_line(missions),
        _track_line("plants", N_("Plants"), v, PLANT_BOXES, PLANT_ROWS, PLANT_THRESHOLDS, "plant-threshold"),
        _track_line("water", N_("Water"), v, WATER_BOXES, WATER_ROWS, WATER_THRESHOLDS, "water-threshold"),
        line("quarters", NP_("virus adventure", "Quarters"), quarters),  # エリア点; the colony's are 区画ボーナス
        line("infected", N_("Infected spaces (−1 each)"), -v.get("infected", 0)),
        error_line(errors),
    ]


# -- Adventure 7: The Escape -----------------------------------------------------------------------

CIRCLED_VALUES = (0, 2, 4, 7)

ESCAPE = (
    *(
        SheetField(
            f"greenhouses-{n}",
            msg(N_("Numbered greenhouses with {n} circled plants"), n=n),
            10,
            log=msg(N_("the numbered greenhouses with {n} circled plants"), n=n),
        )
        for n in (1, 2, 3)
    ),
    *(
        SheetField(
            f"greenhouses-{n}-doubled",
            msg(N_("… of which with ×2 circled ({n} plants)"), n=n),
            10,
            log=msg(N_("the greenhouses with {n} circled plants and ×2 circled"), n=n),
        )
        for n in (1, 2, 3)
    ),
    *(
        SheetField(
            f"modules-{n}",
            msg(N_("Numbered starship modules with {n} circled reactors"), n=n),
            10,
            log=msg(N_("the numbered modules with {n} circled reactors"), n=n),
        )
        for n in (1, 2, 3)
    ),
    *(
        SheetField(
            f"modules-{n}-doubled",
            msg(N_("… of which with their water tank circled ({n} reactors)"), n=n),
            10,
            log=msg(N_("the modules with {n} circled reactors and their water tank circled"), n=n),
        )
        for n in (1, 2, 3)
    ),
    SheetField("planning", N_("Planning marks"), 9, log=N_("the planning marks")),
)


def score_escape(
    v: Mapping[str, int], missions: int, errors: int, context: Mapping[str, object]
) -> list[CategoryScore]:
    """Greenhouses and modules: 0/2/4/7 by circled symbols, doubled when marked; planning penalty."""

    def doubled_sum(prefix: str) -> int:
        return sum(
            CIRCLED_VALUES[n]
            * (v.get(f"{prefix}-{n}", 0) + min(v.get(f"{prefix}-{n}-doubled", 0), v.get(f"{prefix}-{n}", 0)))
            for n in (1, 2, 3)
        )

    return [
        mission_line(missions),
        line("greenhouses", N_("Greenhouses"), doubled_sum("greenhouses")),
        line("starships", N_("Starship modules"), doubled_sum("modules")),
        line("planning", N_("Planning penalty"), -ladder(PLANNING_LADDER, v.get("planning", 0))),
        error_line(errors),
    ]


# -- Adventure 8: The Battle -----------------------------------------------------------------------

HALF_NAMES = {"left": N_("Left half"), "right": N_("Right half")}
HALF_LOG = {"left": N_("the left half"), "right": N_("the right half")}  # a half inside a log line
HALVES = (("left", N_("Half-sheet with the left neighbour")), ("right", N_("Half-sheet with the right neighbour")))
PLANET_TYPES = (("green", N_("green planets"), 2), ("blue", N_("blue planets"), 2), ("grey", N_("grey planets"), 4))

BATTLE = tuple(
    field
    for half, _label in HALVES
    for field in (
        SheetField(
            f"{half}-plants",
            msg(N_("{half}: plant boxes crossed"), half=msg(HALF_NAMES[half])),
            12,
            log=msg(N_("the plant boxes crossed on {half}"), half=msg(HALF_LOG[half])),
        ),
        SheetField(
            f"{half}-water",
            msg(N_("{half}: water boxes crossed"), half=msg(HALF_NAMES[half])),
            12,
            log=msg(N_("the water boxes crossed on {half}"), half=msg(HALF_LOG[half])),
        ),
        *(
            item
            for planet, name, _default in PLANET_TYPES
            for item in (
                SheetField(
                    f"{half}-{planet}",
                    msg(N_("{half}: {planets} controlled"), half=msg(HALF_NAMES[half]), planets=msg(name)),
                    12,
                    log=msg(N_("the {planets} controlled on {half}"), half=msg(HALF_LOG[half]), planets=msg(name)),
                ),
                SheetField(
                    f"{half}-{planet}-value",
                    msg(N_("{half}: value of {planets}"), half=msg(HALF_NAMES[half]), planets=msg(name)),
                    12,
                    log=msg(N_("the value of the {planets} on {half}"), half=msg(HALF_LOG[half]), planets=msg(name)),
                ),
            )
        ),
        SheetField(
            f"{half}-planning",
            msg(N_("{half}: planning marks"), half=msg(HALF_NAMES[half])),
            12,
            log=msg(N_("the planning marks on {half}"), half=msg(HALF_LOG[half])),
        ),
    )
)


def score_battle(
    v: Mapping[str, int], missions: int, errors: int, context: Mapping[str, object]
) -> list[CategoryScore]:
    """Each half: plant and water ladders, planets × their value, planning ladder; missions once."""
    plants = tuple(int(x) for x in context.get("plant_ladder", ()))  # type: ignore[attr-defined]
    water = tuple(int(x) for x in context.get("water_ladder", ()))  # type: ignore[attr-defined]
    planning = tuple(int(x) for x in context.get("planning_ladder", ()))  # type: ignore[attr-defined]
    lines = [mission_line(missions)]
    for half, label in HALVES:
        planets = sum(
            v.get(f"{half}-{planet}", 0) * (v.get(f"{half}-{planet}-value", 0) or default)
            for planet, _name, default in PLANET_TYPES
        )
        points = (
            ladder(plants, v.get(f"{half}-plants", 0))
            + ladder(water, v.get(f"{half}-water", 0))
            + planets
            - ladder(planning, v.get(f"{half}-planning", 0))
        )
        lines.append(line(f"half-{half}", label, points))
    lines.append(error_line(errors))
    return lines


ADVENTURES: dict[int, Adventure] = {
    1: Adventure(1, N_("1 · The Launch"), LAUNCH, 8, score_launch, mission_reward="rockets", circles_errors=True),
    2: Adventure(2, N_("2 · The Journey"), JOURNEY, 3, score_journey, majority="completed-zones"),
    3: Adventure(
        3,
        N_("3 · The Colony"),
        COLONY,
        3,
        score_colony,
        majority="astronauts",
        bonus_spaces=QUARTER_BONUSES,
        bonus_name=N_("Quarter completed"),
        # Seed 000, lines 127–132 (water, plants, a robot's antenna, planning) and 143 (astronauts).
        action_boxes={
            "water": "water",
            "plant": "plants",
            "robot": "antennas",
            "astronaut": "astronauts",
            "planning": "planning",
        },
    ),
    4: Adventure(4, N_("4 · The Mine"), MINE, 3, score_mine),
    5: Adventure(
        5,
        N_("5 · The Dome"),
        DOME,
        3,
        score_dome,
        majority="astronauts",
        mission_reward="track",
        bonus_spaces=SKYSCRAPER_BONUSES,
        bonus_name=N_("Skyscraper completed (top or bottom reached)"),
        notes=(ASTRONAUT_RULE,),
        # Seed 000, lines 186–187 and 199: astronauts used; planning adds unbuilt dome spaces.
        action_boxes={"astronaut": "astronauts", "planning": "unbuilt-dome"},
    ),
    6: Adventure(
        6,
        N_("6 · The Virus"),
        VIRUS,
        3,
        score_virus,
        notes=(VIRUS_RULE,),
        action_boxes={"water": WATER_BOXES, "plant": PLANT_BOXES},  # seed 000, lines 207–208
    ),
    7: Adventure(7, N_("7 · The Escape"), ESCAPE, 3, score_escape),
    8: Adventure(8, N_("8 · The Battle"), BATTLE, 4, score_battle),
}
