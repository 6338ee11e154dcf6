"""What each phone sees and may do on the Mission: Red Planet panel.

Bonus cards are secret: a phone sees the total of its own seat's cards and nobody else's.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.contract import Control, Message, Player, Setup, Viewer
from companion.games.mission_red_planet import rules


@dataclass(frozen=True)
class ZoneRow:
    """One zone of Mars on the panel."""

    zone: int
    name: Message
    resource: str | None
    resource_name: str | None
    pot: int
    discovery: bool
    crew: tuple[tuple[Player, int], ...]


@dataclass(frozen=True)
class RedPlanetView:
    """The Mission: Red Planet panel for one phone."""

    round: int
    over: bool
    scores_now: bool
    first_player: str | None
    zones: tuple[ZoneRow, ...]
    zone_names: tuple[tuple[int, Message], ...]
    resources: tuple[tuple[str, str], ...]
    scoring_lines: tuple[tuple[int, tuple[Message, ...]], ...]
    my_bonus: int | None
    discoveries_left: int
    crew_players: tuple[Player, ...]  # seats this phone may move crew for
    quick_seat: int | None  # the seat whose "+1" buttons this phone shows
    app_draws_tokens: bool  # False with the table's own components: tokens are entered when revealed
    land: Control
    remove: Control
    set_crew: Control
    move: Control
    resource: Control
    end_round: Control
    bonus: Control
    discovery: Control
    discovery_points: Control


def red_planet_view(setup: Setup, game: rules.RedPlanet, viewer: Viewer) -> RedPlanetView:
    """Return the panel for ``viewer``: round, zones, scoring lines, its own secret cards."""
    seat = viewer.seat
    land = viewer.control(rules.LAND)
    playing = not game.over
    return RedPlanetView(
        round=min(game.round, rules.LAST_ROUND),
        over=game.over,
        scores_now=game.round in rules.SCORING_ROUNDS,
        first_player=setup.player(game.first_player).name if game.first_player else None,
        zones=tuple(
            ZoneRow(
                zone=zone,
                name=rules.zone_name(setup, zone),
                resource=game.resources.get(zone),
                resource_name=rules.RESOURCE_NAMES[game.resources[zone]] if zone in game.resources else None,
                pot=game.pots.get(zone, 0),
                discovery=zone in game.discoveries,
                crew=tuple((player, game.crew_of(zone, player.seat)) for player in setup.players),
            )
            for zone in rules.ZONES
        ),
        zone_names=tuple((zone, rules.zone_name(setup, zone)) for zone in rules.ZONES),
        resources=tuple((r, rules.RESOURCE_NAMES[r]) for r in rules.RESOURCES),
        scoring_lines=tuple(
            (scoring.round, tuple(rules.explain_scoring(setup, scoring))) for scoring in reversed(game.scorings)
        ),
        my_bonus=game.bonus.get(seat, 0) if seat is not None else None,
        discoveries_left=rules.MAX_DISCOVERIES - len(game.discoveries),
        crew_players=tuple(p for p in setup.players if p.seat in land.seats) if playing else (),
        quick_seat=seat if playing and seat in land.seats else None,
        app_draws_tokens=setup.options.get(rules.COMPONENTS, rules.APP_DRAWS) == rules.APP_DRAWS,
        land=land,
        remove=viewer.control(rules.REMOVE),
        set_crew=viewer.control(rules.SET_CREW),
        move=viewer.control(rules.MOVE),
        resource=viewer.control(rules.RESOURCE),
        end_round=viewer.control(rules.END_ROUND),
        bonus=viewer.control(rules.BONUS),
        discovery=viewer.control(rules.DISCOVERY),
        discovery_points=viewer.control(rules.DISCOVERY_POINTS),
    )
